package api

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
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
// of the Hill (4 tables), table 4's result already in from elsewhere. The
// director opens the results page and, with the keyboard only, keys
// tables 1 to 3 as they come up, then goes back to table 1 and amends it,
// giving the reason the page asks for (and once more, as for a game
// recorded at the table). The standings hold every result.
func TestBrowserConsoleKeysResultsByTable(t *testing.T) {
	ts := newTestServer(t)
	e := newEvent(t, ts, "", map[string]any{"rounds": 3}, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 1}), http.StatusOK)
	tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	if len(tables) != 4 {
		t.Fatalf("tables %+v", tables)
	}
	e.keyTable(1, 4, map[string]any{"scores": []int{300, 333}}, http.StatusCreated)

	f := &fixture{testServer: ts, tournament: e.tournament}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("key-results")),
		// Missing tables first, table 4 (in already) last.
		waitFor(`[].map.call(document.querySelectorAll("#key-results tbody tr"), function (tr) { return tr.dataset.table; }).join() === "1,2,3,4"`),
		waitFor(`document.querySelector('#key-results tr[data-table="4"]').classList.contains("done")`),
		keyRow(1, 410, 351),
		keyRow(2, 380, 420),
		keyRow(3, 402, 402),
		// Every table has its result: the page says so, with the focus on it.
		focusIs("#key-summary"),
		waitFor(`document.getElementById("key-summary").textContent === "All 4 tables of round 1 have a result."`),
		// Each saved row echoes both names with their records and the spread.
		waitFor(`document.querySelector('#key-results tr[data-table="1"] .echo').textContent === "Saved: Ann by 59. Ann 1–0 +59 · Bob 0–1 −59"`),
		waitFor(`document.querySelector('#key-results tr[data-table="3"] .echo').textContent === "Saved: a tie. Eve ½–½ 0 · Fay ½–½ 0"`),
		// Back to table 1 with Tab: a new first score is refused without a
		// reason; the reason box opens, and Enter sends it.
		chromedp.KeyEvent(kb.Tab),
		focusIs(scoreBox(1, 0)),
		chromedp.KeyEvent("399"),
		chromedp.KeyEvent(kb.Enter),
		focusIs(`#key-results tr[data-table="1"] input.reason`),
		waitFor(`document.querySelector('#key-results tr[data-table="1"] .echo').textContent.includes("already has a result (410–351)")`),
		waitFor(`!/already-entered|409|conflict/i.test(document.querySelector('#key-results tr[data-table="1"] .echo').textContent)`), // no codes on screen
		screenshot("results-refused"),
		chromedp.KeyEvent("slip misread"),
		chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector('#key-results tr[data-table="1"] .echo').textContent === "Amended: Ann by 48. Ann 1–0 +48 · Bob 0–1 −48"`),
		focusIs("#key-summary"),
		screenshot("results-keyed"),
		// A game recorded at the table is refused (game-has-record) until a
		// reason is given; the page then sends record "void" with it. The
		// refusal is made here in the page, the server's being another
		// change: the first POST without a reason is answered as the
		// server answers it.
		eval(`(function () { var real = Console.api; window.sent = [];
			Console.api = function (m, p, b) {
				if (m === "POST") { window.sent.push(b); if (!b.reason) { var e = new Error("Conflict"); e.code = "game-has-record"; e.detail = "table 1's game has recorded turns"; return Promise.reject(e); } }
				return real.apply(this, arguments);
			}; })()`),
		chromedp.KeyEvent(kb.Tab),
		focusIs(scoreBox(1, 0)),
		chromedp.KeyEvent("405"),
		chromedp.KeyEvent(kb.Enter),
		focusIs(`#key-results tr[data-table="1"] input.reason`),
		waitFor(`document.querySelector('#key-results tr[data-table="1"] .echo').textContent.includes("recorded move by move")`),
		chromedp.KeyEvent("played on paper"),
		chromedp.KeyEvent(kb.Enter),
		waitFor(`document.querySelector('#key-results tr[data-table="1"] .echo').textContent === "Amended: Ann by 54. Ann 1–0 +54 · Bob 0–1 −54"`),
		waitFor(`window.sent.length === 2 && !window.sent[0].reason && !window.sent[0].record && window.sent[1].scores.join() === "405,351" &&
			window.sent[1].reason === "played on paper" && window.sent[1].record === "void"`),
	)
	wantStandings(t, e.standings(""),
		"1 Ann 1-0 +54", "2 Dan 1-0 +40", "3 Hal 1-0 +33", "4 Eve 0.5-0.5 +0", "4 Fay 0.5-0.5 +0", "6 Gus 0-1 -33", "7 Cat 0-1 -40", "8 Bob 0-1 -54")
	audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
	if last := audit[len(audit)-1]; last.Action != "amend-result" || last.Reason != "played on paper" {
		t.Fatalf("last audit entry %+v", last)
	}
}

// screenshot writes the page at 1366x768 as DIR/name.png when
// TOURNEY_SCREENSHOTS=DIR is set, for a person to look at.
func screenshot(name string) chromedp.Action[chromedp.Void] {
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if dir == "" {
			return nil
		}
		if _, err := chromedp.EmulateViewport(1366, 768)(ctx, tg); err != nil {
			return err
		}
		png, err := chromedp.CaptureScreenshot()(ctx, tg)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	})
}
