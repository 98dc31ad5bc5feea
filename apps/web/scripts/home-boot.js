// Starts the app on the prerendered home page (dist/home.html, inlined by scripts/prerender.js
// with the entry filled in), once the page has been painted. The entry's imports and the home
// page's chunks are modulepreload links at the end of the page, requested by the parser already.
/* global __ENTRY__ -- filled in by scripts/prerender.js */
(function (entry) {
  // A page's first Intl formatter loads the number data, 25-35 ms on a slow phone, which the cards
  // would pay while the page is live: pay it here, while the page is parsed, before the first paint.
  try {
    new Intl.NumberFormat('en', { notation: 'compact' }).format(1);
  } catch {
    // No Intl: the app would not run either.
  }
  function boot() {
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
})(__ENTRY__);
