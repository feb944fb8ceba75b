// The phone's outbox of entries saved while offline, in IndexedDB, shared by the pages
// (offline.js) and the service worker (sw.js). Each item keeps the form as it was sent,
// the API address it goes to and its Idempotency-Key: a send that is repeated (the page
// and Background Sync both, or an answer lost on the way) is answered once by the
// server. States: "waiting" (on this phone), "sent", "conflict" (shown, never applied),
// "refused" (the server said why).
(function (scope) {
  "use strict";

  var DB = "leaguewright-offline";
  var STORE = "outbox";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(result && result.result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function put(item) {
    return run("readwrite", function (store) { store.put(item); });
  }

  function all() {
    return run("readonly", function (store) { return store.getAll(); });
  }

  function settle(item, status, body) {
    // 409 without a conflict: the same key is under way (another send): try again later.
    if (status === 409 && body.code !== "conflict") return Promise.resolve(null);
    if (status === 429 || status >= 500) return Promise.resolve(null);
    item.state = status < 300 ? "sent" : status === 409 ? "conflict" : "refused";
    item.message = status < 300 ? "" : body.detail || "";
    item.settledAt = Date.now();
    return put(item).then(function () { return item; });
  }

  function send(item) {
    return fetch(item.url, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Idempotency-Key": item.key,
        "X-CSRFToken": item.csrf,
        Accept: "application/json",
      },
    }).then(
      function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) {
          return settle(item, response.status, body);
        });
      },
      function () { return null; } // still offline: it stays waiting
    );
  }

  // Send every waiting item, one after another; ``told(item)`` hears each settled one.
  function flush(told) {
    return all().then(function (items) {
      return items
        .filter(function (item) { return item.state === "waiting"; })
        .reduce(function (done, item) {
          return done.then(function () {
            return send(item).then(function (settled) { if (settled) told(settled); });
          });
        }, Promise.resolve());
    });
  }

  scope.LeaguewrightOutbox = { put: put, all: all, flush: flush, TAG: "leaguewright-outbox" };
})(self);
