package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// TestChampionshipCycle runs two divisions of eight through a six-round
// plan (InitFontes 1-3, ChewPair 4, COP 5-6), each round paired by itself
// when its last result arrives; each round's last result comes another
// way (keyed, a forfeit, a game the director ended, a tablet's last
// turn, an imported record). Every round is paired by the plan's system,
// everyone once, every pairing with its system's reason; division B keeps
// its two team-mates apart (exagony) all the way.
func TestChampionshipCycle(t *testing.T) {
	plan := func(extra map[string]any) map[string]any {
		s := map[string]any{"rounds": 6, "auto_pair": true, "prize_bands": []int{2},
			"cop":          map[string]any{"simulations": 3000, "always_wins_simulations": 500, "place_prizes": 2},
			"pairing_plan": []map[string]any{{"rounds": "1-3", "system": "fontes"}, {"rounds": "4", "system": "chew"}, {"rounds": "5-6", "system": "cop"}}}
		for k, v := range extra {
			s[k] = v
		}
		return s
	}
	names := [2][]string{{"Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}, {"Ida", "Jon", "Kim", "Lee", "Max", "Ned", "Oli", "Pat"}}
	e := newEvent(t, nil, "", plan(nil), names[0]...)
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": plan(map[string]any{"exagony": true})}), http.StatusCreated)
	for i, name := range names[1] {
		in := map[string]any{"name": name, "rating": 1900 - 10*i, "division_id": b.ID}
		if name == "Ida" || name == "Max" { // Fontes would seat them in one group
			in["team"] = "NZ"
		}
		e.ids[name] = must[service.Player](t, e.post(e.path("/players"), e.Director, in), http.StatusCreated).ID
	}
	divs := [2]int64{*e.division, b.ID}
	ways := []lastResult{keyed, forfeit, directorEnds, tablet, importedGCG}
	want := map[int]string{1: "Fontes group", 2: "Fontes group", 3: "Fontes group", 4: "Chew", 5: "COP", 6: "COP, last round"}
	for _, div := range divs {
		e.pairDivision(div, 1, nil)
	}
	for round := 1; round <= 6; round++ {
		if round > 1 {
			must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": round}), http.StatusOK)
		}
		for i, div := range divs {
			rp := e.roundOf(div, round)
			seen := map[int64]bool{}
			for _, p := range rp.Pairings {
				for _, pl := range p.Players {
					if seen[pl.ID] {
						t.Fatalf("division %d round %d: %s paired twice", i, round, pl.Name)
					}
					seen[pl.ID] = true
				}
				if !strings.Contains(p.Reason, want[round]) && !(round == 6 && strings.Contains(p.Reason, "COP")) {
					t.Errorf("division %d round %d: reason %q, want %q", i, round, p.Reason, want[round])
				}
				if i == 1 && len(p.Players) == 2 && (p.Players[0].Name+p.Players[1].Name == "IdaMax" || p.Players[0].Name+p.Players[1].Name == "MaxIda") {
					t.Errorf("round %d: team-mates Ida and Max meet: %s", round, p.Reason)
				}
			}
			if len(seen) != 8 {
				t.Fatalf("division %d round %d: %d paired", i, round, len(seen))
			}
			for k, p := range rp.Pairings {
				if k == len(rp.Pairings)-1 {
					ways[(round+i)%len(ways)](e, round, p)
				} else {
					e.enterAt(round, p, 400+10*k, 350)
				}
			}
			if round < 6 {
				if next := e.roundOf(div, round+1); len(next.Pairings) == 0 {
					t.Fatalf("division %d: round %d was not paired by itself", i, round+1)
				}
			}
		}
	}
	paired, failed := e.autoPaired()
	if len(failed) > 0 {
		t.Errorf("auto-pair failed: %v", failed)
	}
	for _, div := range divs {
		if got := fmt.Sprint(paired[div]); got != "[2 fontes 3 fontes 4 chew 5 cop 6 cop]" {
			t.Errorf("division %d auto-paired %s", div, got)
		}
	}
}
