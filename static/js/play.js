// The game page tells the truth as the game moves on without it.
// - The countdown ticks in the browser from the server's deadline: the board carries the
//   server's clock (data-now) and the deadline (data-deadline), both in epoch ms; the
//   difference to this device's clock is kept as an offset.
// - The page follows the game's push stream (data-push-url, static/js/push.js) while
//   the game is played: when the game changed (a move, a timeout, the bot playing for
//   someone) and the board shows an older stamp (data-stamp), the board is fetched
//   again and swapped in by htmx. Pushed nothing (the stream refused), the page asks
//   the game's state every SLOW_POLL_MS with the board's ETag (304 while nothing moved).
(function () {
  "use strict";
  var SLOW_POLL_MS = 10000;
  var offset = 0;
  var following = null;
  var swapping = false;
  var wanted = null;

  function board() {
    return document.getElementById("board");
  }

  function tick() {
    var clock = document.querySelector("#board .countdown[data-deadline]");
    if (!clock) return;
    var left = Math.max(0, Math.ceil((+clock.dataset.deadline - (Date.now() + offset)) / 1000));
    if (left < 120) clock.textContent = clock.dataset.format.replace("%n", left);
  }

  function synchronise() {
    var shown = board();
    if (shown && shown.dataset.now) offset = +shown.dataset.now - Date.now();
    tick();
  }

  // One board fetch at a time; a change pushed while one was under way, to a stamp it
  // may not show, is fetched once more after it.
  var fetchedFor = null;

  function swap() {
    var shown = board();
    if (!shown) return;
    swapping = true;
    fetchedFor = wanted;
    htmx.ajax("GET", shown.dataset.boardUrl, { target: "#board", swap: "outerHTML" }).then(swapped, swapped);
  }

  function swapped() {
    swapping = false;
    var shown = board();
    if (shown && wanted && wanted !== shown.dataset.stamp && wanted !== fetchedFor) swap();
  }

  // A pushed change names its stamp; the slow poll (stamp null) asks the state first.
  function changed(stamp) {
    var shown = board();
    if (!shown) return;
    if (stamp) {
      wanted = stamp;
      if (stamp !== shown.dataset.stamp && !swapping) swap();
      return;
    }
    fetch(shown.dataset.stateUrl, {
      headers: { "If-None-Match": shown.dataset.etag, Accept: "application/json" },
      credentials: "same-origin",
    })
      .then(function (response) {
        if (response.status === 200 && !swapping) swap();
      })
      .catch(function () {});
  }

  function follow() {
    var shown = board();
    if (!shown) return;
    if (shown.dataset.status !== "playing") {
      if (following) following.stop();
      following = null;
      return;
    }
    if (!following) following = window.Leaguewright.follow(shown.dataset.pushUrl, changed, SLOW_POLL_MS);
  }

  // Keyboard and ear. A swapped board takes the focused element with it: the focus
  // goes back to the same move, else the first move, else the turn line, but only
  // when it was on the board (a swap never pulls the focus from elsewhere). The moves
  // of other seats since the last board are said in a polite live region.
  var focusedMove = null;
  var focusWasOnBoard = false;
  var heard = 0;

  function remember(event) {
    if (!event.detail.target || event.detail.target.id !== "board") return;
    var active = document.activeElement;
    focusWasOnBoard = !!(active && board() && board().contains(active));
    focusedMove = focusWasOnBoard && active.dataset ? active.dataset.move || null : null;
  }

  function refocus() {
    var shown = board();
    if (!shown || !focusWasOnBoard) return;
    focusWasOnBoard = false;
    var same = focusedMove && shown.querySelector('button[data-move="' + focusedMove + '"]');
    var target = same || shown.querySelector("button[data-move]") || document.getElementById("turn");
    if (target) target.focus();
  }

  function announceMoves() {
    var shown = board();
    var region = document.getElementById("moves-announcer");
    if (!shown || !region) return;
    var lines = Array.prototype.slice
      .call(shown.querySelectorAll(".log li[data-by-another]"))
      .filter(function (line) {
        return +line.dataset.moveNumber > heard;
      })
      .reverse()
      .map(function (line) {
        return line.textContent.trim();
      });
    heard = +shown.dataset.moves;
    if (lines.length) region.textContent = lines.join(". ");
  }

  document.addEventListener("DOMContentLoaded", function () {
    var shown = board();
    if (shown) heard = +shown.dataset.moves;
    synchronise();
    follow();
    setInterval(tick, 1000);
  });
  document.body.addEventListener("htmx:beforeSwap", remember);
  document.body.addEventListener("htmx:afterSettle", function () {
    refocus();
    announceMoves();
    synchronise();
    follow();
  });
})();
