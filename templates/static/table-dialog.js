// The table's tablet page: its one dialog. Every question the page asks
// (pass? what was exchanged? challenge? undo, and why? enter a refused
// move anyway?) opens the same large modal, sized for fingers, instead of
// the browser's own pop-ups: plain words, Cancel and a button that says
// what it does. Enter confirms, Escape cancels.
//
// T.ask({ title, text, ok, warn, field: { label, placeholder, caps,
// required, check } }, done) calls done(value) once the players confirm:
// the field's text, trimmed ("" without a field). Cancel calls nothing.
// ok is the confirm button's words, red with warn (a step that counts);
// caps: the tablet's keyboard starts in capitals. A required field must
// not be empty (required: true, or the words that say so); check(value)
// returns what else is wrong with it ("" when it is fine). The dialog
// stays open, saying why, until the value will do.
(function (T) {
  "use strict";
  var $ = T.$, text = T.text;
  var box = $("ask"), input = $("ask-input"), field = $("ask-field"), error = $("ask-error"), ok = $("ask-ok");
  var current = null;

  function close() {
    current = null;
    if (box.open) box.close();
  }
  function problem(o, v) {
    if (!o.field) return "";
    if (o.field.required && v === "") return o.field.required === true ? "Please fill this in." : o.field.required;
    return o.field.check ? o.field.check(v) : "";
  }
  function confirm() {
    var o = current; if (!o) return;
    var v = o.field ? input.value.trim() : "", why = problem(o, v);
    if (why) { text(error, why); error.hidden = false; input.focus(); return; }
    close();
    o.done(v);
  }
  T.ask = function (o, done) {
    current = { field: o.field, done: done };
    text($("ask-title"), o.title || "");
    text($("ask-text"), o.text || "");
    $("ask-text").hidden = !o.text;
    text(ok, o.ok || "OK");
    ok.className = "big " + (o.warn ? "danger" : "primary");
    field.hidden = !o.field;
    text($("ask-label"), o.field ? o.field.label || "" : "");
    input.value = "";
    input.placeholder = o.field && o.field.placeholder || "";
    input.setAttribute("autocapitalize", o.field && o.field.caps ? "characters" : "sentences");
    error.hidden = true; text(error, "");
    if (!box.open) box.showModal();
    (o.field ? input : ok).focus();
  };

  // Enter confirms: in the field it submits the form, and the confirm
  // button, which has the focus otherwise, is the form's submit button.
  $("ask-form").addEventListener("submit", function (e) { e.preventDefault(); confirm(); });
  $("ask-cancel").addEventListener("click", close);
  // Escape: the browser's own cancel of a modal dialog, and the key.
  box.addEventListener("cancel", function (e) { e.preventDefault(); close(); });
  box.addEventListener("keydown", function (e) { if (e.key === "Escape") { e.preventDefault(); close(); } });
  input.addEventListener("input", function () { error.hidden = true; });
})(window.tourneyTable);
