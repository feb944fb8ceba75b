// The projector (templates/tournaments/projector.html): shows one panel at a time,
// turning every data-page-seconds, and reloads when the event moves on (a clock
// change, a round paired or published, a result), following the event's push stream.
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

  // Reloaded when the event's push stream says it moved on from the stamp the page
  // was drawn at (pushed nothing: when the live API says so, asked every 30 s).
  function changed(stamp) {
    if (stamp) {
      if (stamp !== body.dataset.stamp) window.location.reload();
      return;
    }
    fetch(body.dataset.live, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (answer) {
        if (answer && answer.stamp !== body.dataset.stamp) window.location.reload();
      })
      .catch(function () {});
  }
  window.Leaguewright.follow(body.dataset.push, changed, 30000);
})();
