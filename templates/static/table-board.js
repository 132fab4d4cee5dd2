// The table's tablet page: the board. It draws the tiles, the premium
// squares, the move being typed and the plays waiting to be sent; a tap
// on a square starts a move there, and a tap on a letter of the word
// makes it a blank.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, text = T.text, cols = T.cols;
  // tapStart is the square tapped as the start of the move, if any.
  var tapStart = null;
  $("board").style.setProperty("--cols", cols);

  function squares() { return document.querySelectorAll("#board .sq"); }
  T.parseMove = function (m) {
    var mt = /^\s*(\d{1,2})([A-Za-z])\s+(\S+)\s*$/.exec(m), down = false, row, col, word;
    if (mt) { row = +mt[1] - 1; col = mt[2].toUpperCase().charCodeAt(0) - 65; word = mt[3]; }
    else {
      mt = /^\s*([A-Za-z])(\d{1,2})\s+(\S+)\s*$/.exec(m);
      if (!mt) return null;
      down = true; col = mt[1].toUpperCase().charCodeAt(0) - 65; row = +mt[2] - 1; word = mt[3];
    }
    return { row: row, col: col, down: down, word: word.replace(/[()]/g, "") };
  };
  // Lowercase is a blank in notation.
  var isBlank = T.isBlank = function (ch) { return ch !== ch.toUpperCase(); };
  function lay(sq, placed, cls) {
    for (var k = 0; placed && k < placed.word.length; k++) {
      var rr = placed.down ? placed.row + k : placed.row, cc = placed.down ? placed.col : placed.col + k, ch = placed.word[k];
      if (rr >= T.game.board.length || cc >= cols || rr < 0 || cc < 0) break;
      if ((T.game.board[rr] || "")[cc] !== "." || ch === "." || sq[rr * cols + cc].className.indexOf(" new") >= 0) continue;
      sq[rr * cols + cc].className += " new " + cls + (isBlank(ch) ? " blank" : "");
      sq[rr * cols + cc].textContent = ch.toUpperCase();
    }
  }
  // ---- the last play ----
  // T.lastPlay is the latest play whose tiles are on the board: not
  // undone, not taken off by a challenge; null before the first.
  T.lastPlay = function () {
    var found = null;
    T.logItems(T.game).forEach(function (it) {
      if (!it.play || (it.ev.move || "-")[0] === "-") return;
      var off = it.notes.some(function (n) { return !n.undone && (n.kind === "withdraw" || (n.kind === "challenge" && n.verdict === "unacceptable")); });
      if (!off) found = it.ev;
    });
    return found;
  };
  // lastPlaySquares: the squares (board indexes) the last play put tiles
  // on, from its score breakdown (squares such as "H8"), else from its
  // notation, where letters in ( ) and dots were on the board already.
  function lastPlaySquares() {
    var t = T.lastPlay(), out = { squares: {}, seq: 0, text: "" };
    if (!t) return out;
    out.seq = t.seq; out.text = T.playText(t);
    var words = (t.breakdown && t.breakdown.words) || [];
    words.forEach(function (w) {
      (w.letters || []).forEach(function (x) {
        var m = /^([A-Z])(\d+)$/.exec(x.square || "");
        if (x.new && m) out.squares[(+m[2] - 1) * cols + m[1].charCodeAt(0) - 65] = true;
      });
    });
    if (words.length) return out;
    var p = T.parseMove(t.move || ""), raw = ((t.move || "").match(/(\S+)\s*$/) || ["", ""])[1], k = 0, inside = false;
    if (!p) return out;
    for (var j = 0; j < raw.length; j++) {
      var c = raw[j];
      if (c === "(") { inside = true; continue; }
      if (c === ")") { inside = false; continue; }
      var r = p.down ? p.row + k : p.row, cc = p.down ? p.col : p.col + k; k++;
      if (c !== "." && !inside) out.squares[r * cols + cc] = true;
    }
    return out;
  }
  T.lastPlaySeq = function () { var t = T.lastPlay(); return t ? t.seq : 0; };

  // renderBoard draws the game's board with placed (the move being
  // entered, marked bad if refused) on it.
  T.renderBoard = function (placed, bad) {
    var sq = squares(), last = lastPlaySquares();
    for (var i = 0; i < sq.length; i++) {
      var r = Math.floor(i / cols), c = i % cols, ch = (T.game.board[r] || "")[c] || ".";
      var prem = T.layout[i] || "";
      // The variant's own names for its squares (DL, TW; Word Chums' L2, W3).
      var label = T.squareNames[prem.split(" ")[0]] || "";
      if (prem.indexOf("start") >= 0) label = "★";
      var cls = "sq " + prem, title = "";
      if (ch !== ".") {
        cls += " tile" + (isBlank(ch) ? " blank" : ""); label = ch.toUpperCase();
        if (last.squares[i]) { cls += " last"; title = "last play: " + last.text; }
      }
      sq[i].className = cls; sq[i].textContent = label;
      if (title) { sq[i].title = title; sq[i].setAttribute("aria-label", ch.toUpperCase() + ", " + title); }
      else { sq[i].removeAttribute("title"); sq[i].removeAttribute("aria-label"); }
    }
    lay(sq, placed, bad ? "bad" : "");
    // Plays waiting to be sent show where they will go.
    T.queue().forEach(function (item) { if (item.kind === "turn" && item.body.move) lay(sq, T.parseMove(item.body.move), "queued"); });
    if (tapStart) sq[tapStart.row * cols + tapStart.col].className += " picked";
  };

  // ---- blanks: tap a letter of the word to make it a blank ----
  // A tablet keyboard capitalises, so each placed letter can also be a
  // button that turns it into a blank. Most moves have no blank: the
  // buttons show only when the move needs them (needsBlanks), and then
  // stay while the move is the same but for blanks, so that a letter
  // does not vanish under the finger that tapped it.
  var blanksOpen = "";
  function blankKey(p) { return p ? [p.row, p.col, p.down, p.word.toUpperCase()].join() : ""; }
  // needsBlanks: the word has a blank already (lowercase), the server
  // refused its tiles, or it places more of a letter than the tiles left
  // unseen (the bag and the racks) hold: one of them must be a blank.
  function needsBlanks(placed) {
    if (!placed) return false;
    if (/[a-z]/.test(placed.word) || /^(exceeds-distribution|not-on-rack|unknown-letter|rack-not-in-bag)$/.test(T.previewCode() || "")) return true;
    var want = {}, unseen = T.game.unseen || "";
    for (var k = 0; k < placed.word.length; k++) {
      var rr = placed.down ? placed.row + k : placed.row, cc = placed.down ? placed.col : placed.col + k, ch = placed.word[k];
      if (ch === "." || ((T.game.board[rr] || "")[cc] || ".") !== ".") continue;
      want[ch] = (want[ch] || 0) + 1;
    }
    return Object.keys(want).some(function (ch) { return want[ch] > unseen.split(ch).length - 1; });
  }
  T.closeBlanks = function () { blanksOpen = ""; };
  T.showLetters = function () {
    var placed = T.parseMove($("move").value), box = $("letters"); box.innerHTML = "";
    if (needsBlanks(placed)) blanksOpen = blankKey(placed);
    else if (blankKey(placed) !== blanksOpen) blanksOpen = "";
    $("blanks").hidden = !blanksOpen || !/[A-Za-z]/.test(placed.word);
    if ($("blanks").hidden) return;
    placed.word.split("").forEach(function (ch, i) {
      if (ch === ".") return;
      var b = el("button", "letter" + (isBlank(ch) ? " blank" : ""), ch.toUpperCase()); b.type = "button";
      b.dataset.index = i; b.setAttribute("aria-pressed", isBlank(ch) ? "true" : "false");
      b.title = isBlank(ch) ? "blank: tap to make it a tile" : "tap to make it a blank";
      box.appendChild(b);
    });
  };
  $("letters").addEventListener("click", function (e) {
    var b = e.target.closest(".letter"); if (!b) return;
    var i = +b.dataset.index;
    function flip(s) { var ch = s[i]; return s.slice(0, i) + (isBlank(ch) ? ch.toUpperCase() : ch.toLowerCase()) + s.slice(i + 1); }
    if (tapStart) { $("word").value = flip($("word").value.trim()); composeTap(); return; }
    var mt = /^(\s*\S+\s+)(\S+)\s*$/.exec($("move").value), placed = T.parseMove($("move").value);
    if (!mt || !placed) return;
    // The word as typed may hold ( ) around tiles on the board: map the
    // index over the letters only.
    var word = mt[2], seen = -1, out = "";
    for (var k = 0; k < word.length; k++) {
      var c = word[k];
      if (c !== "(" && c !== ")") { seen++; if (seen === i) c = isBlank(c) ? c.toUpperCase() : c.toLowerCase(); }
      out += c;
    }
    $("move").value = mt[1] + out; T.schedulePreview(); T.showLetters();
  });

  // ---- tapping a start square ----
  // The move is then composed from the square, the direction and the word.
  $("board").addEventListener("click", function (e) {
    var t = e.target.closest(".sq"); if (!t || T.over()) return;
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
    T.schedulePreview(); T.renderBoard(T.parseMove($("move").value), false); T.showLetters();
  }
  $("dir").addEventListener("click", function () {
    var d = $("dir"); d.dataset.down = d.dataset.down === "1" ? "0" : "1";
    text(d, d.dataset.down === "1" ? "Down ↓" : "Across →"); composeTap();
  });
  $("word").addEventListener("input", composeTap);
  // clearTap forgets the tapped square: the move is typed again.
  T.clearTap = function () { tapStart = null; $("tap-tools").hidden = true; };
})(window.tourneyTable);
