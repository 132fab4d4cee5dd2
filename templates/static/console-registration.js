// The registration desk on the setup page: every player with a check-in
// button, found by typing part of a name, and the counts (checked in of
// registered, per division that requires check-in); and on each row of
// the desk's list, "Move…" to another division, with a reason. A move
// refused because the player has played is said in plain words, with the
// offer to move them keeping the games played where they were.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var list = document.getElementById("checkin-list");
  if (!list) return;
  var search = document.getElementById("checkin-search");
  var cstatus = document.getElementById("checkin-status");
  var players = [], divisions = [];

  function say(node, text, isError) {
    node.textContent = text;
    node.className = "form-status " + (isError ? "error" : "ok");
    node.hidden = !text;
  }
  function reload() { return C.loadPlayers ? C.loadPlayers() : Promise.resolve(); }
  function divisionOf(id) { return divisions.find(function (d) { return d.id === id; }); }
  function required(p) {
    var d = divisionOf(p.division_id);
    return !!(d && d.settings && d.settings.check_in_required);
  }

  // A player withdrawn before checking in (did not come) is not awaited.
  function awaited(p) { return p.checked_in || !p.withdrawn; }
  function counts() {
    var all = players.filter(awaited);
    var n = all.filter(function (p) { return p.checked_in; }).length;
    var out = n + " of " + all.length + " checked in";
    divisions.forEach(function (d) {
      if (!(d.settings || {}).check_in_required) return;
      var in_ = all.filter(function (p) { return p.division_id === d.id; });
      out += " · " + d.name + " (check-in required): " + in_.filter(function (p) { return p.checked_in; }).length + " of " + in_.length;
    });
    document.getElementById("checkin-count").textContent = "(" + out + ")";
  }

  function draw() {
    var q = search.value.trim().toLowerCase();
    // A move being filled in stays open when the list is drawn again.
    var open = {};
    list.querySelectorAll("li.move-line").forEach(function (li) { open[li.dataset.move] = li; });
    list.textContent = "";
    var shown = players.filter(function (p) { return !q || p.name.toLowerCase().indexOf(q) >= 0; });
    shown.forEach(function (p) {
      var d = divisionOf(p.division_id);
      var btn = el("button", { type: "button", className: "small-btn" + (p.checked_in ? "" : " primary"), title: p.checked_in ? "Undo " + p.name + "'s check-in" : "Check " + p.name + " in" },
        p.checked_in ? "Undo" : "Check in");
      btn.addEventListener("click", function () {
        btn.disabled = true;
        C.api("POST", C.base + "/players/" + p.id + "/check-in", { checked_in: !p.checked_in }).then(function (np) {
          say(cstatus, np.name + (np.checked_in ? " is checked in." : "'s check-in is undone."), false);
          return reload();
        }, function (err) {
          btn.disabled = false;
          say(cstatus, p.name + ": " + (err.code === "player-has-results" ? "already paired or has a result, so the check-in stays." : err.message), true);
        });
      });
      var move = divisions.length > 1 && !p.withdrawn ? el("button", { type: "button", className: "small-btn move-btn", title: "Move " + p.name + " to another division" }, "Move…") : null;
      var state = p.checked_in ? "checked in" : !awaited(p) ? "withdrawn without arriving (reinstate them in the players' list)" : required(p) ? "not yet: not paired" : "not yet";
      var row = el("li", { className: "checkin-row" + (p.checked_in ? " checked-in" : ""), dataset: { player: String(p.id) } },
        el("span", { className: "checkin-name" }, p.name),
        el("span", { className: "small" }, [d ? d.name : "", state].filter(Boolean).join(" · ")),
        awaited(p) ? btn : null, move);
      if (move) {
        move.addEventListener("click", function () {
          var line = list.querySelector('li.move-line[data-move="' + p.id + '"]');
          if (!line) { line = moveForm(p); row.after(line); }
          line.querySelector('[name="reason"]').focus();
        });
      }
      list.appendChild(row);
      if (open[p.id]) list.appendChild(open[p.id]);
    });
    if (!shown.length) list.appendChild(el("li", { className: "small" }, players.length ? "No player's name has “" + search.value.trim() + "”." : "No players yet."));
    counts();
  }
  search.addEventListener("input", draw);
  search.addEventListener("change", draw);

  // moveForm asks, in a line below the player's, where they go and why.
  function moveForm(p) {
    var to = el("select", { name: "division_id" });
    divisions.forEach(function (d) { if (d.id !== p.division_id) to.appendChild(el("option", { value: String(d.id) }, d.name)); });
    var keep = el("button", { type: "button", className: "warn keep-games", hidden: true }, "Move, keeping the games played");
    var f = el("form", { className: "move-form fields-form" },
      el("label", { className: "short" }, "Move " + p.name + " to", to),
      el("label", { className: "grow" }, "Why?", el("input", { name: "reason", required: true, maxLength: 200, placeholder: "e.g. entered in the wrong division", autocomplete: "off" })),
      el("button", { type: "submit", className: "primary" }, "Move"), keep,
      el("button", { type: "button", className: "cancel" }, "Cancel"),
      el("p", { className: "form-status", role: "status", hidden: true }));
    var tr = el("li", { className: "move-line", dataset: { move: String(p.id) } }, f);
    var status = f.querySelector(".form-status");
    f.querySelector(".cancel").addEventListener("click", function () { tr.remove(); });
    function send(games) {
      var body = { division_id: parseInt(to.value, 10), reason: f.elements.reason.value.trim() };
      if (games) body.games = games;
      if (!body.reason) { say(status, "Say why " + p.name + " moves.", true); return; }
      f.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      C.api("POST", C.base + "/players/" + p.id + "/move", body).then(function (np) {
        tr.remove();
        say(cstatus, np.name + " moved to division " + divisionOf(np.division_id).name + ".", false);
        return reload();
      }, function (err) {
        f.querySelectorAll("button").forEach(function (b) { b.disabled = false; });
        if (err.code === "player-has-results") {
          say(status, p.name + " has already played in this division. Their games can stay where they were played, and " + p.name + " goes on in the new division from the next round.", true);
          keep.hidden = false;
          return;
        }
        say(status, err.message, true);
      });
    }
    f.addEventListener("submit", function (e) { e.preventDefault(); send(""); });
    keep.addEventListener("click", function () { send("keep"); });
    return tr;
  }

  document.addEventListener("divisions-rendered", function (e) { divisions = e.detail || []; draw(); });
  document.addEventListener("players-rendered", function (e) { players = e.detail || []; draw(); });
})();
