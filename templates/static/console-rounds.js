// Rounds: pair a round with a chosen system, see every pairing with the
// reason the system gives, make a round current, issue table codes and
// print the round's sheets.
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
  function problem(err) {
    pstatus.textContent = err.message; pstatus.className = "form-status error"; pstatus.hidden = false;
  }

  function ensureRound(n) {
    if (![].some.call(roundSelect.options, function (o) { return o.value === String(n); })) {
      roundSelect.appendChild(el("option", { value: String(n) }, n));
    }
    roundSelect.value = String(n);
  }

  // reports are the round's printouts; the ones only the director may
  // open carry the page's CSRF token, as a link cannot send a header.
  function reports(n) {
    var base = C.base + "/rounds/" + n, d = division(), q = "csrf=" + encodeURIComponent(C.csrf) + (d ? "&division=" + d : "");
    var nav = document.getElementById("round-reports");
    nav.textContent = "";
    [["Table cards with QR codes", base + "/tablecards.pdf?base=" + encodeURIComponent(location.origin) + "&" + q],
      ["Pairings", base + "/pairings.pdf?" + q], ["Score sheets", base + "/scoresheets.pdf?" + q],
      ["Result slips", base + "/slips.pdf?" + q]].forEach(function (r) {
      nav.appendChild(el("a", { href: r[1], target: "_blank", rel: "noopener", className: "report" }, r[0] + " (PDF)"));
    });
  }

  function names(p) { return p.players.map(function (x) { return x.name; }).join(" v "); }

  function render(rp) {
    var tb = document.querySelector("#pairings tbody");
    tb.textContent = "";
    (rp.pairings || []).forEach(function (p) {
      var result = "";
      if (p.result) result = p.result.scores ? p.result.scores.join("–") : p.result.kind;
      var link = p.game_id ? el("a", { href: "/director/" + C.tournament + "/games/" + p.game_id, className: "btn-link" }, "Game") : "";
      tb.appendChild(el("tr", { dataset: { table: String(p.table || "") } },
        el("td", { className: "num" }, p.bye ? "bye" : p.table), el("td", { className: "players" }, names(p)),
        el("td", { className: "reason" }, p.reason || ""), el("td", {}, result), el("td", {}, link)));
    });
    if (!(rp.pairings || []).length) tb.appendChild(el("tr", {}, el("td", { colSpan: 5, className: "small" }, "Round " + rp.round + " is not paired yet.")));
    var un = rp.unpaired || [];
    document.getElementById("unpaired").textContent = un.length ? "Not paired: " + un.map(function (x) { return x.name; }).join(", ") : "";
    document.getElementById("shown-round").textContent = rp.round;
  }

  function load() {
    var n = shown(), d = division();
    reports(n);
    return C.api("GET", C.base + "/rounds/" + n + "/pairings" + (d ? "?division=" + d : "")).then(function (rp) {
      pstatus.hidden = true;
      render(rp);
    }, problem);
  }

  C.submit(pform, function () {
    var f = pform.elements, n = C.num(f.round.value);
    var body = { system: f.system.value, replace: f.replace.checked, only_unpaired: f.only_unpaired.checked };
    if (division()) body.division_id = division();
    return C.api("POST", C.base + "/rounds/" + n + "/pairings", body).then(function (rp) {
      ensureRound(n);
      render(rp);
      reports(n);
      f.replace.checked = false; f.only_unpaired.checked = false;
      f.round.value = n + 1;
      document.getElementById("pair-summary").textContent = "Round " + n + " paired by " + rp.system + (rp.seed !== undefined ? " (draw seed " + rp.seed + ")" : "") + ".";
      var cur = parseInt(main.dataset.current, 10);
      return "Round " + n + " paired (" + rp.system + ")." + (n !== cur ? " Make it current when its games begin." : "");
    });
  });

  roundSelect.addEventListener("change", load);
  if (pform.elements.division_id) pform.elements.division_id.addEventListener("change", load);

  document.getElementById("make-current").addEventListener("click", function () {
    var n = shown();
    C.api("PATCH", C.base, { current_round: n }).then(function (t) {
      main.dataset.current = t.current_round;
      document.getElementById("current-round").textContent = t.current_round;
      pstatus.textContent = "Round " + t.current_round + " is current: table codes now enter its games.";
      pstatus.className = "form-status ok"; pstatus.hidden = false;
    }, problem);
  });

  var cform = document.getElementById("code-form");
  C.submit(cform, function () {
    var n = C.num(cform.elements.table.value);
    return C.api("POST", C.base + "/tables/" + n + "/credentials", {}).then(function (cred) {
      var url = location.origin + "/table/" + n + "?code=" + encodeURIComponent(cred.token);
      var li = el("li", {}, el("strong", {}, "Table " + n + ": "), el("code", { className: "token" }, cred.token), " ",
        el("a", { href: url, target: "_blank", rel: "noopener", className: "btn-link" }, "Open the table page"));
      var ul = document.getElementById("codes");
      ul.insertBefore(li, ul.firstChild);
      cform.elements.table.value = n + 1;
      return "Table " + n + "'s code is below; it is not shown again.";
    });
  });

  load();
  var reload = C.debounce(load, 200);
  C.live(C.tournament, { pairings: reload, result: reload, players: reload, game: function (n) { if (n.status === "finished") reload(); } });
})();
