// Rounds: pair a round with a chosen system, see every pairing with the
// reason the system gives, make a round current, show the address tablets
// open and print the round's sheets. Changing single pairings is
// console-pairs.js; table codes and signed-in tablets, console-codes.js.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var main = document.querySelector("main");
  var pform = document.getElementById("pair-form");
  var roundSelect = document.getElementById("round-select");
  var pstatus = document.getElementById("pairings-status");

  function division() {
    var sel = pform.elements.division_id;
    return sel && sel.value ? parseInt(sel.value, 10) : null;
  }
  function shown() { return parseInt(roundSelect.value, 10) || 1; }
  // say shows a line above the pairings: what went right, or a problem.
  function say(text, isError) {
    pstatus.textContent = text; pstatus.className = "form-status " + (isError ? "error" : "ok"); pstatus.hidden = false;
  }
  function problem(err) { say(err.message, true); }

  function ensureRound(n) {
    if (![].some.call(roundSelect.options, function (o) { return o.value === String(n); })) {
      roundSelect.appendChild(el("option", { value: String(n) }, n));
    }
    roundSelect.value = String(n);
  }

  // reports are the round's printouts; the ones only the director may
  // open carry the page's CSRF token, as a link cannot send a header.
  // The table cards carry each table's code, the same however often
  // they are printed, and send tablets to the address the server decides.
  function reports(n) {
    var base = C.base + "/rounds/" + n, d = division(), q = "csrf=" + encodeURIComponent(C.csrf) + (d ? "&division=" + d : "");
    var nav = document.getElementById("round-reports");
    nav.textContent = "";
    [["Table cards with QR codes", base + "/tablecards.pdf?" + q],
      ["Pairings", base + "/pairings.pdf?" + q], ["Score sheets", base + "/scoresheets.pdf?" + q],
      ["Score sheets to fill in", base + "/blank-scoresheets.pdf?" + q], ["Result slips", base + "/slips.pdf?" + q]].forEach(function (r) {
      nav.appendChild(el("a", { href: r[1], target: "_blank", rel: "noopener", className: "report" }, r[0] + " (PDF)"));
    });
  }
  // cardLink prints one table's card of the round shown.
  function cardLink(table) {
    var d = division();
    return C.base + "/rounds/" + shown() + "/tablecards.pdf?table=" + table + "&csrf=" + encodeURIComponent(C.csrf) + (d ? "&division=" + d : "");
  }

  // The hall address: the address tablets open when the hall gives this
  // laptop a fixed name (console-tablets.js shows the one in use).
  var hform = document.getElementById("hall-form");
  if (location.hash === "#hall-address") document.getElementById("hall-address").open = true;
  ConsoleTablets.ready.then(function (a) { if (a && a.warning) document.getElementById("hall-address").open = true; });
  function loadHallAddress() {
    return C.api("GET", C.base).then(function (t) { hform.elements.public_url.value = (t.settings || {}).public_url || ""; });
  }
  // Settings are replaced whole: the others are sent back as they are.
  C.submit(hform, function () {
    var v = hform.elements.public_url.value.trim();
    return C.api("GET", C.base).then(function (t) {
      var settings = t.settings || {};
      if (v) settings.public_url = v; else delete settings.public_url;
      return C.api("PATCH", C.base, { settings: settings });
    }).then(function (t) {
      hform.elements.public_url.value = (t.settings || {}).public_url || "";
      return ConsoleTablets.load().then(function () {
        var at = ConsoleTablets.base() + "/table/…";
        return v ? "Saved: tablets open " + at : "No hall address: tablets open " + at;
      });
    });
  });

  // names: "Ann v Bob", everyone at a table of three or four, "Ann & Cy
  // vs Bob & Di" in a team game.
  // A withdrawn player at a game is marked so (the game is a forfeit).
  function names(p) {
    return C.tableNames(p.players.map(function (x) {
      return x.withdrawn && p.players.length > 1 ? x.name + " (withdrawn)" : x.name;
    }), p.teams);
  }
  // ALONE: what a player alone has this round, by the pairing's kind
  // (a forfeit is never a bye).
  var ALONE = { bye: "bye", withdrawn: "withdrawn", "late-entry": "late entry", forfeit: "forfeit" };
  function tableCell(p) {
    if (p.table) return p.table;
    return ALONE[p.kind] || (p.bye ? "bye" : "");
  }
  // resultText: the scores in seat order (a team game: the teams'), or
  // what the result is (a bye, a forfeit).
  function resultText(r) {
    if (!r.scores) return r.kind;
    if (r.teams || (r.names || []).length > 2) {
      return C.sides(r.names || [], r.teams).map(function (n, i) { return n + " " + r.scores[i]; }).join(", ");
    }
    return r.scores.join("–");
  }

  function render(rp) {
    var tb = document.querySelector("#pairings tbody");
    tb.textContent = "";
    (rp.pairings || []).forEach(function (p) {
      var result = "";
      if (p.result) result = resultText(p.result);
      var link = p.game_id ? el("a", { href: "/director/" + C.tournament + "/games/" + p.game_id, className: "btn-link" }, "Game") : "";
      tb.appendChild(el("tr", { dataset: { table: String(p.table || ""), players: p.players.map(function (x) { return x.id; }).join(" "), done: p.result ? "1" : "" } },
        el("td", { className: "num" }, tableCell(p)), el("td", { className: "players" }, names(p)),
        el("td", { className: "reason" }, p.reason || ""), el("td", {}, result), el("td", {}, link)));
    });
    if (!(rp.pairings || []).length) tb.appendChild(el("tr", {}, el("td", { colSpan: 5, className: "small" }, "Round " + rp.round + " is not paired yet.")));
    document.getElementById("shown-round").textContent = rp.round;
    document.getElementById("key-results-link").href = "/director/" + C.tournament + "/results?round=" + rp.round;
    // console-pairs.js adds its controls to what was drawn.
    document.dispatchEvent(new CustomEvent("round-rendered", { detail: rp }));
  }

  function load() {
    var n = shown(), d = division();
    reports(n);
    return C.api("GET", C.base + "/rounds/" + n + "/pairings" + (d ? "?division=" + d : "")).then(function (rp) {
      // An answer for a round or division no longer picked (an earlier
      // load that came back late) is not drawn over the one picked.
      if (n !== shown() || d !== division()) return;
      if (pstatus.classList.contains("error")) pstatus.hidden = true; // what went right stays said

      render(rp);
    }, problem);
  }

  // Rounds and where they stand: status, results in, the tables still
  // without a result. Derived by the server from the pairings and results.
  var statusWords = { pairing: "not paired yet", paired: "paired", "in-play": "in play", complete: "complete" };
  var gameWords = { "in-progress": "being played", "awaiting-acceptance": "last play not yet accepted",
    "awaiting-racks": "waiting for the racks", "on-hold": "play on hold", finished: "finished", voided: "record set aside" };
  function tableText(m) {
    var who = C.tableNames(m.players, m.teams) + (m.status ? ", " + (gameWords[m.status] || m.status) : "");
    return m.table ? "table " + m.table + " (" + who + ")" : who;
  }
  // missingText says which tables a refusal was about, in plain words.
  function missingText(state) {
    var parts = [];
    ((state && state.rounds) || []).forEach(function (r) {
      var where = (r.division ? "Division " + r.division + " round " : "Round ") + r.number;
      if (r.status === "pairing") { parts.push(where + " is not paired."); return; }
      parts.push(where + " is not complete: " + r.missing.map(tableText).join("; ") + " still without a result.");
    });
    return parts.join(" ");
  }
  function renderStatus(list) {
    var ul = document.getElementById("round-status"), d = division();
    ul.textContent = "";
    list.filter(function (r) { return !d || r.division_id === d; }).forEach(function (r) {
      var li = el("li", { className: "round-" + r.status, dataset: { round: String(r.number), status: r.status } },
        el("strong", {}, (r.division && !d ? r.division + " " : "") + "Round " + r.number), " ",
        el("span", { className: "state" }, statusWords[r.status] || r.status),
        r.games ? " · " + r.results + " of " + r.games + " results" : "", r.current ? " · current" : "");
      if (r.missing.length && r.status !== "pairing") {
        li.appendChild(el("div", { className: "missing small" }, "Missing: " + r.missing.map(tableText).join("; ")));
      }
      ul.appendChild(li);
    });
    if (!ul.children.length) ul.appendChild(el("li", { className: "small" }, "No rounds yet."));
  }
  // The pair form is the division's: its next round (after the last it
  // has paired), and what was last said about pairing it.
  var roundList = [], summaries = {}, roundTouched = false;
  function nextRound(d) {
    var last = 0;
    roundList.forEach(function (r) {
      if ((!d || r.division_id === d) && r.games > 0) last = Math.max(last, r.number);
    });
    return last + 1;
  }
  function divisionForm() {
    var d = division();
    if (!roundTouched) pform.elements.round.value = nextRound(d);
    document.getElementById("pair-summary").textContent = summaries[d || 0] || "";
  }
  // Typed, stepped or chosen (input), or set and announced (change): the
  // director's round stands until a pairing moves the form on.
  ["input", "change"].forEach(function (ev) {
    pform.elements.round.addEventListener(ev, function () { roundTouched = true; });
  });
  function loadStatus() {
    loadNext();
    return C.api("GET", C.base + "/rounds").then(function (list) {
      roundList = list;
      divisionForm();
      renderStatus(list);
    }, function (err) {
      document.getElementById("round-status").textContent = err.message;
    });
  }
  // loadNext says the division's next round and the system its plan or
  // settings give it, as the service decides it (next_round, next_system).
  var nextLine = document.getElementById("next-system");
  function loadNext() {
    var d = division();
    if (!d) { nextLine.hidden = true; return; }
    C.api("GET", C.base + "/divisions").then(function (ds) {
      var dv = ds.filter(function (x) { return x.id === d; })[0];
      nextLine.hidden = !(dv && dv.next_system);
      if (dv && dv.next_system) {
        var plan = (dv.settings && dv.settings.pairing_plan || []).length ? ", from the division's plan" : "";
        nextLine.textContent = "Next: round " + dv.next_round + ", " + ((C.systemWords || {})[dv.next_system] || dv.next_system) + plan +
          (dv.next_taken_back ? "; you took it back, so it waits for you to pair it" :
            dv.settings && dv.settings.auto_pair && dv.next_round > 1 ? "; it is paired by itself as soon as round " + (dv.next_round - 1) + " is complete" : "") + ".";
      }
    }, function () { nextLine.hidden = true; });
  }

  var forceBox = document.getElementById("force-pair");
  // InitFontes, chosen here, offers its groups dealt by rating (snaked).
  var snakedBox = document.getElementById("pair-snaked");
  // Dealt by rating, nothing is drawn: no seed to give.
  function showSnaked() {
    var f = pform.elements, fontes = f.system.value === "fontes";
    snakedBox.hidden = !fontes;
    f.seed.closest("label").hidden = fontes && f.snaked.checked;
  }
  pform.elements.system.addEventListener("change", showSnaked);
  pform.elements.snaked.addEventListener("change", showSnaked);
  showSnaked();
  C.submit(pform, function () {
    var f = pform.elements, n = C.num(f.round.value);
    var body = { system: f.system.value, replace: f.replace.checked, only_unpaired: f.only_unpaired.checked };
    if (f.system.value === "fontes" && f.snaked.checked) body.snaked = true;
    if (f.seed.value.trim()) body.seed = C.num(f.seed.value);
    if (division()) body.division_id = division();
    if (!forceBox.hidden && f.force.checked) { body.force = true; body.reason = f.reason.value; }
    return C.api("POST", C.base + "/rounds/" + n + "/pairings", body).catch(function (err) {
      if (err.code === "round-incomplete") {
        forceBox.hidden = false;
        throw new Error("Round " + n + " was not paired. " + missingText(err.state) +
          " Enter those results first, or tick \u201cPair anyway\u201d and say why.");
      }
      throw err;
    }).then(function (rp) {
      forceBox.hidden = true; f.force.checked = false; f.reason.value = "";
      loadStatus();
      ensureRound(n);
      render(rp);
      reports(n);
      f.replace.checked = false; f.only_unpaired.checked = false; f.snaked.checked = false; showSnaked();
      f.round.value = n + 1; roundTouched = false;
      var sel = f.division_id, what = (sel && sel.selectedIndex >= 0 ? "Division " + sel.options[sel.selectedIndex].text + " round " : "Round ") + n;
      var how = ((C.systemWords || {})[rp.system] || rp.system) + (rp.snaked ? ", groups dealt by rating" : "");
      summaries[division() || 0] = what + " paired by " + how +
        (rp.seed !== undefined ? ", seed " + rp.seed + " \u2014 pair again with the same seed to get the same pairings" : "") + ".";
      f.seed.value = "";
      document.getElementById("pair-summary").textContent = summaries[division() || 0];
      var cur = parseInt(main.dataset.current, 10);
      return what + " paired by " + how + "." + (n !== cur ? " Make it current when its games begin." : "");
    });
  });

  C.round = { shown: shown, division: division, render: render, load: load, say: say, cardLink: cardLink };

  roundSelect.addEventListener("change", load);
  if (pform.elements.division_id) pform.elements.division_id.addEventListener("change", function () {
    // Another division: its own round to pair, nothing said yet about it.
    roundTouched = false; forceBox.hidden = true; pform.elements.force.checked = false;
    C.status(pform, "");
    divisionForm();
    load(); loadStatus();
  });

  var fcur = document.getElementById("force-current");
  function madeCurrent(t) {
    main.dataset.current = t.current_round;
    document.getElementById("current-round").textContent = t.current_round;
    fcur.hidden = true;
    loadStatus();
    say("Round " + t.current_round + " is current: table codes now enter its games.");
  }
  document.getElementById("make-current").addEventListener("click", function () {
    var n = shown();
    C.api("PATCH", C.base, { current_round: n }).then(madeCurrent, function (err) {
      if (err.code !== "round-incomplete") return problem(err);
      say("Round " + n + " was not made current. " + missingText(err.state), true);
      fcur.hidden = false;
      fcur.dataset.round = String(n);
      fcur.elements.reason.focus();
    });
  });
  fcur.querySelector(".cancel").addEventListener("click", function () { fcur.hidden = true; });
  C.submit(fcur, function () {
    var n = C.num(fcur.dataset.round);
    return C.api("PATCH", C.base, { current_round: n, force: true, reason: fcur.elements.reason.value }).then(function (t) {
      madeCurrent(t);
      fcur.elements.reason.value = "";
      return "Round " + n + " is current.";
    });
  });

  load();
  loadStatus();
  loadHallAddress();
  var reload = C.debounce(function () { load(); loadStatus(); }, 200);
  C.live(C.tournament, { pairings: reload, result: reload, players: reload, game: function (n) { if (n.status === "finished") reload(); } });
})();
