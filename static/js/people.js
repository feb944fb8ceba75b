// The entrants page: the person field completes names as the organiser types, from
// the event's candidates endpoint (people who played in the league first), through
// the browser's own <datalist>. No libraries.
(function () {
  "use strict";

  var form = document.querySelector("form[data-people]");
  if (!form) return;
  var input = form.elements.username;
  var list = document.getElementById("people");
  var asked = "";
  var timer = null;

  function fill(people) {
    list.replaceChildren();
    people.forEach(function (person) {
      var option = document.createElement("option");
      option.value = person.username;
      option.label = person.name === person.username ? person.name : person.name + " (" + person.username + ")";
      list.appendChild(option);
    });
  }

  function ask() {
    var typed = input.value.trim();
    if (!typed || typed === asked) return;
    asked = typed;
    fetch(form.dataset.people + "?q=" + encodeURIComponent(typed), {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    })
      .then(function (response) {
        return response.ok ? response.json() : [];
      })
      .then(function (people) {
        if (input.value.trim() === typed) fill(people);
      });
  }

  input.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  });
})();
