package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// Two divisions on the setup page. Division A's rules form sets a
// pairing plan of three steps, pairing by itself, exagony, prize bands,
// the Gibson spread by rounds left and COP's settings; saved, they are
// A's settings through the API and B's are untouched. The division's
// line then says the plan and the next round's system; the rounds page
// says "Next: round 1, InitFontes" for A and offers COP, ChewPair and
// InitFontes; A's round 1 is paired by its plan's snaked InitFontes, B's
// by InitFontes chosen on the page with its groups dealt by rating; a
// player's team is set on their line.
func TestBrowserConsoleChampionshipPairings(t *testing.T) {
	f := newFixture(t)
	a := addDivision(t, f, "A", map[string]any{"rounds": 12})
	b := addDivision(t, f, "B", map[string]any{"rounds": 7})
	ann := must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": "Ann Able", "rating": 1700, "division_id": b.ID}), http.StatusCreated)
	for i, name := range []string{"Bea", "Cal", "Dot", "Eli", "Flo", "Gil", "Hap"} {
		must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1650 - 50*i, "division_id": b.ID}), http.StatusCreated)
	}
	for i, name := range []string{"Nigel Richards", "Wellington Jighere", "Adam Logan", "David Eldar", "Harshan Lamabadusuriya", "Dave Wiegand", "Mack Meller", "Joel Sherman"} {
		must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 2200 - 20*i, "division_id": a.ID}), http.StatusCreated)
	}
	edit := fmt.Sprintf(`#divisions form.division-edit[data-division="%d"]`, a.ID)
	summary := func(d service.Division) string {
		return `document.querySelector('#divisions li[data-division="` + itoa(d.ID) + `"] .division-summary').textContent`
	}
	step := func(k int, field string) string {
		return fmt.Sprintf(`%s .plan-step:nth-child(%d) [name="%s"]`, edit, k, field)
	}
	player := fmt.Sprintf(`#players tr.edit-line[data-edit="%d"] form`, ann.ID)
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		clickWhenThere(`#divisions li[data-division="`+itoa(a.ID)+`"] button.edit-division`),
		clickWhenThere(edit+` fieldset.championship > button`),
		clickWhenThere(edit+` fieldset.championship > button`),
		clickWhenThere(edit+` fieldset.championship > button`),
		setValue(step(1, "plan_rounds"), "1-3"), setValue(step(1, "plan_system"), "fontes"),
		clickWhenThere(step(1, "plan_snaked")),
		setValue(step(2, "plan_rounds"), "4-11"), setValue(step(2, "plan_system"), "cop"),
		setValue(step(3, "plan_rounds"), "12"), setValue(step(3, "plan_system"), "koth"),
		eval(`document.querySelector(`+jsString(step(3, "plan_system"))+`).dispatchEvent(new Event("change"))`),
		clickWhenThere(step(3, "plan_avoid")),
		clickWhenThere(edit+` [name="auto_pair"]`),
		clickWhenThere(edit+` [name="exagony"]`),
		setValue(edit+` [name="prize_bands"]`, "3, 6"),
		setValue(edit+` [name="gibson_spreads"]`, "250, 200"),
		eval(`document.querySelector(`+jsString(edit+` details.cop-settings`)+`).open = true`),
		setValue(edit+` [name="cop_simulations"]`, "50000"),
		setValue(edit+` [name="cop_hope"]`, "0.1, 0.05, 0.02"),
		setValue(edit+` [name="cop_classes"]`, "B 2"),
		clickWhenThere(edit+` [name="cop_top_down"]`),
		setValue(edit+` [name="reason"]`, "the championship's rules"),
		eval(`document.querySelector(`+jsString(edit+` fieldset.championship`)+`).scrollIntoView({block: "start"})`),
		importShot("console-setup-championship", 1280, 900),
		importShot("console-setup-championship", 768, 1024),
		submitForm(edit, "Division A: rules saved."),
		waitFor(summary(a)+`.includes("plan: rounds 1-3 InitFontes (snaked), rounds 4-11 COP, rounds 12 King of the Hill")`),
		waitFor(summary(a)+`.includes("next: round 1, InitFontes")`),
		clickWhenThere(fmt.Sprintf(`#players tr[data-player="%d"] button.edit-player-btn`, ann.ID)),
		setValue(player+` [name="team"]`, "New  Zealand"),
		setValue(player+` [name="reason"]`, "from the entry form"),
		clickWhenThere(player+` button[type="submit"]`),
		waitFor(`document.getElementById("players-status").textContent === "Ann Able: team saved."`),
		waitFor(fmt.Sprintf(`document.querySelector('#players tr[data-player="%d"] .player-team').textContent === " · New Zealand"`, ann.ID)),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		setValue(`#pair-form [name="division_id"]`, itoa(a.ID)),
		eval(`document.querySelector('#pair-form [name="division_id"]').dispatchEvent(new Event("change"))`),
		waitFor(`document.getElementById("next-system").textContent === "Next: round 1, InitFontes (groups of four), from the division's plan."`),
		waitFor(`["cop", "chew", "fontes"].every(function (v) { return !!document.querySelector('#system option[value="' + v + '"]'); })`),
		importShot("console-rounds-next-system", 1280, 800),
		importShot("console-rounds-next-system", 768, 1024),
		waitFor(`document.getElementById("pair-snaked").hidden`),
		submitForm("#pair-form", "Division A round 1 paired by InitFontes (groups of four), groups dealt by rating."),
		// The plan's step is snaked: dealt by rating, nothing drawn, no seed.
		waitFor(`document.getElementById("pair-summary").textContent === "Division A round 1 paired by InitFontes (groups of four), groups dealt by rating."`),
		waitFor(`[].every.call(document.querySelectorAll("#pairings tbody tr"), function (tr) { return tr.textContent.includes("Fontes group"); })`),
		eval(`document.getElementById("pairings").scrollIntoView({block: "start"})`),
		importShot("console-rounds-fontes", 1280, 800),
		importShot("console-rounds-fontes", 768, 1024),
		// Division B has no plan: InitFontes chosen here offers its groups
		// dealt by rating, and they are.
		setValue(`#pair-form [name="division_id"]`, itoa(b.ID)),
		eval(`document.querySelector('#pair-form [name="division_id"]').dispatchEvent(new Event("change"))`),
		waitFor(`document.querySelector('#pair-form [name="round"]').value === "1"`),
		setValue(`#system`, "fontes"),
		waitFor(`!document.getElementById("pair-snaked").hidden`),
		clickWhenThere(`#pair-form [name="snaked"]`),
		waitFor(`document.querySelector('#pair-form [name="seed"]').closest("label").hidden`),
		eval(`document.getElementById("pair-form").scrollIntoView({block: "start"}); window.scrollBy(0, -220); true`),
		importShot("console-rounds-fontes-snaked", 1280, 800),
		importShot("console-rounds-fontes-snaked", 768, 1024),
		submitForm("#pair-form", "Division B round 1 paired by InitFontes (groups of four), groups dealt by rating."),
		waitFor(`!document.querySelector('#pair-form [name="snaked"]').checked && !document.querySelector('#pair-form [name="seed"]').closest("label").hidden`),
	)
	// 1v8 4v5 2v7 3v6 by rating, as tsh deals them.
	var bGames []string
	for _, p := range must[service.RoundPairings](t, f.get(f.tpath("/rounds/1/pairings?division="+itoa(b.ID)), ""), http.StatusOK).Pairings {
		ns := []string{p.Players[0].Name, p.Players[1].Name}
		slices.Sort(ns)
		bGames = append(bGames, ns[0]+"-"+ns[1])
	}
	slices.Sort(bGames)
	if want := []string{"Ann Able-Hap", "Bea-Gil", "Cal-Flo", "Dot-Eli"}; !slices.Equal(bGames, want) {
		t.Errorf("division B round 1: %v, want %v", bGames, want)
	}
	for _, d := range must[[]service.Division](t, f.get(f.tpath("/divisions"), ""), http.StatusOK) {
		s := d.Settings
		if d.ID == b.ID {
			if s.PairingPlan != nil || s.COP != nil || s.AutoPair || s.Exagony || s.PrizeBands != nil {
				t.Errorf("division B changed: %+v", s)
			}
			continue
		}
		want := []service.PlanStep{{Rounds: "1-3", System: "fontes", Snaked: true}, {Rounds: "4-11", System: "cop"}, {Rounds: "12", System: "koth", AvoidRepeats: true}}
		if !slices.Equal(s.PairingPlan, want) || !s.AutoPair || !s.Exagony || !slices.Equal(s.PrizeBands, []int{3, 6}) {
			t.Errorf("division A: plan %+v auto %v exagony %v bands %v", s.PairingPlan, s.AutoPair, s.Exagony, s.PrizeBands)
		}
		if c := s.COP; c == nil || c.Simulations != 50000 || !slices.Equal(c.Hopefulness, []float64{0.1, 0.05, 0.02}) || c.ClassPrizes["B"] != 2 || !c.TopDownByes {
			t.Errorf("division A: cop %+v", c)
		}
		if g := s.Gibson; g == nil || !slices.Equal(g.GibsonSpread, []int{250, 200}) {
			t.Errorf("division A: gibson %+v", g)
		}
		if d.NextRound != 2 || d.NextSystem != "fontes" {
			t.Errorf("division A: next %d %s", d.NextRound, d.NextSystem)
		}
	}
}
