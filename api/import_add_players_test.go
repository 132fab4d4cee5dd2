package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// A .t file's players, roster only, join a division that has players:
// the new ones are added after them, one already there (the same name,
// case and spacing aside) is not added twice. Results cannot be merged
// into a division that has players.
func TestImportPlayersIntoDivisionWithPlayers(t *testing.T) {
	e, b := twoDivisionEvent(t)
	a := *e.division
	text := map[string]string{"Content-Type": "text/plain"}
	res := must[service.ImportResult](t, e.send(req{method: "POST", path: e.path(fmt.Sprintf("/import.t?division=%d&roster_only=true", a)), token: e.Director,
		body: "ann  ABLE            2000\nEve Egan 1650\nFay Fox 1600\n", header: text}), http.StatusCreated)
	var added, had []string
	for _, p := range res.Players {
		added = append(added, p.Name)
		if p.DivisionID == nil || *p.DivisionID != a {
			t.Errorf("%s not in division A: %+v", p.Name, p.DivisionID)
		}
	}
	for _, p := range res.Existing {
		had = append(had, p.Name)
	}
	if strings.Join(added, ",") != "Eve Egan,Fay Fox" || strings.Join(had, ",") != "Ann Able" || res.Division.ID != a {
		t.Fatalf("added %v, existing %v, division %d", added, had, res.Division.ID)
	}
	var names []string
	for _, r := range e.standings(fmt.Sprintf("?division=%d", a)) {
		names = append(names, r.Name)
	}
	if len(names) != 6 || strings.Count(strings.Join(names, ","), "Ann Able") != 1 {
		t.Errorf("division A: %v", names)
	}
	if rows := e.standings(fmt.Sprintf("?division=%d", b)); len(rows) != 4 {
		t.Errorf("division B has %d players", len(rows))
	}
	// The same file again adds nobody.
	res = must[service.ImportResult](t, e.send(req{method: "POST", path: e.path(fmt.Sprintf("/import.t?division=%d&roster_only=true", a)), token: e.Director,
		body: "Eve Egan 1650\nFay Fox 1600\n", header: text}), http.StatusCreated)
	if len(res.Players) != 0 || len(res.Existing) != 2 {
		t.Errorf("again: added %d, existing %d", len(res.Players), len(res.Existing))
	}
	p := wantProblem(t, e.send(req{method: "POST", path: e.path(fmt.Sprintf("/import.t?division=%d", b)), token: e.Director, body: "Gus Gray 1500\n", header: text}),
		http.StatusConflict, "division-not-empty")
	if !strings.Contains(p.Detail, "roster only") {
		t.Errorf("detail %q", p.Detail)
	}
}
