// One game in the console, when it cannot finish at the table: the
// director ends it where it stands (time ran out, abandoned, adjudicated),
// with the tiles each player has left when known and a reason for the
// audit log. The record then gives the result. console-game.js draws the
// game and announces it with "console-game".
(function () {
  "use strict";
  var C = Console;
  var main = document.querySelector("main");
  var gpath = "/api/v1/games/" + main.dataset.game;
  var card = document.getElementById("end-card"), form = document.getElementById("end-form");
  var confirmBox = document.getElementById("end-confirm"), submit = document.getElementById("end-submit");
  var hows = { time: "time ran out for the round", abandoned: "abandoned", adjudicated: "adjudicated" };
  var game = null, ended = "";

  // canEnd: the game has a record that is still going (not over, not set
  // aside); only such a game is ended where it stands.
  function canEnd(g) {
    return g.turns.length > 0 && g.status !== "finished" && !window.ConsoleGame.setAside(g) && !(g.result && g.result.over);
  }
  function standing(g) {
    return g.players.map(function (p) { return p.name + " " + p.score; }).join(", ");
  }

  // finals: the players' final scores in a game (as ended, or as ending
  // it would leave it); deducted: the racks taken off, by whom.
  function finals(g) {
    return g.result && g.result.final ? g.players.map(function (p, i) { return p.name + " " + g.result.final[i]; }).join(", ") : standing(g);
  }
  function deducted(g) {
    var r = g.result || {}, adj = r.rack_adjust || [], left = r.rack_left || [];
    return g.players.filter(function (p, i) { return left[i]; }).map(function (p) {
      return p.name + "’s " + left[p.seat - 1] + " −" + Math.abs(adj[p.seat - 1] || 0);
    }).join(", ");
  }

  function asking(on) {
    confirmBox.hidden = !on;
    submit.hidden = on;
  }

  document.addEventListener("console-game", function (e) {
    game = e.detail;
    // Ended from this page: the card stays, to say how it went.
    var over = !canEnd(game);
    card.hidden = over && !ended;
    form.querySelectorAll("fieldset, .fields, label, p.small").forEach(function (x) { x.hidden = over; });
    if (over) { confirmBox.hidden = true; submit.hidden = true; } else submit.hidden = !confirmBox.hidden;
  });

  // A change once the confirmation shows asks for it again, with the
  // words brought up to date by the next press.
  form.addEventListener("input", function () {
    if (!confirmBox.hidden) { asking(false); C.status(form, "", false); }
  });

  document.getElementById("end-back").addEventListener("click", function () {
    asking(false);
    C.status(form, "", false);
    submit.focus();
  });

  C.submit(form, function () {
    var f = form.elements, how = f.how.value, reason = f.reason.value.trim();
    if (!hows[how]) throw new Error("Choose how the game ended.");
    if (!reason) throw new Error("Say why the game is ended where it stands.");
    var racks = {};
    game.players.forEach(function (p) {
      var r = (f["rack" + p.seat].value || "").trim();
      if (r) racks[String(p.seat)] = r;
    });
    if (confirmBox.hidden) {
      // First press: say what will happen, with the final scores the
      // server works out (nothing is stored yet); the second ends it.
      return C.api("POST", gpath + "/end/preview", { how: how, racks: racks }).then(function (g) {
        document.getElementById("end-confirm-text").textContent = "Table " + game.table + "’s game ends where it stands (" + hows[how] + "). Final score: " +
          finals(g) + (Object.keys(racks).length ? " (" + deducted(g) + ")" : "") + ". Nothing more can be entered at the table.";
        asking(true);
        document.getElementById("end-yes").focus();
        return "Check, then press “End the game now”.";
      });
    }
    return C.api("POST", gpath + "/end", { how: how, reason: reason, racks: racks }).then(function (g) {
      asking(false);
      form.reset();
      ended = "Game ended (" + hows[how] + "). Result: " + finals(g) + ".";
      return window.ConsoleGame.show(g).then(function () { return ended; });
    }, function (err) {
      asking(false);
      throw err;
    });
  });
})();
