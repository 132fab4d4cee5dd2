// The table's tablet page: entering a turn. While a move is typed the
// server previews it (score, breakdown, words, blanks); confirming it
// with a claim the board does not give asks the players to accept the
// computed score or call the director; pass and exchange go in once the
// page's dialog (table-dialog.js) has asked.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, text = T.text;
  // lastPreview is the server's preview of the move in the box, if any.
  var lastPreview = null, previewTimer = null;

  // ---- preview ----
  // T.breakdownList shows a score word by word, as players check it by
  // hand: each word's tiles with their values, the premium squares under
  // the new tiles named as the variant names them, the word's multiplier
  // and score, then the bingo bonus.
  function tile(x) {
    var prem = "";
    if (x.new && x.letter_multiplier > 1) prem = ["", "", "dl", "tl", "ql"][x.letter_multiplier] || "";
    if (x.new && x.word_multiplier > 1) prem = ["", "", "dw", "tw", "qw"][x.word_multiplier] || "";
    var t = el("span", "wt" + (x.new ? " new" : "") + (T.isBlank(x.letter) ? " blank" : "") + (prem ? " prem " + prem : ""));
    t.appendChild(el("b", "", x.letter.toUpperCase()));
    t.appendChild(el("sub", "", String(x.value)));
    var name = prem && T.squareNames[prem];
    if (name) t.appendChild(el("i", "", name));
    t.title = (T.isBlank(x.letter) ? "blank, 0" : x.letter.toUpperCase() + " " + x.value) + (name ? " on " + name : "");
    return t;
  }
  T.breakdownList = function (bd) {
    var ul = el("ul", "words");
    ((bd && bd.words) || []).forEach(function (w) {
      var li = el("li", w.main ? "main" : ""), span = el("span", "wtiles");
      (w.letters || []).forEach(function (x) { span.appendChild(tile(x)); });
      li.appendChild(span);
      var sum = w.word_multiplier > 1 ? w.letter_sum + " ×" + w.word_multiplier + " = " + w.score : "= " + w.score;
      li.appendChild(el("span", "wscore", " " + w.word.toUpperCase() + " " + sum));
      ul.appendChild(li);
    });
    if (bd && bd.bingo) ul.appendChild(el("li", "bingo", "All tiles used: bonus +" + bd.bingo));
    return ul;
  };
  function blankNote(p) {
    var blanks = [];
    ((p.breakdown && p.breakdown.words) || []).forEach(function (w) { (w.letters || []).forEach(function (x) { if (x.new && T.isBlank(x.letter) && blanks.indexOf(x.square) < 0) blanks.push(x.square); }); });
    return blanks.length ? el("div", "blank-note", "Blank" + (blanks.length > 1 ? "s" : "") + " at " + blanks.join(", ") + " (0 points)") : null;
  }
  function showPreview(p) {
    var box = $("preview"); box.innerHTML = "";
    if (!p) return;
    if (!p.legal) { box.appendChild(el("div", "bad", T.problemText(p.code, p.message, { move: $("move").value }))); return; }
    box.appendChild(el("div", "score", p.score + " points"));
    box.appendChild(T.breakdownList(p.breakdown));
    var bn = blankNote(p); if (bn) box.appendChild(bn);
    if (p.flag) box.appendChild(el("div", "bad", "⚑ " + T.flagText(p.flag, p)));
  }
  // T.previewCode: why the server refused the move in the box, if it did.
  T.previewCode = function () { return lastPreview && !lastPreview.legal && lastPreview.move === $("move").value.trim() ? lastPreview.code : ""; };
  function preview() {
    var mv = $("move").value.trim(), l = T.local();
    hideDisagree();
    if (!mv) { lastPreview = null; showPreview(null); T.renderBoard(null); T.showLetters(); return; }
    // The last preview was of another move: it no longer says anything.
    var placed = T.parseMove(mv); lastPreview = null;
    T.renderBoard(placed, false); T.showLetters();
    if (T.queue().length > 0 || !navigator.onLine) { lastPreview = null; text($("preview"), "Preview needs the connection; the move will be scored when sent."); return; }
    T.api("POST", "/games/" + T.game.id + "/preview", { player: l.toMove, move: mv }).then(function (r) {
      if ($("move").value.trim() !== mv) return;
      lastPreview = r.ok ? r.body : { legal: false, code: r.body.code, message: r.body.detail };
      lastPreview.move = mv;
      showPreview(lastPreview);
      T.renderBoard(placed, !lastPreview.legal); T.showLetters();
    }).catch(function () { text($("preview"), "No connection: the move will be scored when sent."); });
  }
  T.schedulePreview = function () { clearTimeout(previewTimer); previewTimer = setTimeout(preview, 250); };
  // previewRefused: the server refused the placement in the box.
  T.previewRefused = function () { return lastPreview && !lastPreview.legal; };
  // A new entry begins: the last verdict has been seen.
  $("move").addEventListener("input", function () { T.clearTap(); $("verdict").hidden = true; T.schedulePreview(); });
  $("claim").addEventListener("input", hideDisagree);
  function hideDisagree() { $("disagree").hidden = true; $("preview").classList.remove("beside"); $("panel").classList.remove("disagreeing"); }
  // showDisagree: the claim and the board's score side by side, with the
  // board's count word by word right there (on a landscape tablet the
  // preview below may be out of sight), brought into view.
  function showDisagree(claim, p) {
    text($("disagree-text"), "You claimed " + claim + "; the board gives " + p.score + ":");
    var bd = $("disagree-breakdown"); bd.innerHTML = "";
    bd.appendChild(T.breakdownList(p.breakdown));
    var bn = blankNote(p); if (bn) bd.appendChild(bn);
    bd.appendChild(el("p", "bd-total", "Total " + p.score + ", not " + claim));
    text($("accept-computed"), "Accept " + p.score);
    $("disagree").hidden = false;
    // The preview says the same words: it steps aside meanwhile.
    $("preview").classList.add("beside"); $("panel").classList.add("disagreeing");
    $("disagree").scrollIntoView({ block: "nearest" });
  }

  // ---- entering ----
  T.clearEntry = function () {
    $("move").value = ""; $("claim").value = ""; $("word").value = ""; T.clearTap();
    lastPreview = null; showPreview(null); hideDisagree(); $("verdict").hidden = true; $("blanks").hidden = true; T.closeBlanks(); T.say("");
  };
  // enterTurn queues a play: the server numbers it by its event list
  // (turn), the page by the plays (see table-log.js).
  function enterTurn(body, label) {
    var l = T.local(), n = T.nextPlay(l);
    body.turn = l.next; body.player = l.toMove;
    T.clearEntry();
    T.enqueue("turn", "/turns", body, "Turn " + n + " · " + T.playerName(l.toMove) + ": " + label, { next: l.next + 1, toMove: T.nextSeat(l.toMove), blocked: "", play: n + 1 });
  }
  function claimValue() { var v = $("claim").value.trim(); return v === "" ? null : parseInt(v, 10); }
  $("move-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var mv = $("move").value.trim(); if (!mv || T.local().blocked) return;
    var claim = claimValue();
    if (lastPreview && lastPreview.legal && claim !== null && claim !== lastPreview.score) {
      showDisagree(claim, lastPreview); return;
    }
    var enter = function () { enterTurn({ move: mv, claimed_score: claim }, mv + (claim !== null ? " (" + claim + ")" : "")); };
    if (lastPreview && !lastPreview.legal) {
      T.ask({ title: "Enter " + mv + " anyway?", text: "The board refuses this move: " + T.problemText(lastPreview.code, lastPreview.message, { move: mv }),
        ok: "Enter it anyway", warn: true }, enter);
      return;
    }
    enter();
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
    T.ask({ title: T.playerName(T.local().toMove) + " passes?", text: "The turn scores nothing.", ok: "Pass" }, function () {
      enterTurn({ move: "-", claimed_score: 0 }, "pass");
    });
  });
  // exchangeProblem: a number of tiles is 1 to 99; letters are the tiles.
  function exchangeProblem(v) {
    return /^[0-9]+$/.test(v) && !(+v >= 1 && +v <= 99) ? "Write the letters exchanged, or how many tiles (1 to 99)." : "";
  }
  $("exchange").addEventListener("click", function () {
    if (T.local().blocked) return;
    T.ask({ title: T.playerName(T.local().toMove) + " exchanges", ok: "Exchange",
      field: { label: "Tiles exchanged: the letters, or how many", placeholder: "ABC or 3", caps: true, required: "Write the letters exchanged, or how many tiles.", check: exchangeProblem } }, function (t) {
      // The letters go to the server; the waiting list says the count.
      t = t.toUpperCase();
      enterTurn({ move: "-" + t, claimed_score: 0 }, T.exchangedText(t));
    });
  });
})(window.tourneyTable);
