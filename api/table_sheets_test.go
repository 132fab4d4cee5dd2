package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// A round's score sheets to fill in: a page a table, with the names in
// the order of play, the starter marked, and the round and table.
func TestTableSheetsPDF(t *testing.T) {
	e := printedEvent(t)
	rp := must[service.RoundPairings](t, e.get(e.path("/rounds/2/pairings"), ""), http.StatusOK)
	var tables []service.PairingView
	for _, pv := range rp.Pairings {
		if !pv.Bye {
			tables = append(tables, pv)
		}
	}
	if len(tables) != 2 {
		t.Fatalf("round 2 has tables %+v, want 2", tables)
	}
	for _, paper := range []string{"a4", "letter"} {
		r := e.get(e.path("/rounds/2/blank-scoresheets.pdf?paper="+paper), "") // public, as the pairings
		if n := wantPDF(t, r); n != len(tables) {
			t.Fatalf("%s: %d pages, want a sheet a table (%d)", paper, n, len(tables))
		}
		keepPDF(t, "blank-scoresheets-"+paper, r.Body)
		pages := strings.Split(pdfText(t, r.Body), "\f")
		for i, pv := range tables {
			page := strings.Join(strings.Fields(pages[i]), " ")
			wantAll(t, fmt.Sprintf("%s sheet %d", paper, i+1), page, "Standings Open", "SCORE SHEET", "A · Round 2",
				fmt.Sprintf("Table %d", pv.Table),
				pv.Players[0].Name+" starts "+pv.Players[1].Name+" 2nd",
				"RACK POS WORD SCORE TOTAL RACK POS WORD SCORE TOTAL", " 1 2 3 ", "Final score", "Signature")
		}
	}
	wantProblem(t, e.get(e.path("/rounds/3/blank-scoresheets.pdf"), ""), http.StatusNotFound, "not-paired")
	wantProblem(t, e.get(e.path("/rounds/0/blank-scoresheets.pdf"), ""), http.StatusBadRequest, "bad-id")
	wantProblem(t, e.get(e.path("/rounds/2/blank-scoresheets.pdf?paper=a3"), ""), http.StatusBadRequest, "bad-paper")
	wantProblem(t, e.get("/api/v1/tournaments/999/rounds/1/blank-scoresheets.pdf", ""), http.StatusNotFound, "not-found")
}

// A team game's sheet has a column for each team, the first marked as
// starting, and says the players' order of play; the lexicon is filled
// in.
func TestTableSheetsTeamGame(t *testing.T) {
	f := chumsTable(t, true, "Ann", "Bob", "Cy", "Di")
	r := f.get(f.tpath("/rounds/1/blank-scoresheets.pdf"), "")
	if n := wantPDF(t, r); n != 1 {
		t.Fatalf("%d pages, want 1", n)
	}
	keepPDF(t, "blank-scoresheets-team", r.Body)
	text := strings.Join(strings.Fields(pdfText(t, r.Body)), " ")
	wantAll(t, "the team game's sheet", text, "Chums Night", "Round 1 · Lexicon ENABLE", "Table 1",
		"Team game, in turn: Ann, Bob, Cy, Di", "Ann & Cy starts Bob & Di 2nd")
}
