// The director's console: the room view follows the tournament's event
// stream (EventSource) and re-reads a game only when it changed.
(function () {
  "use strict";
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var data = JSON.parse(document.getElementById("console-data").textContent);
  var rows = {}; (data.rows || []).forEach(function (r) { rows[r.game.id] = r; });
  var live = document.getElementById("live");
  function attention(g) {
    var out = [];
    (g.flags || []).forEach(function (f) {
      if (f.flag === "score-disagreement") out.push("score disagreement on turn " + f.turn);
      else if (f.flag.indexOf("irregular") === 0) out.push("irregular placement on turn " + f.turn + " (" + f.flag.replace("irregular:", "") + ")");
      else out.push(f.flag + " on turn " + f.turn);
    });
    if (g.status === "on-hold") out.push("challenge pending (play on hold)");
    if (g.status === "awaiting-acceptance") out.push("game finished, waiting for the last play to be accepted");
    if (g.status === "awaiting-racks") out.push("game finished, racks to enter");
    return out;
  }
  function ago(iso) {
    if (!iso) return "no entries yet";
    var s = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000));
    return s < 60 ? s + "s ago" : Math.floor(s / 60) + "m " + (s % 60) + "s ago";
  }
  function renderAttention() {
    var ul = document.getElementById("attention"); ul.innerHTML = "";
    Object.keys(rows).forEach(function (id) {
      var g = rows[id].game;
      attention(g).forEach(function (t) {
        var li = document.createElement("li"); li.className = "att"; li.dataset.game = id;
        li.textContent = "Table " + g.table + ": " + t; ul.appendChild(li);
      });
    });
  }
  function renderRow(id) {
    var r = rows[id], g = r.game, tr = document.getElementById("game-" + id); if (!tr) return;
    tr.querySelector(".scores").textContent = g.players.map(function (p) { return p.score; }).join(" – ");
    tr.querySelector(".turn").textContent = g.next_turn;
    tr.querySelector(".st").textContent = g.status;
    tr.dataset.last = r.last || "";
    tr.querySelector(".ago").textContent = ago(r.last);
    tr.className = attention(g).length ? "attn" : "";
  }
  function refresh(id) {
    fetch("/api/v1/games/" + id, { headers: { "X-CSRF-Token": csrf }, credentials: "same-origin" })
      .then(function (r) { return r.json(); }).then(function (g) {
        if (!g || !g.id || !rows[g.id]) return;
        var last = null; (g.turns || []).forEach(function (t) { if (!last || t.created_at > last) last = t.created_at; });
        rows[g.id] = { game: g, last: last };
        renderRow(g.id); renderAttention();
        var tr = document.getElementById("game-" + g.id); tr.classList.remove("flash"); void tr.offsetWidth; tr.classList.add("flash");
      });
  }
  Object.keys(rows).forEach(renderRow); renderAttention();
  setInterval(function () { Object.keys(rows).forEach(function (id) { var tr = document.getElementById("game-" + id); if (tr) tr.querySelector(".ago").textContent = ago(rows[id].last); }); }, 1000);
  var es = new EventSource("/api/v1/tournaments/" + data.tournament + "/events?csrf=" + encodeURIComponent(csrf));
  es.addEventListener("open", function () { live.textContent = "live"; live.className = "online"; });
  es.addEventListener("error", function () { live.textContent = "reconnecting…"; live.className = "offline"; });
  es.addEventListener("game", function (e) {
    var n = JSON.parse(e.data);
    if (n.game_id && rows[n.game_id]) refresh(n.game_id);
  });
})();
