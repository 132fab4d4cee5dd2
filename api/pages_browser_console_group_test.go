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

// groupEvent is a Word Chums tournament whose round 1 has Ann, Bob and Cy
// at table 1, Di and Fay against Eve and Gus at table 2 (a team game),
// and Hal against Ivy at table 3, every game set up through the games
// API; round 1 is current. It returns the fixture and the game ids by
// table.
func groupEvent(t *testing.T) (*fixture, map[int]int64, map[string]int64) {
	t.Helper()
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Chums Cup", "variant": "wordchums", "lexicon": "", "challenge_rule": "double"}), http.StatusCreated).ID
	ids := map[string]int64{}
	for _, n := range []string{"Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ivy"} {
		ids[n] = f.addPlayer(n)
	}
	must[service.Round](t, ts.post(f.tpath("/rounds"), ts.Director, map[string]any{"number": 1}), http.StatusCreated)
	game := func(table int, teams bool, names ...string) int64 {
		var seats []int64
		for _, n := range names {
			seats = append(seats, ids[n])
		}
		return must[service.Game](t, ts.post(f.tpath("/games"), ts.Director,
			map[string]any{"round": 1, "table": table, "players": seats, "teams": teams}), http.StatusCreated).ID
	}
	games := map[int]int64{1: game(1, false, "Ann", "Bob", "Cy"), 2: game(2, true, "Di", "Eve", "Fay", "Gus"), 3: game(3, false, "Hal", "Ivy")}
	must[service.Tournament](t, ts.patch(f.tpath(""), ts.Director, map[string]any{"current_round": 1}), http.StatusOK)
	return f, games, ids
}

