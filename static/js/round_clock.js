// The round clock (templates/tournaments/_round_clock.html): ticks every second from
// the server's time (data-now, so a phone with a wrong clock still counts right) and
// follows the event's push stream (data-push, static/js/push.js) and reads the clock
// again from /api/events/SLUG/live/ when it moved on, so a pause or an extension
// reaches the page without a reload. No libraries.
(function () {
  "use strict";

  function text(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    var mm = hours ? String(minutes).padStart(2, "0") : String(minutes);
    return (hours ? hours + ":" : "") + mm + ":" + String(secs).padStart(2, "0");
  }

  function setUp(box) {
    if (box.dataset.ticking) return;
    box.dataset.ticking = "1";
    var offset = Number(box.dataset.now) - Date.now();
    var state = {
      endsAt: box.dataset.endsAt ? Number(box.dataset.endsAt) : null,
      paused: box.dataset.paused === "1",
      remaining: box.dataset.remaining ? Number(box.dataset.remaining) : null,
      extra: Number(box.dataset.extra || 0),
    };
    var time = box.querySelector("[data-clock-time]");
    var up = box.querySelector("[data-clock-up]");

    function left() {
      if (state.paused) return state.remaining + 60 * state.extra;
      if (state.endsAt === null) return null;
      return (state.endsAt - (Date.now() + offset)) / 1000 + 60 * state.extra;
    }

    function show() {
      var seconds = left();
      box.hidden = seconds === null;
      if (seconds === null) return;
      time.textContent = text(seconds);
      up.hidden = seconds > 0;
      box.classList.toggle("up", seconds <= 0);
    }

    function take(answer) {
      var clock = answer.clock;
      offset = Date.parse(answer.now) - Date.now();
      if (!clock) {
        state.endsAt = null;
        state.paused = false;
      } else {
        state.endsAt = clock.ends_at ? Date.parse(clock.ends_at) : null;
        state.paused = clock.paused;
        state.remaining = clock.remaining_seconds;
        var table = box.dataset.table;
        state.extra = table ? clock.extra_minutes_by_table[table] || 0 : 0;
        box.querySelector("[data-clock-paused]").hidden = !clock.paused;
        var extra = box.querySelector("[data-clock-extra]");
        extra.hidden = !state.extra;
        extra.textContent = extra.textContent.replace(/\d+/, state.extra);
        box.querySelector("[data-clock-rule]").textContent = clock.time_rule;
      }
      show();
    }

    // Fetched again whenever the event's push stream says it moved on (and, pushed
    // nothing, every 30 s).
    function fetchAgain() {
      fetch(box.dataset.live, { headers: { Accept: "application/json" }, credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) throw new Error(response.status);
          return response.json();
        })
        .then(take)
        .catch(function () {});
    }

    show();
    var ticking = setInterval(show, 1000);
    // The projector reloads itself on every change (static/js/projector.js).
    var following = box.dataset.follow
      ? window.Leaguewright.follow(box.dataset.push, fetchAgain, 30000)
      : null;
    clocks.push({
      box: box,
      stop: function () {
        clearInterval(ticking);
        if (following) following.stop();
      },
    });
  }

  var clocks = [];
  document.querySelectorAll("[data-round-clock]").forEach(setUp);
  // A part of the page drawn again (static/js/push.js: a to-do list) brings its clocks
  // anew: those gone stop ticking and following, the new ones start.
  document.addEventListener("leaguewright:swapped", function () {
    clocks = clocks.filter(function (clock) {
      if (document.contains(clock.box)) return true;
      clock.stop();
      return false;
    });
    document.querySelectorAll("[data-round-clock]").forEach(setUp);
  });
})();
