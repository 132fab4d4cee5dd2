package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The script's attentionOf says what the server's attention says, case
// by case, at the same moment.
func TestBrowserConsoleAttentionMatchesServer(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f), waitFor(`typeof attentionOf === "function" && typeof Attention === "object"`))
	for _, tc := range attentionCases() {
		var v service.GameView
		if err := json.Unmarshal([]byte(tc.doc), &v); err != nil {
			t.Fatal(err)
		}
		now := attentionT0.Add(time.Duration(tc.now * float64(time.Minute)))
		var server []string
		for _, a := range attention(&v, now) {
			server = append(server, a.Text)
		}
		script, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`attentionOf(`+tc.doc+`, `+itoa(now.UnixMilli())+`)`))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(script) == 0 {
			script = nil
		}
		if !slices.Equal(script, server) {
			t.Errorf("%s: the script says %q, the server %q", tc.name, script, server)
		}
	}
}

// The room view follows a challenge at a table: the hold, then the
// ruling; a phony the director rules out shows as withdrawn; and the
// game's page lists the same.
func TestBrowserConsoleAttentionChallenges(t *testing.T) {
	f := challengeGame(t, "double", nil) // Ann and Bob at table 1, TESTLEX
	f.play("8D WINDY", "7C GALE")
	ctx := newChrome(t)
	att := func(s string) chromedp.Action[chromedp.Void] {
		return waitFor(`document.getElementById("attention").textContent.includes(` + jsString(s) + `)`)
	}
	run(t, ctx, consoleSignIn(f),
		waitFor(`document.getElementById("live").textContent === "live"`),
		waitFor(`!document.getElementById("all-clear").hidden`),
	)
	must[service.GameView](t, f.post(gpath(f.game, "/hold"), f.table, map[string]any{"turn": 2, "player": 1}), http.StatusCreated)
	run(t, ctx,
		att("Table 1: play on hold (turn 2): GALE by Bob, challenge pending"),
		waitFor(`document.getElementById("all-clear").hidden && document.querySelector("#game-`+itoa(f.game)+`").classList.contains("attn")`),
	)
	must[service.ChallengeResult](t, f.challenge(f.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	run(t, ctx,
		att("Table 1: challenge of GALE"),
		att(": acceptable, the play stands (turn 2)"),
		waitFor(`!document.getElementById("attention").textContent.includes("on hold")`),
	)
	// Bob plays on (Ann lost her turn); the director rules his play out by hand.
	f.play("E3 JAVE..N")
	must[service.ChallengeResult](t, f.challenge(f.Director, map[string]any{"turn": 5, "challenger": 1, "verdict": "unacceptable", "reason": "appeal upheld"}), http.StatusCreated)
	run(t, ctx,
		att(": unacceptable, JAVELIN withdrawn (turn 5)"),
		clickWhenThere(`#attention li:last-child a`),
		chromedp.WaitVisible(chromedp.ID("correct-form")),
		waitFor(`document.getElementById("attention").textContent.includes("JAVELIN withdrawn (turn 5)") && document.getElementById("attention").textContent.includes("acceptable, the play stands (turn 2)")`),
	)
}

// A table going quiet appears on the room view and the game's page
// without an event: the pages read the list again on their own, by the
// server's clock. (The service's clock runs 9 min 50 s ahead here, and
// the pages re-read every second instead of every 30.)
func TestBrowserConsoleAttentionQuietTable(t *testing.T) {
	was := attentionRecheck
	attentionRecheck = time.Second
	t.Cleanup(func() { attentionRecheck = was }) // after the server has closed
	ts := newTestServer(t)
	var ahead atomic.Int64
	ts.Svc.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	f := bareFixture(t, ts) // the game is paired now
	ahead.Store(int64(9*time.Minute + 50*time.Second))
	ctx := newChrome(t)
	quiet := `document.getElementById("attention").textContent.includes("Table 1: nothing entered, 10 minutes after the pairing")`
	run(t, ctx, consoleSignIn(f),
		waitFor(`document.querySelector("#game-`+itoa(f.game)+` .ago").textContent.startsWith("no entries")`),
		waitFor(`!(`+quiet+`)`),
		waitFor(quiet),
		waitFor(`document.getElementById("all-clear").hidden`),
		chromedp.Navigate(f.URL+gameConsolePath(f, f.game)),
		waitFor(`document.getElementById("attention").textContent === "nothing entered, 10 minutes after the pairing"`),
		waitFor(`document.getElementById("game-status").textContent === "in play"`),
	)
}
