// Screen readers hear what changes in a region htmx replaces: a replaced live region is
// not announced, so the text of every [data-announce] element, when it differs from the
// last one said, is copied into #announcer, a live region that stays on the page.
(function () {
  "use strict";
  var last = "";

  function announce() {
    var region = document.getElementById("announcer");
    var said = document.querySelector("[data-announce]");
    if (!region || !said) return;
    var text = said.textContent.replace(/\s+/g, " ").trim();
    if (text && text !== last) {
      last = text;
      region.textContent = text;
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var said = document.querySelector("[data-announce]");
    if (said) last = said.textContent.replace(/\s+/g, " ").trim();
  });
  document.body.addEventListener("htmx:afterSettle", announce);
})();
