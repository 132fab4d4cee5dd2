// The table's tablet page: board, totals, move entry with a preview,
// challenges with the verdict shown as a word judge shows it, the end of
// the game with both players confirming, and an ordered offline queue of
// every entry in localStorage. Plain JavaScript, no build step.
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
  var OVER = ["awaiting-acceptance", "awaiting-racks", "finished"];
  // How often an idle page asks whether the director changed the game.
  var REFRESH_MS = 10000, RETRY_MS = 2000;

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
  function el(tag, cls, s) { var e = document.createElement(tag); if (cls) e.className = cls; if (s !== undefined) e.textContent = s; return e; }
  function playerName(seat) { var p = game.players[seat - 1]; return p ? p.name : "player " + seat; }
  function nextSeat(seat) { return seat % game.players.length + 1; }
  function say(msg) { var n = $("notice"); n.hidden = !msg; text(n, msg || ""); }

  // ---- the offline queue ----
  // Every entry (turn, challenge, undo, confirmation) goes through one
  // ordered queue with its own Idempotency-Key, so a resend after a lost
  // answer is answered, not recorded twice. Each item keeps `after`: the
  // turn number and seat to move once it is in, so the page can go on
  // ahead of the server while entries wait.
  function queue() { try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; } }
  function saveQueue(q) { localStorage.setItem(queueKey, JSON.stringify(q)); showQueue(); }
  var sending = { busy: false, failed: false, key: null };
  // known is where the last answer put the game, until the game is read
  // again (the read may fail if the connection drops once more).
  var known = null;
  function fromGame() { return known || { next: game.next_turn, toMove: game.to_move, blocked: "" }; }
  function local() { var q = queue(); return q.length ? q[q.length - 1].after : fromGame(); }

  function showQueue() {
    var q = queue(), badge = $("queue");
    badge.hidden = q.length === 0; text(badge, "waiting to send (" + q.length + ")");
    $("offline").hidden = navigator.onLine && !sending.failed;
    var list = $("waiting-list"); list.innerHTML = "";
    q.forEach(function (item) { list.appendChild(el("li", item.key === sending.key ? "sending" : "", item.label)); });
    $("waiting").hidden = q.length === 0;
  }
  // retryable: the server did not decide (ours, or the same key still
  // being answered); anything else is its answer to this entry.
  function retryable(r) { return r.status >= 500 || r.status === 429 || (r.body && r.body.code === "idempotency-key-in-use"); }
  function flush() {
    if (sending.busy) return;
    var q = queue(); if (!q.length) { showQueue(); return; }
    var item = q[0];
    sending.busy = true; sending.key = item.key; showQueue();
    api("POST", item.path, item.body, item.key).then(function (r) {
      sending.busy = false; sending.key = null;
      if (!r.ok && retryable(r)) { sending.failed = true; showQueue(); return; }
      sending.failed = false;
      var rest = queue(); if (rest.length && rest[0].key === item.key) rest.shift();
      if (!r.ok) {
        // Later entries were made after this one; without it they no
        // longer fit. Show them all so the players can enter them again.
        refused(item, r.body, rest); rest = [];
      }
      saveQueue(rest);
      if (r.ok) sent(item, r.body);
      if (rest.length) flush(); else reload(true);
    }).catch(function () { sending.busy = false; sending.key = null; sending.failed = true; showQueue(); });
  }
  function refused(item, problem, dropped) {
    var box = $("refused-text"); box.innerHTML = "";
    box.appendChild(el("p", "", "Not recorded: " + item.label + ". " + ((problem && problem.detail) || "refused")));
    if (dropped.length) {
      box.appendChild(el("p", "", "Not sent, enter again if still wanted:"));
      var ul = el("ul"); dropped.forEach(function (d) { ul.appendChild(el("li", "", d.label)); }); box.appendChild(ul);
    }
    $("refused").hidden = false;
  }
  $("refused-ok").addEventListener("click", function () { $("refused").hidden = true; });
  function sent(item, body) {
    if (body.turns) { game = body; known = null; } // undo and confirm answer with the game
    else if (body.next_turn) known = { next: body.next_turn, toMove: body.to_move, blocked: "" };
    if (item.kind === "challenge") showVerdict(body);
    else if (item.kind === "turn" && body.flag) say("Turn " + body.turn + " recorded with a flag for the director: " + body.flag);
  }
  function enqueue(kind, path, body, label, after) {
    var q = queue();
    q.push({ kind: kind, path: "/games/" + game.id + path, body: body, key: newKey(), label: label, after: after });
    saveQueue(q);
    renderGame(); flush();
  }
  window.addEventListener("online", function () { sending.failed = false; flush(); });
  window.addEventListener("offline", showQueue);
  // Resend what waits every RETRY_MS: browsers do not reliably tell a
  // page when a Wi-Fi network comes back.
  setInterval(function () { if (queue().length) flush(); }, RETRY_MS);

  // ---- the game from the server ----
  function signature(g) {
    return JSON.stringify([g.next_turn, g.totals, g.status, g.confirmed, g.turns.map(function (t) { return [t.turn, t.move, t.score, t.undone, t.flag, t.verdict]; })]);
  }
  // reload reads the game again; an unchanged game is drawn again only
  // when forced (after sending), so what a player is typing (a rack at the
  // end of the game) is not wiped by an idle look.
  function reload(force) {
    return api("GET", "/games/" + game.id).then(function (r) {
      if (!r.ok) return;
      var changed = signature(r.body) !== signature(game);
      game = r.body; known = null;
      if (changed || force) { renderGame(); if ($("move").value.trim()) schedulePreview(); }
    }).catch(function () {});
  }
  // The director may correct a turn or rule while the tablet sits idle:
  // look again when the tab comes back and every REFRESH_MS meanwhile.
  function refresh() { if (!sending.busy && !queue().length && document.visibilityState !== "hidden") reload(false); }
  setInterval(refresh, REFRESH_MS);
  window.addEventListener("focus", refresh);
  document.addEventListener("visibilitychange", refresh);

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
  function isBlank(ch) { return ch !== ch.toUpperCase(); }
  function lay(sq, placed, cls) {
    for (var k = 0; placed && k < placed.word.length; k++) {
      var rr = placed.down ? placed.row + k : placed.row, cc = placed.down ? placed.col : placed.col + k, ch = placed.word[k];
      if (rr >= game.board.length || cc >= cols || rr < 0 || cc < 0) break;
      if ((game.board[rr] || "")[cc] !== "." || ch === "." || sq[rr * cols + cc].className.indexOf(" new") >= 0) continue;
      sq[rr * cols + cc].className += " new " + cls + (isBlank(ch) ? " blank" : "");
      sq[rr * cols + cc].textContent = ch.toUpperCase();
    }
  }
  function renderBoard(placed, bad) {
    var sq = squares();
    for (var i = 0; i < sq.length; i++) {
      var r = Math.floor(i / cols), c = i % cols, ch = (game.board[r] || "")[c] || ".";
      var prem = layout[i] || "";
      var label = { dl: "2L", tl: "3L", ql: "4L", dw: "2W", tw: "3W", qw: "4W" }[prem.split(" ")[0]] || "";
      if (prem.indexOf("start") >= 0) label = "★";
      var cls = "sq " + prem;
      if (ch !== ".") { cls += " tile" + (isBlank(ch) ? " blank" : ""); label = ch.toUpperCase(); }
      sq[i].className = cls; sq[i].textContent = label;
    }
    lay(sq, placed, bad ? "bad" : "");
    // Plays waiting to be sent show where they will go.
    queue().forEach(function (item) { if (item.kind === "turn" && item.body.move) lay(sq, parseMove(item.body.move), "queued"); });
    if (tapStart) sq[tapStart.row * cols + tapStart.col].className += " picked";
  }

  // ---- what the page shows ----
  function signed(n) { return (n > 0 ? "+" : n < 0 ? "−" : "") + Math.abs(n); }
  function describe(t) {
    var who = playerName(t.player), s;
    switch (t.kind) {
      case "move":
        if (t.move === "-") s = who + ": pass";
        else if (t.move && t.move[0] === "-") s = who + ": exchange " + t.move.slice(1);
        else s = who + ": " + t.move + " " + signed(t.score);
        if (t.claimed_score !== null && t.claimed_score !== undefined && !t.agrees) s += " (claimed " + t.claimed_score + ")";
        break;
      case "challenge":
        s = who + " challenges turn " + t.challenged_turn + ": " + (t.verdict === "acceptable" ? "ACCEPTABLE" : "NOT ACCEPTABLE") +
          (t.words && t.words.length ? " (" + t.words.join(", ") + ")" : "") + (t.score ? " " + signed(t.score) : "");
        break;
      case "accept": s = who + " accepts the play that went out"; break;
      case "withdraw": s = who + ": play withdrawn " + signed(t.score); break;
      case "lost-turn": s = who + " loses the turn"; break;
      case "end-rack": s = who + ": tiles left " + (t.rack || "none") + " " + signed(t.score); break;
      case "time-penalty": s = who + ": time penalty " + signed(t.score); break;
      case "hold": s = who + " holds turn " + t.challenged_turn; break;
      case "confirm": s = who + " confirms the result " + t.move; break;
      default: s = who + ": " + t.kind + " " + signed(t.score);
    }
    if (t.flag) s += " ⚑ " + t.flag;
    if (t.undone) s += " (undone)";
    return t.turn + ". " + s;
  }
  function renderTotals(l) {
    var totals = $("totals"); totals.innerHTML = "";
    game.players.forEach(function (p) {
      var d = el("div", "total" + (p.seat === l.toMove && !over() ? " to-move" : ""));
      d.dataset.seat = p.seat;
      d.appendChild(el("span", "name", p.name)); d.appendChild(document.createTextNode(" ")); d.appendChild(el("span", "score", String(p.score)));
      totals.appendChild(d);
    });
  }
  function over() { return OVER.indexOf(game.status) >= 0 && !queue().length; }
  function renderGame() {
    var l = local();
    renderTotals(l);
    text($("status"), { "in-progress": "in play", "awaiting-acceptance": "went out", "awaiting-racks": "racks to enter", "on-hold": "on hold" }[game.status] || game.status);
    var line = $("turn-line"); line.innerHTML = "";
    if (l.blocked) line.appendChild(el("strong", "", l.blocked));
    else {
      line.appendChild(document.createTextNode("Turn " + l.next + ": "));
      var b = el("strong", "", playerName(l.toMove)); b.id = "to-move-name"; line.appendChild(b);
      line.appendChild(document.createTextNode(" to move"));
    }
    var ol = $("turns"); ol.innerHTML = "";
    game.turns.slice().reverse().forEach(function (t) { ol.appendChild(el("li", t.undone ? "undone" : "", describe(t))); });
    var ended = over(), confirmedAny = (game.confirmed || []).indexOf(true) >= 0;
    if (ended && !$("entry").hidden) clearEntry();
    $("entry").hidden = ended;
    ["confirm", "pass", "exchange"].forEach(function (id) { $(id).hidden = ended; $(id).disabled = !!l.blocked; });
    $("challenge").hidden = ended && game.status !== "awaiting-acceptance";
    $("undo").hidden = confirmedAny;
    $("actions").hidden = ["confirm", "pass", "exchange", "challenge", "undo"].every(function (id) { return $(id).hidden; });
    renderEnd();
    renderBoard(parseMove($("move").value), lastPreview && !lastPreview.legal);
    showLetters();
  }

  // ---- end of the game ----
  function renderEnd() {
    var box = $("end"), was = !box.hidden; box.innerHTML = "";
    box.hidden = !over();
    if (box.hidden) return;
    if (!was) $("checks").scrollTop = 0;
    var r = game.result || {};
    if (game.status === "awaiting-acceptance") {
      var out = r.out_player || game.turns.filter(function (t) { return !t.undone && t.kind === "move"; }).slice(-1).map(function (t) { return t.player; })[0];
      var other = nextSeat(out);
      box.appendChild(el("h2", "", playerName(out) + " went out"));
      box.appendChild(el("p", "", playerName(other) + ": accept the last play, or challenge it."));
      var acc = el("button", "big primary", "Accept — no challenge"); acc.type = "button"; acc.id = "accept-out";
      acc.addEventListener("click", function () {
        var l = local();
        enqueue("turn", "/turns", { turn: l.next, player: other, kind: "accept" }, "Turn " + l.next + " · " + playerName(other) + " accepts", { next: l.next + 1, toMove: l.toMove, blocked: "" });
      });
      box.appendChild(acc);
      return;
    }
    if (game.status === "awaiting-racks") {
      box.appendChild(el("h2", "", "The game is over: the tiles left on the racks"));
      (r.racks_needed || []).forEach(function (seat) {
        var row = el("div", "row rack-row");
        var inp = el("input"); inp.id = "rack-" + seat; inp.placeholder = playerName(seat) + "'s tiles"; inp.setAttribute("autocapitalize", "characters");
        var btn = el("button", "big", "Enter " + playerName(seat) + "'s tiles"); btn.type = "button";
        btn.addEventListener("click", function () {
          var rack = inp.value.trim().toUpperCase(), l = local();
          enqueue("turn", "/turns", { turn: l.next, player: seat, kind: "end-rack", rack: rack }, "Turn " + l.next + " · " + playerName(seat) + "'s tiles left: " + (rack || "none"), { next: l.next + 1, toMove: l.toMove, blocked: "" });
        });
        row.appendChild(inp); row.appendChild(btn); box.appendChild(row);
      });
      return;
    }
    box.appendChild(el("h2", "", "Game over"));
    var final = r.final || game.totals;
    var win = r.tie ? "A tie, " + final.join("–") : r.winner ? playerName(r.winner) + " wins " + final[r.winner - 1] + "–" + final[nextSeat(r.winner) - 1] : "";
    if (win) box.appendChild(el("p", "winner", win));
    var tbl = el("table", "final"), head = el("tr");
    head.appendChild(el("th", "", ""));
    game.players.forEach(function (p) { head.appendChild(el("th", "num", p.name)); });
    tbl.appendChild(head);
    function line(label, xs, sign, cls) {
      if (!xs) return;
      var tr = el("tr", cls || ""); tr.appendChild(el("td", "", label));
      xs.forEach(function (x) { tr.appendChild(el("td", "num", sign ? signed(x) : String(x))); });
      tbl.appendChild(tr);
    }
    line("Before racks", r.before_adjust);
    line("Rack adjustment", r.rack_adjust, true);
    if ((r.time_penalty || []).some(function (x) { return x; })) line("Time penalty", r.time_penalty.map(function (x) { return -Math.abs(x); }), true);
    line("Final", final, false, "total-line");
    box.appendChild(tbl);
    var confirmed = game.confirmed || [], pending = {};
    queue().forEach(function (i) { if (i.kind === "confirm") pending[i.body.player] = true; });
    var row = el("div", "confirms");
    game.players.forEach(function (p) {
      if (confirmed[p.seat - 1]) { row.appendChild(el("div", "confirmed", "✓ " + p.name + " confirmed")); return; }
      var btn = el("button", "big primary", p.name + ": confirm " + final.join("–")); btn.type = "button"; btn.id = "confirm-" + p.seat;
      btn.disabled = !!pending[p.seat];
      btn.addEventListener("click", function () {
        enqueue("confirm", "/confirm", { player: p.seat }, p.name + " confirms the result " + final.join("–"), local());
      });
      row.appendChild(btn);
    });
    box.appendChild(row);
    if (confirmed.length && confirmed.every(function (c) { return c; })) box.appendChild(el("p", "all-confirmed", "Both players have confirmed the result. Thank you!"));
  }

  // ---- preview ----
  function wordTiles(w) {
    var span = el("span", "wtiles");
    (w.letters || []).forEach(function (x) {
      var t = el("span", "wt" + (x.new ? " new" : "") + (isBlank(x.letter) ? " blank" : ""), x.letter.toUpperCase());
      t.title = isBlank(x.letter) ? "blank (0)" : String(x.value);
      span.appendChild(t);
    });
    return span;
  }
  function showPreview(p) {
    var box = $("preview"); box.innerHTML = "";
    if (!p) return;
    if (!p.legal) { box.appendChild(el("div", "bad", p.message || p.code || "not a legal placement")); return; }
    box.appendChild(el("div", "score", p.score + " points"));
    var ul = el("ul", "words");
    ((p.breakdown && p.breakdown.words) || []).forEach(function (w) {
      var li = el("li"); li.appendChild(wordTiles(w)); li.appendChild(el("span", "wscore", " " + w.word.toUpperCase() + " " + w.score)); ul.appendChild(li);
    });
    if (p.breakdown && p.breakdown.bingo) ul.appendChild(el("li", "", "bingo +" + p.breakdown.bingo));
    box.appendChild(ul);
    var blanks = [];
    ((p.breakdown && p.breakdown.words) || []).forEach(function (w) { (w.letters || []).forEach(function (x) { if (x.new && isBlank(x.letter) && blanks.indexOf(x.square) < 0) blanks.push(x.square); }); });
    if (blanks.length) box.appendChild(el("div", "blank-note", "Blank" + (blanks.length > 1 ? "s" : "") + " at " + blanks.join(", ") + " (0 points)"));
    if (p.flag) box.appendChild(el("div", "bad", "⚑ " + p.flag));
  }
  function preview() {
    var mv = $("move").value.trim(), l = local();
    $("disagree").hidden = true;
    if (!mv) { lastPreview = null; showPreview(null); renderBoard(null); showLetters(); return; }
    var placed = parseMove(mv);
    renderBoard(placed, false); showLetters();
    if (queue().length > 0 || !navigator.onLine) { lastPreview = null; text($("preview"), "Preview needs the connection; the move will be scored when sent."); return; }
    api("POST", "/games/" + game.id + "/preview", { player: l.toMove, move: mv }).then(function (r) {
      if ($("move").value.trim() !== mv) return;
      lastPreview = r.ok ? r.body : { legal: false, message: r.body.detail };
      showPreview(lastPreview);
      renderBoard(placed, !lastPreview.legal);
    }).catch(function () { text($("preview"), "No connection: the move will be scored when sent."); });
  }
  function schedulePreview() { clearTimeout(previewTimer); previewTimer = setTimeout(preview, 250); }
  // A new entry begins: the last verdict has been seen.
  $("move").addEventListener("input", function () { tapStart = null; $("tap-tools").hidden = true; $("verdict").hidden = true; schedulePreview(); });
  $("claim").addEventListener("input", function () { $("disagree").hidden = true; });

  // ---- blanks: tap a letter of the word to make it a blank ----
  // Lowercase is a blank in notation; a tablet keyboard capitalises, so
  // each placed letter is also a button that turns it into a blank.
  function showLetters() {
    var placed = parseMove($("move").value), box = $("letters"); box.innerHTML = "";
    $("blanks").hidden = !placed || !/[A-Za-z]/.test(placed.word);
    if (!placed) return;
    placed.word.split("").forEach(function (ch, i) {
      if (ch === ".") return;
      var b = el("button", "letter" + (isBlank(ch) ? " blank" : ""), ch.toUpperCase()); b.type = "button";
      b.dataset.index = i; b.setAttribute("aria-pressed", isBlank(ch) ? "true" : "false");
      b.title = isBlank(ch) ? "blank: tap to make it a tile" : "tap to make it a blank";
      box.appendChild(b);
    });
  }
  $("letters").addEventListener("click", function (e) {
    var b = e.target.closest(".letter"); if (!b) return;
    var i = +b.dataset.index;
    function flip(s) { var ch = s[i]; return s.slice(0, i) + (isBlank(ch) ? ch.toUpperCase() : ch.toLowerCase()) + s.slice(i + 1); }
    if (tapStart) { $("word").value = flip($("word").value.trim()); composeTap(); return; }
    var mt = /^(\s*\S+\s+)(\S+)\s*$/.exec($("move").value), placed = parseMove($("move").value);
    if (!mt || !placed) return;
    // The word as typed may hold ( ) around tiles on the board: map the
    // index over the letters only.
    var word = mt[2], seen = -1, out = "";
    for (var k = 0; k < word.length; k++) {
      var c = word[k];
      if (c !== "(" && c !== ")") { seen++; if (seen === i) c = isBlank(c) ? c.toUpperCase() : c.toLowerCase(); }
      out += c;
    }
    $("move").value = mt[1] + out; schedulePreview(); showLetters();
  });

  // ---- tapping a start square ----
  $("board").addEventListener("click", function (e) {
    var t = e.target.closest(".sq"); if (!t || over()) return;
    $("verdict").hidden = true;
    var i = Array.prototype.indexOf.call(squares(), t);
    tapStart = { row: Math.floor(i / cols), col: i % cols };
    $("tap-tools").hidden = false;
    text($("tap-start"), "From " + String.fromCharCode(65 + tapStart.col) + (tapStart.row + 1));
    composeTap(); $("word").focus();
  });
  function composeTap() {
    if (!tapStart) return;
    var down = $("dir").dataset.down === "1", w = $("word").value.trim();
    var pos = down ? String.fromCharCode(65 + tapStart.col) + (tapStart.row + 1) : (tapStart.row + 1) + String.fromCharCode(65 + tapStart.col);
    $("move").value = w ? pos + " " + w : "";
    schedulePreview(); renderBoard(parseMove($("move").value), false); showLetters();
  }
  $("dir").addEventListener("click", function () {
    var d = $("dir"); d.dataset.down = d.dataset.down === "1" ? "0" : "1";
    text(d, d.dataset.down === "1" ? "Down ↓" : "Across →"); composeTap();
  });
  $("word").addEventListener("input", composeTap);

  // ---- entering ----
  function clearEntry() {
    $("move").value = ""; $("claim").value = ""; $("word").value = ""; tapStart = null; $("tap-tools").hidden = true;
    lastPreview = null; showPreview(null); $("disagree").hidden = true; $("verdict").hidden = true; $("blanks").hidden = true; say("");
  }
  function enterTurn(body, label) {
    var l = local();
    body.turn = l.next; body.player = l.toMove;
    clearEntry();
    enqueue("turn", "/turns", body, "Turn " + l.next + " · " + playerName(l.toMove) + ": " + label, { next: l.next + 1, toMove: nextSeat(l.toMove), blocked: "" });
  }
  function claimValue() { var v = $("claim").value.trim(); return v === "" ? null : parseInt(v, 10); }
  $("move-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var mv = $("move").value.trim(); if (!mv || local().blocked) return;
    var claim = claimValue();
    if (lastPreview && lastPreview.legal && claim !== null && claim !== lastPreview.score) {
      text($("disagree-text"), "You claimed " + claim + "; the board gives " + lastPreview.score + ".");
      text($("accept-computed"), "Accept " + lastPreview.score);
      $("disagree").hidden = false; $("disagree").scrollIntoView({ block: "nearest" }); return;
    }
    if (lastPreview && !lastPreview.legal && !confirm("This placement is refused: " + (lastPreview.message || "") + "\nEnter it anyway?")) return;
    enterTurn({ move: mv, claimed_score: claim }, mv + (claim !== null ? " (" + claim + ")" : ""));
  });
  // Both players agree the board is right: the claim recorded is the
  // computed score, so the turn agrees and is not flagged.
  $("accept-computed").addEventListener("click", function () {
    if (!lastPreview) return;
    var mv = $("move").value.trim();
    enterTurn({ move: mv, claimed_score: lastPreview.score }, mv + " (" + lastPreview.score + ")");
  });
  $("call-director").addEventListener("click", function () {
    var mv = $("move").value.trim(), claim = claimValue();
    enterTurn({ move: mv, claimed_score: claim }, mv + " (claimed " + claim + ")");
    say("The director has been called; the disagreement is flagged on the turn.");
  });
  $("pass").addEventListener("click", function () {
    if (local().blocked) return;
    if (confirm(playerName(local().toMove) + " passes?")) enterTurn({ move: "-", claimed_score: 0 }, "pass");
  });
  $("exchange").addEventListener("click", function () {
    if (local().blocked) return;
    var t = prompt("Tiles exchanged (letters, or a number):"); if (!t) return;
    enterTurn({ move: "-" + t.trim().toUpperCase(), claimed_score: 0 }, "exchange " + t.trim().toUpperCase());
  });

  // ---- challenge ----
  // The latest play: a waiting one, else the server's last live event.
  function latestPlay() {
    var q = queue().filter(function (i) { return i.kind !== "confirm"; });
    if (q.length) {
      var it = q[q.length - 1];
      if (it.kind === "turn" && parseMove(it.body.move || "")) return { turn: it.body.turn, player: it.body.player, move: it.body.move };
      return null;
    }
    for (var i = game.turns.length - 1; i >= 0; i--) {
      var t = game.turns[i];
      if (t.undone || t.kind === "hold") continue;
      return t.kind === "move" && parseMove(t.move || "") ? t : null;
    }
    return null;
  }
  $("challenge").addEventListener("click", function () {
    var t = latestPlay();
    if (!t) { say("Only the latest play can be challenged, before the next turn."); return; }
    var challenger = nextSeat(t.player), l = local();
    if (!confirm(playerName(challenger) + " challenges turn " + t.turn + " (" + t.move + ")?")) return;
    clearEntry();
    // Who moves next depends on the verdict: entries wait for it.
    enqueue("challenge", "/challenges", { turn: t.turn, challenger: challenger },
      "Turn " + l.next + " · " + playerName(challenger) + " challenges " + t.move,
      { next: l.next + 1, toMove: l.toMove, blocked: "Waiting for the verdict on " + t.move + "…" });
  });
  var EFFECT = {
    "turn-lost": function (r) { return "The play stands. " + playerName(r.challenger) + " loses the turn; " + playerName(r.challenged) + " plays again."; },
    "play-withdrawn": function (r) { return "The play comes off the board: no score for " + playerName(r.challenged) + ". " + playerName(r.challenger) + " to move."; },
    "bonus": function (r) { return "The play stands. " + playerName(r.challenged) + " gets +" + r.points + " for the challenge."; },
    "no-penalty": function () { return "The play stands; no penalty."; },
    "game-lost": function (r) { return "The play stands. " + playerName(r.challenger) + " loses the game."; },
    "play-withdrawn-game-lost": function (r) { return "The play comes off the board and " + playerName(r.challenged) + " loses the game."; }
  };
  function showVerdict(r) {
    var v = $("verdict"); v.innerHTML = "";
    v.className = "verdict " + r.verdict;
    v.appendChild(el("div", "word-judge", r.verdict === "acceptable" ? "ACCEPTABLE" : "NOT ACCEPTABLE"));
    v.appendChild(el("div", "judged", (r.words || []).join(" · ")));
    v.appendChild(el("p", "effect", (EFFECT[r.effect] || function () { return r.effect; })(r)));
    var ok = el("button", "big", "OK"); ok.type = "button"; ok.id = "verdict-ok";
    ok.addEventListener("click", function () { v.hidden = true; });
    v.appendChild(ok);
    v.hidden = false;
  }

  // ---- undo ----
  // A waiting entry is simply taken out of the queue (it was never
  // recorded); a recorded turn is undone through the queue like the rest.
  $("undo").addEventListener("click", function () {
    var q = queue();
    if (q.length) {
      var last = q[q.length - 1];
      if (last.kind !== "turn" || last.key === sending.key) { say("Wait until the waiting entries are sent."); return; }
      if (!confirm("Take back " + last.label + "? It was not sent yet.")) return;
      q.pop(); saveQueue(q); clearEntry(); renderGame(); return;
    }
    var t = null;
    for (var i = game.turns.length - 1; i >= 0 && !t; i--) if (!game.turns[i].undone) t = game.turns[i];
    if (!t) return;
    var reason = prompt("Undo turn " + t.turn + " (" + (t.move || t.kind) + "). Why?"); if (!reason) return;
    var l = local();
    clearEntry();
    enqueue("undo", "/undo", { turn: t.turn, reason: reason }, "Undo turn " + t.turn + " (" + (t.move || t.kind) + ")",
      { next: l.next, toMove: t.kind === "move" ? t.player : l.toMove, blocked: t.kind === "move" ? "" : "Waiting for the undo to be sent…" });
  });

  renderGame(); showQueue(); flush();
})();
