// Setup: the tournament's rules, its divisions and its players. Every
// change goes through the JSON API; the lists are re-read after a change
// and when another console changes players (the "players" notice).
(function () {
  "use strict";
  var C = Console, el = C.el;
  var divisions = [];

  var tform = document.getElementById("tournament-form");
  ConsoleRules.wire(tform, true);
  C.submit(tform, function () {
    var body = ConsoleRules.read(tform);
    body.lexicon = tform.elements.lexicon.value.trim(); // empty clears it
    return C.api("PATCH", C.base, body).then(function (t) {
      return "Saved. Rules " + t.variant + ", challenge " + t.challenge_rule + (t.lexicon ? ", " + t.lexicon : ", no word list") + "; round " + t.current_round + " is current.";
    });
  });

  function divisionName(id) {
    var d = divisions.find(function (d) { return d.id === id; });
    return d ? d.name : "";
  }

  // The audit log keeps what the lists need beyond the players and the
  // divisions: why a player withdrew, and how round 1 was paired. It is
  // read once for a redraw of both.
  var auditRead = null;
  function audit() {
    if (!auditRead) {
      auditRead = C.api("GET", C.base + "/audit").catch(function () { return []; });
      setTimeout(function () { auditRead = null; }, 1000);
    }
    return auditRead;
  }
  // withdrawals: the latest withdrawal of each player, by id.
  function withdrawals(entries) {
    var out = {};
    entries.forEach(function (e) {
      var a = e.after || {};
      if (e.action === "withdraw-player" && a.player_id) out[a.player_id] = e;
      if (e.action === "reinstate-player" && (a.player_id || (e.before || {}).player_id)) delete out[a.player_id || e.before.player_id];
    });
    return out;
  }
  // roundOnePairings: how round 1 of each division was paired (by id; 0
  // with no divisions): the system of its latest pairing, and whether
  // pairings were changed by hand after it.
  function roundOnePairings(entries, ds) {
    var out = {};
    entries.forEach(function (e) {
      var a = e.after || {};
      if (a.round !== 1) return;
      var d = a.division_id || (ds.length === 1 ? ds[0].id : 0);
      if (e.action === "pair-round") out[d] = { system: a.system, changed: false };
      if (e.action === "change-pairings" && out[d]) out[d].changed = true;
    });
    return out;
  }

  // classFloors says a division's classes: "classes A 1800+, B 1500+, C"
  // for floors [1800, 1500] (see service/classes.go), "" for none.
  function classFloors(floors) {
    if (!floors || !floors.length) return "";
    var out = floors.map(function (f, i) { return String.fromCharCode(65 + i) + " " + f + "+"; });
    return "classes " + out.concat(String.fromCharCode(65 + floors.length)).join(", ");
  }

  function loadDivisions() {
    return Promise.all([C.api("GET", C.base + "/divisions"), audit()]).then(function (got) {
      var ds = got[0], paired = roundOnePairings(got[1], got[0]);
      divisions = ds;
      var ul = document.getElementById("divisions");
      ul.textContent = "";
      ds.forEach(function (d) {
        var s = d.settings || {};
        ul.appendChild(el("li", { dataset: { division: String(d.id) } }, el("strong", {}, d.name), " ", el("span", { className: "small division-summary" },
          [s.rounds ? s.rounds + " rounds" : "", C.pairingSummary(d, paired[d.id]),
            s.starts === "score-groups" ? "score groups before starts" : "", s.realm ? s.realm.toUpperCase() : "",
            (s.spread_caps || []).length ? "spread cap " + s.spread_caps.join("/") : "", s.gibson && s.gibson.enabled ? "Gibsonized" : "",
            classFloors(s.class_floors)].filter(Boolean).join(" · "))));
      });
      document.dispatchEvent(new CustomEvent("divisions-rendered", { detail: ds }));
      if (!ds.length) ul.appendChild(el("li", { className: "small" }, "None: all players play in one group."));
      // Keep each select's choice when its options are rebuilt.
      document.querySelectorAll(".division-select").forEach(function (sel) {
        var was = sel.value, had = sel.options.length;
        sel.textContent = "";
        sel.appendChild(el("option", { value: "" }, ds.length ? "none" : "(no divisions)"));
        ds.forEach(function (d) { sel.appendChild(el("option", { value: String(d.id) }, d.name)); });
        sel.value = was || (had <= 1 && ds.length ? String(ds[0].id) : "");
      });
    });
  }

  C.loadDivisions = loadDivisions; // console-divisions.js reads them again after an edit

  var dform = document.getElementById("division-form");
  C.submit(dform, function () {
    var f = dform.elements, settings = {};
    if (C.num(f.rounds.value)) settings.rounds = C.num(f.rounds.value);
    if (f.first_round_pairing.value) settings.first_round_pairing = f.first_round_pairing.value;
    if (f.pairing.value) settings.pairing = f.pairing.value;
    if (f.starts.value) settings.starts = f.starts.value;
    return C.api("POST", C.base + "/divisions", { name: f.name.value.trim(), settings: settings }).then(function (d) {
      dform.reset();
      return loadDivisions().then(function () { return "Division " + d.name + " added."; });
    });
  });

  function playerBody(name, rating, division, team, member) {
    var body = {};
    if (name) body.name = name;
    if (member) body.member_id = member;
    if (rating !== null) body.rating = rating;
    if (team) body.team = team;
    if (division) body.division_id = parseInt(division, 10);
    return body;
  }

  var pform = document.getElementById("player-form");
  C.submit(pform, function () {
    var f = pform.elements, name = f.name.value.trim(), member = f.member_id.value.trim();
    // A member id alone: the division's rating list gives the name.
    if (!name && !member) throw new Error("Give the player's name, or their member id when the division uses a rating list.");
    return C.api("POST", C.base + "/players", playerBody(name, C.num(f.rating.value), f.division_id.value, f.team.value.trim(), member)).then(function (p) {
      f.name.value = ""; f.rating.value = ""; f.member_id.value = "";
      f.name.focus();
      return loadPlayers().then(function () {
        return p.name + " added (#" + p.id + (p.rating ? ", rated " + p.rating : "") + (p.member_id ? ", member " + p.member_id : "") + ").";
      });
    });
  });

  // A roster line: "Name Rating" (the rating is the last word when it is
  // a number). A file or text with a ";" is a tsh .t file and goes to
  // import.t as it is.
  function parseLine(line) {
    var m = /^(.*?)\s+(\d{1,4})$/.exec(line);
    return m ? { name: m[1].trim(), rating: parseInt(m[2], 10) } : { name: line, rating: null };
  }

  function importT(text, f) {
    var q = ["roster_only=" + (f.roster_only.checked ? "true" : "false")];
    if (f.division_id.value) q.push("division=" + f.division_id.value);
    return C.api("POST", C.base + "/import.t?" + q.join("&"), text, "text/plain").then(function (res) {
      return Promise.all([loadPlayers(), loadDivisions()]).then(function () {
        var had = (res.existing || []).length;
        return "Imported " + res.players.length + " players into division " + res.division.name +
          (had ? " (" + had + " already in it, left as they were)" : "") +
          (res.results ? ", " + res.results + " results" : "") + (res.games ? ", " + res.games + " games" : "") + ".";
      });
    });
  }

  var rform = document.getElementById("roster-form");
  var area = document.getElementById("roster"), file = document.getElementById("t-file");
  C.submit(rform, function () {
    var f = rform.elements;
    if (file.files.length) {
      return file.files[0].text().then(function (text) { return importT(text, f); }).then(function (msg) {
        file.value = "";
        return msg;
      });
    }
    if (/;/.test(area.value)) {
      return importT(area.value, f).then(function (msg) { area.value = ""; return msg; });
    }
    var lines = area.value.split("\n").map(function (l) { return l.trim(); }).filter(Boolean);
    if (!lines.length) throw new Error("Paste at least one line, or choose a .t file.");
    var added = 0;
    // One at a time, in order; each line leaves the box once it is in, so
    // that after an error only the lines still to add remain.
    function next() {
      if (!lines.length) return "Added " + added + " players.";
      var p = parseLine(lines[0]);
      return C.api("POST", C.base + "/players", playerBody(p.name, p.rating, f.division_id.value)).then(function () {
        added++;
        lines.shift();
        area.value = lines.join("\n");
        return next();
      }, function (err) {
        throw new Error((added ? "Added " + added + "; " : "") + "“" + lines[0] + "” was not added: " + err.message);
      });
    }
    return next().then(function (msg) { return loadPlayers().then(function () { return msg; }); },
      function (err) { return loadPlayers().then(function () { throw err; }); });
  });

  var pstatus = document.getElementById("players-status");
  function playerAction(p, action, body) {
    pstatus.hidden = true;
    return C.api("POST", C.base + "/players/" + p.id + "/" + action, body || {}).then(loadPlayers, function (err) {
      playersSay(p.name + ": " + err.message, true);
    });
  }

  // withdrawForm asks, in a line below the player's, why they withdraw and
  // what their unplayed rounds become (the division's setting unless
  // chosen); the reason goes into the audit log.
  function withdrawForm(p) {
    var f = el("form", { className: "withdraw-form fields-form" },
      el("label", { className: "grow" }, "Why does " + p.name + " withdraw?",
        el("input", { name: "reason", maxLength: 200, placeholder: "e.g. taken ill", autocomplete: "off" })),
      el("label", {}, "Unplayed rounds", el("select", { name: "unplayed" }, el("option", { value: "" }, "the division's"),
        el("option", { value: "forfeit" }, "forfeit losses"), el("option", { value: "bye" }, "byes"), el("option", { value: "none" }, "neither"))),
      el("button", { type: "submit", className: "warn" }, "Withdraw"),
      el("button", { type: "button", className: "cancel" }, "Keep playing"));
    var tr = el("tr", { className: "withdraw-line" }, el("td", { colSpan: 6 }, f));
    f.querySelector(".cancel").addEventListener("click", function () { tr.remove(); });
    f.addEventListener("submit", function (e) {
      e.preventDefault();
      f.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      var body = { reason: f.elements.reason.value.trim() };
      if (f.elements.unplayed.value) body.unplayed = f.elements.unplayed.value;
      playerAction(p, "withdraw", body);
    });
    return tr;
  }

  function playersSay(text, isError) {
    pstatus.textContent = text;
    pstatus.className = "form-status " + (isError ? "error" : "ok");
    pstatus.hidden = false;
  }

  // editForm changes a player's name, rating, class or division, in a line
  // below theirs, with a reason for the audit log. The name's parts show
  // how it was split (the surname is what tsh's files put first): a new
  // name is split again, or the parts are corrected by hand. A class left empty
  // comes from the division's class floors. Only what changed is sent; a
  // refusal (a division once the player is paired, an empty name) is
  // shown in the form in the server's words.
  function editForm(p) {
    var division = el("select", { name: "division_id" });
    if (!p.division_id) division.appendChild(el("option", { value: "" }, divisions.length ? "none" : "(no divisions)"));
    divisions.forEach(function (d) { division.appendChild(el("option", { value: String(d.id) }, d.name)); });
    division.value = p.division_id ? String(p.division_id) : "";
    var f = el("form", { className: "edit-player fields-form" },
      el("label", { className: "grow" }, "Name", el("input", { name: "name", value: p.name, required: true, maxLength: 200, autocomplete: "off" })),
      el("label", { className: "grow" }, "Given names", el("input", { name: "given_names", value: p.given_names || "", maxLength: 200, autocomplete: "off" })),
      el("label", { className: "grow" }, "Surname", el("input", { name: "surname", value: p.surname || "", maxLength: 200, autocomplete: "off",
        title: "The part of the name that tsh's files and the feed write first: \"Surname, Given names\"" })),
      el("label", { className: "short" }, "Rating", el("input", { name: "rating", type: "number", min: 0, max: 4000, inputMode: "numeric", value: p.rating ? String(p.rating) : "" })),
      el("label", { className: "short" }, "Class", el("input", { name: "class", value: p.class || "", maxLength: 8, autocomplete: "off", placeholder: "by rating",
        title: "A class set by hand (A, B, …); empty: the division's class floors decide" })),
      el("label", { className: "short" }, "Team", el("input", { name: "team", value: p.team || "", maxLength: 60, autocomplete: "off", placeholder: "club or country",
        title: "Players of one team meet only when nothing else pairs, when the division keeps team-mates apart" })),
      el("label", { className: "short" }, "Division", division),
      el("label", { className: "grow" }, "Why?", el("input", { name: "reason", required: true, maxLength: 200, placeholder: "e.g. misspelt on the entry form", autocomplete: "off" })),
      el("button", { type: "submit", className: "primary" }, "Save"),
      el("button", { type: "button", className: "cancel" }, "Cancel"),
      el("p", { className: "form-status", role: "status", hidden: true }));
    var tr = el("tr", { className: "edit-line", dataset: { edit: String(p.id) } }, el("td", { colSpan: 6 }, f));
    f.querySelector(".cancel").addEventListener("click", function () { tr.remove(); });
    f.addEventListener("keydown", function (e) { if (e.key === "Escape") tr.remove(); });
    C.submit(f, function () {
      var v = f.elements, body = { reason: v.reason.value.trim() }, changed = [];
      var name = v.name.value.trim(), rating = C.num(v.rating.value) || 0, div = v.division_id.value ? parseInt(v.division_id.value, 10) : null;
      var surname = v.surname.value.trim(), given = v.given_names.value.trim();
      if (name !== p.name) { body.name = name; changed.push("name"); }
      else if (surname !== (p.surname || "") || given !== (p.given_names || "")) {
        body.surname = surname; body.given_names = given; changed.push("surname and given names");
      }
      if (rating !== (p.rating || 0)) { body.rating = rating; changed.push("rating"); }
      var cls = v["class"].value.trim();
      if (cls !== (p.class || "")) { body["class"] = cls; changed.push("class"); }
      var team = v.team.value.trim().replace(/\s+/g, " ");
      if (team !== (p.team || "")) { body.team = team; changed.push("team"); }
      if (div !== null && div !== p.division_id) { body.division_id = div; changed.push("division"); }
      if (!changed.length) throw new Error("Nothing to save: change the name, its parts, the rating, the class, the team or the division first.");
      return C.api("PATCH", C.base + "/players/" + p.id, body).then(function (np) {
        tr.remove();
        return loadPlayers().then(function () {
          playersSay(np.name + ": " + changed.join(", ") + " saved.", false);
          return "Saved.";
        });
      });
    });
    return tr;
  }

  // standing says how a player stands: playing, or withdrawn with what
  // their unplayed rounds became (forfeit, bye, none) and why, who, when.
  function standing(p, w) {
    if (!p.withdrawn) return "playing";
    var out = ["withdrawn (" + p.withdrawn + ")"];
    if (w) {
      out.push(el("span", { className: "why" }, (w.reason ? "Reason: " + w.reason : "No reason given") + " — " + w.who + ", " +
        new Date(w.at).toLocaleString([], { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })));
    }
    return out;
  }

  function loadPlayers() {
    return Promise.all([C.api("GET", C.base + "/players"), audit()]).then(function (got) {
      var ps = got[0], why = withdrawals(got[1]);
      var tb = document.querySelector("#players tbody");
      // An edit being filled in stays open when the list is drawn again.
      var open = {};
      tb.querySelectorAll("tr.edit-line").forEach(function (tr) { open[tr.dataset.edit] = tr; });
      tb.textContent = "";
      document.getElementById("player-count").textContent = ps.length ? "(" + ps.length + ")" : "";
      ps.forEach(function (p) {
        var btn = p.withdrawn ? el("button", { type: "button", className: "small-btn" }, "Reinstate")
          : el("button", { type: "button", className: "small-btn warn" }, "Withdraw…");
        var edit = el("button", { type: "button", className: "small-btn edit-player-btn", title: "Change " + p.name + "'s name, rating, class or division" }, "Edit…");
        var tr = el("tr", { className: p.withdrawn ? "withdrawn" : "", dataset: { player: String(p.id) } },
          el("td", { className: "num" }, p.id), el("td", {}, p.name, p["class"] ? el("span", { className: "small player-class", title: "class set by hand" }, " · class\u00a0" + p["class"]) : null,
            p.team ? el("span", { className: "small player-team" }, " · " + p.team) : null),
          el("td", { className: "num" }, p.rating || ""),
          el("td", {}, divisionName(p.division_id)), el.apply(null, ["td", { className: "standing" }].concat(standing(p, why[p.id]))),
          el("td", { className: "actions" }, btn, " ", edit));
        edit.addEventListener("click", function () {
          var line = tb.querySelector('tr.edit-line[data-edit="' + p.id + '"]');
          if (!line) { line = editForm(p); tr.after(line); }
          line.querySelector('[name="name"]').focus();
        });
        // Withdrawing forfeits the player's unplayed games: it asks why
        // first, in a form of its own.
        btn.addEventListener("click", function () {
          if (p.withdrawn) { playerAction(p, "reinstate"); return; }
          var open = tr.nextSibling && tr.nextSibling.classList.contains("withdraw-line") ? tr.nextSibling : null;
          if (!open) { open = withdrawForm(p); tr.after(open); }
          open.querySelector('[name="reason"]').focus();
        });
        tb.appendChild(tr);
        if (open[p.id]) tb.appendChild(open[p.id]);
      });
      if (!ps.length) tb.appendChild(el("tr", {}, el("td", { colSpan: 6, className: "small" }, "No players yet.")));
      document.dispatchEvent(new CustomEvent("players-rendered", { detail: ps })); // console-photos.js adds the photos
    });
  }
  C.loadPlayers = loadPlayers;

  loadDivisions().then(loadPlayers).catch(function (err) {
    pstatus.textContent = err.message; pstatus.className = "form-status error"; pstatus.hidden = false;
  });
  C.live(C.tournament, { players: C.debounce(loadPlayers, 200), pairings: C.debounce(function () { loadDivisions().then(loadPlayers); }, 200) });
})();
