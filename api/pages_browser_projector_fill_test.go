package api

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// hallOf is a tournament of one division of n players, the third
// withdrawn before round 1, round 1 paired with a quarter of its results
// in.
func hallOf(t *testing.T, n int) *event {
	t.Helper()
	e := newEvent(t, nil, "", map[string]any{"rounds": 7})
	var ids []int64
	for i := 1; i <= n; i++ {
		p := must[service.Player](t, e.post(e.path("/players"), e.Director,
			map[string]any{"name": fmt.Sprintf("P%d %s", i, surnames[i%len(surnames)]), "rating": 2000 - i, "division_id": *e.division}), http.StatusCreated)
		ids = append(ids, p.ID)
	}
	must[service.Player](t, e.post(e.path(fmt.Sprintf("/players/%d/withdraw", ids[2])), e.Director, map[string]any{"reason": "ill"}), http.StatusOK)
	rp := must[service.RoundPairings](t, e.post(e.path("/rounds/1/pairings"), e.Director, map[string]any{"division_id": *e.division, "system": "koth"}), http.StatusCreated)
	for i, pv := range rp.Pairings[:len(rp.Pairings)/4] {
		if pv.Bye {
			continue
		}
		must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
			"round": 1, "players": []int64{pv.Players[0].ID, pv.Players[1].ID}, "scores": []int{400 + i, 350}}), http.StatusCreated)
	}
	return e
}

// hallFill measures the screen shown: how much of the list area's height
// and width its rows take (from the top of the first to the bottom of the
// last, the left of the leftmost to the right of the rightmost), how
// nearly the longest name's line fills its cell (1: the type is as large
// as the width allows), the names' type against the page's own size
// (min(2.8vh, 1.6vw)), and whether a withdrawn player is shown, marked.
const hallFill = `(() => {
  const sec = [...document.querySelectorAll(".hall")].find(s => !s.hidden);
  const page = [...sec.querySelectorAll(".hall-page")].find(x => !x.hidden);
  const body = sec.querySelector(".hall-body").getBoundingClientRect();
  let top = 1e9, bottom = 0, left = 1e9, right = 0;
  for (const tr of page.querySelectorAll("tr")) {
    const r = tr.getBoundingClientRect();
    if (!r.height) continue;
    top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom); left = Math.min(left, r.left); right = Math.max(right, r.right);
  }
  let tight = 0;
  for (const e of page.querySelectorAll(".hall-standings td.who, .side")) {
    const range = document.createRange(); range.selectNodeContents(e);
    const cs = getComputedStyle(e), inner = e.getBoundingClientRect().width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    tight = Math.max(tight, Math.min(range.getBoundingClientRect().width, e.scrollWidth) / inner);
  }
  const who = page.querySelector("td.who"), base = Math.min(.028 * innerHeight, .016 * innerWidth);
  const wd = [...page.querySelectorAll(".hall-standings tr.withdrawn td.who")].some(td => td.textContent.includes("(withdrawn)"));
  return [(bottom - top) / body.height, (right - left) / body.width, tight, who ? parseFloat(getComputedStyle(who).fontSize) / base : 0, wd ? 1 : 0];
})()`

// The projector fills the screen whatever the division's size (10, 30
// and 100 players, at 1920x1080 and 1280x720): on every screen the lists
// take the whole width, and the height too unless the type is already as
// large as the width allows (the longest name fills its cell); the type
// is never under the page's own size; no column is left empty. A
// withdrawn player is marked. Screenshots with TOURNEY_SCREENSHOTS=DIR.
func TestBrowserProjectorFillsScreen(t *testing.T) {
	ctx := newChrome(t)
	for _, n := range []int{10, 30, 100} {
		e := hallOf(t, n)
		for _, sz := range []struct{ w, h int64 }{{1920, 1080}, {1280, 720}} {
			url := fmt.Sprintf("%s/t/%d/standings?every=600&n=%d&w=%d", e.URL, e.tournament, n, sz.w)
			run(t, ctx, chromedp.EmulateViewport(sz.w, sz.h), chromedp.Navigate(url),
				waitFor(`innerWidth === `+strconv.FormatInt(sz.w, 10)+` && document.querySelector("#projector.paged")`))
			screens, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".hall-page").length`))
			if err != nil {
				t.Fatal(err)
			}
			withdrawn := false
			for i := 0; i < screens; i++ {
				run(t, ctx, eval(fmt.Sprintf(`(() => { const p = [...document.querySelectorAll(".hall-page")]; p.forEach((x, j) => x.hidden = j !== %d); return true })()`, i)))
				m, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](hallFill))
				if err != nil {
					t.Fatal(err)
				}
				what := fmt.Sprintf("%d players at %dx%d, screen %d of %d", n, sz.w, sz.h, i+1, screens)
				t.Logf("%s: height %.2f width %.2f longest name %.2f of its cell, type %.2f of the page's", what, m[0], m[1], m[2], m[3])
				if m[1] < .95 {
					t.Errorf("%s: the lists take %.0f%% of the width", what, 100*m[1])
				}
				if m[0] < .75 && m[2] < .85 {
					t.Errorf("%s: the lists take %.0f%% of the height, and the type could be larger (the longest name takes %.0f%% of its cell)", what, 100*m[0], 100*m[2])
				}
				if m[3] < .97 {
					t.Errorf("%s: names in type %.2f of the page's size", what, m[3])
				}
				withdrawn = withdrawn || m[4] == 1
				if dir := os.Getenv("TOURNEY_SCREENSHOTS"); dir != "" {
					png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("projector-fill-%d-%dx%d-%d.png", n, sz.w, sz.h, i+1)), png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if !withdrawn {
				t.Errorf("%d players at %dx%d: the withdrawn player is not marked", n, sz.w, sz.h)
			}
			if empty, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll(".hall-cols table")].filter(t => !t.tBodies[0].rows.length).length`)); empty > 0 {
				t.Errorf("%d players at %dx%d: %d empty columns", n, sz.w, sz.h, empty)
			}
		}
	}
}
