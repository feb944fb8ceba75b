// Push streams (lib.push, docs/push.md): a page follows what it shows with
// Leaguewright.follow(url, changed, slowMs). Each "changed" event of the stream calls
// changed(stamp), with the stamp the change moved to: the page fetches its fragment
// then. The browser reconnects by itself when a stream ends (its lifetime) or the
// connection drops, and names the last stamp it had (Last-Event-ID). A stream the
// server refuses (too many at once, not served there) closes: the page then polls
// slowly, calling changed(null) every slowMs, and tries the stream again later.
//
// A part of a page that is only fetched again names its stream in data-push and what
// to fetch in data-push-fetch (with data-push-select: the element of that page it
// takes; one with the part's own id gives its content). Its content is swapped on every
// change (then "leaguewright:swapped" is dispatched on it), but never under a person's
// hands: while the focus is in a field of it the swap waits until the focus leaves,
// and what they typed or opened is carried into the part drawn again (by form action
// and field name); a typed field with no place there holds the swap, and the part says
// it changed, with a button that shows the change. A part whose fetch is not found and
// that names a way on (data-push-gone and data-push-gone-label) says that it is no
// longer there, with a link. The parts of a page that follow one
// stream share it, and parts that fetch one page share the fetch. Once a part contains
// data-push-until (a selector), it follows no more.
(function () {
  "use strict";
  var TRY_AGAIN_MS = 120000;

  function follow(url, changed, slowMs) {
    var source = null;
    var polling = null;
    var stopped = false;

    function poll() {
      if (polling || stopped) return;
      polling = setInterval(function () {
        changed(null);
      }, slowMs);
      setTimeout(open, TRY_AGAIN_MS);
    }

    function open() {
      if (stopped) return;
      if (polling) {
        clearInterval(polling);
        polling = null;
      }
      if (!window.EventSource || !url) {
        poll();
        return;
      }
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener("changed", function (event) {
        changed(event.lastEventId || event.data || null);
      });
      source.addEventListener("error", function () {
        if (source.readyState === EventSource.CLOSED) poll();
      });
    }

    open();
    return {
      stop: function () {
        stopped = true;
        if (source) source.close();
        if (polling) clearInterval(polling);
      },
    };
  }

  var SLOW_PARTS_MS = 30000;
  var script = document.currentScript;
  var words = (script && script.dataset) || {};

  // What a person has typed or chosen in a part: its fields whose value is not the
  // one the page was drawn with, and the <details> they opened, each by a key that
  // names it in the part drawn again (its form's action and its name, or its id).
  function keyOf(element, part) {
    var form = element.closest("form");
    var action = form ? form.getAttribute("action") || "" : "";
    if (element.tagName === "DETAILS") {
      // Many alike (each table card's "Why this table"): told apart by where they are.
      var summary = element.querySelector("summary");
      var around = element.parentElement && element.parentElement.closest("[id]");
      var where = around && around !== part && (!part || part.contains(around)) ? around.id : "";
      return "details\n" + where + "\n" + (element.id || (summary ? summary.textContent.trim() : ""));
    }
    var name = element.name || element.id;
    if (element.type === "radio" || element.type === "checkbox") name += "=" + element.value;
    return action + "\n" + name;
  }

  function changedByHand(field) {
    if (field.type === "hidden" || field.type === "submit" || field.type === "button") return false;
    if (field.type === "file") return field.files && field.files.length > 0;
    if (field.type === "radio" || field.type === "checkbox") return field.checked !== field.defaultChecked;
    if (field.tagName === "SELECT") {
      return Array.prototype.some.call(field.options, function (option) {
        return option.selected !== option.defaultSelected;
      });
    }
    return field.value !== field.defaultValue;
  }

  function typedIn(part) {
    var typed = [];
    part.querySelectorAll("input, textarea, select").forEach(function (field) {
      if (changedByHand(field)) typed.push(field);
    });
    return typed;
  }

  // Carries what was typed into the part drawn again; false when a field typed in has
  // no place there (its form is gone): then the part is not swapped under it.
  function carried(part, fresh) {
    var places = {};
    fresh.querySelectorAll("input, textarea, select, details").forEach(function (element) {
      places[keyOf(element, null)] = element;
    });
    var typed = typedIn(part);
    for (var i = 0; i < typed.length; i++) {
      var place = places[keyOf(typed[i], part)];
      if (!place || typed[i].type === "file") return false;
    }
    typed.forEach(function (field) {
      var place = places[keyOf(field, part)];
      if (field.type === "radio" || field.type === "checkbox") place.checked = field.checked;
      else if (field.tagName === "SELECT") {
        Array.prototype.forEach.call(field.options, function (option, index) {
          if (place.options[index]) place.options[index].selected = option.selected;
        });
      } else place.value = field.value;
    });
    part.querySelectorAll("details[open]").forEach(function (details) {
      var place = places[keyOf(details, part)];
      if (place) place.open = true;
    });
    return true;
  }

  // Whether the focus is in a field of the part (a person typing or choosing there).
  function typingIn(part) {
    var active = document.activeElement;
    if (!active || active === part || !part.contains(active)) return false;
    if (active.isContentEditable) return true;
    if (active.tagName === "TEXTAREA" || active.tagName === "SELECT") return true;
    return active.tagName === "INPUT" && !/^(button|submit|reset|hidden|image)$/.test(active.type);
  }

  function drawnAgain(part, html) {
    var template = document.createElement("template");
    template.innerHTML = html;
    var fresh = template.content;
    if (part.dataset.pushSelect) {
      var chosen = fresh.querySelector(part.dataset.pushSelect);
      if (!chosen) return null;
      fresh = document.createDocumentFragment();
      if (part.id && chosen.id === part.id) {
        while (chosen.firstChild) fresh.appendChild(chosen.firstChild);
      } else {
        fresh.appendChild(chosen);
      }
    }
    return fresh;
  }

  // A script a part brings that the page has not loaded yet (a round clock's, in a
  // to-do list that had none) is loaded; one inserted with the part would not run.
  function loadScripts(part) {
    var loaded = {};
    Array.prototype.forEach.call(document.scripts, function (known) {
      if (!part.contains(known)) loaded[known.src] = true;
    });
    part.querySelectorAll("script[src]").forEach(function (brought) {
      if (loaded[brought.src]) return;
      loaded[brought.src] = true;
      var script = document.createElement("script");
      script.src = brought.src;
      document.body.appendChild(script);
    });
  }

  // The focus on a link or button of the part (not a field: the swap waits for those)
  // is given to its like in the part drawn again.
  function focusKey(part) {
    var active = document.activeElement;
    if (!active || active === part || !part.contains(active)) return null;
    if (active.id) return "#" + CSS.escape(active.id);
    if (active.getAttribute("href")) return 'a[href="' + CSS.escape(active.getAttribute("href")) + '"]';
    return null;
  }

  function swap(part, fresh) {
    var focused = focusKey(part);
    part.replaceChildren(fresh);
    part.classList.remove("push-gone");
    part.inert = false;
    if (focused) {
      var again = part.querySelector(focused);
      if (again) again.focus({ preventScroll: true });
    }
    loadScripts(part);
    if (window.htmx) htmx.process(part);
    part.dispatchEvent(new CustomEvent("leaguewright:swapped", { bubbles: true }));
  }

  // A part drawn again is swapped in, but never under a person's hands: while the
  // focus is inside it the swap waits until the focus leaves; what they typed is
  // carried into the part drawn again; where it has no place there, the part stays
  // and says it changed, with a button that shows the change (and drops the typing).
  function offer(part, html) {
    part.pushFresh = html;
    if (typingIn(part)) {
      if (!part.pushWaiting) {
        part.pushWaiting = true;
        part.addEventListener("focusout", function later() {
          part.removeEventListener("focusout", later);
          part.pushWaiting = false;
          setTimeout(function () {
            if (part.pushFresh) offer(part, part.pushFresh);
          }, 0);
        });
      }
      return;
    }
    var fresh = drawnAgain(part, html);
    if (!fresh) return;
    if (!carried(part, fresh)) {
      held(part);
      return;
    }
    part.pushFresh = null;
    swap(part, fresh);
  }

  // A warning at the top of a part, once (marked data-MARKER): its words, then the
  // element that leads on from it. Whether it was added.
  function notice(part, marker, text, way) {
    if (part.querySelector("[data-" + marker + "]")) return false;
    var note = document.createElement("p");
    note.className = "message warning";
    note.setAttribute("role", "status");
    note.setAttribute("data-" + marker, "");
    note.appendChild(document.createTextNode((text || "") + " "));
    note.appendChild(way);
    part.insertBefore(note, part.firstChild);
    return true;
  }

  function held(part) {
    var button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = words.show || "";
    button.addEventListener("click", function () {
      var fresh = part.pushFresh && drawnAgain(part, part.pushFresh);
      part.pushFresh = null;
      if (fresh) swap(part, fresh);
    });
    notice(part, "push-held", words.held, button);
  }

  // What a part showed is no longer there (its fetch is not found: a draft round
  // discarded elsewhere): a part that names a way on (data-push-gone, a URL, and
  // data-push-gone-label) says so at its top, and the forms that would act on what is
  // gone (its own, and any on the page that sends to its fetch's address or below it:
  // the round's swap, its clock) are disabled. A part that names no way on is dimmed
  // and made inert (the round's status and cards, which no longer stand).
  // A later change that brings it back (a round paired again) swaps it as any change.
  function gone(part) {
    if (!part.dataset.pushGone) {
      part.classList.add("push-gone");
      part.inert = true;
      return;
    }
    var link = document.createElement("a");
    link.href = part.dataset.pushGone;
    link.textContent = part.dataset.pushGoneLabel || "";
    if (!notice(part, "push-gone-note", words.gone, link)) return;
    var place = new URL(part.dataset.pushFetch, window.location.href).pathname;
    document.querySelectorAll("form").forEach(function (form) {
      var inside = part.contains(form);
      if (!inside && new URL(form.action, window.location.href).pathname.indexOf(place) !== 0) return;
      form.querySelectorAll("button, input, select, textarea").forEach(function (field) {
        field.disabled = true;
      });
    });
  }

  // One stream per stream URL, however many parts of the page follow it; each change
  // fetches each fragment once (parts may take different pieces of one page), and a
  // change during a fetch fetches again after it.
  function followParts(url, parts) {
    var following = null;
    var fetching = {};

    function fetchAgain(fetchUrl, shown) {
      var state = fetching[fetchUrl] || (fetching[fetchUrl] = {});
      if (state.busy) {
        state.again = true;
        return;
      }
      state.busy = true;
      state.again = false;
      fetch(fetchUrl, { credentials: "same-origin", headers: { "HX-Request": "true" } })
        .then(function (response) {
          if (response.status === 404) {
            shown.forEach(gone);
            return null;
          }
          if (!response.ok) throw new Error(response.status);
          return response.text();
        })
        .then(function (html) {
          if (html === null) return;
          shown.forEach(function (part) {
            offer(part, html);
          });
          done();
        })
        .catch(function () {})
        .then(function () {
          state.busy = false;
          if (state.again) fetchAgain(fetchUrl, shown);
        });
    }

    function changed() {
      var byFetch = {};
      parts.forEach(function (part) {
        if (part.pushDone) return;
        (byFetch[part.dataset.pushFetch] = byFetch[part.dataset.pushFetch] || []).push(part);
      });
      Object.keys(byFetch).forEach(function (fetchUrl) {
        fetchAgain(fetchUrl, byFetch[fetchUrl]);
      });
    }

    // Once a part contains its data-push-until, it follows no more.
    function done() {
      parts.forEach(function (part) {
        var until = part.dataset.pushUntil;
        if (until && part.querySelector(until)) part.pushDone = true;
      });
      if (following && parts.every(function (part) { return part.pushDone; })) following.stop();
    }

    done();
    if (!parts.every(function (part) { return part.pushDone; })) {
      following = follow(url, changed, SLOW_PARTS_MS);
    }
  }

  function followAllParts() {
    var byStream = {};
    document.querySelectorAll("[data-push][data-push-fetch]").forEach(function (part) {
      (byStream[part.dataset.push] = byStream[part.dataset.push] || []).push(part);
    });
    Object.keys(byStream).forEach(function (url) {
      followParts(url, byStream[url]);
    });
  }

  window.Leaguewright = window.Leaguewright || {};
  window.Leaguewright.follow = follow;
  document.addEventListener("DOMContentLoaded", function () {
    followAllParts();
  });
})();
