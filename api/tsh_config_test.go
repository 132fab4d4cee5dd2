package api

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"tourney/service"
	"tourney/standings"
)

// TestTSHConfigCarriesSettings: a division's .t and config.tsh, exported
// and imported into another tournament, bring back its settings and its
// standings exactly.
func TestTSHConfigCarriesSettings(t *testing.T) {
	ts := newTestServer(t)
	mk := func(name string) string {
		tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": name}), http.StatusCreated)
		return fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
	}
	src := mk("Source")
	settings := map[string]any{"rounds": 7, "spread_caps": []int{300, 250}, "bye_spread": 75, "chain": []string{"wins", "spread", "points"},
		"pairing": "koth", "gibson": map[string]any{"enabled": true, "prize_places": 2}}
	div := must[service.Division](t, ts.post(src+"/divisions", ts.Director, map[string]any{"name": "Open A", "settings": settings}), http.StatusCreated)
	var ids []int64
	for i, n := range []string{"Ann Lee", "Bo Chen", "Cy Diaz"} {
		p := must[service.Player](t, ts.post(src+"/players", ts.Director, map[string]any{"name": n, "rating": 1800 - 100*i, "division_id": div.ID}), http.StatusCreated)
		ids = append(ids, p.ID)
	}
	must[service.RoundResult](t, ts.post(src+"/results", ts.Director, map[string]any{"round": 1, "players": ids[:2], "scores": []int{500, 100}}), http.StatusCreated)
	must[service.RoundResult](t, ts.post(src+"/results", ts.Director, map[string]any{"round": 1, "kind": "bye", "players": ids[2:]}), http.StatusCreated)
	q := fmt.Sprintf("?division=%d", div.ID)
	tfile := ts.get(src+"/export.t"+q, "")
	conf := ts.get(src+"/config.tsh"+q, "")
	if tfile.Status != http.StatusOK || conf.Status != http.StatusOK {
		t.Fatalf("exports: %d %d", tfile.Status, conf.Status)
	}
	for _, want := range []string{"config max_rounds = 7;", "division Open_A opena.t", "#tourney division Open_A {"} {
		if !strings.Contains(string(conf.Body), want) {
			t.Errorf("config.tsh lacks %q:\n%s", want, conf.Body)
		}
	}
	dst := mk("Copy")
	res := must[service.ImportResult](t, ts.post(dst+"/import.t", ts.Director, map[string]any{"text": string(tfile.Body), "config": string(conf.Body), "division": "Open A"}), http.StatusCreated)
	if !reflect.DeepEqual(res.Division.Settings, div.Settings) {
		t.Errorf("settings after import: %+v, want %+v", res.Division.Settings, div.Settings)
	}
	a := must[[]service.StandingRow](t, ts.get(src+"/standings"+q, ""), http.StatusOK)
	b := must[[]service.StandingRow](t, ts.get(fmt.Sprintf("%s/standings?division=%d", dst, res.Division.ID), ""), http.StatusOK)
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Spread != b[i].Spread || a[i].Wins != b[i].Wins {
			t.Errorf("row %d: %+v, after the round trip %+v", i, a[i], b[i])
		}
	}
	if b[0].Spread != 300 { // capped by the round-1 cap: 400 -> 300
		t.Errorf("the spread cap did not travel: %+v", b[0])
	}
	// A config.tsh without tourney's line, or with a setting that does not read, is refused.
	for _, bad := range []string{"division a a.t\n", "#tourney division Open_A {\"rounds\":\"seven\"}\n"} {
		r := ts.post(dst+"/import.t", ts.Director, map[string]any{"text": string(tfile.Body), "config": bad, "division": "B"})
		wantProblem(t, r, http.StatusBadRequest, "bad-config")
	}
}

