// Submit results: the event's date and its NASPA numbers, saved into the
// tournament (its other settings kept), then the page read again so its
// checks follow.
(function () {
  "use strict";
  var C = Console;
  var form = document.getElementById("submit-settings");
  var stale = document.getElementById("submit-stale");
  // A result, pairing or player changed elsewhere: the checks above were
  // read before it, so the page offers to read them again.
  function changed() { stale.hidden = false; }
  C.live(C.tournament, { result: changed, pairings: changed, players: changed }, function () { changed(); });
  stale.querySelector("button").addEventListener("click", function () { location.reload(); });
  C.submit(form, function () {
    var f = form.elements;
    return C.api("GET", C.base).then(function (t) {
      var settings = t.settings || {};
      settings.naspa_tournament_id = f.naspa_tournament_id.value.trim();
      settings.naspa_director_id = f.naspa_director_id.value.trim();
      return C.api("PATCH", C.base, { end_date: f.end_date.value, settings: settings });
    }).then(function () {
      location.reload();
      return "Saved.";
    });
  });
})();
