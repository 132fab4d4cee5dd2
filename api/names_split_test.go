package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// Names as tsh holds them: a player's name is split into surname and
// given names as typed; pages show "Given Surname" (or "Surname, Given"
// with name_order surname-first), tsh's files "Surname, Given".

// nameEvent is two divisions, A and B, each with players named in
// every way a name is typed.
func nameEvent(t *testing.T) (*event, int64) {
	e := newEvent(t, nil, "", map[string]any{"rounds": 3})
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B", "settings": map[string]any{"rounds": 3}}), http.StatusCreated).ID
	for i, in := range []struct {
		typed string
		div   int64
	}{{"Gruzd, Nathan", *e.division}, {"Cher", *e.division}, {"Robin Pollock Daniel", b}, {"Player 4", b}} {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": in.typed, "rating": 1900 - i, "division_id": in.div}), http.StatusCreated)
		e.ids[in.typed] = p.ID
	}
	return e, b
}

func TestPlayerNameSplit(t *testing.T) {
	e, b := nameEvent(t)
	players := map[int64]service.Player{}
	for _, p := range must[[]service.Player](t, e.get(e.path("/players"), ""), http.StatusOK) {
		players[p.ID] = p
	}
	for _, tc := range []struct{ typed, name, surname, given, tsh string }{
		{"Gruzd, Nathan", "Nathan Gruzd", "Gruzd", "Nathan", "Gruzd, Nathan"},
		{"Cher", "Cher", "Cher", "", "Cher"},
		{"Robin Pollock Daniel", "Robin Pollock Daniel", "Daniel", "Robin Pollock", "Daniel, Robin Pollock"},
		{"Player 4", "Player 4", "Player 4", "", "Player #4"},
	} {
		p := players[e.ids[tc.typed]]
		if p.Name != tc.name || p.Surname != tc.surname || p.GivenNames != tc.given {
			t.Errorf("%q: name %q, surname %q, given %q; want %q, %q, %q", tc.typed, p.Name, p.Surname, p.GivenNames, tc.name, tc.surname, tc.given)
		}
		div := *e.division
		if p.DivisionID != nil {
			div = *p.DivisionID
		}
		if r := e.get(e.path(fmt.Sprintf("/export.t?division=%d", div)), ""); !strings.Contains(string(r.Body), "\n"+tc.tsh+" ") && !strings.HasPrefix(string(r.Body), tc.tsh+" ") {
			t.Errorf("%q: export.t lacks %q:\n%s", tc.typed, tc.tsh, r.Body)
		}
	}
	// The director corrects a split: the name shown and the file follow;
	// audited.
	id := e.ids["Robin Pollock Daniel"]
	p := must[service.Player](t, e.patch(e.path(fmt.Sprintf("/players/%d", id)), e.Director,
		map[string]any{"surname": "Pollock Daniel", "given_names": "Robin", "reason": "a double surname"}), http.StatusOK)
	if p.Name != "Robin Pollock Daniel" || p.Surname != "Pollock Daniel" || p.GivenNames != "Robin" {
		t.Errorf("corrected: %+v", p)
	}
	if r := e.get(e.path(fmt.Sprintf("/export.t?division=%d", b)), ""); !strings.HasPrefix(string(r.Body), "Pollock Daniel, Robin ") {
		t.Errorf("export.t after the correction:\n%s", r.Body)
	}
	audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
	if a := audit[len(audit)-1]; a.Action != "update-player" || !strings.Contains(string(a.After), `"surname":"Pollock Daniel"`) {
		t.Errorf("audit %+v", a)
	}
	// A name typed again is split again.
	p = must[service.Player](t, e.patch(e.path(fmt.Sprintf("/players/%d", id)), e.Director,
		map[string]any{"name": "Daniel, Robin", "reason": "as on the entry form"}), http.StatusOK)
	if p.Name != "Robin Daniel" || p.Surname != "Daniel" || p.GivenNames != "Robin" {
		t.Errorf("renamed: %+v", p)
	}
	wantProblem(t, e.patch(e.path(fmt.Sprintf("/players/%d", id)), e.Director, map[string]any{"surname": "", "given_names": "", "reason": "x"}), http.StatusBadRequest, "missing-name")
	wantProblem(t, e.patch(e.path(fmt.Sprintf("/players/%d", id)), e.Director, map[string]any{"surname": "A\u202eB", "reason": "x"}), http.StatusBadRequest, "bad-characters")
}

