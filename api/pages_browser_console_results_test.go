package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tourney/service"
)

// focusIs waits until the focused element matches a selector.
func focusIs(sel string) chromedp.Action[chromedp.Void] {
	return waitFor(`document.activeElement && document.activeElement.matches(` + jsString(sel) + `)`)
}

// scoreBox is the selector of a table's score box (seat 0 or 1).
func scoreBox(table, seat int) string {
	return fmt.Sprintf(`#key-results tr[data-table="%d"] input.score[data-seat="%d"]`, table, seat)
}

// keyRow types a table's two scores as a director keys a slip: the first,
// Tab, the second, Enter; it waits for the row to be saved.
func keyRow(table, s1, s2 int) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		focusIs(scoreBox(table, 0)),
		chromedp.KeyEvent(fmt.Sprint(s1)),
		chromedp.KeyEvent(kb.Tab),
		focusIs(scoreBox(table, 1)),
		chromedp.KeyEvent(fmt.Sprint(s2)),
		chromedp.KeyEvent(kb.Enter),
		waitFor(fmt.Sprintf(`document.querySelector('#key-results tr[data-table="%d"]').classList.contains("done") && document.querySelector('#key-results tr[data-table="%d"] .echo').textContent.startsWith("Saved:")`, table, table)),
	)
}

// TestBrowserConsoleKeysResultsByTable: a round of 8 players paired King
// of the Hill (4 tables): table 4's result already in from elsewhere,
// table 3's game under way on its tablet. The director opens the results
// page and, with the keyboard only, keys tables 1 to 3 as they come up
// (table 3's record set aside with the reason the page asks for), then
// goes back to table 1 and amends it, with a reason too. The standings
// hold every result.
func TestBrowserConsoleKeysResultsByTable(t *testing.T) {
	ts := newTestServer(t)
	e := newEvent(t, ts, "", map[string]any{"rounds": 3}, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 1}), http.StatusOK)
	tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	if len(tables) != 4 || tables[2].GameID == nil {
		t.Fatalf("tables %+v", tables)
	}
	e.keyTable(1, 4, map[string]any{"scores": []int{300, 333}}, http.StatusCreated)
	f := &fixture{testServer: ts, tournament: e.tournament}
	must[service.TurnResult](t, f.enter(*tables[2].GameID, f.credential(3), turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	echo := func(table int) string {
		return fmt.Sprintf(`document.querySelector('#key-results tr[data-table="%d"] .echo').textContent`, table)
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("key-results")),
		// Missing tables first, table 4 (in already) last.
		waitFor(`[].map.call(document.querySelectorAll("#key-results tbody tr"), function (tr) { return tr.dataset.table; }).join() === "1,2,3,4"`),
		waitFor(`document.querySelector('#key-results tr[data-table="4"]').classList.contains("done")`),
		waitFor(echo(3)+`.startsWith("Recorded at the tablet")`),
		keyRow(1, 410, 351),
		keyRow(2, 380, 420),
		// Table 3's game is recorded: refused in plain words, a reason
		// asked for in the row; Enter sets the record aside with it.
		focusIs(scoreBox(3, 0)),
		chromedp.KeyEvent("402"), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("402"), chromedp.KeyEvent(kb.Enter),
		focusIs(`#key-results tr[data-table="3"] input.reason`),
		waitFor(echo(3)+`.includes("recorded move by move") && !/game-has-record|POST|void/.test(`+echo(3)+`)`), // no codes on screen
		screenshot("results-refused"),
		chromedp.KeyEvent("tablet died"), chromedp.KeyEvent(kb.Enter),
		// Every table has its result: the page says so, with the focus on it.
		focusIs("#key-summary"),
		waitFor(`document.getElementById("key-summary").textContent === "All 4 tables of round 1 have a result."`),
		// Each saved row echoes both names with their records and the spread.
		waitFor(echo(1)+` === "Saved: Ann by 59. Ann 1–0 +59 · Bob 0–1 −59"`),
		waitFor(echo(3)+` === "Saved: a tie. Eve ½–½ 0 · Fay ½–½ 0"`),
		// Back to table 1 with Tab: a new first score is refused without a
		// reason; the reason box opens, and Enter sends it.
		chromedp.KeyEvent(kb.Tab),
		focusIs(scoreBox(1, 0)),
		chromedp.KeyEvent("399"),
		chromedp.KeyEvent(kb.Enter),
		focusIs(`#key-results tr[data-table="1"] input.reason`),
		waitFor(echo(1)+`.includes("already has a result (410–351)") && !/already-entered|409/.test(`+echo(1)+`)`),
		chromedp.KeyEvent("slip misread"),
		chromedp.KeyEvent(kb.Enter),
		waitFor(echo(1)+` === "Amended: Ann by 48. Ann 1–0 +48 · Bob 0–1 −48"`),
		focusIs("#key-summary"),
		screenshot("results-keyed"),
	)
	wantStandings(t, e.standings(""),
		"1 Ann 1-0 +48", "2 Dan 1-0 +40", "3 Hal 1-0 +33", "4 Eve 0.5-0.5 +0", "4 Fay 0.5-0.5 +0", "6 Gus 0-1 -33", "7 Cat 0-1 -40", "8 Bob 0-1 -48")
	audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
	if !slices.ContainsFunc(audit, func(a service.AuditEntry) bool { return a.Action == "void-record" && a.Reason == "tablet died" }) {
		t.Fatalf("no void-record entry with the reason")
	}
	if last := audit[len(audit)-1]; last.Action != "amend-result" || last.Reason != "slip misread" {
		t.Fatalf("last audit entry %+v", last)
	}
}

// screenshot writes the page at 1366x768 as DIR/name.png when
// TOURNEY_SCREENSHOTS=DIR is set, for a person to look at.
func screenshot(name string) chromedp.Action[chromedp.Void] {
	return shotAt(name, 1366, 768)
}
