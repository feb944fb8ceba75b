// Push streams (config.push, docs/push.md): a page follows what it shows with
// Leaguewright.follow(url, changed, slowMs). Each "changed" event of the stream calls
// changed(stamp), with the stamp the change moved to: the page fetches its fragment
// then. The browser reconnects by itself when a stream ends (its lifetime) or the
// connection drops, and names the last stamp it had (Last-Event-ID). A stream the
// server refuses (too many at once, not served there) closes: the page then polls
// slowly, calling changed(null) every slowMs, and tries the stream again later.
//
// A part of a page that is only fetched again names its stream in data-push and what
// to fetch in data-push-fetch (with data-push-select: the part of that page to take);
// its inner HTML is swapped by htmx on every change, but never under a person's hands
// (while the focus is inside it, the swap waits until the focus leaves). Once it
// contains data-push-until (a selector), it follows no more.
(function () {
  "use strict";
  var TRY_AGAIN_MS = 120000;

  function follow(url, changed, slowMs) {
    var source = null;
    var polling = null;
    var stopped = false;

    function poll() {
      if (polling || stopped) return;
      polling = setInterval(function () {
        changed(null);
      }, slowMs);
      setTimeout(open, TRY_AGAIN_MS);
    }

    function open() {
      if (stopped) return;
      if (polling) {
        clearInterval(polling);
        polling = null;
      }
      if (!window.EventSource || !url) {
        poll();
        return;
      }
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener("changed", function (event) {
        changed(event.lastEventId || event.data || null);
      });
      source.addEventListener("error", function () {
        if (source.readyState === EventSource.CLOSED) poll();
      });
    }

    open();
    return {
      stop: function () {
        stopped = true;
        if (source) source.close();
        if (polling) clearInterval(polling);
      },
    };
  }

  var SLOW_PARTS_MS = 30000;

  function followPart(part) {
    var waiting = false;
    var following = null;

    function fetchAgain() {
      if (part.contains(document.activeElement) && document.activeElement !== part) {
        if (!waiting) {
          waiting = true;
          part.addEventListener("focusout", function later() {
            part.removeEventListener("focusout", later);
            waiting = false;
            setTimeout(fetchAgain, 0);
          });
        }
        return;
      }
      var context = { target: part, swap: "innerHTML" };
      if (part.dataset.pushSelect) context.select = part.dataset.pushSelect;
      htmx.ajax("GET", part.dataset.pushFetch, context).then(done, function () {});
    }

    function done() {
      var until = part.dataset.pushUntil;
      if (until && part.querySelector(until) && following) following.stop();
    }

    following = follow(part.dataset.push, fetchAgain, SLOW_PARTS_MS);
    done();
  }

  window.Leaguewright = window.Leaguewright || {};
  window.Leaguewright.follow = follow;
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-push][data-push-fetch]").forEach(followPart);
  });
})();
