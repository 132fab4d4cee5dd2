// Standings and results: the standings as the service ranks them, a
// result entered from a scorecard, a round's results amended with a
// reason. Standings re-read on every result, finished game or pairing.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var divSel = document.getElementById("division");
  var rform = document.getElementById("result-form"), aform = document.getElementById("amend-form");
  var roundSel = document.getElementById("results-round-select");
  var players = [], amending = null;

  function dq(sep) { return divSel && divSel.value ? sep + "division=" + divSel.value : ""; }
  function fail(id) {
    return function (err) {
      var p = document.getElementById(id);
      p.textContent = err.message; p.className = "form-status error"; p.hidden = false;
    };
  }
  function spread(n) { return (n > 0 ? "+" : "") + n; }

  function loadStandings() {
    return C.api("GET", C.base + "/standings" + dq("?")).then(function (rows) {
      document.getElementById("standings-status").hidden = true;
      var tb = document.querySelector("#standings tbody");
      tb.textContent = "";
      rows.forEach(function (r) {
        tb.appendChild(el("tr", { className: r.withdrawn ? "withdrawn" : "", dataset: { player: String(r.player_id) } },
          el("td", { className: "num" }, r.withdrawn || !r.rank ? "–" : r.rank + (r.tied ? "=" : "")), el("td", {}, r.name + (r.withdrawn ? " (withdrawn)" : "")), el("td", { className: "class" }, r["class"] || ""),
          el("td", { className: "num wins" }, r.wins), el("td", { className: "num losses" }, r.losses),
          el("td", { className: "num spread" }, spread(r.spread)), el("td", { className: "num" }, r.points), el("td", { className: "num" }, r.rating || "")));
      });
      if (!rows.length) tb.appendChild(el("tr", {}, el("td", { colSpan: 8, className: "small" }, "No players yet.")));
      // The Class column only where the division has classes.
      document.getElementById("standings").classList.toggle("no-classes", !rows.some(function (r) { return r["class"]; }));
      document.getElementById("standings-updated").textContent = "Read at " + new Date().toLocaleTimeString() + ".";
    }, fail("standings-status"));
  }

  function loadPlayers() {
    return C.api("GET", C.base + "/players").then(function (ps) {
      var d = divSel && divSel.value ? parseInt(divSel.value, 10) : null;
      players = ps.filter(function (p) { return !d || p.division_id === d; });
      document.querySelectorAll(".player-select").forEach(function (sel, i) {
        var was = sel.value;
        sel.textContent = "";
        sel.appendChild(el("option", { value: "" }, "choose…"));
        players.forEach(function (p) { sel.appendChild(el("option", { value: String(p.id) }, p.name)); });
        sel.value = was;
        if (i === 1) sel.required = rform.elements.kind.value !== "bye";
      });
    });
  }

  function loadResults() {
    var n = parseInt(roundSel.value, 10) || 1;
    document.getElementById("results-round").textContent = n;
    return C.api("GET", C.base + "/results?round=" + n + dq("&")).then(function (rs) {
      var tb = document.querySelector("#results tbody");
      tb.textContent = "";
      rs.forEach(function (r) {
        var btn = el("button", { type: "button", className: "small-btn" }, "Amend");
        btn.addEventListener("click", function () { startAmend(r); });
        var who = C.tableNames(r.names, r.teams);
        if (r.game_id) who = el("a", { href: "/director/" + C.tournament + "/games/" + r.game_id }, who);
        tb.appendChild(el("tr", { dataset: { result: String(r.id) } }, el("td", { className: "num" }, r.table || ""), el("td", {}, who),
          el("td", { className: "num" }, r.scores.join("–")), el("td", {}, r.kind + (r.source && r.source !== "director" ? " (" + r.source + ")" : "")), el("td", {}, btn)));
      });
      if (!rs.length) tb.appendChild(el("tr", {}, el("td", { colSpan: 5, className: "small" }, "No results in round " + n + " yet.")));
    }, function (err) { C.status(aform, err.message, true); aform.hidden = false; });
  }

  function ensureRound(n) {
    if (![].some.call(roundSel.options, function (o) { return o.value === String(n); })) roundSel.appendChild(el("option", { value: String(n) }, n));
  }

  rform.elements.kind.addEventListener("change", function () {
    var bye = rform.elements.kind.value === "bye";
    document.getElementById("opponent-fields").hidden = bye;
    rform.elements.p2.required = !bye;
  });

  C.submit(rform, function () {
    var f = rform.elements, kind = f.kind.value, round = C.num(f.round.value);
    var p1 = C.num(f.p1.value), p2 = C.num(f.p2.value), body = { round: round, kind: kind };
    if (kind === "game") {
      body.players = [p1, p2];
      body.scores = [C.num(f.s1.value), C.num(f.s2.value)];
      if (body.scores.indexOf(null) >= 0) throw new Error("Enter both scores.");
    } else {
      body.player = p1;
      if (kind === "forfeit") body.opponent = p2;
    }
    return C.api("POST", C.base + "/results", body).then(function (r) {
      f.s1.value = ""; f.s2.value = "";
      ensureRound(round);
      roundSel.value = String(round);
      return Promise.all([loadStandings(), loadResults()]).then(function () {
        return "Result entered: " + (r.names ? C.tableNames(r.names, r.teams) : "") + (r.scores ? " " + r.scores.join("–") : "") + ".";
      });
    });
  });

  function startAmend(r) {
    amending = r;
    var box = document.getElementById("amend-scores");
    box.textContent = "";
    // A score a side: a player each, or a team game's two teams.
    amending.sides = C.sides(r.names, r.teams).slice(0, r.scores.length);
    amending.sides.forEach(function (n, i) {
      box.appendChild(el("label", { className: "short" }, n, el("input", { name: "a" + i, type: "number", value: String(r.scores[i]), required: true })));
    });
    document.getElementById("amend-title").textContent = "Amend: " + C.tableNames(r.names, r.teams) + ", round " + r.round;
    C.status(aform, "", false);
    aform.hidden = false;
    aform.elements.reason.focus();
  }
  document.getElementById("amend-cancel").addEventListener("click", function () { aform.hidden = true; amending = null; });
  C.submit(aform, function () {
    if (!amending) throw new Error("Choose a result to amend.");
    var f = aform.elements, scores = amending.sides.map(function (n, i) { return C.num(f["a" + i].value); });
    if (scores.indexOf(null) >= 0) throw new Error("Enter every score.");
    return C.api("PATCH", C.base + "/results/" + amending.id, { scores: scores, reason: f.reason.value.trim() }).then(function () {
      f.reason.value = "";
      aform.hidden = true;
      amending = null;
      return Promise.all([loadStandings(), loadResults()]).then(function () { return "Amended."; });
    });
  });

  // printLinks: the division's printouts and files follow the Division
  // selector (without one, the tournament's only division).
  function printLinks() {
    document.querySelectorAll("a[data-division-link]").forEach(function (a) {
      var u = new URL(a.href, location.href);
      if (divSel && divSel.value) u.searchParams.set("division", divSel.value); else u.searchParams.delete("division");
      a.href = u.pathname + u.search;
    });
  }

  roundSel.addEventListener("change", loadResults);
  if (divSel) divSel.addEventListener("change", function () { printLinks(); loadStandings(); loadPlayers(); loadResults(); });
  printLinks();
  loadStandings(); loadPlayers(); loadResults();
  var again = C.debounce(function () { loadStandings(); loadResults(); }, 200);
  C.live(C.tournament, {
    result: again, pairings: again,
    players: C.debounce(function () { loadPlayers(); loadStandings(); }, 200),
    game: function (n) { if (n.status === "finished") again(); }
  });
})();
