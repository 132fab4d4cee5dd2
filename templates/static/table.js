// The table's tablet page: board, totals, move entry with a preview,
// challenges with the verdict shown as a word judge shows it, the end of
// the game with both players confirming, and an ordered offline queue of
// every entry in localStorage. This file, loaded last, draws the whole
// page from the game, reads the game again when it may have changed, and
// starts the page; the parts are in the table-*.js files before it.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, text = T.text;
  // How often an idle page asks whether the director changed the game.
  var REFRESH_MS = 10000;

  // renderTotals: every seat's name and running score, the seat to move
  // marked; in a team game each team's players together under the
  // team's total (seats 1 and 3, 2 and 4).
  function renderTotals(l) {
    var totals = $("totals"); totals.innerHTML = "";
    function seat(p, into) {
      var d = el("div", "total" + (p.seat === l.toMove && !T.over() ? " to-move" : ""));
      d.dataset.seat = p.seat;
      d.appendChild(el("span", "name", p.name)); d.appendChild(document.createTextNode(" ")); d.appendChild(el("span", "score", T.num(p.score)));
      into.appendChild(d);
    }
    if (!T.isTeams()) { T.game.players.forEach(function (p) { seat(p, totals); }); return; }
    [0, 1].forEach(function (team) {
      var box = el("div", "team"), ps = [T.game.players[team], T.game.players[team + 2]];
      box.dataset.team = team + 1;
      var sum = el("span", "team-score", T.num(ps[0].score + ps[1].score));
      sum.title = T.teamName(team + 1) + ": team total";
      box.appendChild(sum);
      ps.forEach(function (p) { seat(p, box); });
      totals.appendChild(box);
    });
  }
  // renderGame draws everything from the game and the waiting entries.
  T.renderGame = function () {
    var game = T.game, l = T.local();
    renderTotals(l);
    // A result keyed by hand is the director's (tableStatus in api/pages_table_result.go).
    text($("status"), T.statusText(T.handResult() ? "voided" : game.status));
    var line = $("turn-line"); line.innerHTML = "";
    if (l.blocked) line.appendChild(el("strong", "", l.blocked));
    else {
      // Turns count plays, as the score sheets do (see table-log.js).
      line.appendChild(document.createTextNode("Turn " + T.nextPlay(l) + ": "));
      var b = el("strong", "", T.playerName(l.toMove)); b.id = "to-move-name"; line.appendChild(b);
      line.appendChild(document.createTextNode(" to move"));
    }
    T.renderLog($("turns"), T.lastPlaySeq());
    var ended = T.over(), confirmedAny = (game.confirmed || []).indexOf(true) >= 0;
    if (ended && !$("entry").hidden) T.clearEntry();
    $("entry").hidden = ended;
    ["confirm", "pass", "exchange"].forEach(function (id) { $(id).hidden = ended; $(id).disabled = !!l.blocked; });
    // Under the void rule a word not in the list is refused as it is
    // played: there is nothing to challenge or hold.
    var noChallenges = game.challenge_rule === "void";
    $("challenge").hidden = noChallenges || (ended && game.status !== "awaiting-acceptance");
    $("hold").hidden = noChallenges || ended;
    $("hold").disabled = !!l.blocked || T.held();
    // Nothing the director entered is undone here.
    $("undo").hidden = confirmedAny || game.status === "voided" || !!T.handResult() || !!T.directorsLast();
    $("actions").hidden = ["confirm", "pass", "exchange", "hold", "challenge", "undo"].every(function (id) { return $(id).hidden; });
    T.renderEnd();
    T.renderBoard(T.parseMove($("move").value), T.previewRefused());
    T.showLetters();
  };

  // ---- the game from the server ----
  function signature(g) {
    return JSON.stringify([g.next_turn, g.totals, g.status, g.confirmed, g.official_result, g.turns.map(function (t) { return [t.seq, t.turn, t.move, t.score, t.undone, t.flag, t.verdict]; }), g.director_entry]);
  }
  // reload reads the game again; an unchanged game is drawn again only
  // when forced (after sending), so what a player is typing (a rack at the
  // end of the game) is not wiped by an idle look.
  T.reload = function (force) {
    return T.api("GET", "/games/" + T.game.id).then(function (r) {
      if (!r.ok) return;
      var changed = signature(r.body) !== signature(T.game);
      T.setGame(r.body);
      if (changed || force) { T.renderGame(); if ($("move").value.trim()) T.schedulePreview(); }
    }).catch(function () {});
  };
  // The director may correct a turn or rule while the tablet sits idle:
  // look again when the tab comes back and every REFRESH_MS meanwhile.
  function refresh() { if (!T.sending.busy && !T.queue().length && document.visibilityState !== "hidden") T.reload(false); }
  setInterval(refresh, REFRESH_MS);
  window.addEventListener("focus", refresh);
  document.addEventListener("visibilitychange", refresh);

  T.renderGame(); T.showQueue(); T.flush();
})(window.tourneyTable);
