package api

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"tourney/service"
)

// A plan step's snaked InitFontes (tsh's initial_snaked) deals the groups
// by rating, in each of two divisions of eight: the groups are 1st, 4th,
// 5th, 8th and 2nd, 3rd, 6th, 7th (as tsh deals them), so round 1 is
// 1v8 4v5 2v7 3v6, whatever seed is drawn; a request naming fontes with
// snaked does the same and reports no seed (nothing is drawn); snaked on
// another system is refused.
func TestFontesSnakedPlan(t *testing.T) {
	names := []string{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}
	snaked := map[string]any{"rounds": 4, "pairing_plan": []map[string]any{{"rounds": "1-3", "system": "fontes", "snaked": true}}}
	e := newEvent(t, nil, "", snaked, names...) // ratings fall with the order given
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": map[string]any{"rounds": 4}}), http.StatusCreated)
	bNames := []string{"Ida", "Jo", "Kim", "Lu", "Mo", "Ned", "Oz", "Pat"}
	for i, name := range bNames {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": name, "rating": 1900 - 10*i, "division_id": b.ID}), http.StatusCreated)
		e.ids[name] = p.ID
	}
	games := func(rp service.RoundPairings) string {
		var out []string
		for _, p := range rp.Pairings {
			ns := []string{p.Players[0].Name, p.Players[1].Name}
			sort.Strings(ns)
			out = append(out, strings.Join(ns, "-"))
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	// 1v8 4v5 2v7 3v6 by rating.
	wantA, wantB := "Ann-Hal Bob-Gus Cat-Fay Dan-Eve", "Ida-Pat Jo-Oz Kim-Ned Lu-Mo"
	ra := e.pairDivision(*e.division, 1, nil)
	if got := games(ra); ra.System != "fontes" || !ra.Snaked || ra.Seed != nil || got != wantA {
		t.Errorf("A round 1 (%s): %s, want %s", ra.System, got, wantA)
	}
	for i := 0; i < 2; i++ {
		rb := e.pairDivision(b.ID, 1, map[string]any{"system": "fontes", "snaked": true, "replace": i > 0, "seed": 7 + i})
		if got := games(rb); got != wantB {
			t.Errorf("B round 1, seed %d: %s, want %s", 7+i, got, wantB)
		}
		// Dealt by rating, nothing is drawn: no seed is reported.
		if rb.Seed != nil || !rb.Snaked {
			t.Errorf("B round 1 snaked: seed %v, snaked %v", rb.Seed, rb.Snaked)
		}
	}
	wantProblem(t, e.patch(e.path("/divisions/"+itoa(b.ID)), e.Director, map[string]any{"settings": map[string]any{
		"pairing_plan": []map[string]any{{"rounds": "2-3", "system": "swiss", "snaked": true}}}}), http.StatusBadRequest, "bad-settings")
}
