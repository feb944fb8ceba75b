// A challenge or open table waiting for others: ask its state every 10 s (challenges
// have no push channel) and, once it is no longer open (the game started, or it was
// declined or withdrawn) or someone took a seat or accepted, load the page again: once
// the game has started it leads there.
(function () {
  "use strict";
  var waiting = document.querySelector("[data-challenge-url]");
  if (!waiting || !window.fetch) return;
  // What the page shows: the seats taken and how many of them have accepted.
  function seen(state) {
    var accepted = state.seats.filter(function (seat) { return seat.accepted; }).length;
    return state.seats.length + ":" + accepted;
  }
  function ask() {
    fetch(waiting.dataset.challengeUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (state) {
        if (state && (state.status !== "open" || seen(state) !== waiting.dataset.seen)) {
          window.location.reload();
        } else {
          setTimeout(ask, 10000);
        }
      })
      .catch(function () { setTimeout(ask, 10000); });
  }
  setTimeout(ask, 10000);
})();
