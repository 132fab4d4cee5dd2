// One table of the live pages drawn as a small board (live.js, and the
// replay's live-game.js): its players and scores, the board from its rows
// of letters, and the last play. window.liveBoard.drawTable(t, labels)
// takes a table as GET /live gives it; labels (optional) replace the
// head's two labels and the last line's text.
(function () {
  "use strict";
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function playText(p) {
    if (!p) return "No play yet";
    switch (p.kind) {
      case "exchange": return "Exchanged " + p.tiles + (p.tiles === 1 ? " tile" : " tiles");
      case "pass": return "Passed";
    }
    if (p.withdrawn) return p.word + " at " + p.position + ", challenged off";
    return p.word + " at " + p.position + " for " + p.score + (p.bingo ? " (bingo)" : "");
  }

  // The board the tournament plays on, as the page names it
  // (data-board: its columns, each square's kind, "dl", "tw", "ql",
  // "dw start"…, and its name on the score sheets, "DL", "L2", "★"),
  // row by row; none, plain squares.
  var layout = null;
  try {
    var holder = document.querySelector("[data-board]");
    if (holder) layout = JSON.parse(holder.dataset.board);
  } catch (e) { layout = null; }

  function emptySquare(r, c) {
    var k = layout && c < layout.cols ? r * layout.cols + c : -1;
    var kind = k >= 0 ? layout.kinds[k] || "" : "";
    return premiumSquare(kind, kind ? layout.labels[k] : "");
  }

  // A premium square as the board shows it: coloured by its kind, named
  // on it ("DL", "L2") and in words in its title ("double letter").
  var kindWords = { dl: "double letter", tl: "triple letter", ql: "quadruple letter",
    dw: "double word", tw: "triple word", qw: "quadruple word", start: "start" };
  var kindOrder = ["dl", "tl", "ql", "dw", "tw", "qw", "start"];
  function kindText(kind) {
    return kind.split(" ").map(function (k) { return kindWords[k] || k; }).join(", ");
  }
  function premiumSquare(kind, label) {
    var sq = el("span", kind ? "sq " + kind : "sq");
    if (label) sq.dataset.label = label;
    if (kind) sq.title = (label ? label + ": " : "") + kindText(kind);
    return sq;
  }

  // legend names the board's premium squares, each as the board shows it
  // (its colour and its name) and in words, so that no one has to tell
  // them by colour alone; null for a board with none.
  function legend() {
    if (!layout) return null;
    var kinds = [], labels = {};
    layout.kinds.forEach(function (kind, k) {
      if (kind && !(kind in labels)) { kinds.push(kind); labels[kind] = layout.labels[k] || ""; }
    });
    var rank = function (kind) { return kindOrder.indexOf(kind.split(" ").slice(-1)[0]) * 10 + kindOrder.indexOf(kind.split(" ")[0]); };
    kinds.sort(function (a, b) { return rank(a) - rank(b); });
    if (!kinds.length) return null;
    var box = el("ul", "live-legend");
    box.setAttribute("aria-label", "Premium squares");
    kinds.forEach(function (kind) {
      var li = el("li", "live-legend-item");
      li.dataset.kind = kind;
      li.appendChild(premiumSquare(kind, labels[kind]));
      li.appendChild(el("span", "live-legend-words", kindText(kind)));
      box.appendChild(li);
    });
    return box;
  }

  // resultMark says a decided table's result in words as well as in
  // bold (GET /live's winner_player_id and tie, the stored result's):
  // "won" by the winner's name, "tie" by both; nothing while in play.
  function resultMark(t, p) {
    if (t.status !== "finished") return null;
    if (t.tie) return el("span", "live-result live-tie", "tie");
    if (t.winner_player_id && t.winner_player_id === p.player_id) return el("span", "live-result", "won");
    return null;
  }

  // The players' photos are at the tournament's html/ folder (the page's
  // data-photos) + the path the table's JSON names, as the tsh feed has
  // it. A player without one shows their initials where another at the
  // table shows a photo (so the rows line up), else nothing; a photo that
  // does not load turns into the initials, never a broken image.
  var photos = holder && holder.dataset.photos || "";
  function initials(name) {
    return String(name || "").split(/[\s,]+/).filter(Boolean).slice(0, 2).map(function (w) { return w.charAt(0); }).join("").toUpperCase();
  }
  function photo(p, any) {
    var none = el("span", "live-initials", initials(p.name));
    none.setAttribute("aria-hidden", "true");
    if (!p.photo || !photos) return any ? none : null;
    var img = el("img", "live-photo");
    img.alt = "";
    img.src = photos + p.photo;
    img.addEventListener("error", function () { if (img.parentNode) img.parentNode.replaceChild(none, img); });
    return img;
  }

  function clock(iso) {
    if (!iso) return "";
    var d = new Date(iso);
    return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2);
  }

  // drawTable builds one table: its players and scores, the board, the
  // last play and the turn count.
  function drawTable(t, labels) {
    labels = labels || {};
    var sec = el("section", "live-table");
    sec.dataset.table = t.table;
    var head = el("header", "live-table-head");
    head.appendChild(el("span", "live-table-no", labels.table || "Table " + t.table + (t.division ? " · " + t.division : "")));
    head.appendChild(el("span", "live-turns", labels.turns || (t.status === "finished" ? "Final" : "Turn " + (t.turns + 1))));
    sec.appendChild(head);
    var players = el("ol", "live-players");
    var anyPhoto = t.players.some(function (p) { return p.photo; });
    t.players.forEach(function (p) {
      var li = el("li", "live-player" + (t.to_move === p.seat ? " to-move" : ""));
      var face = photo(p, anyPhoto);
      if (face) li.appendChild(face);
      var name = li.appendChild(el("span", "live-name", p.name));
      var mark = resultMark(t, p);
      if (mark) {
        name.appendChild(mark);
        if (mark.textContent === "won") li.classList.add("live-winner");
      }
      li.appendChild(el("span", "live-score", String(p.score)));
      players.appendChild(li);
    });
    sec.appendChild(players);
    if (t.entered_by_hand) {
      // The director keyed the result: its finals above, and a board
      // only if the game has a record to show.
      sec.classList.add("live-by-hand");
      sec.appendChild(el("p", "live-by-hand-note", t.forfeit ? "Forfeit, result entered by hand" : "Result entered by hand"));
      if (!t.turns) { sec.classList.add("live-finals"); return sec; }
    }
    var board = el("div", "live-board");
    board.setAttribute("role", "img");
    board.setAttribute("aria-label", "Board at table " + t.table);
    var cols = t.board.length ? t.board[0].length : 15;
    board.style.gridTemplateColumns = "repeat(" + cols + ", 1fr)";
    t.board.forEach(function (row, r) {
      for (var i = 0; i < row.length; i++) {
        var c = row.charAt(i);
        if (c === ".") { board.appendChild(emptySquare(r, i)); continue; }
        var blank = c !== c.toUpperCase();
        board.appendChild(el("span", "sq tile" + (blank ? " blank" : ""), c.toUpperCase()));
      }
    });
    sec.appendChild(board);
    var last = el("p", "live-last");
    if (labels.last !== undefined) {
      last.textContent = labels.last;
    } else if (t.last_play) {
      var who = t.players[t.last_play.player - 1];
      last.appendChild(el("span", "live-who", who ? who.name + ": " : ""));
    }
    if (labels.last === undefined) {
      last.appendChild(el("span", "live-play", t.entered_by_hand && !t.last_play ? "" : playText(t.last_play)));
      if (t.at) last.appendChild(el("span", "live-at", " · " + clock(t.at)));
    }
    sec.appendChild(last);
    return sec;
  }

  window.liveBoard = { el: el, drawTable: drawTable, legend: legend };
})();
