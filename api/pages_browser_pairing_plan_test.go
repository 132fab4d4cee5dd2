package api

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// Two divisions on the setup page. Division A's "Championship pairings"
// get a plan of steps added and removed, COP's settings, pairing by
// itself, exagony and prize bands through its rules form. A step past
// the rounds planned is refused with the service's words beside the form
// and nothing is saved; corrected, the rules are saved, and after the
// page is loaded again the form shows them all, as the API does, while B
// is untouched and its form shows COP's default round of control loss for
// its 7 rounds. A player added with a team keeps it. On the rounds page
// A's next round is the plan's Swiss, the system list names the
// championship systems in words, and pairing with the plan gives Swiss
// pairings each with its reason.
func TestBrowserPairingPlanKeptAndRefused(t *testing.T) {
	f := newFixture(t)
	a := addDivision(t, f, "A", map[string]any{"rounds": 12})
	b := addDivision(t, f, "B", map[string]any{"rounds": 7})
	for i, name := range []string{"Ann Able", "Bob Baker", "Cy Cole", "Di Dunn"} {
		must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1800 - 100*i, "division_id": a.ID}), http.StatusCreated)
	}
	must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": "Eve Elm", "rating": 1500, "division_id": b.ID}), http.StatusCreated)
	form := func(d service.Division) string {
		return fmt.Sprintf(`#divisions form.division-edit[data-division="%d"]`, d.ID)
	}
	edit, openEdit := form(a), func(d service.Division) chromedp.Action[chromedp.Void] {
		return clickWhenThere(`#divisions li[data-division="` + itoa(d.ID) + `"] button.edit-division`)
	}
	step := func(k int, field string) string {
		return fmt.Sprintf(`%s .plan-step:nth-child(%d) [name="%s"]`, edit, k, field)
	}
	value := func(sel, want string) chromedp.Action[chromedp.Void] {
		return waitFor(`document.querySelector(` + jsString(sel) + `).value === ` + jsString(want))
	}
	checked := func(name string) chromedp.Action[chromedp.Void] {
		return waitFor(`document.querySelector(` + jsString(edit+` [name="`+name+`"]`) + `).checked`)
	}
	status := `document.querySelector(` + jsString(edit+" .form-status") + `)`
	setup := fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)
	fields := map[string]string{"prize_bands": "2, 4", "cop_simulations": "20000", "cop_always": "5000", "cop_gibson": "300, 250",
		"cop_control": "0.3", "cop_hope": "0.2, 0.1", "cop_activation": "8", "cop_places": "3", "cop_classes": "B 2, C 1"}
	var typeIn, kept []chromedp.Action[chromedp.Void]
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		typeIn = append(typeIn, setValue(edit+` [name="`+k+`"]`, fields[k]))
		kept = append(kept, value(edit+` [name="`+k+`"]`, fields[k]))
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f), chromedp.Navigate(setup), openEdit(a),
		clickWhenThere(edit+` fieldset.championship > button`),
		clickWhenThere(edit+` fieldset.championship > button`),
		clickWhenThere(edit+` fieldset.championship > button`),
		setValue(step(1, "plan_rounds"), "1-3"), setValue(step(1, "plan_system"), "swiss"),
		setValue(step(2, "plan_rounds"), "4-16"), setValue(step(2, "plan_system"), "cop"),
		setValue(step(3, "plan_rounds"), "12"), setValue(step(3, "plan_system"), "random"),
		clickWhenThere(edit+` .plan-step:nth-child(3) button`),
		waitFor(`document.querySelectorAll(`+jsString(edit+` .plan-step`)+`).length === 2`),
		clickWhenThere(edit+` [name="auto_pair"]`),
		clickWhenThere(edit+` [name="exagony"]`),
		eval(`document.querySelector(`+jsString(edit+` details.cop-settings`)+`).open = true`),
		chromedp.Steps(typeIn...),
		clickWhenThere(edit+` [name="cop_no_repeat_byes"]`),
		setValue(edit+` [name="reason"]`, "championship rules"),
		clickWhenThere(edit+` button[type="submit"]`),
		waitFor(status+`.classList.contains("error") && `+status+`.textContent.includes("goes past the 12 rounds planned")`),
		eval(status+`.scrollIntoView({block: "end"})`),
		importShot("pairing-plan-refused", 1366, 768),
	)
	if s := divisionSettings(t, f, a.ID); s.PairingPlan != nil || s.COP != nil || s.AutoPair {
		t.Fatalf("a refused plan saved: %+v", s)
	}
	run(t, ctx, setValue(step(2, "plan_rounds"), "4-12"),
		submitForm(edit, "Division A: rules saved."),
		chromedp.Navigate(setup), openEdit(a),
		waitFor(`document.querySelectorAll(`+jsString(edit+` .plan-step`)+`).length === 2`),
		value(step(1, "plan_rounds"), "1-3"), value(step(1, "plan_system"), "swiss"),
		value(step(2, "plan_rounds"), "4-12"), value(step(2, "plan_system"), "cop"),
		checked("auto_pair"), checked("exagony"), checked("cop_no_repeat_byes"),
		waitFor(`document.querySelector(`+jsString(edit+` details.cop-settings`)+`).open`),
		chromedp.Steps(kept...),
		eval(`document.querySelector(`+jsString(edit+` fieldset.championship`)+`).scrollIntoView({block: "start"})`),
		importShot("pairing-plan-form", 768, 1024),
		chromedp.EmulateViewport(768, 1024),
		waitFor(withinForm(edit, "fieldset.championship, .plan-step, .plan-step select, details.cop-settings input")),
		importShot("pairing-plan-form", 1366, 768),
		noLayoutProblems(t, 768, 1024), noLayoutProblems(t, 1366, 768),
		openEdit(b),
		waitFor(`document.querySelector(`+jsString(form(b)+` [name="cop_activation"]`)+`).placeholder === "4"`),
		waitFor(`document.querySelectorAll(`+jsString(form(b)+` .plan-step`)+`).length === 0`),
		setValue(`#player-form [name="name"]`, "Flo Ford"),
		setValue(`#player-form [name="rating"]`, "1400"),
		setValue(`#player-form [name="team"]`, "Kiwi Club"),
		setValue(`#player-form [name="division_id"]`, itoa(b.ID)),
		submitForm("#player-form", "Flo Ford added"),
		waitFor(`[].some.call(document.querySelectorAll("#players .player-team"), function (s) { return s.textContent === " · Kiwi Club"; })`),
	)
	want := service.DivisionSettings{Rounds: 12, AutoPair: true, Exagony: true, PrizeBands: []int{2, 4},
		PairingPlan: []service.PlanStep{{Rounds: "1-3", System: "swiss"}, {Rounds: "4-12", System: "cop"}}}
	s := divisionSettings(t, f, a.ID)
	if !slices.Equal(s.PairingPlan, want.PairingPlan) || !s.AutoPair || !s.Exagony || !slices.Equal(s.PrizeBands, want.PrizeBands) {
		t.Errorf("division A: plan %+v auto %v exagony %v bands %v", s.PairingPlan, s.AutoPair, s.Exagony, s.PrizeBands)
	}
	if c := s.COP; c == nil || c.Simulations != 20000 || c.AlwaysWinsSimulations != 5000 || !slices.Equal(c.GibsonSpread, []int{300, 250}) ||
		!slices.Equal(c.ControlLossThresholds, []float64{0.3}) || !slices.Equal(c.Hopefulness, []float64{0.2, 0.1}) ||
		c.ControlLossActivationRound != 8 || c.PlacePrizes != 3 || !maps.Equal(c.ClassPrizes, map[string]int{"B": 2, "C": 1}) ||
		!c.DisallowRepeatByes || c.TopDownByes {
		t.Errorf("division A: cop %+v", c)
	}
	if s := divisionSettings(t, f, b.ID); s.PairingPlan != nil || s.COP != nil || s.AutoPair || s.Exagony || s.PrizeBands != nil || s.Rounds != 7 {
		t.Errorf("division B changed: %+v", s)
	}
	var flo *service.Player
	for _, p := range must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK) {
		if p.Name == "Flo Ford" {
			flo = &p
		}
	}
	if flo == nil || flo.Team != "Kiwi Club" || flo.DivisionID == nil || *flo.DivisionID != b.ID {
		t.Errorf("Flo Ford: %+v", flo)
	}

	run(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		setValue(`#pair-form [name="division_id"]`, itoa(a.ID)),
		waitFor(`document.getElementById("next-system").textContent === "Next: round 1, Swiss, from the division's plan."`),
		waitFor(`[["cop", "COP"], ["chew", "ChewPair"], ["fontes", "InitFontes"]].every(function (o) {
			var e = document.querySelector('#system option[value="' + o[0] + '"]'); return e && e.textContent.startsWith(o[1]); })`),
		submitForm("#pair-form", "Division A round 1 paired by Swiss."),
		waitFor(`document.querySelectorAll("#pairings tbody tr").length === 2 && [].every.call(document.querySelectorAll("#pairings tbody td.reason"), function (td) { return td.textContent.trim() !== ""; })`),
		importShot("pairing-plan-rounds", 1366, 768),
		importShot("pairing-plan-rounds", 768, 1024),
		noLayoutProblems(t, 768, 1024), noLayoutProblems(t, 1366, 768),
	)
	if s := divisionSettings(t, f, a.ID); s.PairingPlan == nil {
		t.Errorf("division A lost its plan after pairing: %+v", s)
	}
}

