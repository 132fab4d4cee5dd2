// The table's tablet page: board, totals, move entry with a preview,
// and an offline queue of entries in localStorage. Plain JavaScript.
(function () {
  "use strict";
  var csrf = document.querySelector('meta[name="csrf-token"]').content;
  var game = JSON.parse(document.getElementById("game-data").textContent);
  var layout = JSON.parse(document.getElementById("layout-data").textContent);
  var cols = game.board[0] ? game.board[0].length : 15;
  document.getElementById("board").style.setProperty("--cols", cols);
  var queueKey = "tourney-queue-" + game.id;
  var $ = function (id) { return document.getElementById(id); };
  var lastPreview = null, previewTimer = null, tapStart = null;
  // local holds the turn number and seat of the next entry, ahead of the
  // server while entries wait in the queue.
  var local = { next: game.next_turn, toMove: game.to_move };

  function api(method, path, body, key) {
    var h = { "Content-Type": "application/json", "X-CSRF-Token": csrf };
    if (key) h["Idempotency-Key"] = key;
    return fetch("/api/v1" + path, { method: method, headers: h, body: body ? JSON.stringify(body) : undefined, credentials: "same-origin" })
      .then(function (r) { return r.json().then(function (j) { return { ok: r.ok, status: r.status, body: j }; }); });
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + Math.random().toString(36).slice(2);
  }
  function text(el, s) { el.textContent = s; }
  function playerName(seat) { var p = game.players[seat - 1]; return p ? p.name : "player " + seat; }

  // ---- board ----
  function squares() { return document.querySelectorAll("#board .sq"); }
  function parseMove(m) {
    var mt = /^\s*(\d{1,2})([A-Za-z])\s+(\S+)\s*$/.exec(m), down = false, row, col, word;
    if (mt) { row = +mt[1] - 1; col = mt[2].toUpperCase().charCodeAt(0) - 65; word = mt[3]; }
    else {
      mt = /^\s*([A-Za-z])(\d{1,2})\s+(\S+)\s*$/.exec(m);
      if (!mt) return null;
      down = true; col = mt[1].toUpperCase().charCodeAt(0) - 65; row = +mt[2] - 1; word = mt[3];
    }
    return { row: row, col: col, down: down, word: word.replace(/[()]/g, "") };
  }
  function renderBoard(placed, bad) {
    var sq = squares();
    for (var i = 0; i < sq.length; i++) {
      var r = Math.floor(i / cols), c = i % cols, ch = (game.board[r] || "")[c] || ".";
      var prem = layout[i] || "";
      var cls = "sq " + prem;
      var label = { dl: "2L", tl: "3L", ql: "4L", dw: "2W", tw: "3W", qw: "4W" }[prem.split(" ")[0]] || "";
      if (prem.indexOf("start") >= 0) label = "★";
      if (ch !== ".") { cls += " tile" + (ch !== ch.toUpperCase() ? " blank" : ""); label = ch; }
      sq[i].className = cls; sq[i].textContent = label;
    }
    if (placed) {
      var r0 = placed.row, c0 = placed.col;
      for (var k = 0; k < placed.word.length; k++) {
        var rr = placed.down ? r0 + k : r0, cc = placed.down ? c0 : c0 + k;
        if (rr >= game.board.length || cc >= cols || rr < 0 || cc < 0) break;
        var idx = rr * cols + cc, ch2 = placed.word[k];
        if ((game.board[rr] || "")[cc] !== "." || ch2 === ".") continue;
        sq[idx].className += " new" + (bad ? " bad" : "") + (ch2 !== ch2.toUpperCase() ? " blank" : "");
        sq[idx].textContent = ch2;
      }
    }
    if (tapStart) sq[tapStart.row * cols + tapStart.col].className += " picked";
  }
  function renderGame() {
    var totals = $("totals");
    totals.innerHTML = "";
    game.players.forEach(function (p) {
      var d = document.createElement("div");
      d.className = "total" + (p.seat === local.toMove ? " to-move" : "");
      d.dataset.seat = p.seat;
      var n = document.createElement("span"); n.className = "name"; text(n, p.name);
      var s = document.createElement("span"); s.className = "score"; text(s, p.score);
      d.appendChild(n); d.appendChild(document.createTextNode(" ")); d.appendChild(s);
      totals.appendChild(d);
    });
    text($("status"), game.status);
    $("turn-line").innerHTML = "";
    $("turn-line").appendChild(document.createTextNode("Turn " + local.next + ": "));
    var b = document.createElement("strong"); b.id = "to-move-name"; text(b, playerName(local.toMove));
    $("turn-line").appendChild(b); $("turn-line").appendChild(document.createTextNode(" to move"));
    var ol = $("turns"); ol.innerHTML = "";
    game.turns.slice().reverse().forEach(function (t) {
      var li = document.createElement("li");
      var s = t.turn + ". " + playerName(t.player) + ": " + t.kind + " " + (t.move || "") + " " + (t.score >= 0 ? "+" : "") + t.score;
      if (t.verdict) s += " (" + t.verdict + ")";
      if (t.flag) s += " ⚑ " + t.flag;
      if (t.undone) s += " (undone)";
      text(li, s); ol.appendChild(li);
    });
    renderBoard(parseMove($("move").value), lastPreview && !lastPreview.legal);
  }
  function reload() {
    return api("GET", "/games/" + game.id).then(function (r) {
      if (!r.ok) return;
      game = r.body;
      if (queue().length === 0) local = { next: game.next_turn, toMove: game.to_move };
      renderGame();
    }).catch(function () {});
  }

  // ---- preview ----
  function showPreview(p) {
    var el = $("preview"); el.innerHTML = "";
    if (!p) return;
    if (!p.legal) {
      var b = document.createElement("div"); b.className = "bad"; text(b, p.message || p.code || "not a legal placement"); el.appendChild(b);
      return;
    }
    var s = document.createElement("div"); s.className = "score"; text(s, p.score + " points"); el.appendChild(s);
    var ul = document.createElement("ul");
    ((p.breakdown && p.breakdown.words) || []).forEach(function (w) {
      var li = document.createElement("li"); text(li, w.word + " " + (w.position || "") + ": " + w.score); ul.appendChild(li);
    });
    if (p.breakdown && p.breakdown.bingo) { var li = document.createElement("li"); text(li, "bingo +" + p.breakdown.bingo); ul.appendChild(li); }
    el.appendChild(ul);
    if (p.flag) { var f = document.createElement("div"); f.className = "bad"; text(f, "⚑ " + p.flag); el.appendChild(f); }
  }
  function preview() {
    var mv = $("move").value.trim();
    $("disagree").hidden = true;
    if (!mv) { lastPreview = null; showPreview(null); renderBoard(null); return; }
    var placed = parseMove(mv);
    renderBoard(placed, false);
    if (queue().length > 0 || !navigator.onLine) { text($("preview"), "Preview needs the connection; the move will be scored when sent."); return; }
    api("POST", "/games/" + game.id + "/preview", { player: local.toMove, move: mv }).then(function (r) {
      if ($("move").value.trim() !== mv) return;
      lastPreview = r.ok ? r.body : { legal: false, message: r.body.detail };
      showPreview(lastPreview);
      renderBoard(placed, !lastPreview.legal);
    }).catch(function () { text($("preview"), "No connection: the move will be scored when sent."); });
  }
  function schedulePreview() { clearTimeout(previewTimer); previewTimer = setTimeout(preview, 250); }
  $("move").addEventListener("input", schedulePreview);

  // ---- tapping a start square ----
  document.getElementById("board").addEventListener("click", function (e) {
    var t = e.target.closest(".sq"); if (!t) return;
    var sq = squares(), i = Array.prototype.indexOf.call(sq, t);
    tapStart = { row: Math.floor(i / cols), col: i % cols };
    $("tap-tools").hidden = false;
    text($("tap-start"), "Start " + String.fromCharCode(65 + tapStart.col) + (tapStart.row + 1));
    composeTap(); $("word").focus();
  });
  function composeTap() {
    if (!tapStart) return;
    var down = $("dir").dataset.down === "1", w = $("word").value.trim();
    var pos = down ? String.fromCharCode(65 + tapStart.col) + (tapStart.row + 1) : (tapStart.row + 1) + String.fromCharCode(65 + tapStart.col);
    $("move").value = w ? pos + " " + w : "";
    schedulePreview(); renderBoard(parseMove($("move").value), false);
  }
  $("dir").addEventListener("click", function () {
    var d = $("dir"); d.dataset.down = d.dataset.down === "1" ? "0" : "1";
    text(d, d.dataset.down === "1" ? "Down ↓" : "Across →"); composeTap();
  });
  // Lowercase letters are blanks; the word box keeps what was typed.
  $("word").addEventListener("input", composeTap);

  // ---- the offline queue ----
  function queue() { try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; } }
  function saveQueue(q) { localStorage.setItem(queueKey, JSON.stringify(q)); showQueue(); }
  function showQueue() {
    var n = queue().length, el = $("queue");
    el.hidden = n === 0; text(el, "waiting to send (" + n + ")");
    $("offline").hidden = navigator.onLine && !sending.failed;
  }
  var sending = { busy: false, failed: false };
  function flush() {
    if (sending.busy) return;
    var q = queue(); if (!q.length) { showQueue(); return; }
    sending.busy = true;
    var item = q[0];
    api("POST", item.path, item.body, item.key).then(function (r) {
      sending.busy = false; sending.failed = false;
      var rest = queue(); if (rest.length && rest[0].key === item.key) rest.shift(); saveQueue(rest);
      if (!r.ok) { alert("Turn " + (item.body.turn || "") + " was not recorded: " + (r.body.detail || r.status)); saveQueue([]); }
      else if (r.body.flag) { text($("preview"), "Recorded with flag: " + r.body.flag); }
      if (queue().length) flush(); else reload();
    }).catch(function () { sending.busy = false; sending.failed = true; showQueue(); });
  }
  window.addEventListener("online", function () { sending.failed = false; flush(); });
  window.addEventListener("offline", showQueue);
  setInterval(function () { if (queue().length) flush(); }, 3000);

  function enqueue(body) {
    body.turn = local.next; body.player = local.toMove;
    var q = queue(); q.push({ path: "/games/" + game.id + "/turns", body: body, key: newKey() }); saveQueue(q);
    local.next++; local.toMove = local.toMove % game.players.length + 1;
    $("move").value = ""; $("claim").value = ""; $("word").value = ""; tapStart = null; $("tap-tools").hidden = true;
    lastPreview = null; showPreview(null); $("disagree").hidden = true;
    renderGame(); flush();
  }

  // ---- entering ----
  function claimValue() { var v = $("claim").value.trim(); return v === "" ? null : parseInt(v, 10); }
  $("move-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var mv = $("move").value.trim(); if (!mv) return;
    var claim = claimValue();
    if (lastPreview && lastPreview.legal && claim !== null && claim !== lastPreview.score) {
      text($("disagree-text"), "You claimed " + claim + "; the board gives " + lastPreview.score + ".");
      $("disagree").hidden = false; return;
    }
    if (lastPreview && !lastPreview.legal && !confirm("This placement is refused: " + (lastPreview.message || "") + "\nEnter it anyway?")) return;
    enqueue({ move: mv, claimed_score: claim });
  });
  $("accept-computed").addEventListener("click", function () {
    enqueue({ move: $("move").value.trim(), claimed_score: lastPreview.score });
  });
  $("call-director").addEventListener("click", function () {
    enqueue({ move: $("move").value.trim(), claimed_score: claimValue() });
    text($("preview"), "The director has been called; the disagreement is flagged on the turn.");
  });
  $("pass").addEventListener("click", function () { if (confirm(playerName(local.toMove) + " passes?")) enqueue({ move: "-", claimed_score: 0 }); });
  $("exchange").addEventListener("click", function () {
    var t = prompt("Tiles exchanged (letters, or a number):"); if (!t) return;
    enqueue({ move: "-" + t.trim().toUpperCase(), claimed_score: 0 });
  });
  function lastLive(kinds) {
    for (var i = game.turns.length - 1; i >= 0; i--) if (!game.turns[i].undone && (!kinds || kinds.indexOf(game.turns[i].kind) >= 0)) return game.turns[i];
    return null;
  }
  $("challenge").addEventListener("click", function () {
    if (queue().length) { alert("Wait until every entry is sent."); return; }
    var t = lastLive(["move"]); if (!t) return;
    var challenger = t.player % game.players.length + 1;
    if (!confirm(playerName(challenger) + " challenges turn " + t.turn + " (" + t.move + ")?")) return;
    api("POST", "/games/" + game.id + "/challenges", { turn: t.turn, challenger: challenger }, newKey()).then(function (r) {
      var v = $("verdict"); v.hidden = false;
      if (!r.ok) { v.className = "verdict"; text(v, r.body.detail || "challenge refused"); return; }
      v.className = "verdict " + r.body.verdict;
      text(v, r.body.verdict === "acceptable" ? "ACCEPTABLE" : "NOT ACCEPTABLE");
      setTimeout(function () { v.hidden = true; }, 8000);
      reload();
    }).catch(function () { alert("No connection: challenge again when the connection is back."); });
  });
  $("undo").addEventListener("click", function () {
    if (queue().length) { alert("Wait until every entry is sent."); return; }
    var t = lastLive(); if (!t) return;
    var reason = prompt("Undo turn " + t.turn + " (" + (t.move || t.kind) + "). Why?"); if (!reason) return;
    api("POST", "/games/" + game.id + "/undo", { turn: t.turn, reason: reason }, newKey()).then(function (r) {
      if (!r.ok) alert(r.body.detail || "undo refused"); reload();
    }).catch(function () { alert("No connection."); });
  });

  renderGame(); showQueue(); if (queue().length) { var q = queue(); local.next = q[q.length - 1].body.turn + 1; local.toMove = q[q.length - 1].body.player % game.players.length + 1; renderGame(); flush(); }
})();
