// An embed (integrations.embeds) tells the page around it its height, so that the
// host's script (embed-host.js) sizes the <iframe> to the content: at load, when the
// standings are drawn again (push.js's "leaguewright:swapped") and on any resize.
(function () {
  "use strict";
  if (window.parent === window) return;

  function tell() {
    var height = document.documentElement.scrollHeight;
    window.parent.postMessage({ leaguewright: "embed-height", height: height }, "*");
  }

  document.addEventListener("leaguewright:swapped", tell);
  window.addEventListener("load", tell);
  if (window.ResizeObserver) new ResizeObserver(tell).observe(document.body);
  tell();
})();
