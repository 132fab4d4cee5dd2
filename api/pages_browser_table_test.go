package api

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestBrowserTableGame(t *testing.T) {
	f := newFixture(t)
	net := &flaky{h: f.Handler}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	ctx := newChrome(t) // closed first: its connections end before the servers close
	run(t, ctx,
		chromedp.Navigate(srv.URL+"/table/1?code="+url.QueryEscape(f.table)),
		chromedp.WaitVisible(chromedp.ID("move")),
		// Dialogs answer yes; prompts give fixed answers.
		eval(`window.confirm = () => true; window.prompt = (q) => q.startsWith("Undo") ? "misentered" : "ABC"; window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
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
		chromedp.Click(chromedp.ID("pass")),
		chromedp.Click(chromedp.ID("exchange")),
		waitFor(`document.getElementById("queue").textContent === "waiting to send (2)"`),
	)
	if v := f.view(f.game); len(v.Turns) != 2 {
		t.Fatalf("%d turns while offline, want 2", len(v.Turns))
	}
	run(t, ctx,
		waitFor(`!document.getElementById("offline").hidden`),
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(false); return nil }),
		waitFor(`document.getElementById("queue").hidden`),
		waitFor(`document.getElementById("turns").children.length === 4`),
	)
	v := f.view(f.game)
	if len(v.Turns) != 4 || v.Turns[2].Move != "-" || v.Turns[3].Move != "-ABC" {
		t.Fatalf("after the offline period: %+v", v.Turns)
	}

	// Undo of the last turn, with a reason.
	run(t, ctx,
		chromedp.Click(chromedp.ID("undo")),
		waitFor(`window.alerts.length > 0 || document.getElementById("turns").textContent.includes("(undone)") || document.getElementById("turns").children.length === 3`),
	)
	alerts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.alerts`))
	if err != nil || len(alerts) > 0 {
		t.Fatalf("alerts %q, %v", alerts, err)
	}
	if v := f.view(f.game); v.Totals[1] != 16 || v.ToMove != 2 {
		t.Errorf("after undoing the exchange: totals %v, to move %d, turns %+v", v.Totals, v.ToMove, v.Turns)
	}
}
