// The finishing order by tapping: each tap on a player gives them the next place in
// their select (the page works with the selects alone, without this script).
(function () {
  "use strict";

  document.querySelectorAll("[data-finishing-order]").forEach(function (fieldset) {
    var selects = fieldset.querySelectorAll("select");
    var next = 1;
    fieldset.querySelector("[data-tap-help]").hidden = false;
    fieldset.querySelector("[data-tap-buttons]").hidden = false;

    function changed(select) {
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }

    fieldset.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-tap-seat], button[data-tap-reset]");
      if (!button) return;
      if (button.hasAttribute("data-tap-reset")) {
        next = 1;
        selects.forEach(function (select) { select.value = ""; });
        fieldset.querySelectorAll("button[data-tap-seat]").forEach(function (other) {
          other.disabled = false;
          other.removeAttribute("aria-pressed");
        });
        changed(selects[0]);
        return;
      }
      var select = selects[parseInt(button.dataset.tapSeat, 10)];
      select.value = String(next);
      next += 1;
      button.disabled = true;
      button.setAttribute("aria-pressed", "true");
      changed(select);
    });
  });
})();
