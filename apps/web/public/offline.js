// The offline page's language (public/offline.html): the stored choice (localStorage "locale", as src/lib/i18n
// sets it), else the browser's first language Agora has; English is in the HTML. Its theme: theme.js sets it at
// load; with no stored choice, it follows the system's while the page is open, as the app does (src/lib/theme.ts).
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('theme');
  } catch {
    // Storage disabled: the system decides.
  }
  if (stored !== 'light' && stored !== 'dark' && window.matchMedia) {
    var dark = window.matchMedia('(prefers-color-scheme: dark)');
    dark.addEventListener('change', function () {
      document.documentElement.classList.toggle('dark', dark.matches);
    });
  }
})();
(function () {
  var texts = {
    es: {
      page: 'Sin conexión · Agora',
      title: 'Sin conexión',
      body: 'Agora no puede conectar con el servidor ahora mismo. Comprueba tu conexión y vuelve a intentarlo.',
      retry: 'Reintentar',
    },
  };
  var locale = null;
  try {
    locale = window.localStorage.getItem('locale');
  } catch {
    // Storage disabled: the browser's languages decide.
  }
  if (!texts[locale]) {
    locale = null;
    var languages = navigator.languages || [navigator.language];
    for (var i = 0; i < languages.length && !locale; i += 1) {
      var base = String(languages[i]).toLowerCase().split('-')[0];
      if (base === 'en' || texts[base]) locale = base;
    }
  }
  var chosen = texts[locale];
  if (!chosen) return;
  document.documentElement.lang = locale;
  document.title = chosen.page;
  var nodes = document.querySelectorAll('[data-text]');
  for (var j = 0; j < nodes.length; j += 1) nodes[j].textContent = chosen[nodes[j].getAttribute('data-text')];
})();
