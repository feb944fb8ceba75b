// The game page tells the truth as the game moves on without it.
// - The countdown ticks in the browser from the server's deadline: the board carries the
//   server's clock (data-now) and the deadline (data-deadline), both in epoch ms; the
//   difference to this device's clock is kept as an offset.
// - The board waits on the game's long-poll (GET /api/play/ID/?wait=25 with the board's
//   ETag) on every turn, its own too; when the game changed (a move, a timeout, the bot
//   playing for someone) the board is fetched again and swapped in by htmx. A wait
//   answered at once with Retry-After (the server did not hold it) is asked again then.
(function () {
  "use strict";
  var offset = 0;
  var waitingOn = null;
  var pending = null;

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

  function again(tag, ms) {
    setTimeout(function () {
      if (waitingOn === tag) {
        waitingOn = null;
        wait();
      }
    }, ms);
  }

  // A wait the server did not hold (busy, or too many of this person's at once) says
  // when to ask again.
  function retryAfter(response, otherwise) {
    var seconds = parseInt(response.headers.get("Retry-After"), 10);
    return seconds > 0 ? seconds * 1000 : otherwise;
  }

  function wait() {
    var shown = board();
    if (!shown || shown.dataset.status !== "playing" || !window.fetch) return;
    var tag = shown.dataset.etag;
    if (waitingOn === tag) return;
    if (pending) pending.abort();
    waitingOn = tag;
    pending = window.AbortController ? new AbortController() : null;
    fetch(shown.dataset.waitUrl, {
      headers: { "If-None-Match": tag, Accept: "application/json" },
      credentials: "same-origin",
      signal: pending ? pending.signal : undefined,
    })
      .then(function (response) {
        if (waitingOn !== tag) return;
        if (response.status === 200) {
          htmx.ajax("GET", shown.dataset.boardUrl, { target: "#board", swap: "outerHTML" });
          again(tag, 3000); // the swap starts the next wait; this one only if it failed
        } else if (response.status === 304 && !response.headers.get("Retry-After")) {
          waitingOn = null;
          wait();
        } else {
          again(tag, retryAfter(response, 3000));
        }
      })
      .catch(function (error) {
        if (error && error.name === "AbortError") return;
        again(tag, 3000);
      });
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

  function follow() {
    synchronise();
    wait();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var shown = board();
    if (shown) heard = +shown.dataset.moves;
    follow();
    setInterval(tick, 1000);
  });
  document.body.addEventListener("htmx:beforeSwap", remember);
  document.body.addEventListener("htmx:afterSettle", function () {
    refocus();
    announceMoves();
    follow();
  });
})();
