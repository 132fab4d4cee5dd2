package api

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// The projector after the last round: the prize winners take a screen of
// their own in the rotation, in large type; ?show=prizes shows only it.
func TestBrowserProjectorPrizes(t *testing.T) {
	f := newFixture(t)
	setHallPrizes(t, f)
	finishDougVEmely(t, f)
	ctx := newChrome(t)
	base := fmt.Sprintf("%s/t/%d/standings", f.URL, f.tournament)
	for _, sz := range hallSizes {
		w, h := sz.w, sz.h
		run(t, ctx, chromedp.EmulateViewport(w, h),
			chromedp.Navigate(base+"?show=prizes&every=600&size="+strconv.FormatInt(w, 10)),
			waitFor(`innerWidth === `+strconv.FormatInt(w, 10)+` && document.querySelector("#projector.paged")`),
			waitFor(`document.querySelectorAll(".hall").length === 1`))
		checkHall(t, ctx, "prizes", w, h, sz.minFont, 0, "Test Open", "Prize winners")
		run(t, ctx, waitFor(`[...document.querySelectorAll(".hall-prizes tr")].some(tr => tr.offsetParent && tr.textContent.includes("Best dressed") && tr.textContent.includes("Emely"))`),
			// The prize screen fills the width (it took two thirds).
			waitFor(`[...document.querySelectorAll(".hall-prizes")].some(t => t.offsetParent && t.getBoundingClientRect().width >= 0.9 * innerWidth)`))
	}
	// In the rotation: the standings, then the prize winners.
	run(t, ctx, chromedp.Navigate(base+"?every=1"),
		shownIncludes("Standings"),
		shownIncludes("Prize winners"))
}
