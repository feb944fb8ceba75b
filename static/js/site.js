// Every page: confirm dialogs before grave actions, and the forms that fill themselves
// in (a slug from the name, points by place for the table size, only the options of the
// chosen game and format). No libraries.
(function () {
  "use strict";

  // <form data-confirm="Finish the event?">: asked before sending; "Cancel" sends nothing.
  document.addEventListener(
    "submit",
    function (event) {
      var form = event.target;
      if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true
  );

  function slugify(text) {
    return text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 45);
  }

  function wrapper(input) {
    return input.closest("div") || input;
  }

  function setUp(form) {
    var edited = {};
    form.addEventListener("input", function (event) {
      if (event.isTrusted && event.target.name) edited[event.target.name] = true;
    });

    var slug = form.querySelector("[data-slug-from]");
    if (slug) {
      var source = form.elements[slug.dataset.slugFrom];
      source.addEventListener("input", function () {
        if (!edited[slug.name]) slug.value = slugify(source.value);
      });
    }

    var points = form.querySelector("[data-points-by-size]");
    var size = form.elements.table_size;
    if (points && size) {
      var bySize = JSON.parse(points.dataset.pointsBySize);
      var follow = function () {
        if (!edited[points.name] && bySize[size.value]) points.value = bySize[size.value];
      };
      size.addEventListener("input", follow);
      size.addEventListener("change", follow);
      follow();
    }

    var dependent = form.querySelectorAll("[data-for]");
    var show = function () {
      dependent.forEach(function (input) {
        var parts = input.dataset.for.split("=");
        var chooser = form.elements[parts[0]];
        wrapper(input).hidden = Boolean(chooser) && chooser.value !== parts[1];
      });
    };
    form.addEventListener("change", show);
    show();
  }

  document.querySelectorAll("form").forEach(setUp);
})();
