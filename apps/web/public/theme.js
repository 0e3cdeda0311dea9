// Runs before the first paint (a plain <script src> in <head>: the CSP forbids inline scripts) so a dark-theme
// visitor never sees a white flash. It mirrors applyTheme() in src/lib/theme.ts, which takes over once the app
// runs: the stored choice ("light", "dark" or "system", localStorage key "theme"), else the system's preference.
(function () {
  var choice = null;
  try {
    choice = window.localStorage.getItem('theme');
  } catch {
    // Storage disabled (privacy modes): follow the system.
  }
  var dark = choice === 'dark' || (choice !== 'light' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
