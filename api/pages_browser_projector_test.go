package api

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The hall's screens: what a projector shows, at its size.
var hallSizes = []struct {
	w, h    int64
	minFont float64 // the least type size for names, in px
}{
	{1920, 1080, 28},
	{1366, 768, 20},
}

// hallProblems lists what is wrong with the screen shown: the page not
// filling the screen (the shown content at least fill of its height),
// a scrollbar, rows cut off, names in small type.
func hallProblems(minFont, fill float64) string {
	return fmt.Sprintf(`(() => {
  const p = [], W = innerWidth, H = innerHeight;
  const main = document.getElementById("projector").getBoundingClientRect();
  if (main.width < .9 * W || main.height < .9 * H) p.push("the page is " + main.width + "x" + main.height + " on " + W + "x" + H);
  const se = document.scrollingElement;
  if (se.scrollHeight > H || se.scrollWidth > W) p.push("it scrolls: " + se.scrollWidth + "x" + se.scrollHeight);
  const secs = [...document.querySelectorAll(".hall")].filter(s => !s.hidden);
  if (secs.length !== 1) return p.concat([secs.length + " divisions shown"]);
  const pages = [...secs[0].querySelectorAll(".hall-page")].filter(x => !x.hidden);
  if (pages.length !== 1) return p.concat([pages.length + " pages shown"]);
  const r = pages[0].getBoundingClientRect();
  if (r.width < .9 * W || r.height < %g * H) p.push("the lists take " + Math.round(r.width) + "x" + Math.round(r.height) + " of " + W + "x" + H);
  const body = secs[0].querySelector(".hall-body").getBoundingClientRect();
  for (const tr of pages[0].querySelectorAll("tr")) {
    const b = tr.getBoundingClientRect();
    if (b.bottom > body.bottom + 1 || b.right > body.right + 1) p.push("row cut off: " + tr.textContent);
  }
  const who = pages[0].querySelectorAll("td.who");
  if (!who.length) p.push("no names shown");
  for (const td of who) {
    const fs = parseFloat(getComputedStyle(td).fontSize);
    if (fs < %g) { p.push("names in " + fs + "px type"); break; }
  }
  return p;
})()`, fill, minFont)
}

// hallShown is the text of the screen shown: the heading and each list's
// title with its page.
const hallShown = `(() => {
  const sec = [...document.querySelectorAll(".hall")].find(s => !s.hidden);
  if (!sec) return "";
  const page = [...sec.querySelectorAll(".hall-page")].find(x => !x.hidden);
  return sec.querySelector(".hall-head").textContent.replace(/\s+/g, " ").trim() + " | " +
    (page ? [...page.querySelectorAll("h2")].map(h => h.textContent.replace(/\s+/g, " ").trim()).join(" | ") : "");
})()`

// checkHall checks the screen shown and that it says each of want,
// and saves it as DIR/projector-NAME-WxH.png with TOURNEY_SCREENSHOTS=DIR.
func checkHall(t *testing.T, ctx context.Context, name string, w, h int64, minFont, fill float64, want ...string) {
	t.Helper()
	problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](hallProblems(minFont, fill)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s at %dx%d: %s", name, w, h, p)
	}
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[string](hallShown))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range want {
		if !strings.Contains(shown, s) {
			t.Errorf("%s at %dx%d shows %q, without %q", name, w, h, shown, s)
		}
	}
	if dir := os.Getenv("TOURNEY_SCREENSHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("projector-%s-%dx%d.png", name, w, h)), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// shownIncludes waits until the screen shown says s.
func shownIncludes(s string) chromedp.Action[chromedp.Void] {
	return waitFor(hallShown + `.includes(` + jsString(s) + `)`)
}

// The projector at 1920x1080 and 1366x768: a division of 90 in the middle
// of round 1 fills the screen in pages of large type that turn by
// themselves, standings then pairings; a small division shows both lists
// on one screen; with no division chosen the page goes through both.
func TestBrowserProjectorScreens(t *testing.T) {
	e := twoDivisions(t, 90, 12, 6)
	ctx := newChrome(t)
	base := fmt.Sprintf("%s/t/%d/standings", e.URL, e.tournament)
	open := fmt.Sprintf("%s?division=%d", base, e.open)
	for _, sz := range hallSizes {
		w, h := sz.w, sz.h
		size := "&size=" + strconv.FormatInt(w, 10) // a page of its own: where it was is kept by address
		run(t, ctx, chromedp.EmulateViewport(w, h),
			chromedp.Navigate(open+"&every=600"+size),
			waitFor(`innerWidth === `+strconv.FormatInt(w, 10)+` && document.querySelector("#projector.paged")`))
		// The rows are shared evenly over the screens (each as full as
		// the next, in type as large as the width allows): 45 a screen.
		checkHall(t, ctx, "standings-1", w, h, sz.minFont, .6,
			"Open", "Round 1 in progress: 12 of 45 results in", "Standings page 1 of 2")

		run(t, ctx, chromedp.Navigate(open+"&every=1"+size), shownIncludes("Standings page 2 of "))
		checkHall(t, ctx, "standings-2", w, h, sz.minFont, 0, "Open", "Round 1 in progress: 12 of 45 results in")
		run(t, ctx, shownIncludes("Round 1 pairings"))
		checkHall(t, ctx, "pairings", w, h, sz.minFont, 0, "Open", "Round 1 in progress")
		run(t, ctx, waitFor(`[...document.querySelectorAll(".hall-pairings tr.done")].some(tr => tr.offsetParent && /\d+–\d+/.test(tr.textContent))`))

		run(t, ctx, chromedp.Navigate(fmt.Sprintf("%s?division=%d&every=1%s", base, e.lite, size)),
			waitFor(`document.querySelector("#projector.paged")`))
		checkHall(t, ctx, "small-division", w, h, sz.minFont, 0, "Lite", "After round 1", "Standings | Round 1 pairings")
		if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](hallShown)); strings.Contains(shown, "page") {
			t.Errorf("a small division shows pages: %q", shown)
		}
	}

	// No division chosen: every division in turn.
	run(t, ctx, chromedp.Navigate(base+"?every=1"),
		shownIncludes("Lite After round 1"),
		shownIncludes("Open Round 1 in progress"))
}

