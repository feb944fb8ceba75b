// A challenge or open table still open: the page follows its push stream
// (data-push-url, static/js/push.js, docs/push.md) and loads again when the stamp it
// was drawn at (data-stamp) moved on: someone took or gave up a seat, accepted,
// declined or withdrew, or the game started (the page then leads there). Only while
// the stream is refused does it ask the challenge's state every SLOW_POLL_MS, loading
// again once it is no longer open or its seats or acceptances (data-seen) changed.
(function () {
  "use strict";
  var SLOW_POLL_MS = 10000;
  var waiting = document.querySelector("[data-challenge-url]");
  if (!waiting || !window.fetch || !window.Leaguewright) return;
  var following = null;
  var reloading = false;

  // What the page shows: the seats taken and how many of them have accepted.
  function seen(state) {
    var accepted = state.seats.filter(function (seat) { return seat.accepted; }).length;
    return state.seats.length + ":" + accepted;
  }

  function reload() {
    if (reloading) return;
    reloading = true;
    if (following) following.stop();
    window.location.reload();
  }

  function asked() {
    fetch(waiting.dataset.challengeUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && (state.status !== "open" || seen(state) !== waiting.dataset.seen)) reload();
      })
      .catch(function () {});
  }

  function changed(stamp) {
    if (stamp === null) asked();
    else if (stamp !== waiting.dataset.stamp) reload();
  }

  following = window.Leaguewright.follow(waiting.dataset.pushUrl, changed, SLOW_POLL_MS);
})();
