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
  var signedIn = false;
  try {
    var auth = JSON.parse(localStorage.getItem('auth-storage') || 'null');
    signedIn = Boolean(auth && auth.state && auth.state.isAuthenticated);
    if (signedIn) root.setAttribute('data-signed-in', '');
  } catch {
    // Storage blocked or unreadable: shown as to anyone.
  }
  // A signed-in visitor's pages wait for a fresh access token (the refresh cookie's trade,
  // features/auth/session.ts): asked for here, while the app's scripts are still on their way,
  // rather than once they have run. The app takes this answer (window.__authRefresh) instead of
  // asking again. Under the same Web Lock as the app's refreshes, so that two tabs never present
  // one rotating refresh token twice; the lock is held until the answer's headers (and with them
  // the new cookie) are in.
  if (signedIn && typeof fetch === 'function') {
    var refresh = function () {
      // Given up after 30 s as the app's calls are (API_TIMEOUT_MS): a server that never answers
      // must not hold the lock, and every tab's refresh behind it, for good. Only the wait for the
      // headers is timed: the app reads the small body later.
      var controller = typeof AbortController === 'function' ? new AbortController() : null;
      var timer = controller
        ? setTimeout(function () {
            controller.abort();
          }, 30000)
        : 0;
      var answer = fetch('/api/auth/refresh', {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{}',
        credentials: 'same-origin',
        signal: controller ? controller.signal : undefined,
      });
      answer.then(
        function () {
          clearTimeout(timer);
        },
        function () {
          clearTimeout(timer);
        },
      );
      return answer;
    };
    try {
      window.__authRefresh = navigator.locks ? navigator.locks.request('auth-refresh', refresh) : refresh();
      // Unhandled until the app takes it: a network failure is the app's to handle (a retry later).
      window.__authRefresh.catch(function () {});
      // The shell's data in one call (GET /api/shell, decision 043) as soon as the refresh has given
      // a token; the app takes it (window.__shell, lib/shell-parts.ts). A copy of the answer is read
      // here: the app reads the refresh's own.
      window.__shell = window.__authRefresh.then(function (res) {
        if (!res.ok) throw new Error('No session');
        return res
          .clone()
          .json()
          .then(function (session) {
            return fetch('/api/shell', {
              headers: { accept: 'application/json', authorization: 'Bearer ' + session.accessToken },
              credentials: 'same-origin',
            });
          });
      });
      window.__shell.catch(function () {});
    } catch {
      // No fetch or lock here: the app refreshes as before.
    }
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
