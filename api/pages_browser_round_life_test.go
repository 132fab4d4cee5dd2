package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tourney/service"
)

// TestBrowserRoundLife: the rounds page shows where round 1 stands (one
// result of two, table 1 still being played); pairing round 2 on it is
// refused with the table named in plain words, offering to go ahead with a
// reason. The director instead keys round 1's results by table with the
// keyboard only (table 2 first, table 1, recorded at its tablet, last,
// its record set aside with the reason the page asks for), the standings
// follow, and round 2 then pairs without force.
func TestBrowserRoundLife(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Round Life Open"}), http.StatusCreated).ID
	for _, n := range []string{"Ann", "Bob", "Cat", "Dan"} {
		f.players = append(f.players, f.addPlayer(n))
	}
	rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(*rp.Pairings[0].GameID, f.Director, turn{Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	first := rp.Pairings[0].Players[0].Name + " v " + rp.Pairings[0].Players[1].Name

	status := func(round int) string {
		return fmt.Sprintf(`document.querySelector('#round-status li[data-round="%d"]')`, round)
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("pair-form")),
		waitFor(status(1)+` && `+status(1)+`.dataset.status === "in-play" && `+status(1)+`.textContent.includes("0 of 2 results")`),
		waitFor(status(1)+`.textContent.includes("Missing: table 1 (`+first+`, being played); table 2")`),
		setValue(`#pair-form [name="round"]`, "2"),
		setValue(`#pair-form [name="system"]`, "swiss"),
		submitForm("#pair-form", "Round 2 was not paired. Round 1 is not complete: table 1 ("+first+", being played)"),
		waitFor(`!document.getElementById("force-pair").hidden`),
		waitFor(`!/force|round-incomplete/.test(document.querySelector("#pair-form .form-status").textContent)`), // no codes on screen
		screenshot("rounds-refused"),

		// Key round 1 by table, keyboard only.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/results?round=1", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("key-results")),
		// Table 1, recorded at its tablet, is passed by at first; once
		// table 2 is in, it comes up.
		keyRow(2, 380, 372),
		focusIs(scoreBox(1, 0)),
		chromedp.KeyEvent("402"), chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent("377"), chromedp.KeyEvent(kb.Enter),
		focusIs(`#key-results tr[data-table="1"] input.reason`),
		chromedp.KeyEvent("paper scoresheet kept after the tablet died"), chromedp.KeyEvent(kb.Enter),
		focusIs("#key-summary"),
		waitFor(`document.getElementById("key-summary").textContent === "All 2 tables of round 1 have a result."`),

		// Round 1 complete: round 2 pairs without force.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("pair-form")),
		waitFor(status(1)+` && `+status(1)+`.dataset.status === "complete" && `+status(1)+`.textContent.includes("2 of 2 results")`),
		setValue(`#pair-form [name="round"]`, "2"),
		setValue(`#pair-form [name="system"]`, "swiss"),
		submitForm("#pair-form", "Round 2 paired by Swiss."),
		waitFor(`document.getElementById("force-pair").hidden`),
		waitFor(status(2)+` && `+status(2)+`.dataset.status === "paired"`),
	)
	rows := must[[]service.StandingRow](t, f.get(f.tpath("/standings"), ""), http.StatusOK)
	var got []string
	for _, r := range rows {
		got = append(got, line(r))
	}
	want := []string{"1 " + rp.Pairings[0].Players[0].Name + " 1-0 +25", "2 " + rp.Pairings[1].Players[0].Name + " 1-0 +8",
		"3 " + rp.Pairings[1].Players[1].Name + " 0-1 -8", "4 " + rp.Pairings[0].Players[1].Name + " 0-1 -25"}
	if !slices.Equal(got, want) {
		t.Fatalf("standings %v, want %v", got, want)
	}
	r2 := must[service.RoundPairings](t, f.get(f.tpath("/rounds/2/pairings"), ""), http.StatusOK)
	// The reason names the players in seat order: the one who starts first.
	if len(r2.Pairings) != 2 || !strings.Contains(r2.Pairings[0].Reason, "1st (1-0)") {
		t.Fatalf("round 2 %+v", r2)
	}
}

// TestBrowserRoomShowsMissingResults: the room view lists a round that is
// complete but for results nobody is recording at a table (slips to key),
// linking to the results page, and drops it when the last one comes in.
func TestBrowserRoomShowsMissingResults(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Slip Cup"}), http.StatusCreated).ID
	for _, n := range []string{"Ann", "Bob", "Cat", "Dan"} {
		f.players = append(f.players, f.addPlayer(n))
	}
	rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	enter := func(p service.PairingView, a, b int) {
		must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{"round": 1, "players": []int64{p.Players[0].ID, p.Players[1].ID}, "scores": []int{a, b}}), http.StatusCreated)
	}
	enter(rp.Pairings[1], 380, 372)
	item := `document.querySelector('#attention li.round-att[data-round="1"]')`
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d", f.URL, f.tournament)),
		waitFor(item+` && `+item+`.textContent === "Round 1: 1 of 2 results in; missing table 1 (Ann v Bob)"`),
		waitFor(item+`.querySelector("a").getAttribute("href") === "/director/`+itoa(f.tournament)+`/results?round=1"`),
		waitFor(`document.getElementById("all-clear").hidden`),
	)
	enter(rp.Pairings[0], 400, 390)
	run(t, ctx, waitFor(`!`+item+` && !document.getElementById("all-clear").hidden`))
}
