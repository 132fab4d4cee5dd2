package api

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
)

// playChums enters turns at the fixture's game in order, each by the
// seat whose turn it is.
func playChums(t *testing.T, f *fixture, moves ...string) {
	t.Helper()
	seats := len(f.players)
	for i, m := range moves {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: i%seats + 1, Move: m}), http.StatusCreated)
	}
}

// keepPDF writes a PDF to TOURNEY_PDFS=DIR, for a person to look at.
func keepPDF(t *testing.T, name string, pdf []byte) {
	t.Helper()
	if dir := os.Getenv("TOURNEY_PDFS"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".pdf"), pdf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The score sheet of a Word Chums game of three, recorded turn by turn:
// three columns, each player's turns and totals under their name; the
// round's sheets print it beside the other games.
func TestScoreSheetThreeSeats(t *testing.T) {
	f := chumsTable(t, false, "Ann", "Bob", "Cy")
	playChums(t, f, "8H VAT", "I7 M.T", "8H ...S", "-")
	r := f.get(gpath(f.game, "/scoresheet.pdf"), f.Director)
	if n := wantPDF(t, r); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
	keepPDF(t, "scoresheet-three-seats", r.Body)
	text := pdfText(t, r.Body)
	for _, want := range []string{"Chums Night", "Round 1 · Table 1", "Rules: wordchums · Challenge rule: void",
		"Ann went first Bob player 2 Cy player 3",
		"# POS WORD SCORE TOTAL # POS WORD SCORE TOTAL # POS WORD SCORE TOTAL",
		"1 8H VAT 16 16 2 I7 M(A)T 9 9 3 8H (VAT)S 9 9", "4 pass 0 16",
		"Total so far 16 Total so far 9 Total so far 9", "GAME NOT FINISHED"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
	round := f.get(f.tpath("/rounds/1/scoresheets.pdf"), f.Director)
	if n := wantPDF(t, round); n != 1 {
		t.Errorf("the round's sheets: %d pages, want 1", n)
	}
}

// A team game's sheet in play: four columns, each player's turns. (Its
// columns say the team only once the result does: the game's view does
// not say it is a team game until then.)
func TestScoreSheetTeamGame(t *testing.T) {
	f := chumsTable(t, true, "Ann", "Bob", "Cy", "Di")
	playChums(t, f, "8H VAT", "I7 M.T", "8H ...S", "J8 .A")
	r := f.get(gpath(f.game, "/scoresheet.pdf"), f.Director)
	wantPDF(t, r)
	keepPDF(t, "scoresheet-team-game", r.Body)
	text := pdfText(t, r.Body)
	for _, want := range []string{"Ann went first Bob player 2 Cy player 3 Di player 4", "J8 (T)A 4 4", "Total so far 16 Total so far 9 Total so far 9 Total so far 4"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}
}
