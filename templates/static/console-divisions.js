// Setup: a division's rules, edited in place. Each division in the list
// gets an "Edit rules" button opening a form with the settings a director
// sets by hand (DivisionSettings); saving sends only the rules the form
// shows (each its value, or null for one left empty: its default), as a
// merge patch, with a reason for the audit log, so the rules it does not
// show (teams, groups, the lowest score) are kept. console-setup.js
// draws the list and announces it with "divisions-rendered".
(function () {
  "use strict";
  var C = Console, el = C.el;
  var SYSTEMS = [["swiss", "swiss"], ["koth", "koth"], ["rr", "rr (round robin)"], ["random", "random"],
    ["cop", "COP (championship)"], ["chew", "ChewPair"], ["fontes", "InitFontes"]];
  // The rating estimates' formulas, by tsh's names where tsh has them.
  var RATINGS = [["naspa", "NASPA"], ["wespa", "WESPA"], ["nsa2008", "nsa2008 (tsh)"], ["naspa2024", "naspa2024 (tsh)"],
    ["naspa-csw", "naspa-csw (tsh)"], ["none", "none shown"]];
  var UNPLAYED = [["forfeit", "forfeit loss"], ["bye", "bye (a win)"], ["none", "neither win nor loss"]];

  function input(name, value, extra) {
    return el("input", Object.assign({ name: name, value: value === undefined || value === null ? "" : String(value), autocomplete: "off" }, extra || {}));
  }
  function number(name, value, placeholder) { return input(name, value, { type: "number", min: "0", placeholder: placeholder || "" }); }
  function select(name, def, options, value) {
    var s = el("select", { name: name }, el("option", { value: "" }, def));
    options.forEach(function (o) { s.appendChild(el("option", { value: o[0] }, o[1])); });
    s.value = value || "";
    return s;
  }
  function field(label, control, cls) { return el("label", { className: cls || "" }, label, " ", control); }
  function check(name, label, on) { return el("label", { className: "check" }, el("input", { type: "checkbox", name: name, checked: !!on }), " " + label); }
  function row() { var d = el("div", { className: "fields" }); [].slice.call(arguments).forEach(function (c) { d.appendChild(c); }); return d; }

  // list reads "300, 400 500" as its words (or numbers).
  function list(v, asNumbers) {
    var out = v.split(/[\s,;]+/).filter(Boolean);
    return asNumbers ? out.map(function (x) { return parseInt(x, 10); }) : out;
  }

  function editor(d) {
    var s = d.settings || {}, g = s.gibson || {};
    var form = el("form", { className: "division-edit stack", dataset: { division: String(d.id) } },
      row(field("Name", input("name", d.name, { required: true, maxLength: 40 })), field("Rounds planned", number("rounds", s.rounds || "", "open"))),
      row(field("Realm", select("realm", "the rules'", [["naspa", "NASPA"], ["wespa", "WESPA"]], s.realm)),
        field("Standings order", input("chain", (s.chain || []).join(", "), { placeholder: "wins, losses, spread" }), "grow")),
      row(field("Round 1 pairing", select("first_round_pairing", C.roundOneDefault, SYSTEMS, s.first_round_pairing)),
        field("Later rounds", select("pairing", "swiss", SYSTEMS, s.pairing))),
      row(field("Swiss starts", select("starts", "within one", [["score-groups", "score groups first"]], s.starts)),
        check("avoid_repeats", "King of the Hill avoids repeats", s.avoid_repeats)),
      row(field("Bye spread", number("bye_spread", s.bye_spread, "realm's")), field("Forfeit spread", number("forfeit_spread", s.forfeit_spread, "realm's")),
        field("Highest score", number("max_score", s.max_score || "", "2500"))),
      row(field("Spread cap per round", input("spread_caps", (s.spread_caps || []).join(", "), { placeholder: "none; e.g. 500, or 300, 400" }), "grow")),
      row(field("Rating estimates", select("ratings", "the realm's", RATINGS, s.ratings)),
        field("Rating list", select("rating_list", "none", (C.ratingLists || []).concat(s.rating_list && (C.ratingLists || []).indexOf(s.rating_list) < 0 ? [s.rating_list] : [])
          .map(function (n) { return [n, n]; }), s.rating_list), "grow")),
      row(field("Class floors (ratings, highest first)", input("class_floors", (s.class_floors || []).join(", "), { placeholder: "no classes; e.g. 1800, 1500 makes A, B and C" }), "grow")),
      row(field("Withdrawal: later rounds", select("withdrawal", "forfeit loss", UNPLAYED, s.withdrawal)),
        field("Late entry: missed rounds", select("late_entry", "forfeit loss", UNPLAYED, s.late_entry))),
      row(check("check_in_required", "Check-in required: pair only the players checked in at the registration desk", s.check_in_required)),
      row(check("gibson", "Gibsonize: players who have clinched their places play each other, or someone out of contention", g.enabled)),
      row(field("Gibson spread a round", number("gibson_spread", g.spread_per_round || "", "250")), field("Prize places", number("prize_places", g.prize_places || "", "1")),
        field("or by rounds left", input("gibson_spreads", (g.gibson_spread || []).join(", "), { placeholder: "e.g. 250, 200 (last round first)" }), "grow")),
      C.championship.fields(s),
      field("Reason (for the log)", input("reason", "", { maxLength: 200, placeholder: "e.g. caps announced at the players' meeting" })),
      el("div", { className: "row-buttons" }, el("button", { type: "submit" }, "Save the rules"), el("button", { type: "button", className: "cancel" }, "Close")),
      el("p", { className: "form-status", role: "status", hidden: true }));
    form.querySelector(".cancel").addEventListener("click", function () { delete editing[d.id]; form.parentNode.remove(); });
    C.submit(form, function () {
      var f = form.elements, num = function (k) { return C.num(f[k].value); };
      // Every rule the form shows, null where it is left empty (the
      // default applies again); what it does not show is not sent.
      var out = {
        rounds: num("rounds") || null,
        chain: f.chain.value.trim() ? list(f.chain.value.toLowerCase()) : null,
        spread_caps: f.spread_caps.value.trim() ? list(f.spread_caps.value, true) : null,
        class_floors: f.class_floors.value.trim() ? list(f.class_floors.value, true) : null,
        bye_spread: num("bye_spread"), forfeit_spread: num("forfeit_spread"), max_score: num("max_score") || null,
        avoid_repeats: f.avoid_repeats.checked || null,
        check_in_required: f.check_in_required.checked || null,
        gibson: f.gibson.checked || num("gibson_spread") || num("prize_places") || f.gibson_spreads.value.trim()
          ? { enabled: f.gibson.checked, spread_per_round: num("gibson_spread") || null, prize_places: num("prize_places") || null,
            gibson_spread: f.gibson_spreads.value.trim() ? list(f.gibson_spreads.value, true) : null } : null
      };
      Object.assign(out, C.championship.read(form));
      ["realm", "first_round_pairing", "pairing", "starts", "withdrawal", "late_entry", "ratings", "rating_list"].forEach(function (k) { out[k] = f[k].value || null; });
      return C.api("PATCH", C.base + "/divisions/" + d.id, { name: f.name.value.trim(), settings: out, reason: f.reason.value.trim() }).then(function (saved) {
        return C.loadDivisions().then(function () { return "Division " + saved.name + ": rules saved."; });
      });
    });
    return form;
  }

  // The pairing a division's rounds get, in words. Round 1 follows the
  // service's choice when the division names no system for it (see
  // defaultSystem in service/pairings.go): Swiss seeded by rating (top
  // half against bottom half), or King of the Hill seeded by rating, or
  // the round robin, as the later rounds go.
  var ROUND_ONE = { swiss: "seeded Swiss (by rating, top half v bottom half)", koth: "King of the Hill seeded by rating (1st v 2nd…)",
    rr: "round robin", random: "random draw", manual: "by hand", fontes: "InitFontes (groups of four)", cop: "seeded Swiss (by rating)", chew: "seeded Swiss (by rating)" };
  var LATER = { swiss: "Swiss", koth: "King of the Hill", rr: "round robin", random: "random draw", manual: "by hand",
    cop: "COP", chew: "ChewPair", fontes: "InitFontes" };
  function roundOneSystem(s) {
    if (s.first_round_pairing) return s.first_round_pairing;
    return s.pairing === "rr" || s.pairing === "koth" ? s.pairing : "swiss";
  }
  // pairingSummary says how a division is paired: round 1 as it was
  // paired when it has been (paired: the system of its pairing, and
  // whether pairings were changed by hand since), else as it will be;
  // then the later rounds.
  C.pairingSummary = function (d, paired) {
    var s = d.settings || {}, later = LATER[s.pairing || "swiss"] || s.pairing;
    var first = paired && paired.system ? "round 1 paired by " + (ROUND_ONE[paired.system] || paired.system) + (paired.changed ? ", then changed by hand" : "")
      : "round 1: " + (ROUND_ONE[d.next_round === 1 && d.next_system || roundOneSystem(s)] || roundOneSystem(s));
    var out = first + " · later rounds: " + later;
    if ((s.pairing_plan || []).length) {
      out += " · plan: " + s.pairing_plan.map(function (p) { return "rounds " + p.rounds + " " + (LATER[p.system] || p.system) + (p.snaked ? " (snaked)" : ""); }).join(", ");
      if (d.next_system) out += " · next: round " + d.next_round + ", " + (LATER[d.next_system] || d.next_system);
    }
    if (s.auto_pair) out += " · pairs each round by itself";
    if (s.check_in_required) out += " · check-in required";
    if (s.rating_list) out += " · rating list " + s.rating_list;
    return out;
  };
  C.roundOneDefault = "seeded, as the later rounds";

  // editing: the open forms by division id, each in a line of its own
  // below the division's; they survive the list being drawn again (after
  // a save, so that the form can say it was saved).
  var editing = {};
  // A list added while a rules form is open joins its choices.
  document.addEventListener("rating-lists-loaded", function (e) {
    document.querySelectorAll('.division-edit select[name="rating_list"]').forEach(function (sel) {
      (e.detail || []).forEach(function (n) {
        if (![].some.call(sel.options, function (o) { return o.value === n; })) sel.appendChild(el("option", { value: n }, n));
      });
    });
  });
  document.addEventListener("divisions-rendered", function (e) {
    (e.detail || []).forEach(function (d) {
      var li = document.querySelector('#divisions li[data-division="' + d.id + '"]');
      if (!li) return;
      var b = el("button", { type: "button", className: "small-btn edit-division" }, "Edit rules");
      b.addEventListener("click", function () {
        if (!editing[d.id]) { editing[d.id] = el("li", { className: "division-edit-line" }, editor(d)); li.after(editing[d.id]); }
        editing[d.id].querySelector('[name="name"]').focus();
      });
      li.appendChild(document.createTextNode(" "));
      li.appendChild(b);
      if (editing[d.id]) li.after(editing[d.id]);
    });
  });
})();
