package api

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tourney/challenges"
	"tourney/service"
)

// TestVariantDefaultsOnCreate: a tournament created without a challenge
// rule or lexicon gets its variant's (Word Chums and AlphaJax refuse
// invalid words: void with ENABLE; Hasbro: double); one that names them
// keeps its own.
func TestVariantDefaultsOnCreate(t *testing.T) {
	ts := newTestServer(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "ENABLE.txt"), []byte("AA\nCAT\nVAT\nVOTE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := challenges.OpenLibrary(dir)
	if err != nil {
		t.Fatal(err)
	}
	ts.Svc.Lexicons = lib
	var chums int64
	for _, tc := range []struct {
		body               map[string]any
		challenge, lexicon string
	}{
		{map[string]any{"name": "Chums Cup", "variant": "wordchums"}, "void", "ENABLE"},
		{map[string]any{"name": "Jax Jam", "variant": "alphajax"}, "void", "ENABLE"},
		{map[string]any{"name": "Family Night", "variant": "hasbro"}, "double", ""},
		{map[string]any{"name": "Chums by hand", "variant": "wordchums", "lexicon": "", "challenge_rule": "single"}, "single", ""},
	} {
		tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, tc.body), http.StatusCreated)
		if tour.ChallengeRule != tc.challenge || tour.Lexicon != tc.lexicon {
			t.Errorf("%v: challenge rule %q, lexicon %q; want %q, %q", tc.body, tour.ChallengeRule, tour.Lexicon, tc.challenge, tc.lexicon)
		}
		if chums == 0 {
			chums = tour.ID
		}
	}

	// The defaults at work: on the Word Chums-style board, a word not in
	// ENABLE is refused as it is played, and VAT puts its V (6) on H8.
	f := &fixture{testServer: ts, tournament: chums}
	f.players = []int64{f.addPlayer("Ann"), f.addPlayer("Bo")}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	f.game = f.addGame(1, 1, f.players...)
	f.table = f.credential(1)
	wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8G VAX"}), http.StatusUnprocessableEntity, "invalid-word")
	res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8H VAT"}), http.StatusCreated)
	if res.Score != 16 {
		t.Errorf("VAT scored %d, want (6+1+1) x2 = 16", res.Score)
	}
}

// TestVariantDefaultLexiconMissing: when the server's lexicon folder has
// no ENABLE list (or there is no folder), a Word Chums tournament created
// without a lexicon is refused with a problem that says how to go on; the
// server does not create a tournament whose words nobody checks.
func TestVariantDefaultLexiconMissing(t *testing.T) {
	ts := newTestServer(t) // its folder holds only TESTLEX
	p := wantProblem(t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Chums Cup", "variant": "wordchums"}), http.StatusBadRequest, "unknown-lexicon")
	for _, w := range []string{"ENABLE", "ENABLE.txt", "wordchums", "empty lexicon"} {
		if !strings.Contains(p.Detail, w) {
			t.Errorf("detail %q lacks %q", p.Detail, w)
		}
	}
	// Naming a lexicon the folder has, or none, still works.
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Chums Cup", "variant": "wordchums", "lexicon": "TESTLEX"}), http.StatusCreated)
	if tour.ChallengeRule != "void" || tour.Lexicon != "TESTLEX" {
		t.Errorf("%+v", tour)
	}

	ts.Svc.Lexicons = nil
	p = wantProblem(t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Jax Jam", "variant": "alphajax"}), http.StatusBadRequest, "no-lexicon-folder")
	if !strings.Contains(p.Detail, "ENABLE.txt") {
		t.Errorf("detail %q does not say which list is missing", p.Detail)
	}
}

// TestWordChumsWithoutLexiconFolder: on a server started with no lexicon
// folder (serve gives the service the lists built in, as here), a Word
// Chums tournament is created with its defaults, void and ENABLE; a phony
// is refused as it is played and a word is taken. A lexicon that is not
// built in still says there is no folder.
func TestWordChumsWithoutLexiconFolder(t *testing.T) {
	if !slices.Contains(challenges.BuiltinNames(), "ENABLE") {
		if os.Getenv("CI") == "true" {
			t.Fatal("ENABLE is not built in: CI runs scripts/builtinlists before the tests")
		}
		t.Skip("ENABLE is not built in: go generate ./challenges/")
	}
	ts := newTestServer(t)
	ts.Svc.Lexicons = challenges.BuiltinLibrary()
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Chums Cup", "variant": "wordchums"}), http.StatusCreated)
	if tour.ChallengeRule != "void" || tour.Lexicon != "ENABLE" {
		t.Fatalf("challenge rule %q, lexicon %q", tour.ChallengeRule, tour.Lexicon)
	}
	f := &fixture{testServer: ts, tournament: tour.ID}
	f.players = []int64{f.addPlayer("Ann"), f.addPlayer("Bo")}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	f.game = f.addGame(1, 1, f.players...)
	f.table = f.credential(1)
	p := wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8G VAX"}), http.StatusUnprocessableEntity, "invalid-word")
	if !strings.Contains(p.Detail, "VAX") {
		t.Errorf("detail %q does not name the phony", p.Detail)
	}
	if res := must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8H VAT"}), http.StatusCreated); res.Score != 16 {
		t.Errorf("VAT scored %d, want 16", res.Score)
	}
	wantProblem(t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Club", "variant": "naspa", "lexicon": "NWL2023"}), http.StatusBadRequest, "no-lexicon-folder")
}
