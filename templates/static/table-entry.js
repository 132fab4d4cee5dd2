// The table's tablet page: entering a turn. While a move is typed the
// server previews it (score, breakdown, words, blanks); confirming it
// with a claim the board does not give asks the players to accept the
// computed score or call the director; pass and exchange go in directly.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, text = T.text;
  // lastPreview is the server's preview of the move in the box, if any.
  var lastPreview = null, previewTimer = null;

  // ---- preview ----
  function wordTiles(w) {
    var span = el("span", "wtiles");
    (w.letters || []).forEach(function (x) {
      var t = el("span", "wt" + (x.new ? " new" : "") + (T.isBlank(x.letter) ? " blank" : ""), x.letter.toUpperCase());
      t.title = T.isBlank(x.letter) ? "blank (0)" : String(x.value);
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
    ((p.breakdown && p.breakdown.words) || []).forEach(function (w) { (w.letters || []).forEach(function (x) { if (x.new && T.isBlank(x.letter) && blanks.indexOf(x.square) < 0) blanks.push(x.square); }); });
    if (blanks.length) box.appendChild(el("div", "blank-note", "Blank" + (blanks.length > 1 ? "s" : "") + " at " + blanks.join(", ") + " (0 points)"));
    if (p.flag) box.appendChild(el("div", "bad", "⚑ " + p.flag));
  }
  function preview() {
    var mv = $("move").value.trim(), l = T.local();
    $("disagree").hidden = true;
    if (!mv) { lastPreview = null; showPreview(null); T.renderBoard(null); T.showLetters(); return; }
    var placed = T.parseMove(mv);
    T.renderBoard(placed, false); T.showLetters();
    if (T.queue().length > 0 || !navigator.onLine) { lastPreview = null; text($("preview"), "Preview needs the connection; the move will be scored when sent."); return; }
    T.api("POST", "/games/" + T.game.id + "/preview", { player: l.toMove, move: mv }).then(function (r) {
      if ($("move").value.trim() !== mv) return;
      lastPreview = r.ok ? r.body : { legal: false, message: r.body.detail };
      showPreview(lastPreview);
      T.renderBoard(placed, !lastPreview.legal);
    }).catch(function () { text($("preview"), "No connection: the move will be scored when sent."); });
  }
  T.schedulePreview = function () { clearTimeout(previewTimer); previewTimer = setTimeout(preview, 250); };
  // previewRefused: the server refused the placement in the box.
  T.previewRefused = function () { return lastPreview && !lastPreview.legal; };
  // A new entry begins: the last verdict has been seen.
  $("move").addEventListener("input", function () { T.clearTap(); $("verdict").hidden = true; T.schedulePreview(); });
  $("claim").addEventListener("input", function () { $("disagree").hidden = true; });

  // ---- entering ----
  T.clearEntry = function () {
    $("move").value = ""; $("claim").value = ""; $("word").value = ""; T.clearTap();
    lastPreview = null; showPreview(null); $("disagree").hidden = true; $("verdict").hidden = true; $("blanks").hidden = true; T.say("");
  };
  function enterTurn(body, label) {
    var l = T.local();
    body.turn = l.next; body.player = l.toMove;
    T.clearEntry();
    T.enqueue("turn", "/turns", body, "Turn " + l.next + " · " + T.playerName(l.toMove) + ": " + label, { next: l.next + 1, toMove: T.nextSeat(l.toMove), blocked: "" });
  }
  function claimValue() { var v = $("claim").value.trim(); return v === "" ? null : parseInt(v, 10); }
  $("move-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var mv = $("move").value.trim(); if (!mv || T.local().blocked) return;
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
    T.say("The director has been called; the disagreement is flagged on the turn.");
  });
  $("pass").addEventListener("click", function () {
    if (T.local().blocked) return;
    if (confirm(T.playerName(T.local().toMove) + " passes?")) enterTurn({ move: "-", claimed_score: 0 }, "pass");
  });
  $("exchange").addEventListener("click", function () {
    if (T.local().blocked) return;
    var t = prompt("Tiles exchanged (letters, or a number):"); if (!t) return;
    enterTurn({ move: "-" + t.trim().toUpperCase(), claimed_score: 0 }, "exchange " + t.trim().toUpperCase());
  });
})(window.tourneyTable);
