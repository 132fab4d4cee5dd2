// The table's tablet page: what players do about the turns already in
// (the list itself is table-log.js). The latest play can be challenged,
// with the verdict shown as a word judge shows it; the opponent can hold
// it first while deciding; the last entry can be undone.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, playerName = T.playerName;

  // ---- challenge ----
  // The latest play: a waiting one, else the server's last live event.
  function latestPlay() {
    var q = T.queue().filter(function (i) { return i.kind !== "confirm"; });
    if (q.length) {
      var it = q[q.length - 1];
      if (it.kind === "turn" && T.parseMove(it.body.move || "")) return { seq: it.body.turn, player: it.body.player, move: it.body.move, play: it.after.play ? it.after.play - 1 : 0 };
      return null;
    }
    for (var i = T.game.turns.length - 1; i >= 0; i--) {
      var t = T.game.turns[i];
      if (t.undone || t.kind === "hold") continue;
      return t.kind === "move" && T.parseMove(t.move || "") ? { seq: t.seq, player: t.player, move: t.move, play: t.turn } : null;
    }
    return null;
  }
  $("challenge").addEventListener("click", function () {
    var t = latestPlay();
    if (!t) { T.say("Only the latest play can be challenged, before the next turn."); return; }
    var challenger = T.nextSeat(t.player), l = T.local();
    T.ask({ title: playerName(challenger) + " challenges?", text: playerName(challenger) + " challenges " + playerName(t.player) + "'s " + t.move + (t.play ? " (turn " + t.play + ")" : "") + ". The word judge decides.",
      ok: "Challenge", warn: true }, function () {
      // The game may have moved on while the dialog was open.
      var now = latestPlay(); l = T.local();
      if (!now || now.seq !== t.seq) { T.say("The game moved on meanwhile: " + t.move + " can no longer be challenged."); return; }
      T.clearEntry();
      // Who moves next depends on the verdict: entries wait for it. A
      // challenge is not a play: the play count stays.
      T.enqueue("challenge", "/challenges", { turn: t.seq, challenger: challenger },
        playerName(challenger) + " challenges " + t.move,
        { next: l.next + 1, toMove: l.toMove, blocked: "Waiting for the verdict on " + t.move + "…", play: T.nextPlay(l) });
    });
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
    T.enqueue("hold", "/hold", { turn: t.seq, player: holder },
      playerName(holder) + " holds " + t.move,
      { next: l.next + 1, toMove: l.toMove, blocked: "", play: T.nextPlay(l) });
    T.say(playerName(holder) + " holds " + t.move + ": challenge it, or play on to accept it. " + playerName(t.player) + " does not draw yet.");
  });
  T.showVerdict = function (r) {
    var v = $("verdict"); v.innerHTML = "";
    v.className = "verdict " + r.verdict;
    v.appendChild(el("div", "word-judge", r.verdict === "acceptable" ? "ACCEPTABLE" : "NOT ACCEPTABLE"));
    v.appendChild(el("div", "judged", (r.words || []).join(" · ")));
    v.appendChild(el("p", "effect", T.effectText(r)));
    var ok = el("button", "big", "OK"); ok.type = "button"; ok.id = "verdict-ok";
    ok.addEventListener("click", function () { v.hidden = true; });
    v.appendChild(ok);
    v.hidden = false;
  };

  // ---- undo ----
  // A waiting entry is simply taken out of the queue (it was never
  // recorded); a recorded turn is undone through the queue like the rest.
  function lastEntry() {
    for (var i = T.game.turns.length - 1; i >= 0; i--) if (!T.game.turns[i].undone) return T.game.turns[i];
    return null;
  }
  // T.directorsLast: the director's entry, when the game's latest entry
  // is it or before it (nothing waiting): the table does not undo it
  // (the server refuses: director-decided).
  T.directorsLast = function () {
    var d = T.game.director_entry, t = lastEntry();
    if (!d || T.queue().length) return null;
    return d.what === "result" || (t && t.seq <= d.seq) ? d : null;
  };
  $("undo").addEventListener("click", function () {
    var q = T.queue();
    if (q.length) {
      var last = q[q.length - 1];
      if (last.kind !== "turn" || last.key === T.sending.key) { T.say("Wait until the waiting entries are sent."); return; }
      T.ask({ title: "Take back this entry?", text: last.label + ". It was not sent yet.", ok: "Take it back", warn: true }, function () {
        // The queue may have moved on while the dialog was open.
        var q2 = T.queue();
        if (!q2.length || q2[q2.length - 1].key !== last.key || last.key === T.sending.key) { T.say("That entry was sent meanwhile: undo it again."); return; }
        q2.pop(); T.saveQueue(q2); T.clearEntry(); T.renderGame();
      });
      return;
    }
    var t = lastEntry();
    if (!t) return;
    if (T.directorsLast()) { T.say(T.directorDecidedText(T.directorsLast())); return; }
    // Said as the list says it: "turn 3 (Bob: exchanged 3)" for a play,
    // "Ann held it" for a note.
    var what = t.kind === "move" ? "turn " + t.turn + " (" + T.playText(t) + ")" : T.describe(t);
    T.ask({ title: t.kind === "move" ? "Undo turn " + t.turn + "?" : "Undo the last entry?", text: t.kind === "move" ? T.playText(t) : T.describe(t), ok: "Undo", warn: true,
      field: { label: "Why? (the director reads this)", placeholder: "e.g. misentered", required: "Write why the entry is undone." } }, function (reason) {
      // The director may have decided meanwhile (the page looked again).
      if (T.directorsLast()) { T.say(T.directorDecidedText(T.directorsLast())); return; }
      var now = lastEntry();
      if (T.queue().length || !now || now.seq !== t.seq) { T.say("The game moved on meanwhile: undo again if still needed."); return; }
      var l = T.local(), n = T.nextPlay(l);
      T.clearEntry();
      T.enqueue("undo", "/undo", { turn: t.seq, reason: reason }, "Undo " + what,
        { next: l.next, toMove: t.kind === "move" ? t.player : l.toMove, blocked: t.kind === "move" ? "" : "Waiting for the undo to be sent…", play: t.kind === "move" ? n - 1 : n });
    });
  });
})(window.tourneyTable);