// The championship settings travel in config.tsh: a tournament of two
// divisions, each with a pairing plan and COP settings, exported and
// imported division by division into another tournament, has the same
// settings (the #tourney line). tsh's own lines say them too (COP's
// config values, exagony, prize_bands, the plan as autopair lines), and
// a config.tsh without the #tourney lines reads back from them: the
// plan of each division, and the first division's COP settings and
// exagony for both (tsh's config values are the event's).
func TestTSHConfigChampionshipRoundTrip(t *testing.T) {
	e, divs := planEvent(t, map[string]any{"rounds": 6, "auto_pair": true, "exagony": true, "prize_bands": []int{1, 3},
		"pairing_plan": []map[string]any{{"rounds": "1-3", "system": "fontes", "snaked": true}, {"rounds": "4", "system": "swiss"},
			{"rounds": "5", "system": "cop"}, {"rounds": "6", "system": "koth", "avoid_repeats": true}},
		"cop": map[string]any{"simulations": 5000, "gibson_spread": []int{300, 250}, "hopefulness": []float64{0.2, 0.1},
			"control_loss_activation_round": 4, "disallow_repeat_byes": true, "top_down_byes": true, "class_prizes": map[string]int{"B": 1}}},
		map[string]any{"rounds": 6, "prize_bands": []int{2}, "cop": map[string]any{"simulations": 20000},
			"pairing_plan": []map[string]any{{"rounds": "1-2", "system": "random"}, {"rounds": "3-5", "system": "chew"}, {"rounds": "6", "system": "koth"}}})
	conf := e.get(e.path("/config.tsh"), "")
	if conf.Status != http.StatusOK {
		t.Fatalf("config.tsh: %d %s", conf.Status, conf.Body)
	}
	for _, want := range []string{"config max_rounds = 6;", "config simulations = 5000;", "config always_wins_simulations = 10000;",
		"config gibson_spread = [300, 250];", "config control_loss_thresholds = [0.25];", "config hopefulness = [0.2, 0.1];",
		"config control_loss_activation_round = 4;", "config disallow_repeat_byes = 1;", "config top_down_byes = 1;", "config exagony = 1;", "config initial_snaked = 1;",
		"config prize_bands{'A'} = [1, 3];", "config prize_bands{'B'} = [2];",
		"autopair A 0 1 if 3 A\n", "autopair A 3 4 ns 1 3 A\n", "autopair A 4 5 cop 4 A\n", "autopair A 5 6 koth 0 5 A\n",
		"autopair B 0 1 rp 1 0 B\n", "autopair B 1 2 rp 1 1 B\n", "autopair B 2 3 cp 2 B\n", "autopair B 4 5 cp 4 B\n", "autopair B 5 6 koth 5 5 B\n"} {
		if !strings.Contains(string(conf.Body), want) {
			t.Errorf("config.tsh lacks %q:\n%s", want, conf.Body)
		}
	}
	var tsh []string // the config.tsh without tourney's lines
	for _, l := range strings.Split(string(conf.Body), "\n") {
		if !strings.HasPrefix(l, "#tourney") {
			tsh = append(tsh, l)
		}
	}
	fromTSH := func(s service.DivisionSettings) service.DivisionSettings {
		s.COP = &standings.COPSettings{Simulations: 5000, AlwaysWinsSimulations: 10000, GibsonSpread: []int{300, 250},
			ControlLossThresholds: []float64{0.25}, Hopefulness: []float64{0.2, 0.1}, ControlLossActivationRound: 4,
			DisallowRepeatByes: true, TopDownByes: true}
		s.Exagony, s.AutoPair = true, true
		return s
	}
	for _, tc := range []struct {
		name   string
		config string
		want   [2]service.DivisionSettings
	}{
		{name: "tourney's line", config: string(conf.Body), want: [2]service.DivisionSettings{e.divisionNext(divs[0]).Settings, e.divisionNext(divs[1]).Settings}},
		{name: "tsh's lines", config: strings.Join(tsh, "\n"), want: [2]service.DivisionSettings{
			fromTSH(service.DivisionSettings{Rounds: 6, PrizeBands: []int{1, 3}, PairingPlan: []service.PlanStep{{Rounds: "1-3", System: "fontes", Snaked: true},
				{Rounds: "4", System: "swiss"}, {Rounds: "5", System: "cop"}, {Rounds: "6", System: "koth", AvoidRepeats: true}}}),
			fromTSH(service.DivisionSettings{Rounds: 6, PrizeBands: []int{2}, PairingPlan: []service.PlanStep{{Rounds: "1-2", System: "random"},
				{Rounds: "3-5", System: "chew"}, {Rounds: "6", System: "koth"}}}),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := must[service.Tournament](t, e.post("/api/v1/tournaments", e.Director, map[string]any{"name": "Copy"}), http.StatusCreated)
			for i, div := range divs {
				name := e.divisionNext(div).Name
				tfile := e.get(e.path(fmt.Sprintf("/export.t?division=%d", div)), "")
				res := must[service.ImportResult](t, e.post(fmt.Sprintf("/api/v1/tournaments/%d/import.t", dst.ID), e.Director,
					map[string]any{"text": string(tfile.Body), "config": tc.config, "division": name}), http.StatusCreated)
				if got, want := mustJSON(t, res.Division.Settings), mustJSON(t, tc.want[i]); got != want {
					t.Errorf("division %s after import:\n%s\nwant\n%s", name, got, want)
				}
			}
		})
	}
}
