// The record import on the console's game view, shown while the game has
// no turns: a GCG file (or the record pasted) is checked first (the
// server replays it and saves nothing), the outcome shown in plain words
// (every flagged turn, every warning, the final score, every turn), and
// saved with one press; the page then reloads with the game's turns.
(function () {
  "use strict";
  var C = Console, el = C.el, W = window.GameWords;
  var card = document.getElementById("import-card");
  if (!card || !W) return;
  var gpath = "/api/v1/games/" + document.querySelector("main").dataset.game + "/import.gcg";
  var form = document.getElementById("import-form"), saveForm = document.getElementById("import-save-form");
  var file = document.getElementById("gcg-file"), text = document.getElementById("gcg-text");
  var players = document.getElementById("import-players"), preview = document.getElementById("import-preview");
  // checked is the request of the preview on screen, which Save repeats.
  var checked = null;

  document.addEventListener("console-game", function (e) {
    // A record imports into a game with no turns and no result (the
    // server refuses others: game-has-turns, game-has-result).
    card.hidden = e.detail.turns.length > 0 || !!e.detail.official_result;
  });

  // The record as chosen: a file is sent as its bytes (the server knows
  // the encodings records come in), pasted text as typed.
  function record() {
    if (file.files && file.files[0]) return file.files[0];
    var t = text.value.trim();
    if (!t) throw new Error("Choose a GCG file, or paste the record.");
    return t + "\n";
  }

  // query says who sits where and whether other names will do, once the
  // director was asked.
  function query() {
    if (players.hidden) return "";
    var q = [], seats = players.querySelectorAll("select");
    if (seats.length) q.push("seats=" + Array.prototype.map.call(seats, function (s) { return encodeURIComponent(s.value); }).join(","));
    if (document.getElementById("import-any").checked) q.push("players=any");
    return q.join("&");
  }

  function sentence(s) {
    s = String(s || "").trim();
    return s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? "" : ".");
  }

  // explain turns a refusal into what the director reads: the players
  // question asked below the form, anything else with its line.
  function explain(err) {
    var st = err.state || {};
    if (err.code === "players-differ" && st.record_players) {
      askPlayers(st.record_players, st.game_players || []);
      throw new Error("The record's players (" + st.record_players.join(", ") + ") are not this game's in seat order (" + (st.game_players || []).join(", ") +
        "). Say below who sits in each seat, or tick the box to import it anyway, then check it again.");
    }
    throw new Error("Nothing was imported. " + (err.detail ? sentence(err.detail) : err.message));
  }
  // reveal scrolls what just came on screen into sight.
  function reveal(node, start) {
    setTimeout(function () { node.scrollIntoView({ block: start ? "start" : "nearest" }); }, 0);
  }

  // norm compares names as the server does: no case, spaces or
  // underscores.
  function norm(s) { return String(s || "").toLowerCase().replace(/[\s_:#>]+/g, ""); }

  // askPlayers asks which record player sits in each seat, each seat
  // first set to the record player of its name, if there is one.
  function askPlayers(nicks, names) {
    var box = document.getElementById("import-seats");
    box.textContent = "";
    names.forEach(function (name, i) {
      var sel = el("select", { name: "seat" + (i + 1) });
      nicks.forEach(function (n) { sel.appendChild(el("option", { value: n }, n)); });
      var same = nicks.filter(function (n) { return norm(n) === norm(name); })[0];
      sel.value = same || nicks[i] || nicks[0];
      box.appendChild(el("label", {}, "Seat " + (i + 1) + " (" + name + ") is the record's", sel));
    });
    document.getElementById("import-players-text").textContent = "Seat 1 moves first.";
    players.hidden = false;
  }

  function forget() {
    checked = null;
    preview.hidden = true;
    C.status(saveForm, "", false);
  }
  file.addEventListener("change", function () {
    if (!file.files.length) return;
    text.value = "";
    players.hidden = true;
    forget();
    form.requestSubmit();
  });
  text.addEventListener("input", function () { file.value = ""; forget(); });

  C.submit(form, function () {
    var body = record(), q = query();
    forget();
    return C.api("POST", gpath + "?preview=1" + (q ? "&" + q : ""), body, "text/plain").then(function (imp) {
      checked = { q: q, body: body };
      show(imp);
      reveal(form.querySelector(".form-status"), true);
      return "Checked: nothing is saved yet. Read the turns below, then save them.";
    }, function (err) {
      reveal(form.querySelector(".form-status"));
      return explain(err);
    });
  });

  C.submit(saveForm, function () {
    if (!checked) throw new Error("Check the record first.");
    return C.api("POST", gpath + (checked.q ? "?" + checked.q : ""), checked.body, "text/plain").then(function (imp) {
      location.reload();
      return "Saved " + imp.turns.length + " turns.";
    }, explain);
  });

  function signed(n) { return n === null || n === undefined ? "nothing" : (n > 0 ? "+" : "") + n; }

  // show puts a preview on screen: the outcome, what needs a look, and
  // every turn.
  function show(imp) {
    var names = {};
    imp.players.forEach(function (p) { names[p.seat] = p.name; });
    var r = imp.result || {}, scores = imp.players.map(function (p, i) { return p.name + " " + (r.over && r.complete ? r.final[i] : imp.totals[i]); });
    var how = r.over && r.complete ? "Final: " + scores.join(", ") + (r.tie ? "; a tie." : "; " + (names[r.winner] || "") + " wins.")
      : "The game is not over in the record: " + scores.join(", ") + " so far.";
    document.getElementById("import-summary").textContent = "The record replays as " + imp.turns.length + " turns. " + how;
    var points = document.getElementById("import-points");
    points.textContent = "";
    imp.turns.forEach(function (t) {
      flagSentences(t, names[t.player]).forEach(function (s) { points.appendChild(el("li", { className: "flagged" }, s)); });
    });
    imp.warnings.forEach(function (w) {
      points.appendChild(el("li", { className: "warning" }, (w.line ? "Line " + w.line + ": " : "") + w.message));
    });
    if (!points.children.length) points.appendChild(el("li", { className: "fine" }, "Every score in the record is what the board gives."));
    var tb = document.querySelector("#import-turns tbody");
    tb.textContent = "";
    imp.turns.forEach(function (t) {
      var note = [t.flag ? W.flagWords(t.flag) : "", t.note ? W.shortNote(t.note) : ""].filter(Boolean).join("; ");
      tb.appendChild(el("tr", { className: t.flag ? "flagged" : "" },
        el("td", { className: "num" }, t.kind === "move" ? t.turn : ""),
        el("td", { className: "num", title: t.line ? "" : "added: the record does not write it" }, t.line || "–"),
        el("td", {}, names[t.player] || "seat " + t.player),
        el("td", {}, el("span", { className: "move" }, moveWords(t)),
          note ? el("span", { className: "note", title: t.note ? t.note.slice(0, 2000) : "" }, note) : null),
        el("td", { className: "num" }, signed(t.score), t.agrees ? null : el("span", { className: "claim" }, "claimed " + signed(t.claimed_score))),
        el("td", { className: "num" }, (t.totals || []).join("–"))));
    });
    document.getElementById("import-save").textContent = "Save the " + imp.turns.length + " turns";
    preview.hidden = false;
  }

  function moveWords(t) {
    if (t.kind !== "challenge") return W.moveText(t);
    return "challenges turn " + t.turn + (t.verdict === "unacceptable" ? ", which comes off" : ", which stands");
  }

  // flagSentences says why a turn is flagged, as the director reads it.
  function flagSentences(t, name) {
    var what = "Turn " + t.turn + " (" + (name || "seat " + t.player) + ", " + moveWords(t) + (t.line ? ", line " + t.line : "") + ")";
    return String(t.flag || "").split(",").filter(Boolean).map(function (f) {
      if (f !== "score-disagreement") return what + ": " + W.flagWords(f) + ".";
      if (t.kind === "move") return what + " was claimed as " + t.claimed_score + ", the board gives " + t.score + ".";
      return what + " was recorded as " + signed(t.claimed_score) + "; the rules give " + signed(t.score) + ".";
    });
  }
})();