// divisionSettings reads a division's settings through the API.
func divisionSettings(t *testing.T, f *fixture, id int64) service.DivisionSettings {
	t.Helper()
	for _, d := range must[[]service.Division](t, f.get(f.tpath("/divisions"), ""), http.StatusOK) {
		if d.ID == id {
			return d.Settings
		}
	}
	t.Fatalf("no division %d", id)
	return service.DivisionSettings{}
}

// withinForm is a condition: every element the selector finds inside the
// form lies within the form's width (at a tablet's width, nothing of the
// championship section spills out of the rules form).
func withinForm(form, sel string) string {
	return `(function(){ var f = document.querySelector(` + jsString(form) + `), r = f.getBoundingClientRect();
		return [].every.call(f.querySelectorAll(` + jsString(sel) + `), function (e) {
			var b = e.getBoundingClientRect(); return b.left >= r.left - 1 && b.right <= r.right + 1; }); })()`
}

// A division added on the setup page may be paired by InitFontes from
// round 1 and COP after; an existing division is untouched, and the new
// division's line says so in words.
func TestBrowserPairingPlanNewDivision(t *testing.T) {
	f := newFixture(t)
	a := addDivision(t, f, "A", map[string]any{"rounds": 5})
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		setValue(`#division-form [name="name"]`, "Open"),
		setValue(`#division-form [name="rounds"]`, "20"),
		setValue(`#division-form [name="first_round_pairing"]`, "fontes"),
		setValue(`#division-form [name="pairing"]`, "cop"),
		submitForm("#division-form", "Division Open added."),
		waitFor(`[].some.call(document.querySelectorAll("#divisions .division-summary"), function (s) {
			return s.textContent.includes("round 1: InitFontes (groups of four)") && s.textContent.includes("later rounds: COP"); })`),
	)
	var found bool
	for _, d := range must[[]service.Division](t, f.get(f.tpath("/divisions"), ""), http.StatusOK) {
		switch {
		case d.ID == a.ID:
			if d.Settings.Pairing != "" || d.Settings.FirstRoundPairing != "" || d.Settings.Rounds != 5 {
				t.Errorf("division A changed: %+v", d.Settings)
			}
		case d.Name == "Open":
			found = true
			if d.Settings.Pairing != "cop" || d.Settings.FirstRoundPairing != "fontes" || d.Settings.Rounds != 20 || d.NextSystem != "fontes" {
				t.Errorf("division Open: %+v, next %q", d.Settings, d.NextSystem)
			}
		}
	}
	if !found {
		t.Error("no division Open")
	}
}

