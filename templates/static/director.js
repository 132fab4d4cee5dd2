// The director's room view: the current round's tables follow the
// tournament's event stream and re-read a game only when it changed.
// Every game and attention item opens the game in the console.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var data = JSON.parse(document.getElementById("console-data").textContent);
  var rows = {};
  (data.rows || []).forEach(function (r) { rows[r.game.id] = r; });

  function gameHref(id) { return "/director/" + data.tournament + "/games/" + id; }

  function ago(iso, g) {
    if (!iso) return g && Attention.byHand(g) ? "–" : "no entries yet";
    var s = Math.max(0, Math.round((Attention.now() - Date.parse(iso)) / 1000));
    return s < 60 ? s + "s ago" : Math.floor(s / 60) + "m " + (s % 60) + "s ago";
  }

  // The attention list, the server's (GET .../attention): drawn as it
  // comes, each line opening what it is about; a table with a line is
  // marked in the room.
  function renderAttention(items) {
    var ul = document.getElementById("attention"), marked = {};
    ul.textContent = "";
    items.forEach(function (it) {
      if (it.kind === "guessing") {
        ul.appendChild(el("li", { className: "att guess-att" }, it.text));
      } else if (it.kind === "round-missing") {
        ul.appendChild(el("li", { className: "att round-att", dataset: { round: String(it.round) } },
          el("a", { href: "/director/" + data.tournament + "/results?round=" + it.round }, it.text)));
      } else {
        marked[it.game] = true;
        ul.appendChild(el("li", { className: "att", dataset: { game: String(it.game) } }, el("a", { href: gameHref(it.game) }, "Table " + it.table + ": " + it.text)));
      }
    });
    document.getElementById("all-clear").hidden = items.length > 0;
    Object.keys(rows).forEach(function (id) {
      var tr = document.getElementById("game-" + id);
      if (tr) tr.classList.toggle("attn", !!marked[id]);
    });
  }

  function renderRow(id) {
    var r = rows[id], g = r.game, tr = document.getElementById("game-" + id);
    if (!tr) return;
    // A team game's scores are its two teams' (seats 1 and 3, 2 and 4).
    var ps = g.players, scores = r.teams && ps.length === 4 ? [ps[0].score + ps[2].score, ps[1].score + ps[3].score] : ps.map(function (p) { return p.score; });
    var forfeit = g.official_result && g.official_result.kind === "forfeit";
    // A record set aside shows no partial score until its result is keyed.
    var aside = g.record_set_aside && !g.official_result;
    tr.querySelector(".scores").textContent = forfeit ? "forfeit" : aside ? "–" : scores.join(" – ");
    // The turn is the tablet's (next_play), from the server's one number.
    tr.querySelector(".turn").textContent = Attention.turn(g);
    tr.querySelector(".st").textContent = Attention.gameStatus(g);
    tr.dataset.last = r.last || "";
    tr.querySelector(".ago").textContent = ago(r.last, g);
  }

  function refresh(id) {
    C.api("GET", "/api/v1/games/" + id).then(function (g) {
      if (!g || !g.id || !rows[g.id]) return;
      var last = null;
      (g.turns || []).forEach(function (t) { if (!last || t.created_at > last) last = t.created_at; });
      var seen = function (x) { return JSON.stringify([x.status, x.players, x.next_turn, x.official_result]); };
      var changed = seen(rows[g.id].game) !== seen(g);
      rows[g.id] = { game: g, last: last, teams: rows[g.id].teams };
      renderRow(g.id);
      var tr = document.getElementById("game-" + g.id);
      if (changed) { tr.classList.remove("flash"); void tr.offsetWidth; tr.classList.add("flash"); }
    }, function () { /* the next notice or the reconnect re-reads it */ });
  }

  Object.keys(rows).forEach(renderRow);
  var attentionAgain = Attention.follow(C.base + "/attention", renderAttention, data);
  setInterval(function () {
    Object.keys(rows).forEach(function (id) {
      var tr = document.getElementById("game-" + id);
      if (tr) tr.querySelector(".ago").textContent = ago(rows[id].last, rows[id].game);
    });
  }, 1000);
  // New pairings for this round, or a game the page does not know yet,
  // change the set of tables: the page is read again (it holds no input).
  var reload = C.debounce(function () { location.reload(); }, 300);
  C.live(data.tournament, {
    game: function (n) {
      attentionAgain();
      if (n.game_id && rows[n.game_id]) refresh(n.game_id);
      else if (n.round === data.round) reload();
    },
    // A result keyed (or amended, or cleared) for this round may be a
    // table's game: its row reads the game again, status and scores.
    result: function (n) {
      attentionAgain();
      if (!n.round || n.round === data.round) Object.keys(rows).forEach(function (id) { refresh(id); });
    },
    pairings: function (n) { if (!n.round || n.round === data.round) reload(); else attentionAgain(); }
  }, reload); // back after a refusal or a drop: the room as on its first load
})();
