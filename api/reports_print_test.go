package api

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// printedEvent is a division of five players with accented names: round
// 1 paired King of the Hill and played (Zoë has the bye), round 2 paired.
func printedEvent(t *testing.T) *event {
	t.Helper()
	e := newEvent(t, nil, "", map[string]any{"rounds": 3}, "Élodie Müller", "Łukasz Żółw", "Søren Ørsted", "Ana Peña", "Zoë Adams")
	must[map[string]any](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	e.game(1, "Élodie Müller", "Łukasz Żółw", 412, 380)
	e.game(1, "Søren Ørsted", "Ana Peña", 450, 300)
	must[map[string]any](t, e.post(e.path("/rounds/2/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	return e
}

func wantAll(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func TestStandingsPDF(t *testing.T) {
	e := printedEvent(t)
	r := e.get(e.path("/standings.pdf"), "") // public
	if n := wantPDF(t, r); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
	// Round 2 has one result in of three: "after round 2" would say more
	// than is known.
	wantAll(t, "standings", pdfText(t, r.Body), "Standings Open", "A · after round 1 · round 2: 1 of 3 results", "STANDINGS",
		"RANK PLAYER WON–LOST SPREAD LAST GAME",
		"1 Søren Ørsted 1–0 +150 R1 W 450–300 v Ana Peña",
		"Élodie Müller 1–0 +32 R1 W 412–380 v Łukasz Żółw",
		"Zoë Adams 1–0 +50 R1 bye +50",
		"4 Ana Peña 1–1 −100 R2 bye +50")
	r = e.get(e.path("/standings.pdf?round=1&paper=letter"), "")
	wantPDF(t, r)
	wantAll(t, "standings after round 1", pdfText(t, r.Body), "A · after round 1")
	wantProblem(t, e.get(e.path("/standings.pdf?paper=a3"), ""), http.StatusBadRequest, "bad-paper")
	wantProblem(t, e.get(e.path("/standings.pdf?division=999"), ""), http.StatusNotFound, "unknown-division")
	wantProblem(t, e.get("/api/v1/tournaments/999/standings.pdf", ""), http.StatusNotFound, "not-found")
}

func TestPairingsPDF(t *testing.T) {
	e := printedEvent(t)
	r := e.get(e.path("/rounds/1/pairings.pdf"), "") // public
	if n := wantPDF(t, r); n != 2 {
		t.Fatalf("%d pages, want 2 (by table, by name)", n)
	}
	text := pdfText(t, r.Body)
	wantAll(t, "pairings", text, "PAIRINGS BY TABLE", "A · Round 1",
		"Élodie Müller\n 1 Łukasz Żółw\n Søren Ørsted\n 2 Ana Peña\n Zoë Adams\n – bye",
		"PAIRINGS BY NAME", "Ana Peña 2 second Søren Ørsted", "Łukasz Żółw 1 second Élodie Müller",
		"Zoë Adams – bye")
	byName := text[strings.Index(text, "PAIRINGS BY NAME"):]
	if a, z := strings.Index(byName, "Ana Peña"), strings.Index(byName, "Zoë Adams"); a < 0 || z < a {
		t.Errorf("by name is not alphabetical:\n%s", byName)
	}
	wantProblem(t, e.get(e.path("/rounds/3/pairings.pdf"), ""), http.StatusNotFound, "not-paired")
	wantProblem(t, e.get(e.path("/rounds/0/pairings.pdf"), ""), http.StatusBadRequest, "bad-id")
}

func TestCrossTableAndScorecardsPDF(t *testing.T) {
	e := printedEvent(t)
	r := e.get(e.path("/crosstable.pdf"), "")
	wantPDF(t, r)
	wantAll(t, "cross-table", pdfText(t, r.Body), "CROSS-TABLE", "# PLAYER RD 1 RD 2 WON–LOST SPREAD",
		"1 Élodie Müller", "412–380", "Łukasz Żółw", "bye", "+50")

	r = e.get(e.path("/scorecards.pdf"), "")
	if n := wantPDF(t, r); n != 2 {
		t.Errorf("%d pages, want five cards of three rounds four to a sheet (2)", n)
	}
	wantAll(t, "scorecards", pdfText(t, r.Body), "SCORECARD", "Élodie Müller",
		"1 1 Łukasz Żółw (#2) first 412 380 +32 1–0 +32", "Zoë Adams", "1 – bye +50 1–0 +50")
}

func TestSlipsAndBlankScoreSheetPDF(t *testing.T) {
	e := printedEvent(t)
	r := e.get(e.path("/rounds/2/slips.pdf"), "")
	wantPDF(t, r)
	wantAll(t, "slips", pdfText(t, r.Body), "RESULT SLIP", "A · Round 2 · Table 1", "A · Round 2 · Table 2",
		"FINAL SCORE", "Spread (winner's)", "Signature")
	r = e.get(e.path("/blank-scoresheet.pdf?paper=letter"), "")
	if n := wantPDF(t, r); n != 1 {
		t.Errorf("%d pages, want 1", n)
	}
	wantAll(t, "blank sheet", pdfText(t, r.Body), "Standings Open", "SCORE SHEET", "RACK POS WORD SCORE TOTAL", "Final score")
}

// Table cards carry each table's new credential in a QR code and as a
// short code in large type, on both faces of the tent; the code works.
func TestTableCardsPDF(t *testing.T) {
	e := printedEvent(t)
	path := e.path("/rounds/2/tablecards.pdf?base=https://club.example/")
	wantProblem(t, e.get(path, ""), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, e.get(e.path("/rounds/2/tablecards.pdf?base=ftp://x"), e.Director), http.StatusBadRequest, "bad-base")
	wantProblem(t, e.get(e.path("/rounds/2/tablecards.pdf?base="), e.Director), http.StatusBadRequest, "bad-base")

	r := e.get(path, e.Director)
	if n := wantPDF(t, r); n != 2 {
		t.Fatalf("%d pages, want a card per table (2)", n)
	}
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
	text := pdfText(t, r.Body)
	wantAll(t, "table cards", text, "TABLE · Round 2", "goes first, against", "or type this code", "on the table page at")
	codes := cardCodes(t, text, "club.example")
	if len(codes) != 2 || codes["1"] == "" || codes["2"] == "" || codes["1"] == codes["2"] {
		t.Fatalf("codes %v, want one for each of tables 1 and 2", codes)
	}
	wantPDFImages(t, r.Body, 4) // a QR code on each face

	// The printed code is table 1's credential: it reads table 1's game,
	// still being played, which the public may not.
	games := must[[]map[string]any](t, e.get(e.path("/games"), ""), http.StatusOK)
	var game int64
	for _, g := range games {
		if g["round"] == float64(2) && g["table"] == float64(1) {
			game = int64(g["id"].(float64))
		}
	}
	wantProblem(t, e.get(gpath(game, "/scoresheet.pdf"), ""), http.StatusUnauthorized, "credentials-required")
	wantPDF(t, e.get(gpath(game, "/scoresheet.pdf"), codes["1"]))

	// Without ?base= the cards name the tablets' address (here the test
	// server's own host), with the same codes.
	r = e.get(e.path("/rounds/2/tablecards.pdf"), e.Director)
	wantPDF(t, r)
	host := strings.TrimPrefix(e.URL, "http://")
	if again := cardCodes(t, pdfText(t, r.Body), host); fmt.Sprint(again) != fmt.Sprint(codes) {
		t.Errorf("codes printed again at %s: %v, want %v", host, again, codes)
	}
}

// wantPDFImages checks with pdfimages that the PDF holds n images.
func wantPDFImages(t *testing.T, pdf []byte, n int) {
	t.Helper()
	if _, err := exec.LookPath("pdfimages"); err != nil {
		t.Skip("pdfimages not installed (apt-get install poppler-utils)")
	}
	path := filepath.Join(t.TempDir(), "cards.pdf")
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdfimages", "-list", path).Output()
	if err != nil {
		t.Fatalf("pdfimages: %v", err)
	}
	if got := len(strings.Split(strings.TrimSpace(string(out)), "\n")) - 2; got != n {
		t.Errorf("%d images, want %d (the QR codes):\n%s", got, n, out)
	}
}

type printJobDoc struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Status string `json:"status"`
	Done   int    `json:"done"`
	Total  int    `json:"total"`
	Error  string `json:"error"`
	Result string `json:"result"`
}

// waitJob polls a job until it is no longer running.
func waitJob(t *testing.T, e *event, id string) printJobDoc {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		j := must[printJobDoc](t, e.get("/api/v1/print-jobs/"+id, e.Director), http.StatusOK)
		if j.Done > j.Total {
			t.Fatalf("progress %d of %d", j.Done, j.Total)
		}
		if j.Status != "running" {
			return j
		}
		if time.Now().After(deadline) {
			t.Fatalf("job still running: %+v", j)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestPrintJobs(t *testing.T) {
	e := printedEvent(t)
	start := e.path("/print-jobs")
	wantProblem(t, e.post(start, "", map[string]any{"kind": "scorecards"}), http.StatusUnauthorized, "credentials-required")
	wantProblem(t, e.post(start, e.Director, map[string]any{"kind": "posters"}), http.StatusBadRequest, "bad-kind")
	wantProblem(t, e.post(start, e.Director, map[string]any{"kind": "scoresheets"}), http.StatusBadRequest, "bad-round")

	r := e.post(start, e.Director, map[string]any{"kind": "scorecards", "division": *e.division})
	j := must[printJobDoc](t, r, http.StatusAccepted)
	if j.ID == "" || j.Status != "running" || r.Header.Get("Location") != "/api/v1/print-jobs/"+j.ID {
		t.Fatalf("started %+v, Location %q", j, r.Header.Get("Location"))
	}
	j = waitJob(t, e, j.ID)
	if j.Status != "done" || j.Done != 5 || j.Total != 5 || j.Result != "/api/v1/print-jobs/"+j.ID+"/result.pdf" {
		t.Fatalf("finished %+v", j)
	}
	wantProblem(t, e.get(j.Result, ""), http.StatusUnauthorized, "credentials-required")
	res := e.get(j.Result, e.Director)
	if n := wantPDF(t, res); n != 2 {
		t.Errorf("%d pages, want 5 scorecards four to a sheet (2)", n)
	}
	wantAll(t, "scorecards job", pdfText(t, res.Body), "SCORECARD", "Łukasz Żółw")

	j = must[printJobDoc](t, e.post(start, e.Director, map[string]any{"kind": "scoresheets", "round": 2, "paper": "letter"}), http.StatusAccepted)
	j = waitJob(t, e, j.ID)
	if j.Status != "done" || j.Done != 2 || j.Total != 2 {
		t.Fatalf("score sheets %+v", j)
	}
	res = e.get(j.Result, e.Director)
	if n := wantPDF(t, res); n != 2 {
		t.Errorf("%d pages, want a sheet per game (2)", n)
	}
	// Round 2 is not played yet: sheets to fill in, not unfinished games.
	sheets := pdfText(t, res.Body)
	wantAll(t, "score sheets job", sheets, "Table 1", "Table 2", "starts", "Final score")
	if strings.Contains(sheets, "NOT FINISHED") {
		t.Errorf("an unplayed game prints as unfinished:\n%s", sheets)
	}

	j = must[printJobDoc](t, e.post(start, e.Director, map[string]any{"kind": "scoresheets", "round": 3}), http.StatusAccepted)
	if j = waitJob(t, e, j.ID); j.Status != "failed" || !strings.Contains(j.Error, "no games") {
		t.Errorf("a round without games: %+v", j)
	}
	wantProblem(t, e.get(fmt.Sprintf("/api/v1/print-jobs/%s/result.pdf", j.ID), e.Director), http.StatusConflict, "job-failed")
	wantProblem(t, e.get("/api/v1/print-jobs/nope", e.Director), http.StatusNotFound, "not-found")
}
