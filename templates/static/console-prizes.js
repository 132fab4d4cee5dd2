// The prize table: the director adds prizes (the fields each type needs),
// puts them in ceremony order, removes them and saves the table (PUT
// /prizes); beside each prize, its winners as the results stand (GET
// /prizes), read again after a save and on every result.
(function () {
  "use strict";
  var C = Console, el = C.el;
  var form = document.getElementById("add-form"), saveForm = document.getElementById("save-form");
  var f = form.elements;
  var divSel = f.division_id || null;
  var table = [];  // the table being set up, as PUT takes it
  var view = null; // the saved table with its winners (GET /prizes)
  var dirty = false;
  var players = [], divNames = {};
  if (divSel) [].forEach.call(divSel.options, function (o) { divNames[o.value] = o.textContent; });

  // The types in plain words, as the ceremony sheet names them.
  var typeNames = {
    "rank": "Place", "class-rank": "Class place", "high-win": "High win", "high-loss": "High loss",
    "low-win": "Low win", "low-loss": "Low loss", "high-combined": "High combined score", "upset": "Biggest upset",
    "brlh": "Best record in the lower half", "overseed": "Best finish over seed", "high-rating-change": "Biggest rating gain",
    "round-record": "Best record over rounds", "signup": "Special prize", "high-play": "High play",
    "best-bingo": "Best bingo", "most-bingos": "Most bingos"
  };
  // The fields each type needs beyond the division and label.
  function needs(type) {
    return {
      place: type !== "signup", "class": type === "class-rank",
      rounds: type === "round-record", winner: type === "signup"
    };
  }
  function exclusiveByDefault(type) { return type === "rank" || type === "class-rank"; }

  function ordinal(n) {
    var t = n % 100, s = "th";
    if (t < 11 || t > 13) s = { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
    return n + s;
  }
  // describe names a prize by its type: "1st place, Division A".
  function describe(p) {
    var d, place = p.place || 1;
    if (p.type === "rank") d = ordinal(place) + " place";
    else if (p.type === "class-rank") d = "Class " + p["class"] + ", " + ordinal(place) + " place";
    else if (p.type === "round-record") d = "Best record, rounds " + p.first + "–" + p.last;
    else d = typeNames[p.type] || p.type;
    if (place > 1 && p.type !== "rank" && p.type !== "class-rank") d += ", " + ordinal(place);
    if (divSel && divSel.options.length > 1 && p.division_id) {
      var n = divNames[String(p.division_id)] || "";
      d += ", " + (/^division/i.test(n) ? n : "Division " + n);
    }
    return d;
  }
  function signed(n) { return n > 0 ? "+" + n : n < 0 ? "−" + -n : "0"; }
  function halves(w) { var s = String(Math.floor(w)); return w % 1 ? (Math.floor(w) ? s : "") + "½" : s; }
  function plural(n, word) { return n + " " + word + (n === 1 ? "" : "s"); }
  // value is what a winner won the prize with, as the sheet says it.
  function value(r, w) {
    var v = "", round = (w && w.round) || r.round;
    if (r.value !== undefined && r.value !== null) {
      var n = r.value;
      switch (r.type) {
        case "high-combined": v = n + " combined"; break;
        case "upset": v = "by " + n + " rating points"; break;
        case "overseed": v = plural(n, "place") + " over seed"; break;
        case "high-rating-change": v = signed(n) + " rating points"; break;
        case "most-bingos": v = plural(n, "bingo"); break;
        default: v = (r.detail ? r.detail + " " : "") + n;
      }
    }
    if (r.wins !== undefined && r.wins !== null) {
      v = (v ? v + ", " : "") + halves(r.wins) + (r.wins === 1 ? " win" : " wins") + (r.spread !== undefined ? " " + signed(r.spread) : "");
    }
    if (round) v = (v ? v + ", " : "") + "round " + round;
    return v;
  }

  // The plain words of a refused table; the prize's number from the
  // server's detail ("prize 2: ...").
  var refusals = {
    "bad-prize-place": "give a place from 1.",
    "class-required": "a class prize needs its class (for example A).",
    "bad-class": "a class is a short word of letters and digits, such as A or B.",
    "bad-prize-rounds": "the rounds run from a first round (1 or later) to a last round that is not before it.",
    "unknown-player": "the winner is not a player of the prize's division.",
    "unknown-division": "its division no longer exists; reload the page.",
    "division-required": "choose the division the prize is for.",
    "bad-prize-type": "choose the kind of prize from the list."
  };
  function plain(err) {
    var m = /^prize (\d+)/.exec(err.detail || "");
    if (m && refusals[err.code]) return "Prize " + m[1] + " (" + label(table[m[1] - 1]) + "): " + refusals[err.code] + " Nothing was saved.";
    if (err.code === "too-many-prizes") return "A prize table has at most 500 prizes. Nothing was saved.";
    return (err.detail ? err.detail.charAt(0).toUpperCase() + err.detail.slice(1) : err.message) + (err.code ? " Nothing was saved." : "");
  }
  function label(p) { return p ? p.label || describe(p) : ""; }

  // kept is a prize as the table keeps it: what GET adds is left out.
  function kept(p) {
    var k = { type: p.type };
    ["place", "class", "division_id", "label", "first", "last", "exclusive"].forEach(function (f) {
      if (p[f] !== undefined && p[f] !== null && p[f] !== "") k[f] = p[f];
    });
    if (p.type === "signup") k.winners = (p.winners || []).map(function (w) { return typeof w === "number" ? w : w.player_id; });
    return k;
  }

  function render() {
    var tb = document.querySelector("#prizes tbody");
    tb.textContent = "";
    table.forEach(function (p, i) {
      var r = !dirty && view && view.prizes[i];
      var names = "", with_ = "";
      if (r) {
        if (!r.winners.length) names = el("span", { className: "small" }, "nobody yet");
        else {
          names = el("span", {}); with_ = el("span", {});
          r.winners.forEach(function (w, j) {
            if (j) { names.appendChild(el("br")); with_.appendChild(el("br")); }
            names.appendChild(document.createTextNode(w.name));
            with_.appendChild(document.createTextNode(value(r, w)));
          });
          if (r.winners.length > 1) names.appendChild(el("span", { className: "small shared" }, " (shared)"));
        }
      } else names = el("span", { className: "small" }, "save to see");
      var notes = [];
      if (p.label) notes.push(describe(p));
      if (p.type === "high-play" || p.type === "best-bingo" || p.type === "most-bingos") notes.push("from recorded games");
      if (p.exclusive !== undefined ? p.exclusive : exclusiveByDefault(p.type)) notes.push("exclusive");
      var what = el("td", { className: "prize-name" }, el("strong", {}, label(p)), notes.length ? el("span", { className: "small" }, notes.join(" · ")) : null);
      tb.appendChild(el("tr", { dataset: { index: String(i) } },
        el("td", { className: "num" }, i + 1), what, el("td", { className: "winners" }, names), el("td", { className: "with" }, with_),
        el("td", { className: "actions" },
          button("↑", "Move prize " + (i + 1) + " up", i === 0, function () { move(i, -1); }),
          button("↓", "Move prize " + (i + 1) + " down", i === table.length - 1, function () { move(i, 1); }),
          button("Remove", "Remove prize " + (i + 1), false, function () { remove(i); }))));
    });
    if (!table.length) tb.appendChild(el("tr", {}, el("td", { colSpan: 5, className: "small" }, "No prizes yet: add them on the right, then save.")));
    var state = document.getElementById("prizes-state");
    if (dirty) state.textContent = "Changes not saved yet.";
    else if (view && view.provisional) state.textContent = "Provisional: results still to come.";
    else if (view && view.prizes.length) state.textContent = "Final: every round is played.";
    else state.textContent = "";
  }
  function button(text, aria, disabled, onClick) {
    var b = el("button", { type: "button", className: "small-btn", disabled: disabled }, text);
    b.setAttribute("aria-label", aria);
    b.addEventListener("click", onClick);
    return b;
  }
  function changed() { dirty = true; C.status(saveForm, "", false); render(); }
  function move(i, by) {
    var p = table.splice(i, 1)[0];
    table.splice(i + by, 0, p);
    changed();
    var b = document.querySelector('#prizes tr[data-index="' + (i + by) + '"] button[aria-label^="Move prize ' + (i + by + 1) + (by < 0 ? ' up' : ' down') + '"]');
    if (b && !b.disabled) b.focus();
  }
  function remove(i) { table.splice(i, 1); changed(); }

  function load() {
    return C.api("GET", C.base + "/prizes").then(function (v) {
      view = v;
      if (!dirty) table = v.prizes.map(kept);
      render();
    }, function (err) { document.getElementById("prizes-state").textContent = err.message; });
  }

  function loadPlayers() {
    return C.api("GET", C.base + "/players").then(function (ps) { players = ps; fillPlayers(); });
  }
  function fillPlayers() {
    var d = divSel ? parseInt(divSel.value, 10) : null, sel = f.winner, was = sel.value;
    sel.textContent = "";
    sel.appendChild(el("option", { value: "" }, "choose…"));
    players.filter(function (p) { return !d || p.division_id === d; }).forEach(function (p) {
      sel.appendChild(el("option", { value: String(p.id) }, p.name));
    });
    sel.value = was;
    var classes = {};
    C.api("GET", C.base + "/standings" + (divSel ? "?division=" + divSel.value : "")).then(function (rows) {
      rows.forEach(function (r) { if (r["class"]) classes[r["class"]] = true; });
      var dl = document.getElementById("class-list");
      dl.textContent = "";
      Object.keys(classes).sort().forEach(function (c) { dl.appendChild(el("option", { value: c })); });
    }, function () { /* the list only helps typing */ });
  }

  function showFields() {
    var n = needs(f.type.value);
    form.querySelectorAll("[data-for]").forEach(function (l) {
      var k = l.getAttribute("data-for");
      l.hidden = k !== "division" && !n[k];
    });
    f.exclusive.checked = exclusiveByDefault(f.type.value);
  }
  f.type.addEventListener("change", showFields);
  if (divSel) divSel.addEventListener("change", fillPlayers);

  C.submit(form, function () {
    var type = f.type.value, n = needs(type), p = { type: type };
    if (divSel) p.division_id = parseInt(divSel.value, 10);
    if (n.place) {
      p.place = C.num(f.place.value);
      if (!p.place || p.place < 1) throw new Error("Give the place: 1 for the first, 2 for the second…");
    }
    if (n["class"]) {
      p["class"] = f["class"].value.trim();
      if (!p["class"]) throw new Error("Give the class the prize is for (for example A).");
    }
    if (n.rounds) {
      p.first = C.num(f.first.value); p.last = C.num(f.last.value);
      if (!p.first || !p.last) throw new Error("Give the first and the last round of the record.");
      if (p.last < p.first) throw new Error("The last round cannot come before the first.");
    }
    if (n.winner) {
      var w = C.num(f.winner.value);
      if (!w) throw new Error("Choose the winner of the special prize.");
      p.winners = [w];
    }
    var lab = f.label.value.trim();
    if (lab) p.label = lab;
    if (f.exclusive.checked !== exclusiveByDefault(type)) p.exclusive = f.exclusive.checked;
    table.push(p);
    changed();
    f.label.value = "";
    return "Added as prize " + table.length + ": " + label(p) + ". Save the prize table to keep it.";
  });

  C.submit(saveForm, function () {
    var body = { prizes: table.map(kept) }, reason = saveForm.elements.reason.value.trim();
    if (reason) body.reason = reason;
    return C.api("PUT", C.base + "/prizes", body).then(function (v) {
      view = v; dirty = false;
      table = v.prizes.map(kept);
      saveForm.elements.reason.value = "";
      C.status(form, ""); // "Save the prize table to keep it" is done
      render();
      return "Saved: " + plural(table.length, "prize") + ".";
    }, function (err) { throw new Error(plain(err)); });
  });

  showFields();
  load(); loadPlayers();
  var again = C.debounce(load, 200);
  C.live(C.tournament, {
    result: again, pairings: again,
    players: C.debounce(function () { loadPlayers(); load(); }, 200),
    game: again
  });
})();
