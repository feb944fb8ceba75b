// For a club's own page: sizes each Leaguewright embed (an <iframe> marked
// data-leaguewright-embed) to the height its page reports (embed.js). Only messages
// from the frames it marks are read, and only their height.
(function () {
  "use strict";
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (!data || data.leaguewright !== "embed-height" || typeof data.height !== "number") return;
    var frames = document.querySelectorAll("iframe[data-leaguewright-embed]");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source) {
        frames[i].style.height = Math.min(Math.max(data.height, 50), 20000) + "px";
      }
    }
  });
})();
