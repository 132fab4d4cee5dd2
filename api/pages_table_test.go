package api

import (
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// tableScripts are the table page's scripts in the order they must load:
// table-core.js makes the namespace the others fill in, and table.js
// starts the page; table-follow.js, after it, follows the round.
var tableScripts = []string{"table-core.js", "table-dialog.js", "table-words.js", "table-log.js", "table-board.js", "table-queue.js", "table-entry.js", "table-turns.js", "table-end.js", "table.js", "table-follow.js"}

// The table page links its own stylesheet and scripts (in order), and the
// game it embeds for the scripts carries the confirmations.
func TestTablePageAssets(t *testing.T) {
	f := newFixture(t)
	b, _ := signInTable(t, f)
	r := b.get("/table/1")
	wantPage(t, r, http.StatusOK, `href="/static/pages.css"`, `href="/static/table.css"`,
		`id="actions"`, `id="end"`, `id="letters"`, `"confirmed":[false,false]`)
	assets, at := []string{"/static/table.css"}, -1
	for _, js := range tableScripts {
		tag := `<script src="/static/` + js + `"></script>`
		switch i := strings.Index(string(r.Body), tag); {
		case i < 0:
			t.Errorf("%s is not linked", js)
		case i < at:
			t.Errorf("%s is linked before a script it needs", js)
		default:
			at = i
		}
		assets = append(assets, "/static/"+js)
	}
	for _, asset := range assets {
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

// A signed-in tablet whose table has no game in the current round says so
// in plain words (not as a sign-in problem) and follows the round.
func TestTablePageNoGameThisRound(t *testing.T) {
	f := newFixture(t)
	must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 2, "force": true, "reason": "round 1 runs late"}), http.StatusOK)
	b, _ := signInTable(t, f)
	wantPage(t, b.get("/table/1"), http.StatusOK, "No game for this table this round.", "Table 1 · round 2",
		`data-follow`, `data-round="2"`, `<script src="/static/table-follow.js"></script>`)
}
