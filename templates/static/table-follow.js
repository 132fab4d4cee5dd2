// The table's tablet follows the round: when the director makes another
// round current, or pairs or changes the current round, the page opens
// the table's game in the round now current (or says there is none) by
// itself, within a second or two, with nothing for the players to do.
// It hears the tournament's public updates (/t/{id}/updates: "tournament"
// when the current round changes, "pairings" when a round is paired or
// changed) and asks the server what changed; while the stream is down it
// asks every FALLBACK_MS. Which game is at the table is the server's
// rule (TableGame: the current round's game with the table's number, in
// whichever division): the page only opens /table/N again, which shows
// that game, or "No game for this table this round".
//
// Used by the game page (table.html, data-game the game shown) and the
// page without a game (table_waiting.html); <main> says the tournament,
// the table and the round shown.
(function () {
  "use strict";
  var main = document.querySelector("main[data-follow]");
  if (!main) return;
  var d = main.dataset, round = parseInt(d.round, 10), table = parseInt(d.table, 10), game = d.game || "";
  var FALLBACK_MS = 10000, WAIT_MS = 2000;

  function get(path) {
    return fetch(path, { credentials: "same-origin" }).then(function (r) { return r.ok ? r.json() : { missing: r.status === 404 }; });
  }
  // busy: the players have entries waiting to be sent to the game shown
  // (offline): they are not dropped by opening another page.
  function busy() {
    var T = window.tourneyTable;
    return !!(T && T.queue && (T.queue().length || (T.sending && T.sending.busy)));
  }
  var going = false;
  function go() {
    if (going) return;
    if (busy()) { setTimeout(go, WAIT_MS); return; }
    going = true;
    location.replace(location.pathname);
  }
  // check: has the round moved on, or the table's game changed?
  function check() {
    if (going) return;
    get("/api/v1/tournaments/" + d.tournament).then(function (t) {
      if (t.current_round && t.current_round !== round) { go(); return; }
      if (!game) { // paired now? the round's tables say (a look that finds none opens nothing)
        return get("/api/v1/tournaments/" + d.tournament + "/rounds/" + round + "/tables").then(function (ts) {
          if (Array.isArray(ts) && ts.some(function (x) { return x.table === table && x.game_id; })) go();
        });
      }
      return get("/api/v1/games/" + game).then(function (g) {
        if (g.missing || (g.id && (g.round !== round || g.table !== table))) go();
      });
    }).catch(function () { /* offline: the next notice or look */ });
  }
  // The stream reopens by itself after a refusal or a drop (liveStream),
  // saying so in the bar in the tablet's words (T.followWords), and looks
  // for a change it may have missed each time it is connected.
  var es = null;
  if (window.EventSource && window.liveStream) {
    var T = window.tourneyTable, bar = document.querySelector("header .status"), note = null;
    if (bar) {
      note = document.createElement("span");
      note.id = "follow-words";
      note.className = "offline";
      note.hidden = true;
      bar.appendChild(note);
    }
    es = liveStream.open("/t/" + d.tournament + "/updates", {
      on: { tournament: check, pairings: check },
      words: T && T.followWords,
      // Once connected, first or again, it looks once: a change made
      // between the page being drawn (or the stream dropping) and the
      // stream opening sent its notice to nobody.
      state: function (words, state) {
        if (note) { note.textContent = words; note.hidden = !words; }
        if (state === "live") check();
      }
    });
  }
  setInterval(function () { if (!es || !es.live()) check(); }, FALLBACK_MS);
})();
