/** A full page load (SPEC §4: login ends with one, so every cache starts fresh with the new session). */
export function fullPageRedirect(path: string): void {
  window.location.assign(path);
}
