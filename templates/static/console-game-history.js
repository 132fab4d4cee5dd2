// One game in the console: its history, from the game's audit log. Every
// change made after the fact (a turn corrected or taken back, a ruling,
// the game ended where it stood, its record set aside, its result entered
// or amended by hand) with who made it, when and why, newest first. Read
// again whenever the page reads the game or its result again.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var main = document.querySelector("main");
  var gameID = parseInt(main.dataset.game, 10);
  var list = document.getElementById("history");
  var hows = { time: "time ran out for the round", abandoned: "abandoned", adjudicated: "adjudicated" };

  function parse(raw) {
    if (!raw) return {};
    if (typeof raw === "object") return raw;
    try { return JSON.parse(raw) || {}; } catch (e) { return {}; }
  }
  function scores(r) {
    if (!r || !r.scores) return "";
    return (r.names || []).map(function (n, i) { return n + " " + r.scores[i]; }).join(", ");
  }

  // what says an entry's change in plain words.
  function what(e) {
    var before = parse(e.before), after = parse(e.after);
    switch (e.action) {
      case "correct-turn": return "corrected turn " + (before.turn || after.turn || "");
      case "undo-turn": return "took back " + (before.kind && before.kind !== "move" ? "an entry of turn " : "turn ") + (before.turn || after.turn || "");
      case "reverse-ruling": return "reversed the ruling on turn " + (before.turn || after.turn || "");
      case "challenge-ruling": return "ruled on the challenge of turn " + (after.turn || "") + (after.verdict ? ": " + after.verdict : "");
      case "end-game": return "ended the game where it stood: " + (hows[after.how] || after.how || "");
      case "void-record": return "set the game’s record aside";
      case "import-gcg": return "imported the game’s record from a GCG file";
      case "result-not-recorded": return "the record’s result could not be stored";
      case "result-changed-by-record": return "the record changed the result";
      case "enter-result":
        return "entered the result by hand" + (after.result ? ": " + scores(after.result) : "");
      case "amend-result":
        if (!after.result) return "cleared the result";
        return "amended the result" + (before.result ? " from " + scores(before.result) : "") + " to " + scores(after.result);
      default: return String(e.action || "").replace(/-/g, " ");
    }
  }
  function when(iso) {
    var d = new Date(iso);
    if (isNaN(d)) return iso || "";
    var time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return d.toDateString() === new Date().toDateString() ? time : d.toLocaleDateString([], { day: "numeric", month: "short" }) + " " + time;
  }

  function render(entries) {
    list.textContent = "";
    entries.slice().reverse().forEach(function (e) {
      list.appendChild(el("li", { className: "history-entry", dataset: { action: e.action } },
        el("time", { dateTime: e.at, title: new Date(e.at).toLocaleString() }, when(e.at)), " ",
        el("strong", { className: "who" }, e.who || "someone"), " ", el("span", { className: "what" }, what(e)),
        e.reason ? el("span", { className: "why" }, "Reason: " + e.reason) : null));
    });
    if (!entries.length) list.appendChild(el("li", { className: "small" }, "Nothing changed after the fact."));
  }

  function load() {
    return C.api("GET", "/api/v1/games/" + gameID + "/audit").then(render, function (err) {
      list.textContent = "";
      list.appendChild(el("li", { className: "form-status error" }, err.message));
    });
  }
  // console-game.js follows the event stream and announces what it read
  // again: the game ("console-game") or its result ("console-result").
  var reload = C.debounce(load, 300);
  document.addEventListener("console-game", reload);
  document.addEventListener("console-result", reload);
})();
