// Starts the app on the prerendered home page (dist/home.html, inlined by scripts/prerender.js
// with the entry and its modules filled in), once the page has been painted.
/* global __ENTRY__, __MODULES__ -- filled in by scripts/prerender.js */
(function (entry, modules) {
  // A page's first Intl formatter loads the number data, 25-35 ms on a slow phone, which the cards
  // would pay while the page is live: pay it here, while the page is parsed, before the first paint.
  try {
    new Intl.NumberFormat('en', { notation: 'compact' }).format(1);
  } catch {
    // No Intl: the app would not run either.
  }
  // Nothing is requested before the first paint but the page itself: the entry's imports and the
  // home page's chunks are modulepreload links added after it in one go (one fragment, one
  // insertion), then the entry. Links in the HTML would be fetched by the parser while the page is
  // still to be painted, competing with it on a slow network.
  function boot() {
    var links = document.createDocumentFragment();
    for (var i = 0; i < modules.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      links.appendChild(link);
    }
    document.head.appendChild(links);
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame has been painted: a timeout queued from a frame callback runs after it.
  document.addEventListener('DOMContentLoaded', function () {
    requestAnimationFrame(function () {
      setTimeout(boot);
    });
  });
})(__ENTRY__, __MODULES__);
