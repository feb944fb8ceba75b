// The service worker, served from the site's root (/sw.js) so that it controls the pages.
// It keeps the pages a player needs at their table (the table and its entry, and their
// scripts and styles) for when the venue's Wi-Fi drops: network first, the kept copy
// when there is none. It sends the outbox (outbox.js) on Background Sync. Nothing else.
importScripts("{{ outbox_js }}");

var CACHE = "leaguewright-pages-1";
var KEPT = [/^\/scoring\/tables\/\d+\/({{ entry_paths }})?$/, /^\/t\/[^/]+\/$/, /^\/static\//];

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

function kept(url) {
  return url.origin === self.location.origin && KEPT.some(function (re) { return re.test(url.pathname); });
}

function networkFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return fetch(request).then(
      function (response) {
        if (response.ok && !response.redirected) cache.put(request, response.clone());
        return response;
      },
      function () {
        return cache.match(request, { ignoreVary: true }).then(function (copy) { return copy || Response.error(); });
      }
    );
  });
}

self.addEventListener("fetch", function (event) {
  if (event.request.method === "GET" && kept(new URL(event.request.url))) {
    event.respondWith(networkFirst(event.request));
  }
});

// A page asks to keep itself and what it links to: {keep: [urls]}; answered {kept: true}.
self.addEventListener("message", function (event) {
  if (!event.data || !event.data.keep) return;
  var urls = event.data.keep.filter(function (url) { return kept(new URL(url, self.location.href)); });
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(urls.map(function (url) {
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          if (response.ok && !response.redirected) return cache.put(url, response);
        }, function () {});
      }));
    }).then(function () { event.source.postMessage({ kept: true }); })
  );
});

function tell(item) {
  return self.clients.matchAll().then(function (clients) {
    clients.forEach(function (client) { client.postMessage({ outbox: item }); });
  });
}

self.addEventListener("sync", function (event) {
  if (event.tag === LeaguewrightOutbox.TAG) event.waitUntil(LeaguewrightOutbox.flush(tell));
});
