/**
 * Registers the service worker (src/sw.ts, built to /sw.js) in production builds only: never in Vite's dev server
 * or the component tests, where `import.meta.env.PROD` is false. It runs after the page's load event, so neither
 * the registration nor the precache downloads it starts compete with the first render (decision 0144).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Not installable here (a private window, an http origin other than localhost): the app works without it.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
