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
  try {
    var lang = localStorage.getItem('language');
    if (lang) root.lang = lang;
  } catch {
    // Storage blocked: the page's own lang stays.
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
