// Runs before the app: applies the theme saved by the app (system, dark or light) so the page never flashes.
(function () {
  var root = document.documentElement;
  var theme = 'system';
  try {
    theme = localStorage.getItem('theme') || 'system';
  } catch {
    // Storage blocked (private mode): the default theme applies.
  }
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  // The language the app will choose (lib/i18n.ts, initialLanguage): the saved one, else Russian
  // for a Russian browser. The prerendered home page is English and waits for the app otherwise.
  var lang = null;
  try {
    lang = localStorage.getItem('language');
  } catch {
    // Storage blocked: the browser's languages decide.
  }
  if (lang !== 'en' && lang !== 'ru') {
    var languages = navigator.languages || [];
    lang = 'en';
    for (var i = 0; i < languages.length; i++) if (String(languages[i]).toLowerCase().indexOf('ru') === 0) lang = 'ru';
  }
  root.lang = lang;
  // A signed-in visitor (auth-storage, features/auth/store.ts) is not shown the prerendered page's
  // signed-out calls to action while the app starts (styles.css, [data-prerendered]).
  try {
    var auth = JSON.parse(localStorage.getItem('auth-storage') || 'null');
    if (auth && auth.state && auth.state.isAuthenticated) root.setAttribute('data-signed-in', '');
  } catch {
    // Storage blocked or unreadable: shown as to anyone.
  }
  // The rest of the appearance (font size, compact mode, animations) from the local copy of the
  // settings (features/settings/local-settings.ts), the same attributes lib/theme.ts sets later.
  try {
    var stored = JSON.parse(localStorage.getItem('settings-storage') || 'null');
    var appearance = stored && stored.state && stored.state.appearance;
    if (appearance) {
      if (appearance.fontSize === 'small' || appearance.fontSize === 'large') root.setAttribute('data-font-size', appearance.fontSize);
      if (appearance.compactMode === true) root.setAttribute('data-compact', 'true');
      if (appearance.showAnimations === false) root.setAttribute('data-animations', 'off');
    }
  } catch {
    // Storage blocked or unreadable: the defaults apply.
  }
})();
