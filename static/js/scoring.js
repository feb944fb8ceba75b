// Scoring pages: steppers, the quick-entry toggle, the corruption level's printed
// number, and forms that submit once. No libraries; htmx does the live preview.
// A stepper is one tab stop: its number field (arrow keys step it, Tab moves on); the
// - and + buttons are for fingers and stay out of the tab order.
(function () {
  "use strict";

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-step]");
    if (!button) return;
    var input = button.parentElement.querySelector("input[type=number]");
    var value = (parseInt(input.value, 10) || 0) + parseInt(button.dataset.step, 10);
    if (input.min !== "" && value < parseInt(input.min, 10)) value = parseInt(input.min, 10);
    input.value = value;
    markSet(input);
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });

  function markSet(input) {
    var card = input.closest(".card-value");
    if (card) card.classList.toggle("has-set", (parseInt(input.value, 10) || 0) !== 0);
  }

  document.addEventListener("input", function (event) {
    if (event.target.matches(".stepper input[type=number]")) markSet(event.target);
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.matches("[data-quick-toggle]")) {
      // A checkbox (the override's rounds) or the entry's two radios (value "1": scores).
      var quick = target.type === "radio" ? target.value === "1" : target.checked;
      (target.closest(".round-body") || target.form).classList.toggle("quick", quick);
    }
    if (target.matches("[data-totals-toggle]")) {
      target.form.classList.toggle("totals-only", target.checked);
    }
    if (target.matches(".levels input[type=radio]")) {
      var seat = target.closest("fieldset");
      var printed = seat.querySelector(".printed-points");
      if (printed) printed.hidden = target.dataset.unknown !== "1";
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-once]")) return;
    if (form.dataset.sent) {
      event.preventDefault();
      return;
    }
    form.dataset.sent = "1";
    // Disable after the browser has collected the form, so the button still counts.
    setTimeout(function () {
      form.querySelectorAll("button[type=submit]").forEach(function (button) {
        button.disabled = true;
      });
    }, 0);
  });
})();
