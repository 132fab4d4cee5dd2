package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser tests drive the pages in headless Chromium. They are off
// unless TOURNEY_BROWSER_TESTS=1 (they need a chromium binary).
func newChrome(t *testing.T) context.Context {
	t.Helper()
	if os.Getenv("TOURNEY_BROWSER_TESTS") != "1" {
		t.Skip("set TOURNEY_BROWSER_TESTS=1 to drive the pages in headless Chromium")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1024, 768),
	}
	if p := os.Getenv("TOURNEY_CHROME"); p != "" {
		opts = append(opts, chromedp.ExecPath(p))
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls a JavaScript condition in the page.
func waitFor(expr string) chromedp.Action[chromedp.Void] {
	p := chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(20*time.Second))
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := p(ctx, t)
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", expr, err)
		}
		return nil
	})
}

func eval(expr string) chromedp.Action[chromedp.Void] {
	e := chromedp.Evaluate[chromedp.Void](expr)
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := e(ctx, t)
		return err
	})
}

// enterMove types a move and a claim and waits for the preview.
func enterMove(move, claim, wantPreview string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		eval(`document.getElementById("move").value = ""; document.getElementById("claim").value = ""`),
		chromedp.SendKeys(chromedp.ID("move"), move),
		chromedp.SendKeys(chromedp.ID("claim"), claim),
		waitFor(`document.getElementById("preview").textContent.includes(`+jsString(wantPreview)+`)`),
	)
}

// flaky is the server behind a connection that can be cut: while down,
// every connection is closed without an answer.
type flaky struct {
	h    http.Handler
	down atomic.Bool
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.down.Load() {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	f.h.ServeHTTP(w, r)
}

func jsString(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

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

func TestBrowserConsoleShowsDisagreementLive(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t) // closed first: the event stream ends before the server closes
	run(t, ctx,
		chromedp.Navigate(f.URL+"/director"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="token"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="token"]`), f.Director),
		chromedp.Submit(chromedp.CSS(`input[name="token"]`)),
		chromedp.WaitVisible(chromedp.ID("room")),
		waitFor(`document.getElementById("live").textContent === "live"`),
	)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	run(t, ctx,
		waitFor(`document.getElementById("attention").textContent.includes("Table 1: score disagreement on turn 1")`),
		waitFor(`document.querySelector("#game-`+itoa(f.game)+` .scores").textContent.startsWith("32")`),
	)
}
