package api

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"tourney/service"
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
