package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/internal/browsertest"
)

// The browser tests drive the pages in headless Chromium (Debian's
// chromium package, or TOURNEY_CHROME). They run under CI (CI=true), where
// .ci/run installs it, and elsewhere with TOURNEY_BROWSER_TESTS=1.
func newChrome(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Chrome(t)
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls a JavaScript condition in the page.
func waitFor(expr string) chromedp.Action[chromedp.Void] {
	// Until the page has drawn what expr reads, reading it may throw
	// (querySelector(...) is null): that is "not yet", not a failure.
	guarded := "(() => { try { return " + expr + " } catch (e) { return false } })()"
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		deadline := time.Now().Add(20 * time.Second)
		for {
			p := chromedp.Poll[chromedp.Void](guarded, chromedp.WithPollingTimeout(max(time.Until(deadline), time.Millisecond)))
			_, err := p(ctx, t)
			if err == nil {
				return nil
			}
			// The page went on to another (a redirect, a script's sign-in
			// page) while the poll ran in it: poll again in the new one.
			if navigatedAway(err) && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
				continue
			}
			return fmt.Errorf("waiting for %s: %w\n%s", expr, err, pageState(ctx, t))
		}
	})
}

// navigatedAway: an evaluation failed because its page was replaced.
func navigatedAway(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Cannot find context with specified id") || strings.Contains(msg, "Execution context was destroyed")
}

// pageState is what the page showed when a wait gave up: its visible text
// and the tablet's waiting entries, so a failure on CI says what the page
// was doing.
func pageState(ctx context.Context, t *chromedp.Target) string {
	const expr = `(() => {
		const q = Object.keys(localStorage).filter(k => k.startsWith("tourney-queue-")).map(k => k + "=" + localStorage.getItem(k));
		return "page text: " + document.body.innerText.replace(/\s+/g, " ").slice(0, 4000) + (q.length ? "\nqueue: " + q.join("; ") : "");
	})()`
	s, err := chromedp.Evaluate[string](expr)(ctx, t)
	if err != nil {
		return "page state not read: " + err.Error()
	}
	return s
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
