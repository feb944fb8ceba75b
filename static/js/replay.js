/* Replay viewer: the arrow keys step through the game (← back, → forward, Home, End).
   The links themselves do the work (htmx swaps the board and updates the address), so
   the viewer also works without this script. */
(function () {
  "use strict";
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    var which = keys[event.key];
    if (!which) return;
    var link = document.querySelector('#replay [data-step-link="' + which + '"]');
    if (!link || link.getAttribute("aria-disabled") === "true") return;
    event.preventDefault();
    link.click();
  });
  document.addEventListener("htmx:afterSwap", function () {
    var current = document.querySelector("#replay .moves .current");
    if (current) current.scrollIntoView({ block: "nearest" });
  });
})();
