/**
 * After a failed submit, focus goes to the first field that needs attention (in the order the form shows them),
 * so keyboard and screen-reader users land on the problem instead of a button or <body>. Returns whether a
 * field took focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, namesInOrder: readonly string[], invalid: ReadonlySet<string>): boolean {
  if (!form) return false;
  for (const name of namesInOrder) {
    if (!invalid.has(name)) continue;
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLElement) {
      control.focus();
      return true;
    }
  }
  return false;
}
