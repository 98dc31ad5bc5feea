// A chat page's first data, asked for as the page starts (dist/chat.html, inlined by
// scripts/prerender.js after theme-init.js): with the access token of theme-init.js's early
// refresh, the chat (/chats/{id}) or the newest chat with the bot (/chat/{botId}), then its newest
// 50 messages, while the app's scripts are still on their way. The app takes both once
// (window.__chatEarly, features/chats/early-chat.ts); anything that fails here it asks for again.
(function () {
  var refresh = window.__authRefresh;
  var address = /^\/chat(s?)\/([^/]+)\/?$/.exec(location.pathname);
  // ?new=1 starts a new chat: that is the app's to do.
  if (!refresh || !address || /(^|&)new=1(&|$)/.test(location.search.slice(1)) || typeof fetch !== 'function') return;
  function json(answer) {
    return answer.ok ? answer.json() : undefined;
  }
  function nothing() {
    return undefined;
  }
  // A copy of the refresh's answer: its body is the app's to read (features/auth/session.ts).
  var token = refresh.then(function (answer) {
    return answer.ok ? answer.clone().json() : undefined;
  });
  var chat = token.then(function (session) {
    var accessToken = session && session.accessToken;
    if (!accessToken) return undefined;
    var get = function (path) {
      return fetch(path, { headers: { accept: 'application/json', authorization: 'Bearer ' + accessToken } }).then(json);
    };
    var messagesOf = function (chatId) {
      return get('/api/chats/' + chatId + '/messages?limit=50').then(function (page) {
        return page && { chatId: chatId, page: page };
      }, nothing);
    };
    // A chat's own address: the chat and its messages together. A bot's: its newest chat first.
    if (address[1]) return { chat: get('/api/chats/' + address[2]), messages: messagesOf(address[2]) };
    return get('/api/chats?botId=' + address[2] + '&limit=1').then(function (page) {
      // The newest chat with the bot, or null when there is none (the app starts one).
      var open = page && page.items ? page.items[0] || null : undefined;
      return { chat: open, messages: open && open.id ? messagesOf(open.id) : undefined };
    });
  });
  chat.catch(nothing);
  window.__chatEarly = { path: location.pathname, answer: chat };
})();
