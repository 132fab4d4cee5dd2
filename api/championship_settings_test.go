package api

import (
	"fmt"
	"net/http"
	"testing"

	"tourney/service"
)

// The championship settings (cop, pairing_plan, auto_pair, exagony,
// prize_bands) are a division's settings: checked with clear words
// (bad-settings), cop merged key by key on PATCH as gibson, a plan
// replaced whole; the other division keeps its own.
func TestChampionshipSettings(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{"rounds": 8}, "Ann", "Bob")
	a := *e.division
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director,
		map[string]any{"name": "B", "settings": map[string]any{"rounds": 6, "pairing": "chew", "prize_bands": []int{2, 4}}}), http.StatusCreated)
	settingsOf := func(id int64) string { return mustJSON(t, e.divisionNext(id).Settings) }
	wantB := settingsOf(b.ID)
	plan := []map[string]any{{"rounds": "1-3", "system": "fontes"}, {"rounds": "4-6", "system": "swiss"}, {"rounds": "7", "system": "cop"}, {"rounds": "8", "system": "koth", "avoid_repeats": true}}
	e.patchSettings(a, []settingsPatch{
		{name: "all of them", patch: map[string]any{"cop": map[string]any{"simulations": 5000, "gibson_spread": []int{300, 250}, "class_prizes": map[string]int{"B": 2}},
			"pairing_plan": plan, "auto_pair": true, "exagony": true, "prize_bands": []int{3, 6}, "first_round_pairing": "fontes", "pairing": "cop"},
			want: `{"rounds":8,"first_round_pairing":"fontes","pairing":"cop","cop":{"simulations":5000,"gibson_spread":[300,250],"class_prizes":{"B":2}},
			"pairing_plan":[{"rounds":"1-3","system":"fontes"},{"rounds":"4-6","system":"swiss"},{"rounds":"7","system":"cop"},{"rounds":"8","system":"koth","avoid_repeats":true}],
			"auto_pair":true,"exagony":true,"prize_bands":[3,6]}`},
		{name: "cop merges key by key", patch: map[string]any{"cop": map[string]any{"simulations": nil, "hopefulness": []float64{0.2, 0.1}, "class_prizes": map[string]any{"C": 1}}},
			want: `{"rounds":8,"first_round_pairing":"fontes","pairing":"cop","cop":{"gibson_spread":[300,250],"hopefulness":[0.2,0.1],"class_prizes":{"B":2,"C":1}},
			"pairing_plan":[{"rounds":"1-3","system":"fontes"},{"rounds":"4-6","system":"swiss"},{"rounds":"7","system":"cop"},{"rounds":"8","system":"koth","avoid_repeats":true}],
			"auto_pair":true,"exagony":true,"prize_bands":[3,6]}`},
		{name: "a plan replaces the old one", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "5-8", "system": "rr", "double": true, "first_round": 5}}, "auto_pair": nil, "exagony": false},
			want: `{"rounds":8,"first_round_pairing":"fontes","pairing":"cop","cop":{"gibson_spread":[300,250],"hopefulness":[0.2,0.1],"class_prizes":{"B":2,"C":1}},
			"pairing_plan":[{"rounds":"5-8","system":"rr","double":true,"first_round":5}],"prize_bands":[3,6]}`},
		{name: "steps overlap", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "1-4", "system": "swiss"}, {"rounds": "4-8", "system": "cop"}}}, code: "bad-settings"},
		{name: "rounds unreadable", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "one", "system": "swiss"}}}, code: "bad-settings"},
		{name: "rounds backwards", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "5-3", "system": "swiss"}}}, code: "bad-settings"},
		{name: "round 0", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "0-3", "system": "swiss"}}}, code: "bad-settings"},
		{name: "past the rounds planned", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "7-9", "system": "cop"}}}, code: "bad-settings"},
		{name: "manual is no plan's system", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "1", "system": "manual"}}}, code: "bad-settings"},
		{name: "an option of another system", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "1-3", "system": "swiss", "double": true}}}, code: "bad-settings"},
		{name: "avoid_repeats outside koth", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "1-3", "system": "cop", "avoid_repeats": true}}}, code: "bad-settings"},
		{name: "first_round after the step begins", patch: map[string]any{"pairing_plan": []map[string]any{{"rounds": "2-4", "system": "fontes", "first_round": 3}}}, code: "bad-settings"},
		{name: "cop simulations negative", patch: map[string]any{"cop": map[string]any{"simulations": -1}}, code: "bad-settings"},
		{name: "cop hopefulness above 1", patch: map[string]any{"cop": map[string]any{"hopefulness": []float64{1.5}}}, code: "bad-settings"},
		{name: "cop unknown key", patch: map[string]any{"cop": map[string]any{"simulation": 5}}, code: "unknown-field"},
		{name: "prize bands not rising", patch: map[string]any{"prize_bands": []int{4, 2}}, code: "bad-settings"},
		{name: "prize band at place 0", patch: map[string]any{"prize_bands": []int{0}}, code: "bad-settings"},
		{name: "an unknown default system", patch: map[string]any{"pairing": "chess"}, code: "bad-settings"},
	})
	if got := settingsOf(b.ID); got != wantB {
		t.Errorf("division B changed with A: %s, was %s", got, wantB)
	}
	// The answers to POST and PATCH name the next round and its system,
	// as GET .../divisions does.
	if b.NextRound != 1 || b.NextSystem != "swiss" {
		t.Errorf("division B created: next %d %q, want 1 swiss (round 1 of a chew division)", b.NextRound, b.NextSystem)
	}
	d := must[service.Division](t, e.patch(e.path(fmt.Sprintf("/divisions/%d", b.ID)), e.Director, map[string]any{"settings": map[string]any{
		"pairing_plan": []map[string]any{{"rounds": "1-3", "system": "fontes"}}}, "reason": "plan"}), http.StatusOK)
	if got := e.divisionNext(b.ID); d.NextRound != 1 || d.NextSystem != "fontes" || got.NextSystem != d.NextSystem {
		t.Errorf("division B after its plan: next %d %q; listed %q", d.NextRound, d.NextSystem, got.NextSystem)
	}
}
