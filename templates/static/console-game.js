// One game in the console: the board, every turn with the claimed and
// the computed score, what needs attention, a turn correction with its
// reason, and the game's result (entered or amended with a reason). It
// re-reads the game whenever the event stream says it changed.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var main = document.querySelector("main");
  var gameID = parseInt(main.dataset.game, 10), round = parseInt(main.dataset.round, 10), division = main.dataset.division;
  var gpath = "/api/v1/games/" + gameID;
  var board = document.getElementById("board");
  board.style.setProperty("--cols", board.dataset.cols);
  var game = null, result = null;

  function seatName(seat) {
    var p = game && game.players[seat - 1];
    return p ? p.name : "seat " + seat;
  }

  // playText says a play as the director reads it: the placement as
  // written, an exchange and a pass in words ("exchanged YWCO", "passed").
  function playText(m) {
    m = String(m || "").trim();
    if (m === "-" || m.toLowerCase() === "pass") return "passed";
    if (m[0] !== "-") return m;
    var n = m.slice(1);
    return /^\d+$/.test(n) ? "exchanged " + n + (n === "1" ? " tile" : " tiles") : "exchanged " + n;
  }

  function moveText(t) {
    switch (t.kind) {
      case "move": return playText(t.move);
      case "challenge": return "challenges turn " + t.turn;
      case "end-rack": return "rack left: " + (t.rack || "");
      case "hold": return "holds turn " + t.turn;
      case "withdraw": return "play withdrawn";
      case "accept": return "accepts the play";
      case "lost-turn": return "loses the turn";
      case "confirm": return "confirms the result" + (t.move ? " " + t.move : "");
      case "end": return "game ended" + (t.move ? " (" + t.move + ")" : "");
      case "void": return "record set aside";
      case "time-penalty": return "time penalty" + (t.move ? " (" + t.move + " over)" : "");
      default: return String(t.kind).replace(/-/g, " ") + (t.move ? " " + t.move : "");
    }
  }

  function claimText(c) { return c === null || c === undefined ? "none" : String(c); }
  function claimWords(t) {
    return t.claimed_score === null || t.claimed_score === undefined ? "claim differs" : "claimed " + t.claimed_score + ", board gives " + t.score;
  }

  // A corrected turn keeps, beside the correction, what was first
  // entered: the claim always, the move and player when they changed.
  function movePart(t) {
    var o = t.corrected_from, now = moveText(t);
    if (!o) return [now];
    var was = moveText({ kind: t.kind, move: o.move, rack: o.rack, turn: t.turn });
    if (was === now && o.player === t.player) return [now];
    return [now, el("span", { className: "was" }, "was " + (o.player !== t.player ? seatName(o.player) + ": " : "") + (was || "nothing"))];
  }
  function claimPart(t) {
    var now = t.claimed_score === null || t.claimed_score === undefined ? "" : t.claimed_score;
    var o = t.corrected_from;
    if (!o) return [now];
    return [now, el("span", { className: "was", title: "the claim as first entered" }, "was " + claimText(o.claimed_score))];
  }

  // flagWords says a turn's flags ("score-disagreement,irregular:missed-start")
  // in plain words; given the turn, a claim the board does not give says
  // both scores ("claimed 30, board gives 26").
  function flagWords(flag, t) {
    return String(flag || "").split(",").filter(Boolean).map(function (f) {
      if (f === "score-disagreement") return t ? claimWords(t) : "claim differs";
      if (f.indexOf("irregular:") === 0) return "irregular: " + Attention.plainCode(Attention.irregular, f.slice("irregular:".length));
      return Attention.plainCode(null, f);
    }).join(", ");
  }

  function note(t) {
    var parts = [];
    var o = t.corrected_from;
    if (o) parts.push("corrected" + (o.corrections > 1 ? " " + o.corrections + " times" : "") + (o.reason ? ": " + o.reason : ""));
    if (t.flag) parts.push(flagWords(t.flag, t));
    if (t.verdict) parts.push(t.verdict + (t.words && t.words.length ? " (" + t.words.join(", ") + ")" : ""));
    if (t.invalid_words && t.invalid_words.length) parts.push("not in the word list: " + t.invalid_words.join(", "));
    if (t.undone) parts.push("undone");
    if (t.note) parts.push("note: " + shortNote(t.note));
    return parts.join("; ");
  }
  // shortNote is a turn's note as a table cell shows it: its first 120
  // characters (a record's notes may run to pages).
  function shortNote(n) {
    n = String(n).replace(/\s+/g, " ").trim();
    return n.length > 120 ? n.slice(0, 119) + "…" : n;
  }

  // The words of a turn, for the record import's preview too.
  window.GameWords = { moveText: moveText, flagWords: flagWords, shortNote: shortNote };

  function renderBoard(rows) {
    var cols = parseInt(board.dataset.cols, 10);
    board.querySelectorAll(".sq").forEach(function (sq, i) {
      var r = Math.floor(i / cols), c = i % cols;
      var ch = rows[r] ? Array.from(rows[r])[c] : ".";
      var tile = ch && ch !== ".";
      sq.classList.toggle("tile", tile);
      sq.classList.toggle("blank", tile && ch !== ch.toUpperCase());
      sq.textContent = tile ? ch : sq.dataset.label;
    });
  }

  // voided: the game's record is set aside (a void event not taken back;
  // the status says so only until a result is keyed); its turns stay for
  // reference and count for nothing.
  function setAside(g) {
    return g.status === "voided" || !!g.record_set_aside || g.turns.some(function (t) { return t.kind === "void" && !t.undone; });
  }
  function voided() { return setAside(game); }
  // correctable: an entry the director may correct: a play, the tiles
  // left, a time penalty, the end. The record set aside, a turn taken
  // back and the setting aside are not, nor what is a note on a play (a
  // hold, a challenge and its ruling: reversed by a ruling on that turn;
  // an acceptance) or a confirmation.
  var NOT_CORRECTED = { "void": true, hold: true, challenge: true, withdraw: true, "lost-turn": true, "challenge-bonus": true, accept: true, confirm: true };
  function correctable(t) { return !voided() && !t.undone && !NOT_CORRECTED[t.kind]; }
  // turnLabel: a play by its turn number ("12"); what follows a play has
  // no number of its own and shows none.
  function turnLabel(t) { return t.kind === "move" ? String(t.turn) : ""; }
  // entryName says an entry in the correction's list: "12. Ann: 8D WINDY",
  // "after turn 23, Bob: rack left: Q".
  function entryName(t) {
    return (t.kind === "move" ? t.turn + ". " : "after turn " + t.turn + ", ") + seatName(t.player) + ": " + moveText(t);
  }

  function renderTurns() {
    var tb = document.querySelector("#turns tbody");
    tb.textContent = "";
    var sel = document.getElementById("correct-turn"), was = sel.value;
    sel.textContent = "";
    game.turns.forEach(function (t) {
      var fix = null;
      if (correctable(t)) {
        fix = el("button", { type: "button", className: "small-btn" }, "Correct");
        fix.addEventListener("click", function () { pick(t.seq); });
        sel.appendChild(el("option", { value: String(t.seq) }, entryName(t)));
      }
      var row = el("tr", { id: t.kind === "move" ? "turn-" + t.turn : "entry-" + t.seq, className: (t.flag ? "flagged" : "") + (t.undone ? " undone" : "") },
        el("td", { className: "num" }, turnLabel(t)), el("td", {}, seatName(t.player)), el.apply(null, ["td", { className: "move" }].concat(movePart(t))),
        el.apply(null, ["td", { className: "num claimed" + (t.corrected_from ? " corrected" : "") }].concat(claimPart(t))),
        el("td", { className: "num computed" }, (t.score > 0 ? "+" : "") + t.score),
        el("td", { className: "num" }, (t.totals || []).join("–")), el("td", { className: "note" }, t.flag ? el("span", { className: "flag" }, "⚑") : null, t.flag ? " " : null, note(t)), el("td", { className: "fix" }, fix));
      row.dataset.turn = t.turn; row.dataset.seq = t.seq;
      tb.appendChild(row);
    });
    var end = endRow();
    if (end) tb.appendChild(end);
    if (!game.turns.length) tb.appendChild(el("tr", {}, el("td", { colSpan: 8, className: "small" }, "No turns entered yet.")));
    if (was && sel.querySelector('option[value="' + was + '"]')) sel.value = was;
    document.getElementById("correct-card").hidden = !sel.options.length;
    document.getElementById("turns-void").hidden = !voided();
  }

  // endRow is the end of the game's rack adjustment as a row of its own,
  // as the score sheet says it: each player's tiles left (or that they
  // went out) and the points; its totals are the running totals with the
  // adjustment. None until the racks are in, nor for a record set aside.
  function endRow() {
    var r = game.result;
    if (!r || !r.over || !r.complete || voided() || !r.rack_adjust) return null;
    var left = r.rack_left || [], adj = r.rack_adjust;
    if (!adj.some(function (x) { return x; }) && !left.some(function (x) { return x; })) return null;
    var signed = function (n) { return n > 0 ? "+" + n : n < 0 ? "−" + -n : "0"; };
    // One line a player, in the Move and Score cells alike.
    var lines = function (f) { return game.players.map(function (p, i) { return el("div", {}, f(p, i)); }); };
    var parts = lines(function (p, i) {
      if (r.out_player === p.seat) return "went out";
      return left[i] ? "tiles left " + left[i] : "rack not given";
    });
    var last = game.turns.length ? game.turns[game.turns.length - 1].totals || [] : [];
    var totals = game.players.map(function (p, i) { return (last[i] || 0) + (adj[i] || 0); });
    return el("tr", { id: "turn-end-adjust", className: "end-adjust" },
      el("td", { className: "num" }, ""), el.apply(null, ["td", {}].concat(lines(function (p) { return p.name; }))), el.apply(null, ["td", { className: "move" }].concat(parts)),
      el("td", { className: "num claimed" }, ""), el.apply(null, ["td", { className: "num computed" }].concat(lines(function (p, i) { return signed(adj[i]); }))),
      el("td", { className: "num" }, totals.join("–")), el("td", { className: "note" }, "end of game: rack adjustment"), el("td", { className: "fix" }, null));
  }

  // seatScore is what a seat shows beside its name: the running score,
  // or with the record set aside the score entered by hand (none yet: a
  // dash), never the set-aside record's partial score.
  function seatScore(g, i) {
    if (!setAside(g)) return g.players[i].score;
    var o = g.official_result;
    return o && o.scores ? o.scores[i] : "–";
  }

  function renderGame(g) {
    game = g;
    var seats = document.getElementById("seats");
    seats.textContent = "";
    g.players.forEach(function (p, i) {
      seats.appendChild(el("div", { className: "seat" + (p.seat === g.to_move && g.status === "in-progress" ? " to-move" : "") },
        el("span", { className: "name" }, p.name), " ", el("span", { className: "score" }, seatScore(g, i))));
    });
    document.getElementById("game-status").textContent = Attention.gameStatus(g);
    document.getElementById("bag").textContent = "bag " + g.bag;
    document.getElementById("unseen").textContent = g.unseen;
    renderBoard(g.board || []);
    renderTurns();
    attentionAgain();
    renderTime();
    renderResult();
    // The record import (console-import.js) shows itself for a game
    // without turns.
    document.dispatchEvent(new CustomEvent("console-game", { detail: g }));
  }

  // The time penalty, once the game is over: minutes over time, which the
  // rules turn into points (shown before sending), or points when the
  // rules have none per minute.
  var tform = document.getElementById("time-form");
  function perMinute() { return (game && game.time_penalty_per_minute) || 0; }
  function renderTime() {
    var over = game.result && game.result.over && game.status !== "voided" && !game.record_set_aside, per = perMinute();
    document.getElementById("time-card").hidden = !over;
    document.getElementById("time-minutes-label").hidden = !per;
    document.getElementById("time-points-label").hidden = !!per;
    var pen = (game.result && game.result.time_penalty) || [], mins = (game.result && game.result.time_minutes) || [];
    var given = game.players.filter(function (p) { return pen[p.seat - 1]; }).map(function (p) {
      return p.name + ": " + (mins[p.seat - 1] ? mins[p.seat - 1] + " min, " : "") + "−" + pen[p.seat - 1];
    });
    document.getElementById("time-rule").textContent = (per ? "These rules deduct " + per + " points for each minute or part of a minute over time." :
      "These rules set no penalty per minute over time; enter the points you decided.") + (given.length ? " Entered: " + given.join("; ") + "." : "");
    timePreview();
  }
  function timePreview() {
    var m = C.num(tform.elements.minutes.value), per = perMinute();
    document.getElementById("time-preview").textContent = per && m > 0 ? m + " min: −" + m * per + " points" : "";
  }
  tform.elements.minutes.addEventListener("input", timePreview);
  C.submit(tform, function () {
    var f = tform.elements, seat = parseInt(f.player.value, 10), body = { player: seat, kind: "time-penalty" };
    if (perMinute()) {
      body.minutes = C.num(f.minutes.value);
      if (!(body.minutes > 0)) throw new Error("Enter the minutes over time (1 or more).");
    } else {
      body.points = C.num(f.points.value);
      if (!(body.points > 0)) throw new Error("Enter the points to deduct.");
    }
    return C.api("POST", gpath + "/turns", body).then(function (r) {
      f.minutes.value = ""; f.points.value = "";
      return load().then(function () {
        loadResult();
        return "Time penalty entered: " + seatName(seat) + (r.minutes ? ", " + r.minutes + " min" : "") + ", −" + Math.abs(r.score) +
          ". Final " + (r.result && r.result.final ? r.result.final.join("–") : game.totals.join("–")) + ".";
      });
    });
  });

  // What the game needs from the director: the server's list (GET
  // .../attention), read again whenever the game is, and when the server
  // says the clock alone changes it (a game going quiet, a ruling no
  // longer news).
  function renderAttention(items) {
    var ul = document.getElementById("attention");
    ul.textContent = "";
    items.forEach(function (it) { ul.appendChild(el("li", { className: "att" }, it.text)); });
    if (!items.length) ul.appendChild(el("li", { className: "small" }, "Nothing."));
  }
  var attentionAgain = Attention.follow(gpath + "/attention", renderAttention);

  // pick fills the correction form with an entry (by its seq) as it
  // stands; the form is not touched by later re-reads, so what the
  // director types stays. The list names entries by turn number.
  var cform = document.getElementById("correct-form");
  function bySeq(g, seq) { return g.turns.find(function (x) { return x.seq === seq; }); }
  function fill(seq) {
    var t = bySeq(game, seq);
    if (!t) return;
    var f = cform.elements;
    f.turn.value = String(seq);
    f.player.value = String(t.player);
    f.move.value = t.move || "";
    f.rack.value = t.rack || "";
    f.claimed_score.value = t.claimed_score === null || t.claimed_score === undefined ? "" : t.claimed_score;
  }
  function pick(n) {
    fill(n);
    document.getElementById("correct-card").scrollIntoView({ block: "nearest" });
    cform.elements.move.focus();
  }
  document.getElementById("correct-turn").addEventListener("change", function (e) { fill(parseInt(e.target.value, 10)); });

  C.submit(cform, function () {
    var f = cform.elements, seq = parseInt(f.turn.value, 10);
    var t = bySeq(game, seq);
    if (!t) throw new Error("Choose a turn to correct.");
    var n = t.turn;
    // Only what the director changed is sent: the rest of the turn stays.
    var body = { reason: f.reason.value.trim() };
    if (!body.reason) throw new Error("Say why the turn is corrected.");
    if (parseInt(f.player.value, 10) !== t.player) body.player = parseInt(f.player.value, 10);
    if (f.move.value.trim() !== (t.move || "")) body.move = f.move.value.trim();
    if (f.rack.value.trim().toUpperCase() !== (t.rack || "").toUpperCase()) body.rack = f.rack.value.trim();
    var claim = C.num(f.claimed_score.value);
    if (claim !== null && claim !== t.claimed_score) body.claimed_score = claim;
    if (Object.keys(body).length === 1) throw new Error("Nothing differs from turn " + n + " as entered.");
    // The path names the turn; seq, the entry of it when not its play.
    if (t.kind !== "move") body.seq = seq;
    return C.api("PATCH", gpath + "/turns/" + n, body).then(function (g) {
      renderGame(g);
      fill(seq);
      f.reason.value = "";
      var now = bySeq(g, seq);
      loadResult();
      return "Turn " + n + " corrected" + (now ? ": computed " + now.score + (now.flag ? " (" + flagWords(now.flag) + ")" : "") : "") + ".";
    });
  });

  // The result: a finished game's is stored by the service; the director
  // enters one for a game that could not be recorded, and amends one with
  // a reason. A game recorded turn by turn keeps the result its record
  // gives: scores typed here replace it only with the record set aside
  // (ticked, with a reason).
  var rform = document.getElementById("result-form");
  // liveRecord: the game has turns that decide its result.
  function liveRecord() { return game && game.turns.length > 0 && !voided(); }
  function renderResult() {
    var text = document.getElementById("result-text"), f = rform.elements;
    var amend = !!result, live = liveRecord();
    document.getElementById("result-void-label").hidden = !live;
    if (!live) f.void.checked = false;
    var needReason = amend || f.void.checked;
    document.getElementById("result-reason-label").hidden = !needReason;
    f.reason.required = needReason;
    document.getElementById("result-submit").textContent = amend ? "Amend the result" : "Enter the result";
    if (amend) {
      text.textContent = "Recorded (" + sourceWords(result.source) + "): " + result.names.map(function (n, i) { return n + " " + result.scores[i]; }).join(", ") +
        (result.reason ? ". Reason: " + result.reason : "") + ".";
      game.players.forEach(function (p, i) {
        var j = result.players.indexOf(p.player_id);
        if (j >= 0 && f["score" + i].value === "") f["score" + i].value = result.scores[j];
      });
    } else if (voided()) {
      text.textContent = "The game’s record was set aside: enter its result by hand.";
    } else if (live) {
      text.textContent = game.result && game.result.over ? "The game is over; its result is not stored yet." :
        "This game is recorded turn by turn: its result comes from the record when it ends. If it cannot finish at the table, end it above (End this game).";
    } else {
      text.textContent = "No result yet: enter one if the game is played on paper.";
    }
  }
  function sourceWords(src) {
    return { recorded: "from the game’s record", entered: "entered by hand", imported: "imported" }[src] || src;
  }
  rform.elements.void.addEventListener("change", renderResult);
  function loadResult() {
    var q = "?round=" + round + (division ? "&division=" + division : "");
    return C.api("GET", C.base + "/results" + q).then(function (rs) {
      var ids = game.players.map(function (p) { return p.player_id; }).sort().join(",");
      result = (rs || []).find(function (r) { return r.game_id === gameID; }) ||
        (rs || []).find(function (r) { return r.players.slice().sort().join(",") === ids; }) || null;
      renderResult();
      document.dispatchEvent(new CustomEvent("console-result", { detail: result }));
    }, function (err) { C.status(rform, err.message, true); });
  }
  // plainRefusal puts a refusal about the record in the page's words:
  // the server's own names a route of the API.
  function plainRefusal(err) {
    if (err.code === "game-has-record") {
      document.getElementById("result-void-label").hidden = false;
      return new Error("This game is recorded turn by turn, so its record decides the result. End it where it stands (End this game), correct its turns, or tick “Set the game’s record aside” and say why to count these scores instead.");
    }
    return err;
  }
  C.submit(rform, function () {
    var f = rform.elements;
    var scores = game.players.map(function (p, i) { return C.num(f["score" + i].value); });
    if (scores.some(function (s) { return s === null; })) throw new Error("Enter every player's score.");
    var reason = f.reason.value.trim(), setAside = f.void.checked;
    if (setAside && !reason) throw new Error("Say why the record is set aside.");
    var done = function (msg) {
      return function () {
        f.reason.value = ""; f.void.checked = false;
        return Promise.all([load(), loadResult()]).then(function () { return msg; });
      };
    };
    if (result) {
      var byID = {};
      game.players.forEach(function (p, i) { byID[p.player_id] = scores[i]; });
      var body = { scores: result.players.map(function (id) { return byID[id]; }), reason: reason };
      if (!body.reason) throw new Error("Say why the result is amended.");
      if (setAside) body.record = "void";
      return C.api("PATCH", C.base + "/results/" + result.id, body).then(done(setAside ? "Record set aside; result amended." : "Result amended."), function (err) { throw plainRefusal(err); });
    }
    var entry = { round: round, players: game.players.map(function (p) { return p.player_id; }), scores: scores };
    if (setAside) { entry.record = "void"; entry.reason = reason; }
    return C.api("POST", C.base + "/results", entry).then(done(setAside ? "Record set aside; result entered." : "Result entered."), function (err) { throw plainRefusal(err); });
  });

  function load() {
    return C.api("GET", gpath).then(renderGame);
  }
  // console-game-end.js shows a game it ended at once.
  window.ConsoleGame = { show: function (g) { renderGame(g); return loadResult(); }, setAside: setAside };
  load().then(function () {
    var fixable = game.turns.filter(correctable);
    if (fixable.length) fill(fixable[fixable.length - 1].seq);
    var m = /[#&]turn=(\d+)/.exec(location.hash), play = m && game.turns.find(function (x) { return x.kind === "move" && x.turn === parseInt(m[1], 10); });
    if (play) pick(play.seq);
    return loadResult();
  }).catch(function (err) { C.status(cform, err.message, true); });
  C.live(C.tournament, {
    game: function (n) { if (n.game_id === gameID) load(); },
    result: C.debounce(function () { if (game) { loadResult(); if (voided()) load(); } }, 200)
  }, function () { load().then(loadResult).catch(function (err) { C.status(cform, err.message, true); }); });
})();
