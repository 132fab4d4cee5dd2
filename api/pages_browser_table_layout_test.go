package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserTableLayout checks the page at a landscape tablet, a
// portrait tablet and a phone, in its busiest states: a verdict, a
// preview with a disagreement, and the end of the game.
func TestBrowserTableLayout(t *testing.T) {
	f := challengeGame(t, "double", nil)
	for i, tc := range dougVEmely[:6] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx,
		tapAnswer("challenge", ""),
		waitFor(`!document.getElementById("verdict").hidden`),
		recorded(7),
	)
	checkLayout(t, ctx, "verdict")
	run(t, ctx,
		chromedp.Click(chromedp.CSS(`#board .sq[data-sq="9G"]`)),
		chromedp.SendKeys(chromedp.ID("word"), "EAu"),
		chromedp.SendKeys(chromedp.ID("claim"), "15"),
		waitFor(`(document.querySelector("#preview .score") || {}).textContent === "14 points"`),
		chromedp.Click(chromedp.ID("confirm")),
		waitFor(`!document.getElementById("disagree").hidden`),
	)
	checkLayout(t, ctx, "playing")

	// The rest of the game by the director's hand; the page sees it.
	for i, tc := range dougVEmely[7:] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 8, Player: tc.seat, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "-"}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(f.game, "/confirm"), f.table, map[string]any{"player": 2}), http.StatusCreated)
	run(t, ctx,
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`document.getElementById("confirm-1") !== null && document.querySelector("#end .confirmed") !== null`),
	)
	checkLayout(t, ctx, "end")
}

// layoutProblems lists what is wrong with the page's layout at the
// current size: a page wider than the screen, a button or box under 48px,
// action buttons overlapping (or, in landscape, off the screen or the page
// scrolling at all), the board over the panel, text too small to read at
// arm's length.
const layoutProblems = `(() => {
  const out = [], vw = innerWidth, vh = innerHeight, landscape = vw > vh && vw >= 900, phone = vw < 600;
  const minText = phone ? 17 : 18, minHead = phone ? 19 : 20;
  const vis = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const hit = (r, s) => r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1 && s.top < r.bottom - 1;
  const name = (e) => e.id || e.textContent.trim().slice(0, 20);
  if (document.documentElement.scrollWidth > vw + 1) out.push("page is " + document.documentElement.scrollWidth + "px wide");
  if (landscape && document.documentElement.scrollHeight > vh + 1) out.push("landscape page scrolls: " + document.documentElement.scrollHeight);
  document.querySelectorAll("button:not(.sq), input").forEach((b) => {
    if (!vis(b)) return;
    const r = b.getBoundingClientRect(), fs = parseFloat(getComputedStyle(b).fontSize);
    if (r.height < 48 || r.width < 48) out.push(name(b) + " is " + Math.round(r.width) + "x" + Math.round(r.height));
    if (fs < minText) out.push(name(b) + " text is " + fs + "px");
    if (r.left < -1 || r.right > vw + 1) out.push(name(b) + " is off the side: " + Math.round(r.left) + ".." + Math.round(r.right));
    if (b.tagName === "BUTTON" && b.scrollWidth > b.clientWidth + 1) out.push(name(b) + " text does not fit");
  });
  const acts = [...document.querySelectorAll("#actions button, #end button")].filter(vis);
  acts.forEach((a, i) => {
    const r = a.getBoundingClientRect();
    if (landscape && (r.top < 0 || r.bottom > vh || r.right > vw)) out.push(name(a) + " is off the screen: " + Math.round(r.top) + ".." + Math.round(r.bottom));
    acts.slice(i + 1).forEach((b) => { if (hit(r, b.getBoundingClientRect())) out.push(name(a) + " overlaps " + name(b)); });
  });
  if (hit(document.querySelector(".board-wrap").getBoundingClientRect(), document.getElementById("panel").getBoundingClientRect())) out.push("the board overlaps the panel");
  const sq = document.querySelector("#board .sq").getBoundingClientRect();
  if (sq.width < (phone ? 22 : 34)) out.push("squares are " + Math.round(sq.width) + "px");
  [".total", "#turn-line", "#preview .score", "#verdict .word-judge", "#end .winner"].forEach((s) => {
    const e = document.querySelector(s);
    if (e && vis(e) && parseFloat(getComputedStyle(e).fontSize) < minHead) out.push(s + " text is " + getComputedStyle(e).fontSize);
  });
  return out;
})()`

var tableSizes = []struct {
	name string
	w, h int64
	opts []chromedp.EmulateViewportOption
}{
	{"tablet-landscape", 1024, 768, nil},
	{"tablet-portrait", 768, 1024, []chromedp.EmulateViewportOption{chromedp.EmulatePortrait, chromedp.EmulateTouch}},
	{"phone", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulatePortrait, chromedp.EmulateMobile, chromedp.EmulateTouch}},
}

// checkLayout checks the page at each size and, with TOURNEY_SCREENSHOTS
// set to a folder, saves what it looks like there (the screen as the
// player first sees it, and the whole page).
func checkLayout(t *testing.T, ctx context.Context, state string) {
	t.Helper()
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	for _, sz := range tableSizes {
		run(t, ctx, chromedp.EmulateViewport(sz.w, sz.h, sz.opts...))
		if os.Getenv("DBG") != "" {
			wide, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[innerWidth + "x" + innerHeight, ...[...document.querySelectorAll("#panel *")].filter(e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "auto").slice(0, 8).map(e => e.tagName + "#" + e.id + "." + e.className + " " + Math.round(e.getBoundingClientRect().right))]`))
			t.Logf("%s: %q", sz.name, wide)
		}
		run(t, ctx, waitFor(`innerWidth === `+strconv.FormatInt(sz.w, 10)))
		problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutProblems))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Errorf("%s, %s: %s", state, sz.name, p)
		}
		if dir == "" {
			continue
		}
		screen, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		full, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join(dir, fmt.Sprintf("table-%s-%s-%dx%d", state, sz.name, sz.w, sz.h))
		if err := os.WriteFile(base+".png", screen, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+"-full.png", full, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(t, ctx, chromedp.EmulateViewport(1024, 768))
}
