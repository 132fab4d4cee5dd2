// The table's tablet page: the turns already in. Each reads as a line of
// the list; the latest play can be challenged, with the verdict shown as
// a word judge shows it; the opponent can hold it first while deciding;
// the last entry can be undone.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, signed = T.signed, playerName = T.playerName;

  // confirmedScores reads a confirmation's scores as the server writes
  // them, joined by hyphens ("451-345", "9--7-2" for 9, −7, 2): two as
  // "451–345", more as "9, −7, 2".
  function confirmedScores(move) {
    var out = [], re = /(-?\d+)-?/g, m;
    while ((m = re.exec(move || "")) !== null) out.push(parseInt(m[1], 10));
    if (!out.length) return move || "";
    return out.length === 2 ? T.versus(out[0], out[1]) : out.map(T.num).join(", ");
  }

  T.describe = function (t) {
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
      case "time-penalty": s = who + ": time penalty" + (t.move ? " (" + t.move + " over)" : "") + " " + signed(t.score); break;
      case "hold": s = who + " holds turn " + t.challenged_turn; break;
      case "confirm": s = who + " confirms the result " + confirmedScores(t.move); break;
      case "end": s = "The director ended the game where it stood (" + ({ time: "time ran out", abandoned: "abandoned", adjudicated: "adjudicated" }[t.move] || t.move) + ")"; break;
      case "void": s = "The director set this record aside and entered the result by hand"; break;
      default: s = who + ": " + t.kind + " " + signed(t.score);
    }
    if (t.flag) s += " ⚑ " + t.flag;
    if (t.undone) s += " (undone)";
    return t.turn + ". " + s;
  };

  // ---- challenge ----
  // The latest play: a waiting one, else the server's last live event.
  function latestPlay() {
    var q = T.queue().filter(function (i) { return i.kind !== "confirm"; });
    if (q.length) {
      var it = q[q.length - 1];
      if (it.kind === "turn" && T.parseMove(it.body.move || "")) return { turn: it.body.turn, player: it.body.player, move: it.body.move };
      return null;
    }
    for (var i = T.game.turns.length - 1; i >= 0; i--) {
      var t = T.game.turns[i];
      if (t.undone || t.kind === "hold") continue;
      return t.kind === "move" && T.parseMove(t.move || "") ? t : null;
    }
    return null;
  }
  $("challenge").addEventListener("click", function () {
    var t = latestPlay();
    if (!t) { T.say("Only the latest play can be challenged, before the next turn."); return; }
    var challenger = T.nextSeat(t.player), l = T.local();
    if (!confirm(playerName(challenger) + " challenges turn " + t.turn + " (" + t.move + ")?")) return;
    T.clearEntry();
    // Who moves next depends on the verdict: entries wait for it.
    T.enqueue("challenge", "/challenges", { turn: t.turn, challenger: challenger },
      "Turn " + l.next + " · " + playerName(challenger) + " challenges " + t.move,
      { next: l.next + 1, toMove: l.toMove, blocked: "Waiting for the verdict on " + t.move + "…" });
  });
  // ---- hold ----
  // The opponent holds the latest play while deciding whether to
  // challenge (the clock keeps running for them; the play's owner must not
  // draw). The next turn or a challenge ends the hold.
  T.held = function () {
    var q = T.queue();
    if (q.length) return q[q.length - 1].kind === "hold";
    for (var i = T.game.turns.length - 1; i >= 0; i--) {
      if (!T.game.turns[i].undone) return T.game.turns[i].kind === "hold";
    }
    return false;
  };
  $("hold").addEventListener("click", function () {
    var t = latestPlay();
    if (!t) { T.say("Only the latest play can be held, before the next turn."); return; }
    if (T.held()) { T.say(t.move + " is already held."); return; }
    var holder = T.nextSeat(t.player), l = T.local();
    T.enqueue("hold", "/hold", { turn: t.turn, player: holder },
      "Turn " + l.next + " · " + playerName(holder) + " holds " + t.move,
      { next: l.next + 1, toMove: l.toMove, blocked: "" });
    T.say(playerName(holder) + " holds " + t.move + ": challenge it, or play on to accept it. " + playerName(t.player) + " does not draw yet.");
  });
  var EFFECT = {
    "turn-lost": function (r) { return "The play stands. " + playerName(r.challenger) + " loses the turn; " + playerName(r.challenged) + " plays again."; },
    "play-withdrawn": function (r) { return "The play comes off the board: no score for " + playerName(r.challenged) + ". " + playerName(r.challenger) + " to move."; },
    "bonus": function (r) { return "The play stands. " + playerName(r.challenged) + " gets +" + r.points + " for the challenge."; },
    "no-penalty": function () { return "The play stands; no penalty."; },
    "game-lost": function (r) { return "The play stands. " + playerName(r.challenger) + " loses the game."; },
    "play-withdrawn-game-lost": function (r) { return "The play comes off the board and " + playerName(r.challenged) + " loses the game."; }
  };
  T.showVerdict = function (r) {
    var v = $("verdict"); v.innerHTML = "";
    v.className = "verdict " + r.verdict;
    v.appendChild(el("div", "word-judge", r.verdict === "acceptable" ? "ACCEPTABLE" : "NOT ACCEPTABLE"));
    v.appendChild(el("div", "judged", (r.words || []).join(" · ")));
    v.appendChild(el("p", "effect", (EFFECT[r.effect] || function () { return r.effect; })(r)));
    var ok = el("button", "big", "OK"); ok.type = "button"; ok.id = "verdict-ok";
    ok.addEventListener("click", function () { v.hidden = true; });
    v.appendChild(ok);
    v.hidden = false;
  };

  // ---- undo ----
  // A waiting entry is simply taken out of the queue (it was never
  // recorded); a recorded turn is undone through the queue like the rest.
  $("undo").addEventListener("click", function () {
    var q = T.queue();
    if (q.length) {
      var last = q[q.length - 1];
      if (last.kind !== "turn" || last.key === T.sending.key) { T.say("Wait until the waiting entries are sent."); return; }
      if (!confirm("Take back " + last.label + "? It was not sent yet.")) return;
      q.pop(); T.saveQueue(q); T.clearEntry(); T.renderGame(); return;
    }
    var t = null;
    for (var i = T.game.turns.length - 1; i >= 0 && !t; i--) if (!T.game.turns[i].undone) t = T.game.turns[i];
    if (!t) return;
    var reason = prompt("Undo turn " + t.turn + " (" + (t.move || t.kind) + "). Why?"); if (!reason) return;
    var l = T.local();
    T.clearEntry();
    T.enqueue("undo", "/undo", { turn: t.turn, reason: reason }, "Undo turn " + t.turn + " (" + (t.move || t.kind) + ")",
      { next: l.next, toMove: t.kind === "move" ? t.player : l.toMove, blocked: t.kind === "move" ? "" : "Waiting for the undo to be sent…" });
  });
})(window.tourneyTable);