// TestBrowserConsoleGroupTables: the console lists a table of three with
// all its names and a team game as its two pairs, on the rounds page,
// the Key results page and the room's attention list; on Key results a
// table of three takes a score a seat and a team game a score a team,
// labelled with the names and posted in seat order, keyed with the
// keyboard alone, refusals in plain words.
func TestBrowserConsoleGroupTables(t *testing.T) {
	f, _, _ := groupEvent(t)
	scoresAt := func(table int) []int {
		t.Helper()
		for _, tv := range must[[]service.TableView](t, f.get(f.tpath("/rounds/1/tables"), f.Director), http.StatusOK) {
			if tv.Table == table {
				return tv.Scores
			}
		}
		return nil
	}
	row := func(table int) string {
		return fmt.Sprintf(`document.querySelector('#pairings tbody tr[data-table="%d"]')`, table)
	}
	echo := func(table int) string {
		return fmt.Sprintf(`document.querySelector('#key-results tr[data-table="%d"] .echo').textContent`, table)
	}

	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		// Rounds: every name at a table, a team game as two pairs.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		waitFor(row(3)+` !== null && `+row(1)+` !== null`),
		waitFor(row(1)+`.querySelector(".players").textContent === "Ann v Bob v Cy"`),
		waitFor(row(2)+`.querySelector(".players").textContent === "Di & Fay vs Eve & Gus"`),
		waitFor(row(3)+`.querySelector(".players").textContent === "Hal v Ivy"`),
		waitFor(`document.querySelector('#round-status li[data-round="1"] .missing').textContent === "Missing: table 1 (Ann v Bob v Cy); table 2 (Di & Fay vs Eve & Gus); table 3 (Hal v Ivy)"`),
		screenshot("rounds-groups"),

		// Key results: a box a seat at the table of three, a box a team in
		// the team game, each named.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results?round=1", f.URL, f.tournament)),
		waitFor(`[].map.call(document.querySelectorAll("#key-results tbody tr"), function (tr) { return tr.dataset.table; }).join() === "1,2,3"`),
		waitFor(`[].map.call(document.querySelectorAll('#key-results tr[data-table="1"] .group-seat'), function (l) { return l.textContent; }).join() === "1Ann,2Bob,3Cy"`),
		waitFor(`document.querySelectorAll('#key-results tr[data-table="1"] input.score').length === 3`),
		waitFor(`[].map.call(document.querySelectorAll('#key-results tr[data-table="2"] td.seat-name'), function (td) { return td.textContent; }).join() === "Di & Fay,Eve & Gus"`),
		waitFor(`document.querySelectorAll('#key-results tr[data-table="2"] input.score').length === 2`),
		waitFor(`document.querySelector(`+jsString(scoreBox(2, 1))+`).getAttribute("aria-label") === "Table 2, team 2: Eve & Gus's score"`),
		waitFor(`document.querySelector(`+jsString(scoreBox(1, 2))+`).getAttribute("aria-label") === "Table 1, seat 3: Cy's score"`),
		// Each score, Enter: the next box; the last, Enter: saved.
		focusIs(scoreBox(1, 0)),
		chromedp.KeyEvent("350"), chromedp.KeyEvent(kb.Enter),
		focusIs(scoreBox(1, 1)),
		chromedp.KeyEvent("310"), chromedp.KeyEvent(kb.Tab),
		focusIs(scoreBox(1, 2)),
		chromedp.KeyEvent("290"), chromedp.KeyEvent(kb.Enter),
		waitFor(echo(1)+` === "Saved: Ann 350, Bob 310, Cy 290. Ann 2–0 +100 · Bob 1–1 −20 · Cy 0–2 −80"`),
		// On to table 2 by itself; table 3 (a pair, the real service) first.
		focusIs(scoreBox(2, 0)),
		eval(`document.querySelector(`+jsString(scoreBox(3, 0))+`).focus()`),
		keyRow(3, 400, 380),
		waitFor(echo(3)+` === "Saved: Hal by 20. Hal 1–0 +20 · Ivy 0–1 −20"`),
		focusIs(scoreBox(2, 0)),
		waitFor(`document.getElementById("key-summary").textContent === "2 of 3 tables have a result; 1 to go."`),
		screenshot("results-groups"),
	)
	if got := scoresAt(1); !slices.Equal(got, []int{350, 310, 290}) {
		t.Fatalf("table 1's scores: %v", got)
	}

	// The room: a round otherwise in, its missing table named by its pairs.
	run(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d", f.URL, f.tournament)),
		waitFor(`document.querySelector("#attention li.round-att") !== null`),
		waitFor(`document.querySelector("#attention li.round-att").textContent === "Round 1: 2 of 3 results in; missing table 2 (Di & Fay vs Eve & Gus)"`),
	)

	// The team game's result: a score a team; then table 1 changed, with
	// the reason the page asks for.
	run(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results?round=1", f.URL, f.tournament)),
		focusIs(scoreBox(2, 0)),
		keyRow(2, 380, 340),
		waitFor(echo(2)+` === "Saved: Di & Fay by 40. Di 1–0 +40 · Eve 0–1 −40 · Fay 1–0 +40 · Gus 0–1 −40"`),
		focusIs("#key-summary"),
		waitFor(`document.getElementById("key-summary").textContent === "All 3 tables of round 1 have a result."`),
		eval(`document.querySelector(`+jsString(scoreBox(1, 2))+`).focus()`),
		chromedp.KeyEvent("295"), chromedp.KeyEvent(kb.Enter),
		focusIs(`#key-results tr[data-table="1"] input.reason`),
		waitFor(echo(1)+`.includes("Table 1 already has a result (350–310–290)") && !/already-entered|409/.test(`+echo(1)+`)`),
		chromedp.KeyEvent("slip misread"), chromedp.KeyEvent(kb.Enter),
		waitFor(echo(1)+` === "Amended: Ann 350, Bob 310, Cy 295. Ann 2–0 +95 · Bob 1–1 −25 · Cy 0–2 −70"`),
	)
	if got := scoresAt(1); !slices.Equal(got, []int{350, 310, 295}) {
		t.Fatalf("table 1's scores after the amendment: %v", got)
	}
	if got := scoresAt(2); !slices.Equal(got, []int{380, 340}) {
		t.Fatalf("table 2's scores (the teams'): %v", got)
	}

	// Back on the rounds page the results read by name.
	run(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		waitFor(row(1)+` !== null && `+row(1)+`.children[3].textContent === "Ann 350, Bob 310, Cy 295"`),
		waitFor(row(2)+`.children[3].textContent === "Di & Fay 380, Eve & Gus 340"`),
		waitFor(row(3)+`.children[3].textContent === "400–380"`),
		waitFor(`(document.querySelector('#round-status li[data-round="1"]') || {dataset: {}}).dataset.status === "complete"`),
	)

	// Standings & results: the round's results by name; a team game's
	// result is amended as the teams' two scores.
	result := func(table int) string {
		return fmt.Sprintf(`[].filter.call(document.querySelectorAll("#results tbody tr"), function (tr) { return tr.children[0].textContent === "%d"; })[0]`, table)
	}
	run(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/standings", f.URL, f.tournament)),
		waitFor(result(1)+` !== undefined && `+result(1)+`.children[1].textContent === "Ann v Bob v Cy" && `+result(1)+`.children[2].textContent === "350–310–295"`),
		waitFor(result(2)+`.children[1].textContent === "Di & Fay vs Eve & Gus" && `+result(2)+`.children[2].textContent === "380–340"`),
		eval(result(2)+`.querySelector("button").click()`),
		waitFor(`!document.getElementById("amend-form").hidden`),
		waitFor(`[].map.call(document.querySelectorAll("#amend-scores label"), function (l) { return l.firstChild.textContent + "=" + l.querySelector("input").value; }).join() === "Di & Fay=380,Eve & Gus=340"`),
		waitFor(`document.getElementById("amend-title").textContent === "Amend: Di & Fay vs Eve & Gus, round 1"`),
		setValue(`#amend-scores input[name="a1"]`, "345"),
		setValue(`#amend-form [name="reason"]`, "slip misread"),
		submitForm("#amend-form", "Amended."),
		waitFor(result(2)+`.children[2].textContent === "380–345"`),
	)
	if got := scoresAt(2); !slices.Equal(got, []int{380, 345}) {
		t.Fatalf("amended table 2: %v", got)
	}
}

