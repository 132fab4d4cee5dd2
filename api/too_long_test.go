package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// TestTooLongText: names and reasons have a limit, counted in characters
// (not bytes); at the limit they are taken, one past it is refused with
// too-long, and nothing is stored.
func TestTooLongText(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Limits"}), http.StatusCreated)
	tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
	atLimit := strings.Repeat("é", service.MaxNameLength) // two bytes each: the limit is in characters
	p := must[service.Player](t, ts.post(tpath+"/players", ts.Director, map[string]any{"name": atLimit}), http.StatusCreated)
	cases := []struct {
		name, method, path string
		body               map[string]any
	}{
		{"player name", "POST", tpath + "/players", map[string]any{"name": atLimit + "x"}},
		{"tournament name", "POST", "/api/v1/tournaments", map[string]any{"name": atLimit + "x"}},
		{"division name", "POST", tpath + "/divisions", map[string]any{"name": atLimit + "x"}},
		{"lexicon", "PATCH", tpath, map[string]any{"lexicon": strings.Repeat("L", service.MaxShortField+1)}},
		{"reason", "PATCH", fmt.Sprintf("%s/players/%d", tpath, p.ID), map[string]any{"rating": 1500, "reason": strings.Repeat("r", service.MaxReasonLength+1)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := ts.send(req{method: c.method, path: c.path, token: ts.Director, body: c.body})
			wantProblem(t, r, http.StatusBadRequest, "too-long")
		})
	}
	players := must[[]service.Player](t, ts.get(tpath+"/players", ts.Director), http.StatusOK)
	if len(players) != 1 || players[0].Rating != 0 {
		t.Errorf("a refused change was stored: %+v", players)
	}
}
