package service

import (
	"reflect"
	"testing"

	"tourney/standings"
)

// A config.tsh written by tsh (no #tourney line) gives each division its
// plan from its autopair lines (a later line for a round replacing an
// earlier one, commands tourney has no system for left out, an if or rr
// covering its rounds up to the next line), its prize bands, and the
// event's COP settings and exagony.
func TestSettingsFromTSHConfig(t *testing.T) {
	const config = `# tsh configuration file
config max_rounds = 8;
config simulations = 20000
config gibson_spread = [300,250];
config hopefulness = [0.2, 0.1, 0.05];
config control_loss_activation_round=5;
config top_down_byes = 1;
CONFIG exagony = 1;
config prize_bands{'A'} = [2, 4];
config prize_bands{'B'} = [1];
division A a.t
division B b.t
autopair A 0 1 IF 3 A
autopair A 2 3 ns 0 2 A
autopair A 3 4 ns 1 3 A
autopair A 4 5 fp 2 1 4 A
autopair A 5 6 cop 5 A
autopair A 6 7 cop 6 A
autopair A 6 7 koth 0 6 A
autopair A 7 8 cp 7 A
autopair b 0 1 rr 1 B
autopair b 6 7 rp 1 6 B
autopair b 7 8 koth 2 7 B
`
	cop := &standings.COPSettings{Simulations: 20000, GibsonSpread: []int{300, 250}, Hopefulness: []float64{0.2, 0.1, 0.05},
		ControlLossActivationRound: 5, TopDownByes: true}
	for _, tc := range []struct {
		division string
		want     DivisionSettings
	}{
		{division: "A", want: DivisionSettings{Rounds: 8, COP: cop, Exagony: true, AutoPair: true, PrizeBands: []int{2, 4},
			PairingPlan: []PlanStep{{Rounds: "1-2", System: "fontes"}, {Rounds: "3-4", System: "swiss"}, {Rounds: "6", System: "cop"},
				{Rounds: "7", System: "koth", AvoidRepeats: true}, {Rounds: "8", System: "chew"}}}},
		{division: "B", want: DivisionSettings{Rounds: 8, COP: cop, Exagony: true, AutoPair: true, PrizeBands: []int{1},
			PairingPlan: []PlanStep{{Rounds: "1-6", System: "rr"}, {Rounds: "7", System: "random"}, {Rounds: "8", System: "koth"}}}},
	} {
		t.Run(tc.division, func(t *testing.T) {
			got, err := settingsFromConfig(config, tc.division)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(*got, tc.want) {
				t.Errorf("settings\n%+v\nwant\n%+v", *got, tc.want)
			}
			if err := got.check("naspa"); err != nil {
				t.Errorf("the settings read are refused: %v", err)
			}
		})
	}
	for _, bad := range []string{"config simulations = many;\n", "autopair A 0 one ns 1 0 A\n", "config exagony = yes;\n"} {
		if _, err := settingsFromConfig(bad, "A"); err == nil || err.(*Error).Type != "bad-config" {
			t.Errorf("%q: %v, want bad-config", bad, err)
		}
	}
}
