package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// consolePaths are the console's pages for the fixture's tournament.
func consolePaths(f *fixture) map[string][]string {
	base := fmt.Sprintf("/director/%d", f.tournament)
	return map[string][]string{
		base:                       {"Attention", `id="room"`, "/static/director.js"},
		base + "/setup":            {`id="tournament-form"`, `value="Test Open"`, `id="roster-form"`, `id="players"`, `<option value="naspa" `, "five-point"},
		base + "/rounds":           {`id="pair-form"`, `value="swiss"`, `value="koth"`, `id="code-form"`, `id="codes"`, `id="codes-status"`, `id="pairings"`},
		base + "/results":          {`id="key-results"`, `id="tables-data"`, `"name":"Doug"`, `"name":"Emely"`, "/static/console-results.js", "/static/console-results.css"},
		base + "/standings":        {`id="standings"`, `id="result-form"`, "/crosstable.pdf?csrf=", "/scorecards.pdf?csrf=", "/standings.pdf?csrf=", "/ratings.pdf?csrf=", "Game records (GCG"},
		gameConsolePath(f, f.game): {`id="board"`, `data-sq="8D"`, `id="correct-form"`, `id="result-form"`, "Doug", "Emely", "/scoresheet.pdf?csrf="},
	}
}

func gameConsolePath(f *fixture, game int64) string {
	return fmt.Sprintf("/director/%d/games/%d", f.tournament, game)
}

func TestConsolePagesRenderForTheDirector(t *testing.T) {
	f := newFixture(t)
	b := directorSignIn(t, f)
	for path, want := range consolePaths(f) {
		t.Run(path, func(t *testing.T) {
			r := b.get(path)
			wantPage(t, r, http.StatusOK, append(want, "/static/console.css", "/static/console.js", `data-tournament="`+itoa(f.tournament)+`"`, "Setup &amp; players")...)
			pageCSRF(t, r)
			if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
				t.Errorf("CSP %q", csp)
			}
			if strings.Contains(string(r.Body), " style=") || strings.Contains(string(r.Body), " onclick=") {
				t.Error("inline style or handler: the CSP refuses it")
			}
		})
	}
}

func TestConsolePagesRefuseOthers(t *testing.T) {
	f := newFixture(t)
	tablet, _ := signInTable(t, f)
	for name, b := range map[string]*browser{"nobody": newBrowser(t, f.URL), "a table": tablet} {
		for path := range consolePaths(f) {
			t.Run(name+" "+path, func(t *testing.T) {
				r := b.get(path)
				if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/director" {
					t.Fatalf("status %d, Location %q, want 303 to the sign-in form: %s", r.Status, r.Header.Get("Location"), r.Body)
				}
			})
		}
	}
}

func TestConsoleTournamentListOffersNewTournament(t *testing.T) {
	f := newFixture(t)
	b := directorSignIn(t, f)
	// A single tournament opens directly; ?all=1 lists it with the form.
	if r := b.get("/director"); r.Status != http.StatusSeeOther {
		t.Fatalf("/director with one tournament: %d", r.Status)
	}
	r := b.get("/director?all=1")
	wantPage(t, r, http.StatusOK, "Test Open", `id="new-tournament"`, `<option value="wespa"`, `data-rule="double"`, "five-per-word", "/static/console-tournaments.js")
	pageCSRF(t, r)
	wantPage(t, newBrowser(t, f.URL).get("/director?all=1"), http.StatusOK, "Director token")
}

func TestConsoleGamePageChecksItsGame(t *testing.T) {
	f := newFixture(t)
	b := directorSignIn(t, f)
	other := must[map[string]any](t, f.post("/api/v1/tournaments", f.Director, map[string]any{"name": "Other"}), http.StatusCreated)
	wantPage(t, b.get(fmt.Sprintf("/director/%v/games/%d", other["id"], f.game)), http.StatusNotFound)
	wantPage(t, b.get(fmt.Sprintf("/director/%d/games/999", f.tournament)), http.StatusNotFound)
	wantPage(t, b.get(fmt.Sprintf("/director/%d/games/x", f.tournament)), http.StatusBadRequest)
	wantPage(t, b.get("/director/999/setup"), http.StatusNotFound)
}

func TestConsoleGameLinksAndAttention(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(30)}), http.StatusCreated)
	b := directorSignIn(t, f)
	r := b.get(fmt.Sprintf("/director/%d", f.tournament))
	link := fmt.Sprintf(`href="%s"`, gameConsolePath(f, f.game))
	wantPage(t, r, http.StatusOK, link, "Table 1: score disagreement on turn 1</a>")
	if n := strings.Count(string(r.Body), link); n < 3 {
		t.Errorf("%d links to the game's console page, want the row's two and the attention item", n)
	}
	g := b.get(gameConsolePath(f, f.game))
	wantPage(t, g, http.StatusOK, `class="sq dw start tile"`, ">W</div>")
}

func TestConsoleAssets(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.URL)
	for _, p := range []string{"console.css", "console.js", "director.js", "console-tournaments.js", "console-setup.js", "console-rounds.js", "console-codes.js", "console-game.js", "console-standings.js"} {
		if r := b.get("/static/" + p); r.Status != http.StatusOK || len(r.Body) == 0 {
			t.Errorf("GET /static/%s: %d", p, r.Status)
		}
	}
}