// TestBrowserConsoleRoomGroups: the room lists a game of three with all
// three names and scores, and a team game as its two pairs with the
// teams' scores, which follow the turns as they come in.
func TestBrowserConsoleRoomGroups(t *testing.T) {
	f, games, _ := groupEvent(t)
	must[service.TurnResult](t, f.enter(games[1], f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	first := must[service.TurnResult](t, f.enter(games[2], f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	ctx := newChrome(t)
	scores := func(game int64) string {
		return fmt.Sprintf(`document.querySelector("#game-%d .scores").textContent`, game)
	}
	names := func(game int64) string {
		return fmt.Sprintf(`document.querySelector("#game-%d .players").textContent`, game)
	}
	run(t, ctx, consoleSignIn(f),
		waitFor(`document.getElementById("live").textContent === "live"`),
		waitFor(names(games[1])+` === "Ann – Bob – Cy" && `+scores(games[1])+fmt.Sprintf(` === "%d – 0 – 0"`, first.Score)),
		waitFor(names(games[2])+` === "Di & Fay vs Eve & Gus" && `+scores(games[2])+fmt.Sprintf(` === "%d – 0"`, first.Score)),
		waitFor(names(games[3])+` === "Hal – Ivy"`),
	)
	// Eve, then Fay: Fay's points join Di's on team 1.
	second := must[service.TurnResult](t, f.enter(games[2], f.Director, turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	third := must[service.TurnResult](t, f.enter(games[2], f.Director, turn{Turn: 3, Player: 3, Move: "9F AT"}), http.StatusCreated)
	run(t, ctx,
		waitFor(scores(games[2])+fmt.Sprintf(` === "%d – %d"`, first.Score+third.Score, second.Score)),
		screenshot("room-groups"),
	)
}
