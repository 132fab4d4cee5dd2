package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

func TestBrowserTableGame(t *testing.T) {
	f := newFixture(t)
	net := &flaky{h: f.Handler}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	ctx := newChrome(t) // closed first: its connections end before the servers close
	noNativeDialogs(t, ctx)
	run(t, ctx,
		chromedp.Navigate(srv.URL+"/table/1?code="+url.QueryEscape(f.table)),
		chromedp.WaitVisible(chromedp.ID("move")),
		eval(`window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
	)
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(loc, "code=") {
		t.Errorf("the code stayed in the URL: %s", loc)
	}

	// A wrong claim is shown plainly; the players call the director.
	run(t, ctx,
		enterMove("8D WINDY", "30", "32 points"),
		waitFor(`document.querySelectorAll("#board .sq.new").length === 5`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden && document.getElementById("disagree-text").textContent.includes("You claimed 30; the board gives 32")`),
		chromedp.Click(chromedp.ID("call-director")),
		waitFor(`document.querySelector('#totals .total[data-seat="1"] .score').textContent === "32"`),
	)
	if v := f.view(f.game); len(v.Turns) != 1 || v.Turns[0].Flag != "score-disagreement" {
		t.Fatalf("after turn 1: %+v", v.Turns)
	}

	// By tapping: start square C7, across, the word.
	run(t, ctx,
		chromedp.Click(chromedp.CSS(`#board .sq[data-sq="7C"]`)),
		chromedp.SendKeys(chromedp.ID("word"), "GALE"),
		waitFor(`document.getElementById("move").value === "7C GALE"`),
		chromedp.SendKeys(chromedp.ID("claim"), "16"),
		waitFor(`document.getElementById("preview").textContent.includes("16 points")`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`document.querySelector('#totals .total[data-seat="2"] .score').textContent === "16"`),
	)

	// Offline: two entries wait in the queue, then go in order once.
	run(t, ctx,
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(true); return nil }),
		tapAnswer("pass", ""),
		tapAnswer("exchange", "ABC"),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (2)"`),
	)
	if v := f.view(f.game); len(v.Turns) != 2 {
		t.Fatalf("%d turns while offline, want 2", len(v.Turns))
	}
	run(t, ctx,
		waitFor(`!document.getElementById("offline").hidden`),
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(false); return nil }),
		waitFor(`document.getElementById("queue").hidden`),
		waitFor(`document.querySelectorAll("#turns [data-turn]").length === 4`),
	)
	v := f.view(f.game)
	if len(v.Turns) != 4 || v.Turns[2].Move != "-" || v.Turns[3].Move != "-ABC" {
		t.Fatalf("after the offline period: %+v", v.Turns)
	}

	// Undo of the last turn, with a reason.
	run(t, ctx,
		tapAnswer("undo", "misentered"),
		waitFor(`window.alerts.length > 0 || document.getElementById("turns").textContent.includes("(undone)") || document.querySelectorAll("#turns [data-turn]").length === 3`),
	)
	alerts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.alerts`))
	if err != nil || len(alerts) > 0 {
		t.Fatalf("alerts %q, %v", alerts, err)
	}
	if v := f.view(f.game); v.Totals[1] != 16 || v.ToMove != 2 {
		t.Errorf("after undoing the exchange: totals %v, to move %d, turns %+v", v.Totals, v.ToMove, v.Turns)
	}
}

// TestBrowserTableWholeGame plays doug_v_emely from the first move to both
// players confirming the result, all on the table page: a wrong claim
// corrected by accepting the computed score, a move by tapping, a blank
// marked by tapping its letter, the phony challenged off the board by the
// word judge, the acceptance of the play that went out, the final rack
// adjustment, and both confirmations.
func TestBrowserTableWholeGame(t *testing.T) {
	f := challengeGame(t, "double", nil)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)

	// Turn 1: a wrong claim is shown; the players accept the computed score.
	run(t, ctx,
		setMove("8D WINDY", "30"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "32 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden && document.getElementById("disagree-text").textContent.includes("You claimed 30; the board gives 32")`),
		chromedp.Click(chromedp.ID("accept-computed")),
		recorded(1),
		// Turn 2 by tapping: start square, direction, word.
		chromedp.Click(chromedp.CSS(`#board .sq[data-sq="7C"]`)),
		chromedp.SendKeys(chromedp.ID("word"), "GALE"),
		waitFor(`document.getElementById("move").value === "7C GALE"`),
		chromedp.SendKeys(chromedp.ID("claim"), "16"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "16 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		recorded(2),
	)
	if v := f.view(f.game); v.Turns[0].ClaimedScore == nil || *v.Turns[0].ClaimedScore != 32 || !v.Turns[0].Agrees || v.Turns[0].Flag != "" {
		t.Fatalf("turn 1 after accepting the computed score: %+v", v.Turns[0])
	}

	n := 2
	for i, tc := range dougVEmely[2:] {
		seq := i + 3
		switch {
		case tc.byDirector:
			// Ann challenges Emely's TIL..: TILAX is not a word.
			n++
			run(t, ctx,
				tapAnswer("challenge", ""),
				waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .word-judge").textContent === "NOT ACCEPTABLE"`),
				waitFor(`document.querySelector("#verdict .judged").textContent.includes("TILAX") && document.querySelector("#verdict .effect").textContent.includes("comes off the board")`),
				recorded(n),
				chromedp.Click(chromedp.ID("verdict-ok")),
			)
		case tc.move == "K5 RE.IgION":
			// Tapped, down, with the G typed as a blank (lowercase): the
			// blank buttons appear (they stay hidden for the moves without
			// a blank before); tapping the g makes it a tile, tapping it
			// again a blank once more.
			n++
			run(t, ctx,
				chromedp.Click(chromedp.CSS(`#board .sq[data-sq="5K"]`)),
				chromedp.Click(chromedp.ID("dir")),
				chromedp.SendKeys(chromedp.ID("word"), "RE.IgION"),
				waitFor(`document.getElementById("move").value === "K5 RE.IgION" && !document.getElementById("blanks").hidden && document.querySelectorAll("#letters .letter").length === 7`),
				chromedp.Click(chromedp.CSS(`#letters .letter[data-index="4"]`)),
				waitFor(`document.getElementById("move").value === "K5 RE.IGION" && !document.getElementById("blanks").hidden`),
				chromedp.Click(chromedp.CSS(`#letters .letter[data-index="4"]`)),
				waitFor(`document.getElementById("move").value === "K5 RE.IgION"`),
				waitFor(`(document.querySelector("#preview .score") || {}).textContent === "78 points" && document.querySelector("#preview .blank-note").textContent.includes("K9")`),
				waitFor(`document.querySelector('#board .sq[data-sq="9K"]').classList.contains("blank") && document.querySelectorAll("#preview .wt.blank").length > 0`),
				chromedp.SendKeys(chromedp.ID("claim"), "78"),
				chromedp.Click(chromedp.ID("confirm")),
				recorded(n),
			)
		default:
			n++
			run(t, ctx, playMove(tc.move, tc.score, n))
		}
		if t.Failed() {
			t.Fatalf("turn %d", seq)
		}
	}

	// Emely went out: Ann accepts, and the end-of-game screen shows the
	// rack adjustment and both totals; both players confirm.
	run(t, ctx,
		waitFor(`!document.getElementById("end").hidden && document.getElementById("accept-out") !== null`),
		chromedp.Click(chromedp.ID("accept-out")),
		waitFor(`document.getElementById("status").textContent === "finished" && document.getElementById("confirm-1") !== null`),
		waitFor(`document.querySelector("#end .winner").textContent === "Ann wins 451–345" && document.querySelector("#end table.final").textContent.includes("Rack adjustment")`),
		waitFor(`document.getElementById("entry").hidden && document.getElementById("confirm").hidden && document.getElementById("pass").hidden`),
		chromedp.Click(chromedp.ID("confirm-1")),
		waitFor(`document.querySelector("#end .confirmed") && document.querySelector("#end .confirmed").textContent.includes("Ann confirmed")`),
		chromedp.Click(chromedp.ID("confirm-2")),
		waitFor(`document.querySelector("#end .all-confirmed") !== null`),
	)
	noAlerts(t, ctx)
	v := f.view(f.game)
	if v.Status != service.StatusFinished || v.Result.Final[0] != 451 || v.Result.Final[1] != 345 || !v.Confirmed[0] || !v.Confirmed[1] {
		t.Fatalf("finished: status %s final %v confirmed %v", v.Status, v.Result.Final, v.Confirmed)
	}
	if len(v.Turns) != len(dougVEmely)+3 || len(v.Flags) != 0 {
		t.Fatalf("%d turns (want %d: the game, the acceptance, two confirmations), flags %+v", len(v.Turns), len(dougVEmely)+3, v.Flags)
	}
	if c := v.Turns[6]; c.Kind != service.EventChallenge || c.Verdict != service.VerdictUnacceptable || c.Seat != 1 {
		t.Fatalf("turn 7: %+v", c)
	}
}

