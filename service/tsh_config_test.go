package service

import (
	"reflect"
	"testing"
)

// FuzzSettingsFromConfig: any text given as a config.tsh reads as
// settings or is refused with bad-config, never a panic; settings read
// are the ones a tourney export would write back.
func FuzzSettingsFromConfig(f *testing.F) {
	f.Add("config max_rounds = 7;\ndivision A a.t\n#tourney division A {\"rounds\":7,\"spread_caps\":[300]}\n", "A")
	f.Add("#tourney division Open_A {\"teams\":[[1,2]]}", "Open A")
	f.Add("#tourney division", "")
	f.Add("#tourney division A {\"unknown\":1}\n#tourney division B {}", "B")
	// tsh's own lines: COP's settings, exagony, prize bands, autopair.
	f.Add("config max_rounds = 31;\nconfig simulations = 100000;\nconfig gibson_spread = [250, 200];\nconfig hopefulness = [0.1, 0.05];\n"+
		"config control_loss_activation_round = 12;\nconfig exagony = 1;\ndivision A a.t\nconfig prize_bands{'A'} = [1, 3];\n"+
		"autopair A 0 1 if 3 A\nautopair A 3 4 ns 1 3 A\nautopair A 16 17 cop 16 A\nautopair A 30 31 koth 0 30 A\n", "A")
	f.Add("config control_loss_thresholds = [0.25;\nautopair A 2 1 cp\nautopair B x y rr 2\n", "A")
	f.Add("config initial_snaked = 'strict classify';\nautopair A 0 1 if 3 A\n", "A")
	f.Fuzz(func(t *testing.T, text, division string) {
		ds, err := settingsFromConfig(text, division)
		if err != nil {
			if AsError(err).Type != "bad-config" {
				t.Fatalf("refused with %v", err)
			}
			return
		}
		again, err := settingsFromConfig(tshConfigTag+"X "+string(mustJSON(ds)), "X")
		if err != nil || !reflect.DeepEqual(ds, again) {
			t.Fatalf("settings %+v do not read back: %+v %v", ds, again, err)
		}
	})
}
