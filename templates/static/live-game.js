// The replay of a finished game (/t/{id}/games/{game}): the board after
// each play, stepped through with First, Back, Next and Last (or the
// arrow keys). Every step's board and scores come from the server's
// replay of the record (GET /games/{id}/replay), the one every view of
// the game reads: a play challenged off takes back only the tiles it
// laid, never one it was played through.
(function () {
  "use strict";
  var main = document.getElementById("replay-main");
  if (!main) return;
  var boards = document.getElementById("live-boards");
  var steps = document.getElementById("replay-steps");
  var at = document.getElementById("replay-at");
  var game = null, plays = [], step = 0;

  var el = window.liveBoard.el;

  function emptyBoard() {
    var row = new Array(game.cols + 1).join(".");
    var b = [];
    for (var r = 0; r < game.rows; r++) b.push(row);
    return b;
  }

  // text says a step in words: "Ann: WINDY at 8D for 24".
  function text(p) {
    var who = game.players[p.player - 1] ? game.players[p.player - 1].name : "";
    switch (p.kind) {
      case "withdrawn": return who + ": " + (p.word ? p.word + " at " + p.position + " " : "") + "challenged off (" + String(p.score).replace("-", "−") + ")";
      case "exchange": return who + ": exchanged " + p.tiles + (p.tiles === 1 ? " tile" : " tiles");
      case "pass": return who + ": passed";
    }
    return who + ": " + p.word + " at " + p.position + " for " + p.score;
  }

  function draw() {
    var p = plays[step - 1];
    var t = {
      table: game.table, turns: step, status: step === plays.length ? "finished" : "", board: p ? p.board : emptyBoard(),
      players: game.players.map(function (s) { return { seat: s.seat, name: s.name, score: p ? p.totals[s.seat - 1] : 0 }; }),
    };
    if (step === plays.length) finals(t);
    boards.textContent = "";
    var sec = window.liveBoard.drawTable(t, {
      table: "Round " + game.round + " · Table " + game.table,
      turns: step === plays.length ? "Final" : "After " + step + " of " + plays.length,
      last: p ? text(p) : "Before the first play",
    });
    boards.appendChild(sec);
    at.textContent = step + " / " + plays.length;
    main.dataset.step = String(step);
  }

  // finals gives the table at the last step the game's result: the
  // final scores and who won.
  function finals(t) {
    t.players = game.players.map(function (s) { return { seat: s.seat, player_id: s.player_id, name: s.name, score: s.score }; });
    t.winner_player_id = game.winner_player_id;
    t.tie = game.tie;
    return t;
  }

  // byHand shows a result the director keyed: the finals, no board.
  function byHand() {
    boards.textContent = "";
    boards.appendChild(window.liveBoard.drawTable(finals({ table: game.table, turns: 0, status: "finished", board: [], entered_by_hand: true }),
      { table: "Round " + game.round + " · Table " + game.table, turns: "Final" }));
    main.dataset.step = "0";
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
    if (!game || steps.hidden) return;
    if (e.key === "ArrowLeft") go(step - 1);
    if (e.key === "ArrowRight") go(step + 1);
  });

  fetch(main.dataset.api, { headers: { Accept: "application/json" } }).then(function (r) {
    if (!r.ok) return Promise.reject(r.status);
    return r.json();
  }).then(function (g) {
    if (String(g.tournament_id) !== main.dataset.tournament) return Promise.reject(404);
    game = g;
    plays = g.steps || [];
    if (g.entered_by_hand && !plays.length) { byHand(); return; }
    steps.hidden = false;
    var key = window.liveBoard.legend(); // the board's premium squares named
    if (key) main.insertBefore(key, boards);
    go(plays.length);
  }).catch(function (status) {
    boards.textContent = "";
    boards.appendChild(el("p", "live-none", status === 401 || status === 403
      ? "This game is still being played: follow it on the live boards."
      : "There is no such game in this tournament."));
  });
})();
