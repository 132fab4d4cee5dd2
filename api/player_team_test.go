package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// TestPlayerTeam: a player's team (club, country) is entered, corrected
// and cleared through the API in two divisions, refused when it cannot
// be written in a .t file, written as the .t field "team" and read back
// from one.
func TestPlayerTeam(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Worlds"}), http.StatusCreated).ID
	var divs []int64
	for _, name := range []string{"Open", "Youth"} {
		divs = append(divs, must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name,
			"settings": map[string]any{"rounds": 6, "exagony": true}}), http.StatusCreated).ID)
	}
	type entry struct{ name, team string }
	players := map[string]int64{}
	for i, div := range divs {
		for _, e := range []entry{{"Nigel Richards", "New  Zealand "}, {"Harshan Lamabadusuriya", "England"}, {"Dave Wiegand", "USA"}} {
			name := e.name + []string{"", "son"}[i]
			p := must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 2000, "division_id": div, "team": e.team}), http.StatusCreated)
			if want := strings.Join(strings.Fields(e.team), " "); p.Team != want {
				t.Errorf("%s: team %q, want %q", name, p.Team, want)
			}
			players[name] = p.ID
		}
	}
	path := f.tpath(fmt.Sprintf("/players/%d", players["Dave Wiegandson"]))
	wantProblem(t, f.patch(path, f.Director, map[string]any{"team": "USA; Canada", "reason": "x"}), http.StatusBadRequest, "bad-team")
	wantProblem(t, f.patch(path, f.Director, map[string]any{"team": strings.Repeat("x", 61), "reason": "x"}), http.StatusBadRequest, "bad-team")
	if p := must[service.Player](t, f.patch(path, f.Director, map[string]any{"team": "Canada", "reason": "moved"}), http.StatusOK); p.Team != "Canada" {
		t.Errorf("team corrected: %q", p.Team)
	}
	r := ts.get(fmt.Sprintf("%s/export.t?division=%d", f.tpath(""), divs[1]), ts.Director)
	if r.Status != http.StatusOK {
		t.Fatalf("export.t: %d %s", r.Status, r.Body)
	}
	body := string(r.Body)
	for _, want := range []string{"team New Zealand", "team England", "team Canada"} {
		if !strings.Contains(body, want) {
			t.Errorf(".t of Youth lacks %q:\n%s", want, body)
		}
	}
	g := &fixture{testServer: ts}
	g.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Again"}), http.StatusCreated).ID
	must[service.ImportResult](t, g.post(g.tpath("/import.t"), g.Director, map[string]any{"division": "Youth", "roster_only": true, "text": body}), http.StatusCreated)
	teams := map[string]string{}
	for _, p := range must[[]service.Player](t, g.get(g.tpath("/players"), g.Director), http.StatusOK) {
		teams[p.Name] = p.Team
	}
	if teams["Nigel Richardsson"] != "New Zealand" || teams["Dave Wiegandson"] != "Canada" {
		t.Errorf("teams read back from the .t: %v", teams)
	}
	must[service.Player](t, f.patch(path, f.Director, map[string]any{"team": "", "reason": "none"}), http.StatusOK)
	for _, p := range must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK) {
		if p.ID == players["Dave Wiegandson"] && p.Team != "" {
			t.Errorf("team cleared: %q", p.Team)
		}
	}
}
