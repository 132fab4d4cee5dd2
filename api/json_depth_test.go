package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// nested is {"a": ... n objects deep ... 1}.
func nested(n int) string {
	return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n)
}

// TestDeepJSONIsRefused (issue 37): a body nested 9,000 deep is 400
// too-deep on every route that reads JSON, wherever the nesting is (the
// probe's tournament settings were a 500, CHECK constraint failed), and
// nothing is stored; brackets inside strings are text, and settings at
// the limit are kept.
func TestDeepJSONIsRefused(t *testing.T) {
	f := newFixture(t)
	var divs []service.Division
	for _, name := range []string{"A", "B"} {
		divs = append(divs, must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": name}), http.StatusCreated))
	}
	deep := nested(9000)
	for _, c := range []struct {
		label, method, path, token, body string
	}{
		{"tournament settings", "PATCH", f.tpath(""), f.Director, `{"settings":` + deep + `}`},
		{"new tournament's settings", "POST", "/api/v1/tournaments", f.Director, `{"name":"Deep","settings":` + deep + `}`},
		{"division A's settings", "PATCH", f.tpath(fmt.Sprintf("/divisions/%d", divs[0].ID)), f.Director, `{"settings":` + deep + `,"reason":"r"}`},
		{"division B's settings", "PATCH", f.tpath(fmt.Sprintf("/divisions/%d", divs[1].ID)), f.Director, `{"settings":` + deep + `,"reason":"r"}`},
		{"a player's name", "POST", f.tpath("/players"), f.Director, `{"name":` + deep + `}`},
		{"the prize table", "PUT", f.tpath("/prizes"), f.Director, `{"prizes":[` + deep + `]}`},
		{"a table's turn", "POST", gpath(f.game, "/turns"), f.table, `{"kind":"play","move":` + deep + `}`},
		{"the word judge", "POST", f.tpath("/judge"), f.table, `{"words":[` + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + `]}`},
		{"brackets only", "POST", f.tpath("/players"), f.Director, strings.Repeat("[", 9000)},
		{"one past the limit", "PATCH", f.tpath(""), f.Director, `{"settings":` + nested(service.MaxJSONDepth) + `}`},
	} {
		r := f.send(req{method: c.method, path: c.path, token: c.token, body: c.body})
		if r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400: %.200s", c.label, r.Status, r.Body)
			continue
		}
		wantProblem(t, r, http.StatusBadRequest, "too-deep")
	}
	tour := must[service.Tournament](t, f.get(f.tpath(""), f.Director), http.StatusOK)
	if len(tour.Settings) != 0 {
		t.Errorf("a refused body changed the settings: %v", tour.Settings)
	}
	// At the limit (the body's own object is one level): kept.
	must[service.Tournament](t, f.send(req{method: "PATCH", path: f.tpath(""), token: f.Director,
		body: `{"settings":` + nested(service.MaxJSONDepth-1) + `}`}), http.StatusOK)
	// Brackets in a string are text.
	name := strings.Repeat("[{", 4000)
	p := must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name}), http.StatusCreated)
	if p.Name != name {
		t.Errorf("a name of brackets stored as %.40q", p.Name)
	}
	// A quote escaped in a string does not end it.
	must[service.Player](t, f.send(req{method: "POST", path: f.tpath("/players"), token: f.Director,
		body: `{"name":"` + strings.Repeat(`\"[`, 200) + `"}`}), http.StatusCreated)
}
