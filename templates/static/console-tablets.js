// The address tablets open, as the server decides it (its public URL,
// the tournament's hall address, or this laptop's address on the hall's
// network), shown wherever a console page has #tablet-address, with the
// server's plain warning in #tablet-warning when no tablet can reach it
// and a line under the printouts in #cards-address.
var ConsoleTablets = (function () {
  "use strict";
  var C = Console;
  var base = location.origin;
  function byId(id) { return document.getElementById(id); }
  function show(a) {
    byId("tablet-address").textContent = a.base + "/table/…";
    var w = byId("tablet-warning");
    if (w) { w.textContent = a.warning ? a.warning + "." : ""; w.hidden = !a.warning; }
    var cards = byId("cards-address");
    if (cards) {
      cards.textContent = "The table cards send tablets to " + a.base + "/table/…" + (a.warning ? ", which they cannot reach: see Table codes." : ".");
      cards.className = a.warning ? "error" : "small";
    }
  }
  // load reads the address again and shows it; it resolves with it, or
  // with null when it could not be read (the problem shown in its place).
  function load() {
    return C.api("GET", C.base + "/tablet-address").then(function (a) {
      base = a.base;
      show(a);
      return a;
    }, function (err) { byId("tablet-address").textContent = err.message; return null; });
  }
  var ready = byId("tablet-address") ? load() : Promise.resolve(null);
  return { load: load, ready: ready, base: function () { return base; } };
})();
