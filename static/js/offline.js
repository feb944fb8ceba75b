// Forms that survive the venue's Wi-Fi: <form data-offline-send="/api/...">. Sent while
// the phone is offline, the form is kept on the phone (outbox.js) with a new
// Idempotency-Key, and the form's status line says "saved on this phone, will be sent";
// when the connection returns it is sent (Background Sync where the browser has it, and
// this page's own retry on "online" either way: the key makes a second send harmless),
// then the line says "sent", or shows the conflict or the refusal the server answered.
// Online, the form is posted as ever. The page also asks the service worker to keep it,
// the pages it links to with data-offline-keep, and its scripts and styles.
(function () {
  "use strict";

  var outbox = window.LeaguewrightOutbox;
  if (!outbox || !("serviceWorker" in navigator) || !window.indexedDB) return;

  function newKey() {
    return crypto.randomUUID
      ? crypto.randomUUID()
      : Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  function statusLine() {
    return document.querySelector("[data-offline-status]");
  }

  function show(item) {
    var line = statusLine();
    if (!line || item.page !== location.pathname) return;
    var text = line.dataset["text" + item.state.charAt(0).toUpperCase() + item.state.slice(1)];
    line.textContent = item.message ? text + " " + item.message : text;
    line.dataset.state = item.state;
    line.hidden = false;
  }

  function flush() {
    return outbox.flush(show).then(function () {
      return outbox.all().then(function (items) {
        var waiting = items.some(function (item) { return item.state === "waiting"; });
        if (waiting && navigator.onLine) setTimeout(flush, 3000); // a send under way
      });
    });
  }

  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form.matches("form[data-offline-send]") || navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      var item = {
        key: newKey(),
        url: form.dataset.offlineSend,
        body: new URLSearchParams(new FormData(form)).toString(),
        csrf: (form.elements.csrfmiddlewaretoken || {}).value || "",
        page: location.pathname,
        state: "waiting",
        savedAt: Date.now(),
      };
      outbox.put(item).then(function () {
        show(item);
        return navigator.serviceWorker.ready;
      }).then(function (registration) {
        if (registration.sync) return registration.sync.register(outbox.TAG).catch(function () {});
      });
    },
    true
  );

  window.addEventListener("online", flush);

  navigator.serviceWorker.addEventListener("message", function (event) {
    if (event.data && event.data.outbox) show(event.data.outbox);
    if (event.data && event.data.kept) document.documentElement.dataset.offlineReady = "1";
  });

  navigator.serviceWorker.register("/sw.js").then(function () {
    return navigator.serviceWorker.ready;
  }).then(function (registration) {
    var keep = [location.href];
    document.querySelectorAll("[data-offline-keep]").forEach(function (link) { keep.push(link.href); });
    document.querySelectorAll("link[rel=stylesheet], script[src]").forEach(function (asset) {
      keep.push(asset.href || asset.src);
    });
    registration.active.postMessage({ keep: keep });
  });

  outbox.all().then(function (items) {
    items.filter(function (item) {
      return item.state === "waiting" || Date.now() - item.settledAt < 15 * 60 * 1000;
    }).forEach(show);
    if (navigator.onLine) flush();
  });
})();
