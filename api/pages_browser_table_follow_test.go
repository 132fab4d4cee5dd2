package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// A signed-in tablet follows the round, with nothing done at the table.
// Two divisions: in round 1 table 1 is division A's, in round 2 only B is
// paired and its game is at table 1. The director makes round 2 current
// on the console: the tablet at table 1 moves to B's game. Round 3 is
// made current before it is paired: the tablet says there is no game for
// the table this round, and opens its game once round 3 is paired.
func TestBrowserTabletFollowsRound(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Follow Open"}), http.StatusCreated).ID
	a := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A"}), http.StatusCreated)
	b := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "B"}), http.StatusCreated)
	for i, n := range []string{"Ann", "Bob", "Cat", "Dan"} {
		div := a.ID
		if i >= 2 {
			div = b.ID
		}
		must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": n, "rating": 1800 - 100*i, "division_id": div}), http.StatusCreated)
	}
	pair := func(round int, d service.Division) service.RoundPairings {
		t.Helper()
		return must[service.RoundPairings](t, f.post(f.tpath(fmt.Sprintf("/rounds/%d/pairings", round)), f.Director,
			map[string]any{"system": "swiss", "division_id": d.ID, "force": true, "reason": "two players a division"}), http.StatusCreated)
	}
	result := func(rp service.RoundPairings) {
		t.Helper()
		p := rp.Pairings[0].Players
		must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{
			"round": rp.Round, "players": []int64{p[0].ID, p[1].ID}, "scores": []int{400, 350}}), http.StatusCreated)
	}
	r1a, r1b := pair(1, a), pair(1, b)
	if r1a.Pairings[0].Table != 1 || r1b.Pairings[0].Table != 2 {
		t.Fatalf("round 1 tables: A %+v, B %+v", r1a.Pairings, r1b.Pairings)
	}
	result(r1a)
	result(r1b)
	r2b := pair(2, b)
	if r2b.Pairings[0].Table != 1 {
		t.Fatalf("round 2: B's table %+v", r2b.Pairings)
	}
	code := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{}), http.StatusCreated).Token

	tablet := newChrome(t)
	game := `(window.tourneyTable && window.tourneyTable.game) || {}`
	run(t, tablet,
		chromedp.Navigate(ts.URL+"/table/1?code="+url.QueryEscape(code)),
		waitFor(fmt.Sprintf(`(%s).id === %d`, game, *r1a.Pairings[0].GameID)),
	)
	console := newChrome(t)
	run(t, console, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", ts.URL, f.tournament)),
		setValue("#round-select", "2"),
		clickWhenThere("#make-current"),
		waitFor(`document.getElementById("pairings-status").textContent.startsWith("Round 2 is current")`),
	)
	run(t, tablet,
		waitAcrossPages(fmt.Sprintf(`(%s).id === %d`, game, *r2b.Pairings[0].GameID)),
		waitAcrossPages(`document.querySelector(".bar .who").textContent === "Table 1 · round 2"`),
		waitAcrossPages(`document.getElementById("totals").textContent.includes("Cat") && !document.getElementById("move").hidden`),
	)

	// Round 3, made current before it is paired (B's round 2 still open).
	must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 3, "force": true, "reason": "B plays on"}), http.StatusOK)
	run(t, tablet,
		waitAcrossPages(`(document.getElementById("waiting-words") || {}).textContent === "No game for this table this round."`),
		waitAcrossPages(`document.querySelector(".bar .who").textContent === "Table 1 · round 3"`),
		importShot("table-no-game", 820, 1180),
	)
	r3 := pair(3, b)
	run(t, tablet,
		waitAcrossPages(fmt.Sprintf(`(%s).id === %d`, game, *r3.Pairings[0].GameID)),
		chromedp.WaitVisible(chromedp.ID("move")),
	)
}

// waitAcrossPages is waitFor on a tablet that opens its next page by
// itself meanwhile: a poll cut short by the page changing starts again.
func waitAcrossPages(expr string) chromedp.Action[chromedp.Void] {
	w := waitFor(expr)
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for tries := 0; ; tries++ {
			_, err := w(ctx, t)
			// -32000: the page went (navigated, its context gone).
			if err == nil || tries == 5 || !strings.Contains(err.Error(), "(-32000)") {
				return err
			}
		}
	})
}