// A division's plan pairs round 1 Swiss and rounds 2-3 by COP. Round 1's
// results keyed in both divisions, the rounds page says A's next round is
// COP's; paired from the console with seed 123, it says the seed and how
// to use it, each pairing gives COP's reason, and pairing again with the
// same seed gives the same pairings. Division B's round 2 is not paired.
func TestBrowserPairingPlanCOPSeed(t *testing.T) {
	f := newFixture(t)
	plan := []map[string]any{{"rounds": "1", "system": "swiss"}, {"rounds": "2-3", "system": "cop"}}
	// Few simulations: under -race a run of 100,000 takes longer than the page waits.
	a := addDivision(t, f, "A", map[string]any{"rounds": 3, "pairing_plan": plan, "cop": map[string]any{"simulations": 4000, "always_wins_simulations": 1000}})
	b := addDivision(t, f, "B", map[string]any{"rounds": 3})
	for i, name := range []string{"Ann Able", "Bob Baker", "Cy Cole", "Di Dunn", "Ed Eng", "Flo Ford"} {
		must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1800 - 50*i, "division_id": a.ID}), http.StatusCreated)
	}
	for i, name := range []string{"Gus Gray", "Hal Hunt", "Ida Irwin", "Jo Jones"} {
		must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1500 - 50*i, "division_id": b.ID}), http.StatusCreated)
	}
	for _, d := range []service.Division{a, b} {
		rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"division_id": d.ID}), http.StatusCreated)
		for i, p := range rp.Pairings {
			must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{
				"round": 1, "players": []int64{p.Players[0].ID, p.Players[1].ID}, "scores": []int{420 + 10*i, 380}}), http.StatusCreated)
		}
	}
	rows := `[].map.call(document.querySelectorAll("#pairings tbody tr"), function (tr) { return tr.querySelector("td.players").textContent; }).join("; ")`
	ctx := newChrome(t)
	shown := func() string {
		t.Helper()
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](rows))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		setValue(`#pair-form [name="division_id"]`, itoa(a.ID)),
		waitFor(`document.getElementById("next-system").textContent === "Next: round 2, COP (championship), from the division's plan."`),
		setValue(`#pair-form [name="round"]`, "2"),
		setValue(`#pair-form [name="seed"]`, "123"),
		submitForm("#pair-form", "Division A round 2 paired by COP (championship)."),
		waitFor(`document.getElementById("pair-summary").textContent === "Division A round 2 paired by COP (championship), seed 123 \u2014 pair again with the same seed to get the same pairings."`),
		waitFor(`document.querySelectorAll("#pairings tbody td.reason").length === 3 && [].every.call(document.querySelectorAll("#pairings tbody td.reason"), function (td) { return td.textContent.startsWith("COP"); })`),
		importShot("pairing-plan-cop-seed", 1366, 768),
		importShot("pairing-plan-cop-seed", 768, 1024),
	)
	first := shown()
	run(t, ctx,
		setValue(`#pair-form [name="round"]`, "2"),
		setValue(`#pair-form [name="seed"]`, "123"),
		clickWhenThere(`#pair-form [name="replace"]`),
		eval(`document.querySelector("#pairings tbody").textContent = ""; document.querySelector("#pair-form .form-status").textContent = ""`),
		submitForm("#pair-form", "Division A round 2 paired by COP (championship)."),
		waitFor(`document.querySelectorAll("#pairings tbody td.reason").length === 3`),
	)
	if again := shown(); first == "" || first != again {
		t.Errorf("round 2 with seed 123: %q, then %q", first, again)
	}
	if rp := must[service.RoundPairings](t, f.get(f.tpath(fmt.Sprintf("/rounds/2/pairings?division=%d", b.ID)), ""), http.StatusOK); len(rp.Pairings) != 0 {
		t.Errorf("division B's round 2 paired: %+v", rp.Pairings)
	}
}

