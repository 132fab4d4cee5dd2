package api

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// waitAcrossReloads is waitFor for a page that reloads itself: a poll cut
// short by the reload is tried again in the new page.
func waitAcrossReloads(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		deadline := time.Now().Add(20 * time.Second)
		for {
			p := chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(2*time.Second))
			_, err := p(ctx, t)
			if err == nil {
				return nil
			}
			if time.Now().After(deadline) || ctx.Err() != nil {
				return fmt.Errorf("waiting for %s: %w", expr, err)
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
}

// The public standings page, as on a projector, updates itself when a
// result comes in.
func TestBrowserPublicStandingsUpdate(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t) // closed first: the event stream ends before the server closes
	run(t, ctx,
		chromedp.Navigate(f.URL+"/t/"+itoa(f.tournament)+"/standings"),
		chromedp.WaitVisible(chromedp.CSS(".standings")),
		waitFor(`document.getElementById("live").textContent === "live"`),
	)
	a, b := f.addPlayer("Cat"), f.addPlayer("Dan")
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": []int64{a, b}, "scores": []int{420, 350}}), http.StatusCreated)
	run(t, ctx,
		waitAcrossReloads(`[...document.querySelectorAll(".standings tbody tr")].some(tr => tr.textContent.includes("Cat") && tr.textContent.includes("+70"))`),
		waitAcrossReloads(`document.getElementById("live").textContent === "live"`),
	)
}
