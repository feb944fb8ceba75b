// The projector (templates/tournaments/projector.html): shows one panel at a time,
// turning every data-page-seconds, and reloads when the event moves on (a clock
// change, a round paired or published, a result), waiting on /api/events/SLUG/live/.
(function () {
  "use strict";
  var body = document.body;
  var panels = Array.prototype.slice.call(document.querySelectorAll(".stage .panel"));
  var shown = 0;

  function turn() {
    if (panels.length < 2) return;
    panels[shown].hidden = true;
    shown = (shown + 1) % panels.length;
    panels[shown].hidden = false;
  }
  setInterval(turn, Number(body.dataset.pageSeconds) * 1000);

  // A wait the server did not hold comes back at once with Retry-After: ask again
  // after that many seconds (a refused one, 429, carries it too).
  function follow(stamp) {
    var url = body.dataset.live + "?wait=25&stamp=" + encodeURIComponent(stamp);
    var after = 5;
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        after = Number(response.headers.get("Retry-After")) || 0;
        if (!response.ok) throw new Error(response.status);
        return response.json();
      })
      .then(function (answer) {
        if (answer.stamp !== stamp) window.location.reload();
        else setTimeout(function () { follow(stamp); }, 1000 * after);
      })
      .catch(function () {
        setTimeout(function () { follow(stamp); }, 1000 * (after || 5));
      });
  }
  follow(body.dataset.stamp);
})();
