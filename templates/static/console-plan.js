// Setup: a division's championship pairings, a part of its rules form
// (console-divisions.js): the pairing plan (which system pairs which
// rounds, as tsh's autopair), pairing the next round by itself, keeping
// team-mates apart, COP's settings and the prize bands. C.championship
// draws the fields from a division's settings and reads them back as
// the settings to send (null where left empty: the default applies).
(function () {
  "use strict";
  var C = Console, el = C.el;
  // The systems a plan step can name, in the words a director uses.
  var PLAN_SYSTEMS = [["swiss", "Swiss"], ["koth", "King of the Hill"], ["rr", "round robin"], ["random", "random draw"],
    ["cop", "COP (championship)"], ["chew", "ChewPair (prize bands)"], ["fontes", "InitFontes (groups of four)"]];
  C.planSystems = PLAN_SYSTEMS;
  C.systemWords = {};
  PLAN_SYSTEMS.forEach(function (s) { C.systemWords[s[0]] = s[1]; });
  C.systemWords.manual = "hand";

  function input(name, value, extra) {
    return el("input", Object.assign({ name: name, value: value === undefined || value === null ? "" : String(value), autocomplete: "off" }, extra || {}));
  }
  function field(label, control, cls) { return el("label", { className: cls || "" }, label, " ", control); }
  function check(name, label, on) { return el("label", { className: "check" }, el("input", { type: "checkbox", name: name, checked: !!on }), " " + label); }
  function row() { var d = el("div", { className: "fields" }); [].slice.call(arguments).forEach(function (c) { d.appendChild(c); }); return d; }
  function words(v) { return v.split(/[\s,;]+/).filter(Boolean); }
  function numbers(v) { return words(v).map(Number); }

  // step draws one plan step: its rounds, its system and the options
  // that system takes.
  function step(s) {
    var sys = el("select", { name: "plan_system", "aria-label": "system" });
    PLAN_SYSTEMS.forEach(function (o) { sys.appendChild(el("option", { value: o[0] }, o[1])); });
    sys.value = s.system || "swiss";
    var koth = check("plan_avoid", "avoid repeats", s.avoid_repeats), rr = check("plan_double", "each pair twice", s.double);
    var snake = check("plan_snaked", "groups dealt by rating (snaked), not drawn", s.snaked);
    var first = field("began in round", input("plan_first", s.first_round || "", { type: "number", min: "1", placeholder: "its first", className: "tiny" }));
    function options() {
      koth.hidden = sys.value !== "koth";
      rr.hidden = sys.value !== "rr";
      snake.hidden = sys.value !== "fontes";
      first.hidden = sys.value !== "rr" && sys.value !== "fontes";
    }
    sys.addEventListener("change", options);
    var remove = el("button", { type: "button", className: "small-btn" }, "Remove");
    var li = el("li", { className: "plan-step fields" }, field("Rounds", input("plan_rounds", s.rounds || "", { placeholder: "1-3", className: "short", required: true })),
      sys, koth, rr, snake, first, remove);
    remove.addEventListener("click", function () { li.remove(); });
    options();
    return li;
  }

  // activation is COP's default first round of control loss, as
  // standings.DefaultCOPSettings gives it: 12, or in an event of fewer
  // than 24 rounds the round after halfway.
  function activation(rounds) {
    if (!rounds) return "12, or after halfway";
    return String(rounds < 24 ? Math.floor(rounds / 2) + 1 : 12);
  }

  // fields draws the section for a division's settings s.
  function fields(s) {
    var cop = s.cop || {};
    var steps = el("ol", { className: "plan-steps plain" });
    (s.pairing_plan || []).forEach(function (p) { steps.appendChild(step(p)); });
    var add = el("button", { type: "button", className: "small-btn" }, "Add a step");
    add.addEventListener("click", function () { steps.appendChild(step({})); });
    var classes = Object.keys(cop.class_prizes || {}).map(function (k) { return k + " " + cop.class_prizes[k]; }).join(", ");
    return el("fieldset", { className: "championship stack" }, el("legend", {}, "Championship pairings"),
      el("p", { className: "small" }, "The plan says which system pairs which rounds; rounds it does not name take the settings above."),
      steps, add,
      row(check("auto_pair", "Pair the next round by itself as soon as a round is complete", s.auto_pair)),
      row(check("exagony", "Keep team-mates apart (players of one team, club or country meet only when nothing else pairs)", s.exagony)),
      row(field("Prize bands (last place of each, for ChewPair)", input("prize_bands", (s.prize_bands || []).join(", "), { placeholder: "the prize table's; e.g. 3, 6, 10" }), "grow")),
      el("details", { className: "cop-settings", open: !!s.cop },
        el("summary", {}, "COP settings"),
        el("p", { className: "small" }, "Lists go by rounds left: the first number is for the last round, the second for two rounds left, and so on; the last number applies when more rounds are left. Empty: tsh's defaults."),
        row(field("Simulations", input("cop_simulations", cop.simulations || "", { type: "number", min: "1", placeholder: "100000" })),
          field("Always-wins simulations", input("cop_always", cop.always_wins_simulations || "", { type: "number", min: "1", placeholder: "10000" }))),
        row(field("Gibson spread", input("cop_gibson", (cop.gibson_spread || []).join(", "), { placeholder: "250, 200" }), "grow"),
          field("Control loss thresholds", input("cop_control", (cop.control_loss_thresholds || []).join(", "), { placeholder: "0.25" }), "grow")),
        row(field("Hopefulness", input("cop_hope", (cop.hopefulness || []).join(", "), { placeholder: "0.1, 0.1, 0.05, 0.02, 0.01" }), "grow"),
          field("Control loss from round", input("cop_activation", cop.control_loss_activation_round || "", { type: "number", min: "1", placeholder: activation(s.rounds) }))),
        row(field("Paid places", input("cop_places", cop.place_prizes || "", { type: "number", min: "1", placeholder: "the prize table's" })),
          field("Class prizes", input("cop_classes", classes, { placeholder: "the prize table's; e.g. B 2, C 1" }), "grow")),
        row(check("cop_no_repeat_byes", "No second bye", cop.disallow_repeat_byes), check("cop_top_down", "Byes top down (the highest-ranked with the fewest byes)", cop.top_down_byes))));
  }

  // read gives the settings the section holds: null where empty.
  function read(form) {
    var f = form.elements, out = {};
    var plan = [].map.call(form.querySelectorAll(".plan-step"), function (li) {
      var q = function (n) { return li.querySelector('[name="' + n + '"]'); };
      var st = { rounds: q("plan_rounds").value.trim(), system: q("plan_system").value };
      if (st.system === "koth" && q("plan_avoid").checked) st.avoid_repeats = true;
      if (st.system === "rr" && q("plan_double").checked) st.double = true;
      if (st.system === "fontes" && q("plan_snaked").checked) st.snaked = true;
      var first = C.num(q("plan_first").value);
      if (first && (st.system === "rr" || st.system === "fontes")) st.first_round = first;
      return st;
    });
    out.pairing_plan = plan.length ? plan : null;
    out.auto_pair = f.auto_pair.checked || null;
    out.exagony = f.exagony.checked || null;
    out.prize_bands = f.prize_bands.value.trim() ? numbers(f.prize_bands.value) : null;
    var cop = {
      simulations: C.num(f.cop_simulations.value) || null,
      always_wins_simulations: C.num(f.cop_always.value) || null,
      gibson_spread: f.cop_gibson.value.trim() ? numbers(f.cop_gibson.value) : null,
      control_loss_thresholds: f.cop_control.value.trim() ? numbers(f.cop_control.value) : null,
      hopefulness: f.cop_hope.value.trim() ? numbers(f.cop_hope.value) : null,
      control_loss_activation_round: C.num(f.cop_activation.value) || null,
      place_prizes: C.num(f.cop_places.value) || null,
      class_prizes: null,
      disallow_repeat_byes: f.cop_no_repeat_byes.checked || null,
      top_down_byes: f.cop_top_down.checked || null
    };
    var cls = words(f.cop_classes.value);
    if (cls.length) {
      cop.class_prizes = {};
      for (var i = 0; i + 1 < cls.length; i += 2) cop.class_prizes[cls[i]] = Number(cls[i + 1]);
    }
    out.cop = Object.keys(cop).some(function (k) { return cop[k] !== null; }) ? cop : null;
    return out;
  }

  C.championship = { fields: fields, read: read };
})();