func TestNameOrderSetting(t *testing.T) {
	e, b := nameEvent(t)
	shown := func() []string {
		var names []string
		for _, div := range []int64{*e.division, b} {
			for _, r := range e.standings(fmt.Sprintf("?division=%d", div)) {
				names = append(names, r.Name)
			}
		}
		return names
	}
	if got := strings.Join(shown(), "; "); got != "Nathan Gruzd; Cher; Robin Pollock Daniel; Player 4" {
		t.Fatalf("given first: %s", got)
	}
	wantProblem(t, e.patch(e.path(""), e.Director, map[string]any{"settings": map[string]any{"name_order": "last-first"}}), http.StatusBadRequest, "bad-name-order")
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"settings": map[string]any{"name_order": "surname-first"}, "reason": "as the club prints them"}), http.StatusOK)
	if got := strings.Join(shown(), "; "); got != "Gruzd, Nathan; Cher; Daniel, Robin Pollock; Player 4" {
		t.Fatalf("surname first: %s", got)
	}
	// A player entered now is shown the same way; the .t file is the same.
	must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": "Ann Able", "rating": 1500, "division_id": b}), http.StatusCreated)
	if got := shown(); got[len(got)-1] != "Able, Ann" {
		t.Errorf("entered after: %v", got)
	}
	audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
	found := false
	for _, a := range audit {
		found = found || a.Action == "set-name-order" && strings.Contains(string(a.After), `"players_renamed":2`)
	}
	if !found {
		t.Errorf("no set-name-order audit entry renaming 2 players")
	}
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"settings": map[string]any{}, "reason": "back"}), http.StatusOK)
	if got := strings.Join(shown(), "; "); got != "Nathan Gruzd; Cher; Robin Pollock Daniel; Player 4; Ann Able" {
		t.Fatalf("given first again: %s", got)
	}
}

// A .t file's "Surname, Given" names are shown as people say them,
// written back as they were, and a second import finds them.
func TestImportTNamesSpoken(t *testing.T) {
	e := newEvent(t, nil, "", nil)
	file := "Gruzd, Nathan          1800 2; 520\nCher                    1700 1; 380\n"
	res := must[service.ImportResult](t, e.post(e.path("/import.t"), e.Director, map[string]any{"text": file, "division": "A"}), http.StatusCreated)
	if len(res.Players) != 2 || res.Players[0].Name != "Nathan Gruzd" || res.Players[1].Name != "Cher" {
		t.Fatalf("imported %+v", res.Players)
	}
	rows := e.standings("")
	if rows[0].Name != "Nathan Gruzd" {
		t.Errorf("standings %+v", rows)
	}
	if r := e.get(e.path("/export.t"), ""); !strings.HasPrefix(string(r.Body), "Gruzd, Nathan ") || !strings.Contains(string(r.Body), "\nCher ") {
		t.Errorf("written back:\n%s", r.Body)
	}
	again := must[service.ImportResult](t, e.post(e.path("/import.t"), e.Director, map[string]any{"text": "Nathan Gruzd 1800\n", "division_id": res.Division.ID, "roster_only": true}), http.StatusCreated)
	if len(again.Players) != 0 || len(again.Existing) != 1 {
		t.Errorf("a second import made %d players, found %d", len(again.Players), len(again.Existing))
	}
	// The 520 is a highlight, in the name as people say it.
	hs := must[[]service.Highlight](t, e.get(e.path("/highlights"), ""), http.StatusOK)
	if len(hs) == 0 || !strings.Contains(hs[0].Sentence, "Nathan Gruzd") || strings.Contains(hs[0].Sentence, "Gruzd,") {
		t.Errorf("highlights %+v", hs)
	}
}
