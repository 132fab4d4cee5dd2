package api

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"regexp"
	"slices"
	"testing"

	"tourney/gcg"
	"tourney/service"
)

// zipFiles opens a games.zip answer: each file's name and text.
func zipFiles(t *testing.T, r response) map[string]string {
	t.Helper()
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("games.zip: %d %s %s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	zr, err := zip.NewReader(bytes.NewReader(r.Body), int64(len(r.Body)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = string(data)
	}
	return out
}

func TestGamesZip(t *testing.T) {
	f := newFixture(t)
	zipPath := f.tpath("/games.zip")
	wantProblem(t, f.get(zipPath, f.Director), http.StatusNotFound, "no-games")

	// Round 1, table 1: Doug and Emely, two plays, then ended by the director.
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "8D QUIXOTE", Rack: "QUIXOTE", ClaimedScore: claim(124)}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 2, Move: "-", Rack: "AEIOU"}), http.StatusCreated)
	// Round 2 is under way: a game at table 2 with one play.
	must[service.Round](t, f.post(f.tpath("/rounds"), f.Director, map[string]any{"number": 2}), http.StatusCreated)
	second := f.addGame(2, 2, f.players[1], f.players[0])
	must[service.TurnResult](t, f.enter(second, f.Director, turn{Player: 1, Move: "8H ZA", Rack: "ZA", ClaimedScore: claim(22)}), http.StatusCreated)

	// Before round 1 is complete the public gets nothing, the director both.
	wantProblem(t, f.get(zipPath, ""), http.StatusNotFound, "no-games")
	files := zipFiles(t, f.get(zipPath, f.Director))
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range files {
			if !yield(n) {
				return
			}
		}
	})
	want := []string{"r1-t1-Doug-Emely.gcg", "r2-t2-Emely-Doug.gcg"}
	if !slices.Equal(names, want) {
		t.Fatalf("files %v, want %v", names, want)
	}
	for name, text := range files {
		rec, err := gcg.Read([]byte(text))
		if err != nil {
			t.Fatalf("%s does not read back: %v", name, err)
		}
		if !regexp.MustCompile(`^r\d+-t\d+-.+\.gcg$`).MatchString(name) || len(rec.Events) == 0 {
			t.Errorf("%s: %d events", name, len(rec.Events))
		}
	}
	if export := f.get(gpath(f.game, "/export.gcg"), f.Director); files["r1-t1-Doug-Emely.gcg"] != string(export.Body) {
		t.Error("the zip's record is not the game's export.gcg")
	}
	only := zipFiles(t, f.get(zipPath+"?round=2", f.Director))
	if len(only) != 1 || only["r2-t2-Emely-Doug.gcg"] == "" {
		t.Errorf("?round=2 gave %v", only)
	}
	wantProblem(t, f.get(zipPath+"?round=x", f.Director), http.StatusBadRequest, "bad-query")

	// Once round 1 is complete everyone gets its game, and only it.
	must[service.GameView](t, f.post(gpath(f.game, "/end"), f.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusOK)
	public := zipFiles(t, f.get(zipPath, ""))
	if len(public) != 1 || public["r1-t1-Doug-Emely.gcg"] == "" {
		t.Errorf("public zip %v, want round 1's game only", public)
	}
	wantProblem(t, f.get("/api/v1/tournaments/999/games.zip", f.Director), http.StatusNotFound, "not-found")
}
