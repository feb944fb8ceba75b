// The fast desk (room/templates/room/desk.html): a scorekeeper types a table's number,
// then a place (or score) per seat, and Enter saves it through the API (room.api) as
// an organiser's confirmed entry; the next table's number is asked. A number no other
// table's number starts with moves on by itself, as does a place typed in a one-digit
// field: a four-seat table of places takes six keys (its number, four places, Enter).
// A table whose players entered it shows their entry: Enter confirms it, naming what
// it showed (its basis). The round's state is the JSON the page's live part carries
// (#desk-state), read again when the push draws that part again.
(function () {
  "use strict";

  var root = document.getElementById("fast-desk");
  if (!root) return;
  var form = document.getElementById("desk-form");
  var number = document.getElementById("desk-table");
  var seats = document.getElementById("desk-seats");
  var rows = document.getElementById("desk-seat-rows");
  var legend = document.getElementById("desk-seats-legend");
  var waitingNote = document.getElementById("desk-waiting");
  var said = document.getElementById("desk-said");
  var button = document.getElementById("desk-save");
  var places = root.dataset.places === "1";
  var state = null;
  var shown = null; // the table the seat fields are for
  var sending = false;

  function words(name, values) {
    return root.dataset["said" + name].replace(/%\((\w+)\)s/g, function (_m, key) {
      return values[key];
    });
  }

  function readState() {
    var element = document.getElementById("desk-state");
    if (element) state = JSON.parse(element.textContent);
  }

  function tableOf(typed) {
    if (!state || !typed) return null;
    for (var i = 0; i < state.tables.length; i++) {
      if (String(state.tables[i].number) === typed) return state.tables[i];
    }
    return null;
  }

  function settled(typed) {
    // No other table's number starts with what was typed: nothing more will be typed.
    return !state.tables.some(function (table) {
      var other = String(table.number);
      return other !== typed && other.indexOf(typed) === 0;
    });
  }

  function seatInputs() {
    return Array.prototype.slice.call(rows.querySelectorAll("input"));
  }

  function show(table) {
    shown = table;
    rows.replaceChildren();
    waitingNote.hidden = true;
    legend.textContent = root.querySelector("label[for=desk-table]").textContent + " " + table.number;
    var template = document.getElementById("desk-seat");
    table.seats.forEach(function (name, seat) {
      var row = template.content.firstElementChild.cloneNode(true);
      var input = row.querySelector("input");
      input.id = "desk-seat-" + seat;
      input.name = "seat-" + seat;
      row.querySelector("label").htmlFor = input.id;
      row.querySelector("label").textContent = name;
      if (places && table.seats.length < 10) input.maxLength = 1;
      if (table.waiting) {
        input.value = table.waiting[seat] === null ? "" : table.waiting[seat];
        input.readOnly = true;
      }
      rows.appendChild(row);
    });
    seats.hidden = false;
    button.textContent = root.dataset[table.waiting ? "saidConfirm" : "saidSave"];
    if (table.waiting && !table.disputed) {
      waitingNote.textContent = words("Waiting", { who: table.waiting_by });
      waitingNote.hidden = false;
    }
  }

  function hide() {
    shown = null;
    button.textContent = root.dataset.saidSave;
    rows.replaceChildren();
    seats.hidden = true;
  }

  function refuseShown(table) {
    if (table.reported) return words("Reported", { n: table.number });
    if (table.disputed) return words("Disputed", {});
    return "";
  }

  function open(typed) {
    var table = tableOf(typed);
    if (!table) {
      hide();
      say(words("Unknown", { r: root.dataset.round, n: typed }));
      return;
    }
    var refused = refuseShown(table);
    say(refused);
    if (refused) {
      hide();
      return;
    }
    show(table);
    var first = seatInputs()[0];
    if (table.waiting) button.focus();
    else if (first) first.focus();
  }

  function say(text) {
    said.textContent = text;
  }

  number.addEventListener("input", function () {
    var typed = number.value.replace(/\D/g, "");
    number.value = typed;
    hide();
    say("");
    if (tableOf(typed) && settled(typed)) open(typed);
  });

  rows.addEventListener("input", function (event) {
    var input = event.target;
    if (!places || input.maxLength !== 1 || input.value.length < 1) return;
    var inputs = seatInputs();
    var next = inputs[inputs.indexOf(input) + 1];
    if (next) next.focus();
  });

  function csrf() {
    return form.elements.csrfmiddlewaretoken.value;
  }

  function reason(body) {
    if (body && body.detail) return body.detail;
    for (var key in body || {}) {
      var value = body[key];
      return Array.isArray(value) ? String(value[0]) : String(value);
    }
    return "";
  }

  function send(url, body, done) {
    sending = true;
    fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          sending = false;
          if (!response.ok) {
            say(words("Failed", { why: reason(answer) }));
            return;
          }
          state = answer;
          counted();
          done();
        });
      })
      .catch(function () {
        sending = false;
        say(words("Offline", {}));
      });
  }

  function counted() {
    var reported = document.getElementById("desk-reported");
    var missing = document.getElementById("desk-missing");
    if (reported) reported.textContent = state.reported;
    if (missing) missing.textContent = state.missing.length ? state.missing.join(", ") : root.dataset.saidAll;
  }

  function next(message) {
    hide();
    number.value = "";
    say(message);
    number.focus();
  }

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (sending) return;
    var typed = number.value;
    if (!shown || String(shown.number) !== typed) {
      open(typed);
      return;
    }
    var table = shown;
    if (table.waiting) {
      send(root.dataset.confirm, { table: table.number, basis: table.basis }, function () {
        next(words("Confirmed", { n: table.number }));
      });
      return;
    }
    var values = seatInputs().map(function (input) {
      return input.value === "" ? null : Number(input.value);
    });
    send(root.dataset.enter, { table: table.number, values: values, basis: table.basis }, function () {
      next(words("Saved", { n: table.number }));
    });
  });

  document.addEventListener("leaguewright:swapped", readState);
  readState();
})();
