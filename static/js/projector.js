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

  function follow(stamp) {
    var url = body.dataset.live + "?wait=25&stamp=" + encodeURIComponent(stamp);
    fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.json();
      })
      .then(function (answer) {
        if (answer.stamp !== stamp) window.location.reload();
        else follow(stamp);
      })
      .catch(function () {
        setTimeout(function () { follow(stamp); }, 5000);
      });
  }
  follow(body.dataset.stamp);
})();
