package api

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// TestPDFNamesInEveryScript: names in Greek, Cyrillic, Chinese, Japanese
// and Korean print as written on the standings, the pairings and the
// table cards (pdftotext finds each), two Chinese names of one length
// among them (ten players: every one at a table, on a card); a name in a script no font has (Ethiopic) prints as
// replacement marks with the player's number in the division beside it.
// TOURNEY_PDF_DIR=dir keeps the PDFs and their pages as PNG, to look at.
func TestPDFNamesInEveryScript(t *testing.T) {
	names := []string{"Γιώργος Παπαδόπουλος", "Дмитрий Иванов", "王小明", "李小红",
		"山田太郎", "すずき かな", "サトウ カナ", "김민준", "ሰላም ተስፋዬ", "Zoë Łukasz"}
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "世界 Open"}), http.StatusCreated).ID
	for _, n := range names {
		f.players = append(f.players, f.addPlayer(n))
	}
	rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	line := 0
	for _, pv := range rp.Pairings {
		for _, p := range pv.Players {
			if p.Name == "ሰላም ተስፋዬ" {
				line = p.Line
			}
		}
	}
	if line != 9 {
		t.Fatalf("the pairings give the ninth player line %d", line)
	}
	first := rp.Pairings[0].Players
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{"round": 1, "players": []int64{first[0].ID, first[1].ID}, "scores": []int{400, 350}}), http.StatusCreated)

	want := append(slices.Delete(slices.Clone(names), 8, 9), fmt.Sprintf("\uFFFD\uFFFD\uFFFD \uFFFD\uFFFD\uFFFD\uFFFD (#%d)", line))
	for _, r := range []struct{ name, path, token string }{
		{"standings", f.tpath("/standings.pdf"), ""},
		{"pairings", f.tpath("/rounds/1/pairings.pdf"), ""},
		{"tablecards", f.tpath("/rounds/1/tablecards.pdf?base=https://club.example/"), ts.Director},
	} {
		t.Run(r.name, func(t *testing.T) {
			res := f.get(r.path, r.token)
			wantPDF(t, res)
			flat := strings.Join(strings.Fields(pdfText(t, res.Body)), " ")
			for _, n := range want {
				if !strings.Contains(flat, n) {
					t.Errorf("%s lacks %q:\n%s", r.name, n, flat)
				}
			}
			if dir := os.Getenv("TOURNEY_PDF_DIR"); dir != "" {
				path := filepath.Join(dir, r.name+".pdf")
				if err := os.WriteFile(path, res.Body, 0o644); err != nil {
					t.Fatal(err)
				}
				if out, err := exec.Command("pdftoppm", "-png", "-r", "60", path, filepath.Join(dir, r.name)).CombinedOutput(); err != nil {
					t.Fatalf("pdftoppm: %v %s", err, out)
				}
			}
		})
	}
}
