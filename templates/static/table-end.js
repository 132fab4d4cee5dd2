// The table's tablet page: the end of the game. In place of move entry
// it asks, in turn, for the acceptance of the play that went out, the
// tiles left on the racks, and every player's confirmation of the result
// (two, three or four players; a team game's result is its teams').
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, playerName = T.playerName, nextSeat = T.nextSeat;
  var OVER = ["awaiting-acceptance", "awaiting-racks", "finished", "voided"];

  // over: the game has ended and nothing waits to be sent (a waiting
  // undo may yet reopen it).
  T.over = function () { return OVER.indexOf(T.game.status) >= 0 && !T.queue().length; };
  // T.handResult: the game's result as the director keyed it, once it is
  // in (the game is finished then, whatever its record says), else null.
  T.handResult = function () {
    var o = T.game.official_result;
    return T.game.status === "finished" && o && o.entered_by_hand ? o : null;
  };

  T.renderEnd = function () {
    var game = T.game, box = $("end"), was = !box.hidden; box.innerHTML = "";
    box.hidden = !T.over();
    if (box.hidden) return;
    if (!was) $("checks").scrollTop = 0;
    var r = game.result || {};
    if (game.status === "awaiting-acceptance") { askAcceptance(box, r); return; }
    if (game.status === "awaiting-racks") { askRacks(box, r); return; }
    if (game.status === "voided" || T.handResult()) { showHandResult(box, game.official_result); return; }
    showResult(box, r);
  };

  // showHandResult: the director set the record aside and typed the
  // result; the table has nothing more to enter or confirm.
  // The page's first paint says it the same way (newTableResult in
  // api/pages_table_result.go).
  function showHandResult(box, o) {
    box.appendChild(el("h2", "", "The director has entered this game's result"));
    if (!o) { box.appendChild(el("p", "", "Ask the director for the result.")); return; }
    var s = o.scores, seat = 0, teams = T.isTeams() && s.length >= 2;
    T.game.players.forEach(function (p) { if (o.winner_player_id === p.player_id) seat = p.seat; });
    var win = o.kind === "forfeit" ? (seat ? "No game: " + playerName(seat) + " wins by forfeit" : "No game: a forfeit") :
      winnerText(teams ? s.slice(0, 2) : s, o.tie, seat, teams);
    box.appendChild(el("p", "winner", win));
    box.appendChild(el("p", "how", T.game.turns.length ? "Result entered by hand: the turns entered here are kept, but the result above is the one that counts." :
      "Result entered by hand: nothing more is entered at this table."));
  }

  function askAcceptance(box, r) {
    var out = r.out_player || T.game.turns.filter(function (t) { return !t.undone && t.kind === "move"; }).slice(-1).map(function (t) { return t.player; })[0];
    var other = nextSeat(out);
    box.appendChild(el("h2", "", playerName(out) + " went out"));
    box.appendChild(el("p", "", playerName(other) + ": accept the last play, or challenge it."));
    var acc = el("button", "big primary", "Accept — no challenge"); acc.type = "button"; acc.id = "accept-out";
    acc.addEventListener("click", function () {
      var l = T.local();
      T.enqueue("turn", "/turns", { turn: l.next, player: other, kind: "accept" }, playerName(other) + " accepts the play that went out", { next: l.next + 1, toMove: l.toMove, blocked: "", play: T.nextPlay(l) });
    });
    box.appendChild(acc);
  }

  function askRacks(box, r) {
    box.appendChild(el("h2", "", "The game is over: the tiles left on the racks"));
    (r.racks_needed || []).forEach(function (seat) {
      var row = el("div", "row rack-row");
      var inp = el("input"); inp.id = "rack-" + seat; inp.placeholder = playerName(seat) + "'s tiles"; inp.setAttribute("autocapitalize", "characters");
      var btn = el("button", "big", "Enter " + playerName(seat) + "'s tiles"); btn.type = "button";
      btn.addEventListener("click", function () {
        var rack = inp.value.trim().toUpperCase(), l = T.local();
        T.enqueue("turn", "/turns", { turn: l.next, player: seat, kind: "end-rack", rack: rack }, playerName(seat) + "'s tiles left: " + (rack || "none"), { next: l.next + 1, toMove: l.toMove, blocked: "", play: T.nextPlay(l) });
      });
      row.appendChild(inp); row.appendChild(btn); box.appendChild(row);
    });
  }

  // askOvertime: a field per player still without a time penalty, for the
  // minutes they went over; the rules turn them into points (NASPA: 10 a
  // minute or part of one), shown before the entry is sent. Rules with
  // no time penalty show nothing: the director enters one in points.
  var overtimeOpen = false;
  function askOvertime(box, r) {
    var per = T.game.time_penalty_per_minute || 0, pen = r.time_penalty || [];
    if (!per) return;
    var seats = T.game.players.filter(function (p) { return !pen[p.seat - 1]; });
    if (!seats.length) return;
    // Folded away under the confirmations (most games need none), and
    // kept open across redraws once a player opens it.
    var fold = el("details", "overtime"); fold.id = "overtime";
    fold.open = overtimeOpen;
    fold.addEventListener("toggle", function () {
      if (overtimeOpen !== fold.open) { overtimeOpen = fold.open; T.renderEnd(); }
    });
    fold.appendChild(el("summary", "", "Time penalty: did a clock run out?"));
    box.appendChild(fold);
    if (!overtimeOpen) return; // the fields are drawn only when asked for
    fold.appendChild(el("p", "small", "A player whose clock ran out: the minutes over time, counting part of a minute as a whole one (" + per + " points a minute)."));
    box = fold;
    seats.forEach(function (p) {
      var row = el("div", "row rack-row overtime-row");
      var lab = el("label", "", "Minutes over time, " + p.name + " ");
      var inp = el("input"); inp.id = "overtime-" + p.seat; inp.type = "number"; inp.min = "1"; inp.max = "999"; inp.inputMode = "numeric";
      lab.appendChild(inp);
      var pts = el("span", "overtime-points"); pts.id = "overtime-points-" + p.seat;
      var btn = el("button", "big", "Enter " + p.name + "'s time penalty"); btn.type = "button"; btn.id = "overtime-enter-" + p.seat;
      function minutes() { var m = parseInt(inp.value, 10); return m > 0 && m <= 999 ? m : 0; }
      function show() { var m = minutes(); T.text(pts, m ? m + " min: " + T.signed(-m * per) + " points" : ""); btn.disabled = !m; }
      inp.addEventListener("input", show); show();
      btn.addEventListener("click", function () {
        var m = minutes(), l = T.local();
        if (!m) return;
        T.enqueue("turn", "/turns", { turn: l.next, player: p.seat, kind: "time-penalty", minutes: m },
          p.name + ": " + m + " min over time, " + T.signed(-m * per), { next: l.next + 1, toMove: l.toMove, blocked: "", play: T.nextPlay(l) });
      });
      row.appendChild(lab); row.appendChild(pts); row.appendChild(btn); box.appendChild(row);
    });
  }

  // winnerText says who won: "Ann wins 451–345"; at a table of three or
  // four "Ann wins with 380; Cy 350, Bob 310" (the others best first); in
  // a team game "Ann & Cy win 420–390". scores are by seat, or by team
  // (teams), and winner is a seat, or a team; 0 with no winner.
  function winnerText(scores, tie, winner, teams) {
    var num = T.num;
    if (teams) {
      if (tie) return "A tie, " + num(scores[0]) + " all";
      return winner ? T.teamName((winner - 1) % 2 + 1) + " win " + T.versus(scores[(winner - 1) % 2], scores[winner % 2]) : T.versus(scores[0], scores[1]);
    }
    if (scores.length === 2) {
      if (tie) return "A tie, " + T.versus(scores[0], scores[1]);
      return winner ? playerName(winner) + " wins " + T.versus(scores[winner - 1], scores[nextSeat(winner) - 1]) : T.versus(scores[0], scores[1]);
    }
    var seats = scores.map(function (x, i) { return i + 1; }).sort(function (a, b) { return scores[b - 1] - scores[a - 1] || a - b; });
    var top = seats.filter(function (seat) { return scores[seat - 1] === scores[seats[0] - 1]; });
    var rest = function (from) { return seats.slice(from).map(function (seat) { return playerName(seat) + " " + num(scores[seat - 1]); }).join(", "); };
    if (top.length > 1) return "A tie at the top: " + top.map(playerName).join(" and ") + " " + num(scores[top[0] - 1]) + (seats.length > top.length ? "; " + rest(top.length) : "");
    return playerName(seats[0]) + " wins with " + num(scores[seats[0] - 1]) + "; " + rest(1);
  }

  // showResult: the final scores, how they came about, and a button for
  // each player still to confirm them.
  function showResult(box, r) {
    var game = T.game, teams = T.isTeams() && (r.team_final || []).length === 2;
    // Ended by the director where it stood: the result is the director's,
    // with nothing for the players to confirm or add.
    var end = r.reason === "ended" ? game.turns.filter(function (t) { return t.kind === "end" && !t.undone; }).pop() : null;
    box.appendChild(el("h2", "", end ? "The director ended this game (" + T.endedText(end.move) + ")" : "Game over"));
    var final = r.final || game.totals;
    var win = r.tie || r.winner ? winnerText(teams ? r.team_final : final, r.tie, r.winner, teams) : "";
    if (win) box.appendChild(el("p", "winner", win));
    var tbl = el("table", "final"), head = el("tr");
    head.appendChild(el("th", "", ""));
    game.players.forEach(function (p) { head.appendChild(el("th", "num", p.name)); });
    tbl.appendChild(head);
    function line(label, xs, sign, cls) {
      if (!xs) return;
      var tr = el("tr", cls || ""); tr.appendChild(el("td", "", label));
      xs.forEach(function (x) { tr.appendChild(el("td", "num", sign ? T.signed(x) : typeof x === "number" ? T.num(x) : String(x))); });
      tbl.appendChild(tr);
    }
    line("Before racks", r.before_adjust);
    line("Rack adjustment", r.rack_adjust, true);
    if ((r.time_penalty || []).some(function (x) { return x; })) {
      var mins = r.time_minutes || [];
      line("Time penalty", r.time_penalty.map(function (x, i) { return T.signed(-Math.abs(x)) + (mins[i] ? " (" + mins[i] + " min)" : ""); }));
    }
    line("Final", final, false, "total-line");
    if (teams) line("Team", game.players.map(function (p) { return r.team_final[(p.seat - 1) % 2]; }), false, "team-line");
    box.appendChild(tbl);
    if (end) { box.appendChild(el("p", "how", "This result is the director's: nothing more is entered or confirmed at this table.")); return; }
    // What each player confirms: the scores in seat order (a team game:
    // the teams').
    var shown = teams ? T.versus(r.team_final[0], r.team_final[1]) : final.length > 2 ? final.map(T.num).join(", ") : T.versus(final[0], final[1]);
    var confirmed = game.confirmed || [], pending = {};
    T.queue().forEach(function (i) { if (i.kind === "confirm") pending[i.body.player] = true; });
    var row = el("div", "confirms");
    game.players.forEach(function (p) {
      if (confirmed[p.seat - 1]) { row.appendChild(el("div", "confirmed", "✓ " + p.name + " confirmed")); return; }
      var btn = el("button", "big primary", p.name + ": confirm " + shown); btn.type = "button"; btn.id = "confirm-" + p.seat;
      btn.disabled = !!pending[p.seat];
      btn.addEventListener("click", function () {
        T.enqueue("confirm", "/confirm", { player: p.seat }, p.name + " confirms the result " + shown, T.local());
      });
      row.appendChild(btn);
    });
    box.appendChild(row);
    if (!confirmed.length || !confirmed.every(function (c) { return c; })) askOvertime(box, r);
    if (confirmed.length && confirmed.every(function (c) { return c; })) {
      box.appendChild(el("p", "all-confirmed", (confirmed.length > 2 ? "Everyone has" : "Both players have") + " confirmed the result. Thank you!"));
    }
  }
})(window.tourneyTable);
