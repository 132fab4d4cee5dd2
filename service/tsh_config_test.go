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
