package service

import (
	"reflect"
	"testing"

	"tourney/standings"
)

// A pairing's request takes the system and its options from the request,
// else the plan's step for the round, else the settings; COP's paid
// places and class prizes and ChewPair's bands default to the prize
// table's, division by division; a cop or random request without a
// seed gets one drawn; exagony reaches the standings' rules.
func TestPairRequestFromSettings(t *testing.T) {
	one, two := int64(1), int64(2)
	tour := &Tournament{ID: 9, Variant: "naspa", Settings: Settings{prizesSetting: []any{
		map[string]any{"type": PrizeRank, "place": 1, "division_id": one},
		map[string]any{"type": PrizeRank, "place": 3, "division_id": one},
		map[string]any{"type": PrizeRank, "place": 2, "division_id": one},
		map[string]any{"type": PrizeClassRank, "place": 2, "class": "B", "division_id": one},
		map[string]any{"type": PrizeClassRank, "place": 1, "class": "B", "division_id": one},
		map[string]any{"type": PrizeClassRank, "place": 1, "class": "C", "division_id": one},
		map[string]any{"type": PrizeRank, "place": 1, "division_id": two},
		map[string]any{"type": PrizeHighWin, "division_id": two},
	}}}
	plan := []PlanStep{{Rounds: "1-3", System: "fontes"}, {Rounds: "4", System: "rr", Double: true, FirstRound: 2},
		{Rounds: "5-6", System: "koth", AvoidRepeats: true}, {Rounds: "7-8", System: "cop"}, {Rounds: "9", System: "chew"}}
	seed := uint64(42)
	defaults := standings.DefaultCOPSettings(10)
	for _, tc := range []struct {
		name     string
		division int64
		settings DivisionSettings
		round    int
		in       PairInput
		want     standings.PairRequest // Seed: 1 for "drawn"
	}{
		{name: "fontes from the plan, first round the step's", division: one, settings: DivisionSettings{Rounds: 10, PairingPlan: plan}, round: 2,
			want: standings.PairRequest{System: "fontes", Round: 2, BasedOn: 1, FirstRound: 1, Seed: 1}},
		{name: "rr with the step's options", division: one, settings: DivisionSettings{Rounds: 10, PairingPlan: plan}, round: 4,
			want: standings.PairRequest{System: "rr", Round: 4, BasedOn: 3, FirstRound: 2, Double: true}},
		{name: "koth avoiding repeats; the request's false wins", division: two, settings: DivisionSettings{Rounds: 10, PairingPlan: plan}, round: 5,
			in: PairInput{AvoidRepeats: new(false)}, want: standings.PairRequest{System: "koth", Round: 5, BasedOn: 4}},
		{name: "cop: places and classes from the prize table, a seed drawn", division: one, settings: DivisionSettings{Rounds: 10, PairingPlan: plan}, round: 7,
			want: standings.PairRequest{System: "cop", Round: 7, BasedOn: 6, Seed: 1, COP: withPrizes(defaults, 3, map[string]int{"B": 2, "C": 1})}},
		{name: "cop: the settings' own, the request's seed", division: one, round: 8, in: PairInput{Seed: &seed},
			settings: DivisionSettings{Rounds: 10, PairingPlan: plan, COP: &standings.COPSettings{Simulations: 500, PlacePrizes: 2, ClassPrizes: map[string]int{"A": 1}}},
			want: standings.PairRequest{System: "cop", Round: 8, BasedOn: 7, Seed: 42,
				COP: func() standings.COPSettings {
					c := withPrizes(defaults, 2, map[string]int{"A": 1})
					c.Simulations = 500
					return c
				}()}},
		{name: "cop in the other division: its own places, no classes", division: two, settings: DivisionSettings{Rounds: 10, Pairing: "cop"}, round: 3,
			want: standings.PairRequest{System: "cop", Round: 3, BasedOn: 2, Seed: 1, COP: withPrizes(defaults, 1, nil)}},
		{name: "cop named by the request, no prize table's places", division: 3, settings: DivisionSettings{Rounds: 10}, round: 3, in: PairInput{System: "cop", Seed: &seed},
			want: standings.PairRequest{System: "cop", Round: 3, BasedOn: 2, Seed: 42, COP: defaults}},
		{name: "chew: the prize table's bands", division: one, settings: DivisionSettings{Rounds: 10, PairingPlan: plan}, round: 9,
			want: standings.PairRequest{System: "chew", Round: 9, BasedOn: 8, PrizeBands: []int{1, 2, 3}}},
		{name: "chew: the settings' bands", division: two, settings: DivisionSettings{Rounds: 10, PairingPlan: plan, PrizeBands: []int{2, 5}}, round: 9,
			want: standings.PairRequest{System: "chew", Round: 9, BasedOn: 8, PrizeBands: []int{2, 5}}},
		{name: "a round the plan leaves out takes pairing", division: two, settings: DivisionSettings{Rounds: 10, PairingPlan: plan, Pairing: "random"}, round: 10,
			in: PairInput{Seed: &seed}, want: standings.PairRequest{System: "random", Round: 10, BasedOn: 9, Seed: 42}},
		{name: "fontes as the default pairs round 1 too", division: two, settings: DivisionSettings{Rounds: 10, Pairing: "fontes"}, round: 1,
			want: standings.PairRequest{System: "fontes", Round: 1, Seed: 1}},
		{name: "cop as the default: round 1 seeded Swiss", division: two, settings: DivisionSettings{Rounds: 10, Pairing: "cop"}, round: 1,
			want: standings.PairRequest{System: "swiss", Round: 1}},
		{name: "the request's system over the plan's", division: one, settings: DivisionSettings{Rounds: 10, PairingPlan: plan}, round: 7,
			in: PairInput{System: "swiss"}, want: standings.PairRequest{System: "swiss", Round: 7, BasedOn: 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := tc.division
			st := &divState{t: tour, div: &Division{ID: id, TournamentID: tour.ID, Settings: tc.settings}, settings: tc.settings}
			if sys := st.defaultSystem(tc.round); tc.in.System == "" && sys != tc.want.System {
				t.Errorf("defaultSystem %s, want %s", sys, tc.want.System)
			}
			req, gotSeed, err := st.pairRequest(tc.round, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if (gotSeed != nil) != (tc.want.Seed != 0) || gotSeed != nil && *gotSeed != req.Seed {
				t.Errorf("seed reported %v, request's %d", gotSeed, req.Seed)
			}
			if tc.want.Seed == 1 && gotSeed != nil {
				tc.want.Seed = *gotSeed // drawn
			}
			if !reflect.DeepEqual(req, tc.want) {
				t.Errorf("request\n%+v\nwant\n%+v", req, tc.want)
			}
		})
	}
	for _, on := range []bool{true, false} {
		cfg, err := DivisionSettings{Exagony: on}.config("naspa")
		if err != nil || cfg.Exagony != on {
			t.Errorf("exagony %v: config %v, %v", on, cfg.Exagony, err)
		}
	}
}

func withPrizes(c standings.COPSettings, places int, classes map[string]int) standings.COPSettings {
	c.PlacePrizes, c.ClassPrizes = places, classes
	return c
}

// TestFontesSeedPerDivision: without a seed, a division's three Fontes
// rounds draw from one seed of its own, another division's from another.
func TestFontesSeedPerDivision(t *testing.T) {
	one, two := int64(1), int64(2)
	seeds := map[uint64]bool{}
	for _, id := range []*int64{&one, &two} {
		st := &divState{t: &Tournament{ID: 9}, div: &Division{ID: *id}, settings: DivisionSettings{Rounds: 10,
			PairingPlan: []PlanStep{{Rounds: "1-3", System: "fontes"}}}}
		var first uint64
		for round := 1; round <= 3; round++ {
			req, seed, err := st.pairRequest(round, PairInput{})
			if err != nil || seed == nil || *seed != req.Seed {
				t.Fatalf("division %d round %d: %v %v", *id, round, seed, err)
			}
			if round == 1 {
				first = req.Seed
			} else if req.Seed != first {
				t.Errorf("division %d round %d: seed %d, round 1's %d", *id, round, req.Seed, first)
			}
		}
		seeds[first] = true
	}
	if len(seeds) != 2 {
		t.Errorf("two divisions share a Fontes seed")
	}
}
