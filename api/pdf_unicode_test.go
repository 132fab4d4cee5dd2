package api

import (
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// TestPDFsTakeAnyText: names with an emoji, Chinese, Arabic (right to
// left), combining accents and 10,000 characters print in every PDF: 200
// and a readable PDF whose text holds each name, or what stands in for
// the characters the fonts lack (U+FFFD), or its start cut with an
// ellipsis. Before, an emoji made every PDF answer 500.
func TestPDFsTakeAnyText(t *testing.T) {
	long := strings.Repeat("Abcdefghij", 1000)
	names := []struct{ name, want string }{
		{"Zoë 😀 Adams", "Zoë \uFFFD Adams"},
		{"王小明", "王小明"}, // in the fallback font
		{"سارة", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"Rene\u0301e Roux", "Renée Roux"},
		{long, "Abcdefghij"},
	}
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Open 🏆 国际"}), http.StatusCreated).ID
	for _, n := range names {
		f.players = append(f.players, f.addPlayer(n.name))
	}
	f.players = append(f.players, f.addPlayer("Plain Name"))
	rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	first := rp.Pairings[0].Players
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{"round": 1, "players": []int64{first[0].ID, first[1].ID}, "scores": []int{400, 350}}), http.StatusCreated)

	routes := []struct {
		path, token string
		all         bool // every name is on it
	}{
		{f.tpath("/standings.pdf"), "", true},
		{f.tpath("/crosstable.pdf"), "", true},
		{f.tpath("/scorecards.pdf"), "", true},
		{f.tpath("/rounds/1/pairings.pdf"), "", true},
		{f.tpath("/rounds/1/scoresheets.pdf"), ts.Director, true},
		{f.tpath("/rounds/1/slips.pdf"), ts.Director, true},
		{f.tpath("/rounds/1/blank-scoresheets.pdf"), "", true},
		{f.tpath("/rounds/1/tablecards.pdf?base=https://club.example/"), ts.Director, false},
		{gpath(*rp.Pairings[0].GameID, "/scoresheet.pdf"), ts.Director, false},
		{f.tpath("/blank-scoresheet.pdf"), "", false},
	}
	for _, r := range routes {
		t.Run(r.path, func(t *testing.T) {
			res := f.get(r.path, r.token)
			wantPDF(t, res)
			text := pdfText(t, res.Body)
			if !r.all {
				return
			}
			flat := strings.Join(strings.Fields(text), " ")
			for _, n := range names {
				if !strings.Contains(flat, n.want) {
					t.Errorf("%s lacks %q", r.path, n.want)
				}
			}
		})
	}
}