// noLayoutProblems is an action: at a size, the page shows none of the
// problems consoleLayoutProblems finds (a control too small to touch,
// text cut, anything outside the window); each is the test's error.
func noLayoutProblems(t *testing.T, w, h int64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := chromedp.EmulateViewport(w, h)(ctx, tg); err != nil {
			return err
		}
		bad, err := chromedp.Evaluate[string](consoleLayoutProblems)(ctx, tg)
		if err != nil {
			return err
		}
		if bad != "" {
			t.Errorf("at %dx%d: %s", w, h, bad)
		}
		return nil
	})
}

// addDivision adds a division with its settings through the API.
func addDivision(t *testing.T, f *fixture, name string, settings map[string]any) service.Division {
	t.Helper()
	return must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name, "settings": settings}), http.StatusCreated)
}

// With auto_pair on in two divisions, round 1's results pair round 2 by
// itself; the rounds page says A's next round (3) is paired by itself
// once round 2 is complete. The director takes A's round 2 back: the
// page says round 2 waits for the director, and B's line is unchanged.
func TestBrowserAutoPairTakenBack(t *testing.T) {
	f := newFixture(t)
	on := map[string]any{"rounds": 3, "auto_pair": true, "pairing_plan": []map[string]any{{"rounds": "2-3", "system": "koth"}}}
	var divs []service.Division
	for d, names := range [][]string{{"Ann Able", "Bob Baker", "Cy Cole", "Di Dunn"}, {"Gus Gray", "Hal Hunt", "Ida Irwin", "Jo Jones"}} {
		div := addDivision(t, f, string(rune('A'+d)), on)
		divs = append(divs, div)
		for i, name := range names {
			must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1800 - 50*i, "division_id": div.ID}), http.StatusCreated)
		}
		rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"division_id": div.ID, "system": "koth"}), http.StatusCreated)
		for _, p := range rp.Pairings {
			must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{
				"round": 1, "players": []int64{p.Players[0].ID, p.Players[1].ID}, "scores": []int{420, 380}}), http.StatusCreated)
		}
	}
	next := func(d service.Division, want string) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(setValue(`#pair-form [name="division_id"]`, itoa(d.ID)),
			waitFor(`document.getElementById("next-system").textContent === `+jsString(want)))
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		next(divs[0], "Next: round 3, King of the Hill, from the division's plan; it is paired by itself as soon as round 2 is complete."),
	)
	var all []int64
	for _, p := range must[service.RoundPairings](t, f.get(f.tpath(fmt.Sprintf("/rounds/2/pairings?division=%d", divs[0].ID)), ""), http.StatusOK).Pairings {
		for _, pl := range p.Players {
			all = append(all, pl.ID)
		}
	}
	must[service.RoundPairings](t, f.send(req{method: "PUT", path: f.tpath("/rounds/2/pairings"), token: f.Director,
		body: map[string]any{"division_id": divs[0].ID, "unpair": all, "reason": "a latecomer is coming"}}), http.StatusOK)
	run(t, ctx,
		chromedp.Reload(),
		next(divs[0], "Next: round 2, King of the Hill, from the division's plan; you took it back, so it waits for you to pair it."),
		importShot("auto-pair-taken-back", 1366, 768),
		next(divs[1], "Next: round 3, King of the Hill, from the division's plan; it is paired by itself as soon as round 2 is complete."),
	)
}
