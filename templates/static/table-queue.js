// The table's tablet page: the offline queue. Every entry
// (turn, challenge, undo, confirmation) goes through one ordered queue in
// localStorage with its own Idempotency-Key, so a resend after a lost
// answer is answered, not recorded twice. Each item keeps `after`: the
// turn number and seat to move once it is in, so the page can go on
// ahead of the server while entries wait.
(function (T) {
  "use strict";
  var $ = T.$, el = T.el, text = T.text;
  var queueKey = "tourney-queue-" + T.game.id;
  // Resend what waits every RETRY_MS: browsers do not reliably tell a
  // page when a Wi-Fi network comes back.
  var RETRY_MS = 2000;

  T.queue = function () { try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (e) { return []; } };
  T.saveQueue = function (q) { localStorage.setItem(queueKey, JSON.stringify(q)); T.showQueue(); };
  // key is the entry being sent (the undo button must not take it back).
  var sending = T.sending = { busy: false, failed: false, key: null };
  // known is where the last answer put the game, until the game is read
  // again (the read may fail if the connection drops once more).
  var known = null;
  function fromGame() { return known || { next: T.game.next_turn, toMove: T.game.to_move, blocked: "", play: T.playCount(T.game) + 1 }; }
  // local is where the game stands once every waiting entry is in.
  T.local = function () { var q = T.queue(); return q.length ? q[q.length - 1].after : fromGame(); };
  // setGame takes the whole game as the server sent it; it supersedes
  // what an earlier answer said.
  T.setGame = function (g) { T.game = g; known = null; };

  T.showQueue = function () {
    var q = T.queue(), badge = $("queue");
    badge.hidden = q.length === 0; text(badge, "waiting to send (" + q.length + ")");
    $("offline").hidden = navigator.onLine && !sending.failed;
    var list = $("waiting-list"); list.innerHTML = "";
    q.forEach(function (item) { list.appendChild(el("li", item.key === sending.key ? "sending" : "", item.label)); });
    $("waiting").hidden = q.length === 0;
  };
  // retryable: the server did not decide (ours, or the same key still
  // being answered); anything else is its answer to this entry.
  function retryable(r) { return r.status >= 500 || r.status === 429 || (r.body && r.body.code === "idempotency-key-in-use"); }
  T.flush = function flush() {
    if (sending.busy) return;
    var q = T.queue(); if (!q.length) { T.showQueue(); return; }
    var item = q[0];
    sending.busy = true; sending.key = item.key; T.showQueue();
    T.api("POST", item.path, item.body, item.key).then(function (r) {
      sending.busy = false; sending.key = null;
      if (!r.ok && retryable(r)) { sending.failed = true; T.showQueue(); return; }
      sending.failed = false;
      var rest = T.queue(); if (rest.length && rest[0].key === item.key) rest.shift();
      if (!r.ok) {
        // Later entries were made after this one; without it they no
        // longer fit. Show them all so the players can enter them again.
        refused(item, r, rest); rest = [];
      }
      T.saveQueue(rest);
      if (r.ok) sent(item, r.body);
      if (rest.length) flush(); else T.reload(true);
    }).catch(function () { sending.busy = false; sending.key = null; sending.failed = true; T.showQueue(); });
  };
  // refused shows an entry the server refused (r: its answer).
  function refused(item, r, dropped) {
    var box = $("refused-text"), problem = r.body; box.innerHTML = "";
    var why = T.problemText(problem && problem.code, problem && problem.detail, { move: item.body && item.body.move, retryAfter: r.retryAfter, state: problem && problem.state });
    box.appendChild(el("p", "", "Not recorded: " + item.label + ". " + why));
    if (dropped.length) {
      box.appendChild(el("p", "", "Not sent, enter again if still wanted:"));
      var ul = el("ul"); dropped.forEach(function (d) { ul.appendChild(el("li", "", d.label)); }); box.appendChild(ul);
    }
    $("refused").hidden = false;
  }
  $("refused-ok").addEventListener("click", function () { $("refused").hidden = true; });
  function sent(item, body) {
    if (body.turns) T.setGame(body); // undo and confirm answer with the game
    else if (body.next_turn) known = { next: body.next_turn, toMove: body.to_move, blocked: "", play: item.after && item.after.play };
    if (item.kind === "challenge") T.showVerdict(body);
    else if (item.kind === "turn" && body.flag) {
      var n = item.after && item.after.play ? item.after.play - 1 : 0;
      T.say((n ? "Turn " + n + " is recorded. " : "Recorded. ") + T.flagText(body.flag, body));
    }
  }
  T.enqueue = function (kind, path, body, label, after) {
    var q = T.queue();
    q.push({ kind: kind, path: "/games/" + T.game.id + path, body: body, key: T.newKey(), label: label, after: after });
    T.saveQueue(q);
    T.renderGame(); T.flush();
  };
  window.addEventListener("online", function () { sending.failed = false; T.flush(); });
  window.addEventListener("offline", T.showQueue);
  setInterval(function () { if (T.queue().length) T.flush(); }, RETRY_MS);
})(window.tourneyTable);
