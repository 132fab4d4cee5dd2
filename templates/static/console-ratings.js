// Setup: the rating lists (a rating body's players, ratings, member ids
// and career games, as tsh's ratings/LIST/current.txt). The card lists
// those stored and adds one from a file or pasted text; C.ratingLists
// (their names) fills the division rules form's "Rating list" choice
// (console-divisions.js), told of a change by "rating-lists-loaded".
(function () {
  "use strict";
  var C = Console, el = C.el;
  var ul = document.getElementById("rating-lists"), form = document.getElementById("rating-list-form");
  if (!ul || !form) return;
  C.ratingLists = [];

  function describe(l) {
    var when = l.created_at ? new Date(l.created_at).toLocaleDateString() : "";
    return el("li", { dataset: { list: l.name } }, el("strong", {}, l.name), " \u2014 " + l.entries.toLocaleString() + " players" + (when ? ", added " + when : ""));
  }
  function load() {
    return C.api("GET", "/api/v1/ratings-lists").then(function (ls) {
      C.ratingLists = ls.map(function (l) { return l.name; });
      ul.textContent = "";
      ls.forEach(function (l) { ul.appendChild(describe(l)); });
      if (!ls.length) ul.appendChild(el("li", { className: "small" }, "None yet."));
      document.dispatchEvent(new CustomEvent("rating-lists-loaded", { detail: C.ratingLists }));
    }, function (err) {
      ul.textContent = "";
      ul.appendChild(el("li", { className: "error" }, err.message));
    });
  }

  var file = form.elements.file, text = form.elements.text;
  C.submit(form, function () {
    var name = form.elements.name.value.trim();
    var got = file.files.length ? file.files[0].text() : Promise.resolve(text.value);
    return got.then(function (t) {
      if (!t.trim()) throw new Error("Choose the list's file, or paste it.");
      return C.api("POST", "/api/v1/ratings-lists", { name: name, text: t });
    }).then(function (l) {
      form.reset();
      return load().then(function () {
        return "Rating list " + l.name + " added: " + l.entries.toLocaleString() + " players. Choose it in a division's rules to use it.";
      });
    });
  });
  load();
})();
