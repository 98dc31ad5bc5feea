// Runs before the app: applies the theme saved by the app (system, dark or light) so the page never flashes.
(function () {
  var theme = 'system';
  try {
    theme = localStorage.getItem('theme') || 'system';
  } catch {
    // Storage blocked (private mode): the default theme applies.
  }
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  try {
    var lang = localStorage.getItem('language');
    if (lang) document.documentElement.lang = lang;
  } catch {
    // Storage blocked: the page's own lang stays.
  }
})();
