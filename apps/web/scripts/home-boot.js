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
  // home page's chunks are modulepreload links added after it, then the entry. Links in the HTML
  // would be fetched by the parser while the page is still to be painted, competing with it on a
  // slow network. They are added three at a time, a task each: adding a link starts its request
  // there and then, and the 38 of them in one task held the main thread 60-130 ms by the wall clock
  // in Lighthouse's runs here (5-15 ms of it on the CPU: the browser's network side woke up on the
  // same two cores), one long task on a phone; three at a time, the tasks take 5-25 ms.
  var BATCH = 3;
  function boot(from) {
    var links = document.createDocumentFragment();
    for (var i = from; i < Math.min(from + BATCH, modules.length); i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = modules[i];
      links.appendChild(link);
    }
    document.head.appendChild(links);
    if (from + BATCH < modules.length) {
      setTimeout(boot, 0, from + BATCH);
      return;
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame has been painted: a timeout queued from a frame callback runs after it.
  document.addEventListener('DOMContentLoaded', function () {
    requestAnimationFrame(function () {
      setTimeout(boot, 0, 0);
    });
  });
})(__ENTRY__, __MODULES__);
