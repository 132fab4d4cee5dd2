package api

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

// wantPDF checks a PDF answer and returns its number of pages.
func wantPDF(t *testing.T, r response) int {
	t.Helper()
	if r.Status != http.StatusOK {
		t.Fatalf("status %d, want 200: %s", r.Status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/pdf" {
		t.Fatalf("Content-Type %q, want application/pdf", ct)
	}
	if !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
		t.Fatalf("body does not start with %%PDF-: %q", r.Body[:min(len(r.Body), 20)])
	}
	if cd := r.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "inline; filename=") {
		t.Errorf("Content-Disposition %q", cd)
	}
	m := regexp.MustCompile(`/Type /Pages\s*/Kids \[[^\]]*\]\s*/Count (\d+)`).FindSubmatch(r.Body)
	if m == nil {
		t.Fatal("no page tree in the PDF")
	}
	n := 0
	for _, d := range m[1] {
		n = n*10 + int(d-'0')
	}
	return n
}

// pdfText is the PDF's text by pdftotext; CI has poppler-utils, a
// developer without it skips the check.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("pdftotext is missing: CI installs poppler-utils")
		}
		t.Skip("pdftotext not installed (apt-get install poppler-utils)")
	}
	path := filepath.Join(t.TempDir(), "sheet.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return regexp.MustCompile(`[ \t]+`).ReplaceAllString(string(out), " ")
}

// The score sheet of a whole game, as the service recorded it.
func TestScoreSheetOfAGame(t *testing.T) {
	f := newFixture(t)
	for i, tc := range dougVEmely {
		token := f.table
		if tc.byDirector {
			token = f.Director
		}
		must[service.TurnResult](t, f.enter(f.game, token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move,
			Rack: tc.rack, ClaimedScore: claim(tc.score)}), http.StatusCreated)
	}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "-"}), http.StatusCreated)

	r := f.get(gpath(f.game, "/scoresheet.pdf"), "") // finished: public
	if n := wantPDF(t, r); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
	text := pdfText(t, r.Body)
	for _, want := range []string{"Test Open", "Round 1 · Table 1", "Doug", "Emely", "went first",
		"DINNVWY 8D WINDY 32 32", "JAVE(LI)N", "RE(L)IgION", "withdrawn after a challenge",
		"Tiles left EGOP", "Went out +14", "Winner: Doug, 451 to 345, spread +106."} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}

	letter := f.get(gpath(f.game, "/scoresheet.pdf?paper=letter"), "")
	wantPDF(t, letter)
	if !bytes.Contains(letter.Body, []byte("/MediaBox [0 0 612.00 792.00]")) {
		t.Error("?paper=letter did not print on Letter")
	}
}

func TestScoreSheetAccess(t *testing.T) {
	f := newFixture(t)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(30)}), http.StatusCreated)
	other := f.credential(2)
	path := gpath(f.game, "/scoresheet.pdf")

	// While the game is played: its table and the director only.
	wantProblem(t, f.get(path, ""), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, f.get(path, other), http.StatusForbidden, "not-your-table")
	wantPDF(t, f.get(path, f.table))
	r := f.get(path, f.Director)
	wantPDF(t, r)
	text := pdfText(t, r.Body)
	for _, want := range []string{"GAME NOT FINISHED", "claimed 30, computed 32"} {
		if !strings.Contains(text, want) {
			t.Errorf("the sheet lacks %q:\n%s", want, text)
		}
	}

	wantProblem(t, f.get(gpath(999, "/scoresheet.pdf"), f.Director), http.StatusNotFound, "not-found")
	wantProblem(t, f.get("/api/v1/games/x/scoresheet.pdf", f.Director), http.StatusBadRequest, "bad-id")
	wantProblem(t, f.get(path+"?paper=legal", f.Director), http.StatusBadRequest, "bad-paper")
}

// A round's sheets: each game as its reader may see it, by table.
func TestRoundScoreSheets(t *testing.T) {
	f := challengeGame(t, "triple", nil) // Ann and Bob at table 1
	f.play("8D WINDY", "7C GALE")
	// Ann challenges GALE, which stands: under the triple rule she loses.
	must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	cy, di := f.addPlayer("Cy"), f.addPlayer("Di")
	f.addGame(1, 2, cy, di) // still to be played
	path := f.tpath("/rounds/1/scoresheets.pdf")

	r := f.get(path, f.Director)
	if n := wantPDF(t, r); n != 2 {
		t.Errorf("director: %d pages, want one per game (2)", n)
	}
	text := pdfText(t, r.Body)
	for _, want := range []string{"Table 1", "Table 2", "Ann", "Cy", "Decided by a challenge under the triple rule",
		"challenged by Ann (GALE, AW, LI, EN): acceptable; challenger",
		"Winner: Bob, 16 to 32, spread −16."} {
		if !strings.Contains(text, want) {
			t.Errorf("the round lacks %q:\n%s", want, text)
		}
	}

	// The public sees the finished game only.
	r = f.get(path+"?paper=letter", "")
	if n := wantPDF(t, r); n != 1 {
		t.Errorf("public: %d pages, want 1 (the finished game)", n)
	}
	if text := pdfText(t, r.Body); strings.Contains(text, "Cy") || !strings.Contains(text, "Ann") {
		t.Errorf("public round:\n%s", text)
	}

	f.addGame(2, 1, f.players...)
	wantProblem(t, f.get(f.tpath("/rounds/2/scoresheets.pdf"), ""), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, f.get(f.tpath("/rounds/3/scoresheets.pdf"), f.Director), http.StatusNotFound, "no-games")
	wantProblem(t, f.get("/api/v1/tournaments/999/rounds/1/scoresheets.pdf", f.Director), http.StatusNotFound, "not-found")
	wantProblem(t, f.get(f.tpath("/rounds/0/scoresheets.pdf"), f.Director), http.StatusBadRequest, "bad-id")
	wantProblem(t, f.get(path+"?paper=a3", f.Director), http.StatusBadRequest, "bad-paper")
}
