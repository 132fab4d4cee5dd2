package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The key-results page starts on the first table the director has to
// key: a table whose game is being recorded at its tablet is marked so,
// listed after the others to key, and passed by.
func TestBrowserConsoleKeyResultsFocusSkipsTablets(t *testing.T) {
	ts := newTestServer(t)
	e := newEvent(t, ts, "", map[string]any{"rounds": 3}, "Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 1}), http.StatusOK)
	tables := must[[]service.TableView](t, e.get(e.path("/rounds/1/tables"), ""), http.StatusOK)
	f := &fixture{testServer: ts, tournament: e.tournament}
	must[service.TurnResult](t, f.enter(*tables[0].GameID, f.credential(1), turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)

	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("key-results")),
		waitFor(`[].map.call(document.querySelectorAll("#key-results tbody tr"), function (tr) { return tr.dataset.table; }).join() === "2,3,1"`),
		focusIs(scoreBox(2, 0)),
		waitFor(`document.querySelector('#key-results tr[data-table="1"]').classList.contains("at-tablet")`),
		waitFor(`document.querySelector('#key-results tr[data-table="1"] .tablet-tag').textContent === "recorded at the tablet" && !document.querySelector('#key-results tr[data-table="1"] .tablet-tag').hidden`),
		waitFor(`document.querySelector('#key-results tr[data-table="2"] .tablet-tag').hidden`),
		waitFor(`document.getElementById("key-summary").textContent === "0 of 3 tables have a result; 3 to go (1 recorded at the tablet)."`),
		keyRow(2, 400, 350),
		focusIs(scoreBox(3, 0)),
		// A hand result for the game at the tablet, from the standings
		// page: refused in the page's words, with no route of the API.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/standings", f.URL, f.tournament)),
		waitFor(fmt.Sprintf(`document.querySelector('#result-form [name="p1"] option[value="%d"]') !== null`, e.ids["Bob"])),
		setValue(`#result-form [name="p1"]`, fmt.Sprint(e.ids["Ann"])),
		setValue(`#result-form [name="s1"]`, "350"),
		setValue(`#result-form [name="p2"]`, fmt.Sprint(e.ids["Bob"])),
		setValue(`#result-form [name="s2"]`, "300"),
		submitForm("#result-form", "This game is recorded turn by turn"),
		waitFor(`!document.querySelector("#result-form .form-status").textContent.includes("/api/")`),
	)
}

// Late entry is offered only for a round that has been paired; before
// any pairing the rounds page lists nobody as "not paired" with it. The
// setup page says how round 1 is paired (seeded Swiss by default) and,
// once it is, how it was; a withdrawn player's row says why, who and when.
func TestBrowserConsoleRoundsBeforePairingAndSetupWords(t *testing.T) {
	ts := newTestServer(t)
	e := newEvent(t, ts, "", map[string]any{"rounds": 5}, "Ann", "Bob", "Cat", "Dan")
	f := &fixture{testServer: ts, tournament: e.tournament}
	summary := `String((document.querySelector("#divisions .division-summary") || {}).textContent)`
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		waitFor(`document.querySelector("#pairings tbody").textContent.includes("Round 1 is not paired yet.")`),
		waitFor(`document.querySelectorAll("#unpaired button.late").length === 0 && document.getElementById("unpaired").textContent === ""`),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(summary+` === "5 rounds · round 1: seeded Swiss (by rating, top half v bottom half) · later rounds: Swiss"`),
	)
	must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{}), http.StatusCreated)
	eve := must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": "Eve", "division_id": *e.division}), http.StatusCreated)
	must[service.Player](t, e.post(e.path(fmt.Sprintf("/players/%d/withdraw", e.ids["Dan"])), e.Director, map[string]any{"reason": "taken ill at lunch"}), http.StatusOK)
	run(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(summary+` === "5 rounds · round 1 paired by seeded Swiss (by rating, top half v bottom half) · later rounds: Swiss"`),
		waitFor(fmt.Sprintf(`String((document.querySelector('#players tr[data-player="%d"] td.standing') || {}).textContent).includes("withdrawn (forfeit)Reason: taken ill at lunch — director, ")`, e.ids["Dan"])),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		waitFor(fmt.Sprintf(`document.querySelectorAll("#unpaired button.late").length === 1 && document.querySelector('#unpaired [data-player="%d"] button.late') !== null`, eve.ID)),
	)
}
