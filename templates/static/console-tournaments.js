// The tournaments list: a new tournament is created through the API and
// the director goes on to set it up.
(function () {
  "use strict";
  var form = document.getElementById("new-tournament");
  ConsoleRules.wire(form);
  Console.submit(form, function () {
    return Console.api("POST", "/api/v1/tournaments", ConsoleRules.read(form)).then(function (t) {
      location.href = "/director/" + t.id + "/setup";
      return "Created " + t.name + ".";
    });
  });
})();