// The projector takes in a new result where it stands: the same screen,
// the new count, no reload.
func TestBrowserProjectorLive(t *testing.T) {
	e := twoDivisions(t, 90, 12, 6)
	ctx := newChrome(t)
	run(t, ctx, chromedp.EmulateViewport(1920, 1080),
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/standings?division=%d&every=1", e.URL, e.tournament, e.open)),
		shownIncludes("Standings page 2 of "),
		waitFor(`document.getElementById("live").textContent === "live"`),
		eval(`window.stayed = true`))
	rp := must[service.RoundPairings](t, e.get(e.path(fmt.Sprintf("/rounds/1/pairings?division=%d", e.open)), ""), http.StatusOK)
	pv := rp.Pairings[20]
	must[service.RoundResult](t, e.post(e.path("/results"), e.Director, map[string]any{
		"round": 1, "players": []int64{pv.Players[0].ID, pv.Players[1].ID}, "scores": []int{480, 300}}), http.StatusCreated)
	run(t, ctx,
		shownIncludes("Round 1 in progress: 13 of 45 results in"),
		waitFor(`window.stayed === true && document.getElementById("live").textContent === "live"`))
}

// A division playing in tables of three: each table on one line with its
// three players, and its scores once in.
func TestBrowserProjectorTables(t *testing.T) {
	f := newGroupFixture(t, map[string]any{"group_size": 3}, "Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan", "Ed Fay", "Flo Gu", "Gil Ho", "Hal Ito", "Ida Jo")
	rp := must[service.RoundPairings](t, f.ts.post(f.tpath+"/rounds/1/pairings", f.ts.Director, map[string]any{"division_id": f.div}), http.StatusCreated)
	must[service.TableResult](t, f.ts.post(fmt.Sprintf("%s/rounds/1/tables/%d/result", f.tpath, rp.Pairings[0].Table), f.ts.Director,
		map[string]any{"scores": []int{410, 350, 300}}), http.StatusCreated)
	ctx := newChrome(t)
	for _, sz := range hallSizes {
		run(t, ctx, chromedp.EmulateViewport(sz.w, sz.h),
			chromedp.Navigate(f.ts.URL+strings.Replace(f.tpath, "/api/v1/tournaments", "/t", 1)+"/standings"),
			waitFor(`innerWidth === `+strconv.FormatInt(sz.w, 10)+` && document.querySelector("#projector.paged")`))
		checkHall(t, ctx, "tables-of-three", sz.w, sz.h, sz.minFont, 0, "A", "Round 1 in progress: 1 of 3 results in")
		run(t, ctx, waitFor(`[...document.querySelectorAll(".hall-pairings tbody tr")].some(tr => tr.offsetParent &&
			tr.querySelectorAll(".side").length === 3 && tr.textContent.includes("410–350–300"))`))
	}
}
