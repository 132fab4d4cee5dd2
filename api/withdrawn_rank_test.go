package api

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
	"tourney/standings"
)

// A withdrawn player keeps their line in every standings the server gives
// but takes no rank, and the others' ranks close up: tsh's rule. tsh
// (John Chew), lib/perl/TSH/Division.pm, ComputeRanks, splices inactive
// players (an `off` field) out of the sorted list with
// TSH::Player::SpliceInactive (lib/perl/TSH/Player.pm) before numbering
// it, so they get no rank (standings/DECISIONS.md, "Withdrawn players").
//
// Round 1 (KOTH): Ann beats Bob 420-400 (+20), Cat beats Dan 380-300
// (+80); Bob withdraws. Standings: Cat 1-0 +80, Ann 1-0 +20, Bob 0-1 -20
// (withdrawn), Dan 0-1 -80: ranks 1, 2, none, 3.
func TestWithdrawnRankEverywhere(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{}, "Ann", "Bob", "Cat", "Dan")
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	e.game(1, "Ann", "Bob", 420, 400)
	e.game(1, "Cat", "Dan", 380, 300)
	must[service.Player](t, e.post(e.path(fmt.Sprintf("/players/%d/withdraw", e.ids["Bob"])), e.Director, map[string]any{"reason": "ill"}), http.StatusOK)

	// JSON: Bob's line has no rank at all, and withdrawn: true.
	r := e.get(e.path("/standings"), "")
	var raw []map[string]any
	if err := json.Unmarshal(r.Body, &raw); err != nil || len(raw) != 4 {
		t.Fatalf("standings %d %s", r.Status, r.Body)
	}
	var got []string
	for _, row := range raw {
		rank, has := row["rank"]
		got = append(got, fmt.Sprintf("%v:%v:%v:%v", row["name"], rank, has, row["withdrawn"]))
	}
	if want := []string{"Cat:1:true:false", "Ann:2:true:false", "Bob:<nil>:false:true", "Dan:3:true:false"}; !slices.Equal(got, want) {
		t.Errorf("standings JSON name:rank:has rank:withdrawn %v, want %v", got, want)
	}

	// CSV: Bob's line, rank empty.
	r = e.get(e.path("/standings.csv"), "")
	recs, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
	if err != nil || r.Status != http.StatusOK {
		t.Fatalf("standings.csv %d %v", r.Status, err)
	}
	got = nil
	for _, rec := range recs[1:] {
		got = append(got, rec[0]+" "+rec[2])
	}
	if want := []string{"1 Cat", "2 Ann", " Bob", "3 Dan"}; !slices.Equal(got, want) {
		t.Errorf("standings.csv rank name %q, want %q", got, want)
	}

	// The standings PDF: a dash in the rank column, Dan 3rd.
	r = e.get(e.path("/standings.pdf"), "")
	wantPDF(t, r)
	text := pdfText(t, r.Body)
	for _, want := range []string{"1 Cat 1–0 +80", "2 Ann 1–0 +20", "– Bob (withdrawn) 0–1 −20", "3 Dan 0–1 −80"} {
		if !strings.Contains(text, want) {
			t.Errorf("standings.pdf lacks %q:\n%s", want, text)
		}
	}

	// The ratings: the standings' ranks.
	rv := e.ratings("")
	got = nil
	for _, p := range rv.Divisions[0].Players {
		got = append(got, fmt.Sprintf("%d %s", p.Rank, p.Name))
	}
	if want := []string{"1 Cat", "2 Ann", "0 Bob", "3 Dan"}; !slices.Equal(got, want) {
		t.Errorf("ratings %v, want %v", got, want)
	}

	// The projector page: a dash, the line kept.
	wantPage(t, e.get("/t/"+itoa(e.tournament)+"/standings", ""), http.StatusOK,
		`<td class="num">–</td><td class="who">Bob <span class="withdrawn-note">(withdrawn)</span></td>`, `<td class="num">3</td><td class="who">Dan</td>`)

	// The .t file carries no rank, and marks Bob `off`: tsh, reading it,
	// leaves him out of its ranking; read back, the standings are the same.
	r = e.get(e.path("/export.t"), "")
	if r.Status != http.StatusOK {
		t.Fatalf("export.t %d %s", r.Status, r.Body)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(r.Body)), "\n") {
		if strings.Contains(l, "rank") {
			t.Errorf("export.t writes a rank: %q", l)
		}
		if bob := strings.HasPrefix(l, "Bob"); bob != strings.Contains(l, "; off ") {
			t.Errorf("export.t: off on the wrong line: %q", l)
		}
	}
	d, err := standings.ParseT(r.Body, "A", standings.DefaultConfig(standings.RealmNASPA))
	if err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, row := range d.Standings(1) {
		got = append(got, fmt.Sprintf("%d %s", row.Rank, row.Name))
	}
	if want := []string{"1 Cat", "2 Ann", "0 Bob", "3 Dan"}; !slices.Equal(got, want) {
		t.Errorf("export.t read back %v, want %v", got, want)
	}
}
