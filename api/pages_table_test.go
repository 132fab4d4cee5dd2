package api

import (
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// The table page links its own stylesheet and script, and the game it
// embeds for the script carries the confirmations.
func TestTablePageAssets(t *testing.T) {
	f := newFixture(t)
	b, _ := signInTable(t, f)
	r := b.get("/table/1")
	wantPage(t, r, http.StatusOK, `href="/static/pages.css"`, `href="/static/table.css"`, `src="/static/table.js"`,
		`id="actions"`, `id="end"`, `id="letters"`, `"confirmed":[false,false]`)
	for _, asset := range []string{"/static/table.css", "/static/table.js"} {
		if a := b.get(asset); a.Status != http.StatusOK || len(a.Body) == 0 {
			t.Errorf("%s: %d", asset, a.Status)
		}
	}
	// CSP: no inline handlers in the page.
	if strings.Contains(string(r.Body), " onclick=") || strings.Contains(string(r.Body), " oninput=") {
		t.Error("inline event handlers in the table page")
	}
}

// A finished, confirmed game reads on the table page as a result, with
// the confirmations in the turn list.
func TestTablePageFinishedGame(t *testing.T) {
	f := newFixture(t)
	finishDougVEmely(t, f)
	must[service.GameView](t, f.post(gpath(f.game, "/confirm"), f.table, map[string]any{"player": 1}), http.StatusCreated)
	b, _ := signInTable(t, f)
	wantPage(t, b.get("/table/1"), http.StatusOK, "finished", "Doug confirms the result 451-345", `"confirmed":[true,false]`,
		`class="score">451<`, `class="score">345<`)
}
