// The replay of a finished game (/t/{id}/games/{game}): the board after
// each play, stepped through with First, Back, Next and Last (or the
// arrow keys). The board is rebuilt from the record's plays: a play's
// letters go down from its position ("8D": row 8 from column D, across;
// "D8": down), '.' squares are already covered, and a play challenged off
// takes its letters back.
(function () {
  "use strict";
  var main = document.getElementById("replay-main");
  if (!main) return;
  var boards = document.getElementById("live-boards");
  var steps = document.getElementById("replay-steps");
  var at = document.getElementById("replay-at");
  var game = null, plays = [], step = 0;

  var el = window.liveBoard.el;

  function squares(move) {
    var m = /^\s*(\d+)([A-Za-z])\s+(\S+)/.exec(move) || /^\s*([A-Za-z])(\d+)\s+(\S+)/.exec(move);
    if (!m) return null;
    var across = /^\d/.test(m[1]);
    var row = Number(across ? m[1] : m[2]) - 1, col = (across ? m[2] : m[1]).toUpperCase().charCodeAt(0) - 65;
    var out = [];
    for (var i = 0; i < m[3].length; i++) {
      var c = m[3].charAt(i);
      if (c !== ".") out.push({ r: across ? row : row + i, c: across ? col + i : col, t: c });
    }
    return out;
  }

  // boardAt lays the first n plays on an empty board of the game's size.
  function boardAt(n) {
    var rows = game.board.length, cols = rows ? game.board[0].length : 15;
    var b = [];
    for (var r = 0; r < rows; r++) b.push(new Array(cols).fill("."));
    var placed = {};
    plays.slice(0, n).forEach(function (p) {
      if (p.take) {
        (placed[p.take] || []).forEach(function (s) { if (b[s.r]) b[s.r][s.c] = "."; });
        return;
      }
      placed[p.seq] = p.squares;
      p.squares.forEach(function (s) { if (b[s.r] && s.c < cols) b[s.r][s.c] = s.t; });
    });
    return b.map(function (row) { return row.join(""); });
  }

  function draw() {
    var p = plays[step - 1];
    var t = {
      table: game.table, turns: step, status: step === plays.length ? "finished" : "", board: boardAt(step),
      players: game.players.map(function (s) { return { seat: s.seat, name: s.name, score: p ? p.totals[s.seat - 1] : 0 }; }),
    };
    if (step === plays.length) t.players.forEach(function (s, i) { s.score = game.players[i].score; });
    boards.textContent = "";
    var sec = window.liveBoard.drawTable(t, {
      table: "Round " + game.round + " · Table " + game.table,
      turns: step === plays.length ? "Final" : "After " + step + " of " + plays.length,
      last: p ? p.text : "Before the first play",
    });
    boards.appendChild(sec);
    at.textContent = step + " / " + plays.length;
    main.dataset.step = String(step);
  }

  function go(to) { step = Math.max(0, Math.min(plays.length, to)); draw(); }

  steps.addEventListener("click", function (e) {
    var s = e.target.dataset && e.target.dataset.step;
    if (s === "first") go(0);
    if (s === "back") go(step - 1);
    if (s === "next") go(step + 1);
    if (s === "last") go(plays.length);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });

  fetch(main.dataset.api, { headers: { Accept: "application/json" } }).then(function (r) {
    if (!r.ok) return Promise.reject(r.status);
    return r.json();
  }).then(function (g) {
    if (String(g.tournament_id) !== main.dataset.tournament) return Promise.reject(404);
    game = g;
    g.turns.forEach(function (e) {
      var who = g.players[e.player - 1] ? g.players[e.player - 1].name : "";
      if (e.kind === "move") {
        var sq = squares(e.move || "") || [];
        var bd = e.breakdown && e.breakdown.words && e.breakdown.words[0];
        var pos = (e.move || "").trim().split(/\s+/)[0];
        var text = who + ": " + (sq.length ? (bd ? bd.word + " at " + pos : e.move) + " for " + e.score : (e.move === "-" ? "passed" : "exchanged"));
        plays.push({ seq: e.seq, turn: e.turn, squares: sq, totals: e.totals, text: text });
      } else if (e.kind === "withdraw" || (e.kind === "challenge" && e.verdict === "unacceptable")) {
        var last = e.challenged_turn || (plays.length ? plays[plays.length - 1].seq : 0);
        plays.push({ take: last, squares: [], totals: e.totals, text: "The play of turn " + e.turn + " is challenged off" });
      }
    });
    steps.hidden = false;
    go(plays.length);
  }).catch(function (status) {
    boards.textContent = "";
    boards.appendChild(el("p", "live-none", status === 401 || status === 403
      ? "This game is still being played: follow it on the live boards."
      : "There is no such game in this tournament."));
  });
})();
