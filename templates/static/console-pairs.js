// Rounds, by hand: change a single pairing of the round shown (PUT
// pairings), take one back, and record a late entrant's missed rounds.
// console-rounds.js draws the round; this adds to it on "round-rendered".
(function () {
  "use strict";
  var C = Console, el = C.el;
  var form = document.getElementById("change-form");
  var unpaired = document.getElementById("unpaired");
  var players = []; // the tournament's players, for the pickers

  function say(text, isError) { C.round.say(text, isError); }

  // inDivision: the players the pickers offer, those of the division shown
  // who are still playing.
  function inDivision() {
    var d = C.round.division();
    return players.filter(function (p) { return !p.withdrawn && (!d || p.division_id === d); });
  }

  function fillPickers() {
    form.querySelectorAll(".player-pick").forEach(function (sel) {
      var was = sel.value;
      sel.textContent = "";
      sel.appendChild(el("option", { value: "" }, sel.dataset.bye ? "nobody: a bye" : "choose a player"));
      inDivision().forEach(function (p) { sel.appendChild(el("option", { value: String(p.id) }, p.name)); });
      sel.value = was;
    });
  }

  function loadPlayers() {
    return C.api("GET", C.base + "/players").then(function (ps) { players = ps; fillPickers(); });
  }

  function change(body) {
    var d = C.round.division();
    if (d) body.division_id = d;
    return C.api("PUT", C.base + "/rounds/" + C.round.shown() + "/pairings", body).then(function (rp) {
      C.round.render(rp);
      return rp;
    });
  }

  C.submit(form, function () {
    var f = form.elements, a = parseInt(f.a.value, 10), b = parseInt(f.b.value, 10), n = C.round.shown();
    if (a === b) throw new Error("A player cannot play themselves.");
    var pairing = { players: b ? [a, b] : [a], reason: f.reason.value.trim() };
    if (b && C.num(f.table.value)) pairing.table = C.num(f.table.value);
    return change({ pairings: [pairing], reason: pairing.reason }).then(function () {
      var name = function (id) { var p = players.filter(function (x) { return x.id === id; })[0]; return p ? p.name : "#" + id; };
      f.a.value = ""; f.b.value = ""; f.table.value = ""; f.reason.value = "";
      return b ? "Round " + n + ": " + name(a) + " v " + name(b) + "." : "Round " + n + ": " + name(a) + " has the bye.";
    });
  });

  // unpairButton takes a pairing back (a second click confirms), leaving
  // its players unpaired in the round.
  function unpairButton(ids) {
    var b = el("button", { type: "button", className: "small-btn unpair" }, "Unpair");
    b.addEventListener("click", function () {
      if (b.textContent !== "Sure?") { b.textContent = "Sure?"; return; }
      b.disabled = true;
      change({ unpair: ids, reason: "taken back by the director" }).then(function () {
        say("Round " + C.round.shown() + ": pairing taken back; its players are listed as not paired.");
      }, function (err) { b.disabled = false; b.textContent = "Unpair"; say(err.message, true); });
    });
    return b;
  }

  // lateButton records the rounds a player has missed so far with the
  // division's late-entry treatment, so they join with that record.
  function lateButton(p) {
    var b = el("button", { type: "button", className: "small-btn late", title: "Give " + p.name + " the division's record for every round paired so far without them" }, "Late entry");
    b.addEventListener("click", function () {
      b.disabled = true;
      C.api("POST", C.base + "/players/" + p.id + "/late-entry", {}).then(function (rs) {
        C.round.load();
        say(rs.length ? p.name + ": " + rs.length + " missed round" + (rs.length > 1 ? "s" : "") + " recorded (" + rs.map(function (r) { return "round " + r.round + " " + r.kind; }).join(", ") + ")." : p.name + " has missed no round.");
      }, function (err) { b.disabled = false; say(err.message, true); });
    });
    return b;
  }

  document.addEventListener("round-rendered", function (e) {
    var rp = e.detail;
    document.querySelectorAll("#pairings tbody tr[data-players]").forEach(function (tr) {
      if (tr.dataset.done || !tr.dataset.players) return;
      tr.lastChild.appendChild(unpairButton(tr.dataset.players.split(" ").map(Number)));
    });
    unpaired.textContent = "";
    var un = rp.unpaired || [];
    // A late entry records rounds paired without the player: with the
    // round shown not paired at all, there is none to enter late into
    // (the table says the round is not paired yet).
    if (!un.length || !(rp.pairings || []).length) return;
    unpaired.appendChild(el("span", {}, "Not paired: "));
    un.forEach(function (p) {
      unpaired.appendChild(el("span", { className: "unpaired-player", dataset: { player: String(p.id) } }, p.name, " ", lateButton(p)));
    });
  });
  // Every redraw follows a change someone made (a late entry, a withdrawal
  // noticed live, another division chosen): the pickers are read again.
  document.addEventListener("round-rendered", C.debounce(loadPlayers, 200));
})();
