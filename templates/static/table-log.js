// The table's tablet page: the list of turns already in. Turn numbers
// count plays (a move, an exchange or a pass), as players count them on
// their score sheets; what happens to a play afterwards (a hold, a
// challenge and its ruling, the acceptance of the play that went out)
// is a note under that play, not a turn of its own. The server gives
// every event that number (its "turn": a note carries its play's) and
// its place in storage (its "seq", which entries send back).
(function (T) {
  "use strict";
  var el = T.el, signed = T.signed, playerName = T.playerName;
  // NOTES: the kinds of event that belong to a play.
  var NOTES = { hold: true, challenge: true, withdraw: true, "lost-turn": true, "challenge-bonus": true, accept: true };
  // standing: the event is a play that stands (not taken back).
  function standing(t) { return t.kind === "move" && !t.undone; }

  // T.logItems groups the game's events: each play that stands (numbered
  // from 1) with its notes; every other event (an undone play, the end of
  // the game, confirmations) on its own, unnumbered.
  T.logItems = function (game) {
    var items = [], bySeq = {}, last = null;
    game.turns.forEach(function (t) {
      if (standing(t)) {
        last = { play: t.turn, ev: t, notes: [] };
        bySeq[t.seq] = last; items.push(last); return;
      }
      var owner = t.kind !== "move" && NOTES[t.kind] ? bySeq[t.challenged_turn] || last : null;
      if (owner) owner.notes.push(t); else items.push({ ev: t, notes: [] });
    });
    return items;
  };
  // T.playCount: the plays that stand in the game.
  T.playCount = function (game) { return game.turns.filter(standing).length; };
  // T.nextPlay: the number of the play to be entered, once every waiting
  // entry is in (l: T.local()).
  // The server's next_play is the same number (the room shows it too).
  T.nextPlay = function (l) { return l && l.play ? l.play : T.game.next_play || T.playCount(T.game) + 1; };

  // T.playText says a play without its number: "Ann: 8D WINDY +32",
  // "Bob: exchanged 3" (never the letters: see T.exchangedText), "Ann: pass".
  T.playText = function (t) {
    var who = playerName(t.player), m = t.move || "";
    if (m === "-") return who + ": pass";
    if (m[0] === "-") return who + ": " + T.exchangedText(m.slice(1));
    return who + ": " + m + (t.score !== undefined ? " " + signed(t.score) : "");
  };

  // challengeNote: a challenge and its ruling, under the play.
  function challengeNote(t) {
    var who = playerName(t.player), ok = t.verdict === "acceptable";
    var s = who + " challenged: " + (ok ? "ACCEPTABLE" : "NOT ACCEPTABLE") + (t.words && t.words.length ? " (" + t.words.join(", ") + ")" : "") + ". ";
    if (!ok) return s + "The play came off the board" + (t.score ? " (" + signed(t.score) + ")" : "") + ".";
    if (T.game.challenge_rule === "double") return s + who + " lost the turn.";
    if (T.game.challenge_rule === "triple") return s + who + " lost the game.";
    return s + (t.score ? "Bonus for the play " + signed(t.score) + "." : "No penalty.");
  }
  // T.noteText says an event under its play.
  T.noteText = function (t) {
    var who = playerName(t.player), s;
    switch (t.kind) {
      case "hold": s = who + " held it"; break;
      case "challenge": s = challengeNote(t); break;
      case "withdraw": s = "Taken off the board " + signed(t.score); break;
      case "lost-turn": s = who + " lost the turn"; break;
      case "challenge-bonus": s = who + ": bonus for the challenge " + signed(t.score); break;
      case "accept": s = who + " accepted it: no challenge"; break;
      default: s = who + " " + signed(t.score);
    }
    return s + (t.undone ? " (undone)" : "");
  };

  // confirmedScores reads a confirmation's scores as the server writes
  // them, joined by hyphens ("451-345", "9--7-2" for 9, −7, 2): two as
  // "451–345", more as "9, −7, 2".
  function confirmedScores(move) {
    var out = [], re = /(-?\d+)-?/g, m;
    while ((m = re.exec(move || "")) !== null) out.push(parseInt(m[1], 10));
    if (!out.length) return move || "";
    return out.length === 2 ? T.versus(out[0], out[1]) : out.map(T.num).join(", ");
  }
  // otherText says an event that is not a play's note.
  function otherText(t) {
    var who = playerName(t.player), s;
    switch (t.kind) {
      case "move": s = T.playText(t); break;
      case "end-rack": s = who + ": tiles left " + (t.rack || "none") + " " + signed(t.score); break;
      case "time-penalty": s = who + ": time penalty" + (t.move ? " (" + t.move + " over)" : "") + " " + signed(t.score); break;
      case "confirm": s = who + " confirms the result " + confirmedScores(t.move); break;
      case "end": s = "The director ended the game where it stood (" + T.endedText(t.move) + ")"; break;
      case "void": s = "The director set this record aside and entered the result by hand"; break;
      default: s = T.noteText(t);
    }
    return s + (t.undone && s.indexOf("(undone)") < 0 ? " (undone)" : "");
  }
  // T.describe says one event as the list shows it (plays numbered).
  T.describe = function (t) {
    var n = standing(t) ? t.turn : 0;
    return n ? n + ". " + T.playText(t) : otherText(t);
  };

  // T.renderLog fills the list, newest first; the last play is marked as
  // on the board. Every event carries its turn number (data-turn) and
  // its seq (data-seq).
  T.renderLog = function (ol, lastSeq) {
    ol.innerHTML = "";
    T.logItems(T.game).reverse().forEach(function (it) {
      var t = it.ev, li = el("li", t.undone ? "undone" : it.play ? "play" : "other");
      li.dataset.turn = t.turn; li.dataset.seq = t.seq;
      if (it.play) {
        li.dataset.play = it.play;
        var line = el("span", "line", it.play + ". " + T.playText(t));
        li.appendChild(line);
        if (t.seq === lastSeq) { li.className += " last"; li.appendChild(el("span", "last-mark", " ◆ last play")); }
        if (t.claimed_score !== null && t.claimed_score !== undefined && !t.agrees && !/score-disagreement/.test(t.flag || "")) li.appendChild(el("span", "claim", " (claimed " + t.claimed_score + ")"));
      } else li.appendChild(el("span", "line", otherText(t)));
      var notes = el("ul", "notes");
      if (it.play && t.flag) notes.appendChild(el("li", "flag", "⚑ " + T.flagNote(t.flag, t)));
      it.notes.forEach(function (n) { var x = el("li", n.undone ? "undone" : "", T.noteText(n)); x.dataset.turn = n.turn; x.dataset.seq = n.seq; notes.appendChild(x); });
      if (notes.children.length) li.appendChild(notes);
      ol.appendChild(li);
    });
  };
})(window.tourneyTable);