// TestBrowserTableRefresh: the director corrects a turn while the tablet
// is idle; the page shows it when it looks again (here, regaining focus).
func TestBrowserTableRefresh(t *testing.T) {
	f := newFixture(t)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx, playMove("8D WINDY", 32, 1))
	must[service.GameView](t, f.patch(gpath(f.game, "/turns/1"), f.Director, map[string]any{"move": "8D wINDY", "reason": "the W was a blank"}), http.StatusOK)
	run(t, ctx,
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`document.querySelector('#totals .total[data-seat="1"] .score').textContent === "16"`),
		waitFor(`document.querySelector('#board .sq[data-sq="8D"]').classList.contains("blank")`),
		waitFor(`document.getElementById("turns").textContent.includes("8D wINDY +16")`),
	)
}

// openTable signs the tablet of table 1 in on srv, collects alerts, and
// fails the test if the page opens a native dialog (it has its own).
func openTable(t *testing.T, srv *httptest.Server, token string) context.Context {
	t.Helper()
	ctx := newChrome(t)
	noNativeDialogs(t, ctx)
	run(t, ctx,
		chromedp.Navigate(srv.URL+"/table/1?code="+url.QueryEscape(token)),
		chromedp.WaitVisible(chromedp.ID("move")),
		eval(`window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
	)
	return ctx
}

// setMove puts a move and a claim in the boxes as typing would.
func setMove(move, claim string) chromedp.Action[chromedp.Void] {
	return eval(fmt.Sprintf(`(() => { const m = document.getElementById("move"); m.value = %s; m.dispatchEvent(new Event("input"));
		const c = document.getElementById("claim"); c.value = %s; c.dispatchEvent(new Event("input")); return true })()`, jsString(move), jsString(claim)))
}

// recorded waits until nothing waits to be sent and the page lists n
// events (plays, and the notes under them such as holds and challenges:
// each carries the server's number, data-turn).
func recorded(n int) chromedp.Action[chromedp.Void] {
	return waitFor(fmt.Sprintf(`document.getElementById("queue").hidden && document.querySelectorAll("#turns [data-turn]").length === %d`, n))
}

// playMove enters a move by notation with the claimed score, after the
// preview shows that score.
func playMove(move string, score, turnsAfter int) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		setMove(move, strconv.Itoa(score)),
		waitFor(fmt.Sprintf(`(document.querySelector("#preview .score") || {}).textContent === "%d points"`, score)),
		chromedp.Click(chromedp.ID("confirm")),
		recorded(turnsAfter),
	)
}

func setNet(f *flaky, down bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(context.Context, *chromedp.Target) error { f.down.Store(down); return nil })
}

func noAlerts(t *testing.T, ctx context.Context) {
	t.Helper()
	alerts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.alerts`))
	if err != nil || len(alerts) > 0 {
		t.Fatalf("alerts %q, %v", alerts, err)
	}
}
