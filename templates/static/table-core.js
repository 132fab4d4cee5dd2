// The table's tablet page: what all its scripts share. The page is plain
// JavaScript in several files that table.html loads in order (no modules,
// no build step, no inline script under the CSP); they meet in one
// namespace, window.tourneyTable, instead of many globals. This file,
// loaded first, makes it and puts in the page's data and small helpers;
// the others add their parts, and table.js, loaded last, starts the page.
// A file calls into one loaded after it only from functions and event
// handlers, which run once every file is in.
window.tourneyTable = (function () {
  "use strict";
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var T = {
    // game is replaced whenever the server answers with the whole game.
    game: JSON.parse(document.getElementById("game-data").textContent),
    layout: JSON.parse(document.getElementById("layout-data").textContent),
    // squareNames: what the variant calls each premium square, by the
    // layout's class ("dl": "DL" or Word Chums' "L2").
    squareNames: JSON.parse(document.getElementById("square-names").textContent)
  };
  T.cols = T.game.board[0] ? T.game.board[0].length : 15;

  T.$ = function (id) { return document.getElementById(id); };
  T.api = function (method, path, body, key) {
    var h = { "Content-Type": "application/json", "X-CSRF-Token": csrf };
    if (key) h["Idempotency-Key"] = key;
    return fetch("/api/v1" + path, { method: method, headers: h, body: body ? JSON.stringify(body) : undefined, credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j, retryAfter: r.headers.get("Retry-After") }; }); });
  };
  T.newKey = function () {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  };
  T.text = function (el, s) { el.textContent = s; };
  T.el = function (tag, cls, s) { var e = document.createElement(tag); if (cls) e.className = cls; if (s !== undefined) e.textContent = s; return e; };
  T.playerName = function (seat) { var p = T.game.players[seat - 1]; return p ? p.name : "player " + seat; };
  T.nextSeat = function (seat) { return seat % T.game.players.length + 1; };
  // A team game (the page says so: the game's view does not): seats 1 and
  // 3 against seats 2 and 4. teamName(1) is "Ann & Cy".
  T.teams = document.querySelector("main").dataset.teams === "1";
  T.isTeams = function () { return T.teams && T.game.players.length === 4; };
  T.teamName = function (team) { return T.playerName(team) + " & " + T.playerName(team + 2); };
  // T.num writes a score, a true minus for a negative one.
  T.num = function (n) { return n < 0 ? "−" + (-n) : String(n); };
  // T.versus writes two scores "451–345", or "11 to −1" when one is
  // negative (a dash before a minus misreads).
  T.versus = function (a, b) { return T.num(a) + (a < 0 || b < 0 ? " to " : "–") + T.num(b); };
  T.say = function (msg) { var n = T.$("notice"); n.hidden = !msg; T.text(n, msg || ""); };
  T.signed = function (n) { return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n); };
  return T;
})();
