// Forms that survive the venue's Wi-Fi: <form data-offline-send="/api/...">. Sent while
// the phone is offline, the form is kept on the phone (outbox.js) with a new
// Idempotency-Key, and the form's status line says "saved on this phone, will be sent";
// when the connection returns it is sent (Background Sync where the browser has it, and
// this page's own retry on "online" either way: the key makes a second send harmless),
// then the line says "sent" (and the form sent from this page goes, with a link to the
// page as it is now), or shows the conflict or the refusal the server answered.
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

  // The keys of the forms saved on the phone from this page (not an earlier visit's).
  var savedHere = {};

  function show(item) {
    var line = statusLine();
    if (!line || item.page !== location.pathname) return;
    var text = line.dataset["text" + item.state.charAt(0).toUpperCase() + item.state.slice(1)];
    line.textContent = item.message ? text + " " + item.message : text;
    line.dataset.state = item.state;
    line.hidden = false;
    if (item.state === "sent" && savedHere[item.key]) putAway(line);
  }

  // Once this page's form is sent, the form, its preview and its button are old: they
  // go, and the line says so, with a link to the page as it is now.
  function putAway(line) {
    var form = line.closest("form");
    if (!form) return;
    var again = form.querySelector("[data-offline-again]");
    form.parentNode.insertBefore(line, form);
    if (again) {
      form.parentNode.insertBefore(again, form);
      again.hidden = false;
    }
    form.hidden = true;
  }

  function flush() {
    return outbox.flush(show).then(function () {
      return outbox.all().then(function (items) {
        var waiting = items.some(function (item) { return item.state === "waiting"; });
        if (waiting && navigator.onLine) setTimeout(flush, 3000); // a send under way
      });
    });
  }

  // Chromium sometimes says it is offline when it is not (on Linux, while its network
  // interfaces change; Discourse's fix #22981 is the same): before keeping a form on the
  // phone, ask the server once. Any answer at all means the form can be posted as ever.
  // A phone truly offline fails at once; the wait only matters for a slow answer, and
  // 2 s kept a round on the phone while a busy server answered (a CI run's flake).
  function serverAnswers(form) {
    var controller = new AbortController();
    var timer = setTimeout(function () { controller.abort(); }, 5000);
    return fetch(form.dataset.offlineSend, {
      method: "HEAD", cache: "no-store", credentials: "same-origin", signal: controller.signal,
    }).then(
      function () { return true; },
      function () { return false; }
    ).finally(function () { clearTimeout(timer); });
  }

  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (!form.matches("form[data-offline-send]") || navigator.onLine) return;
      if (form.dataset.serverAnswered) return; // posted as ever, below
      event.preventDefault();
      event.stopImmediatePropagation();
      var submitter = event.submitter;
      serverAnswers(form).then(function (answers) {
        if (!answers) return keep(form);
        form.dataset.serverAnswered = "1";
        form.requestSubmit(submitter);
      });
    },
    true
  );

  function keep(form) {
    var item = {
      key: newKey(),
      url: form.dataset.offlineSend,
      body: new URLSearchParams(new FormData(form)).toString(),
      csrf: (form.elements.csrfmiddlewaretoken || {}).value || "",
      page: location.pathname,
      state: "waiting",
      savedAt: Date.now(),
    };
    savedHere[item.key] = true;
    outbox.put(item).then(function () {
      show(item);
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration.sync) return registration.sync.register(outbox.TAG).catch(function () {});
    });
  }

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
