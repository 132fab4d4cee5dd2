package publish

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/internal/browsertest"
)

// newChrome starts headless Chromium as every page test does
// (internal/browsertest), with TOURNEY_BROWSER_TESTS=1 or under CI.
func newChrome(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Chrome(t)
}

// shot saves a screenshot in TOURNEY_SCREENSHOTS, when set.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(90))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// The published folder opened from disk: index.html shows the tournament
// and its divisions, and a click leads to a division's standings, styled
// by the folder's style sheet.
func TestBrowserPublishedFromDisk(t *testing.T) {
	e := newEvent(t)
	dir := t.TempDir()
	if err := Write(context.Background(), e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	ctx := newChrome(t)
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.ToSlash(filepath.Join(dir, "index.html"))),
		chromedp.WaitVisible(chromedp.CSS("table.divisions"))); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("h1").textContent`))
	if err != nil || title != "Spring <Open> & Co" {
		t.Errorf("the index's heading is %q (%v)", title, err)
	}
	shot(t, ctx, "publish-index")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`a[href="a/standings.html"]`)),
		chromedp.WaitVisible(chromedp.CSS("table.standings"))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[location.href,
		String(document.querySelectorAll("table.standings tbody tr").length),
		document.querySelector("table.standings tbody tr a").textContent,
		getComputedStyle(document.querySelector("thead th")).backgroundColor]`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got[0], "/a/standings.html") || got[1] != "4" || got[2] != "Ann <b>" || got[3] == "rgba(0, 0, 0, 0)" {
		t.Errorf("after the click: %q (want a/standings.html, 4 rows, Ann <b> first, the style sheet applied)", got)
	}
	shot(t, ctx, "publish-standings")
	for _, page := range []string{"a/game-r2-t1.html", "a/crosstable.html"} {
		if err := chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.ToSlash(filepath.Join(dir, page))),
			chromedp.WaitVisible(chromedp.CSS("main table"))); err != nil {
			t.Fatal(err)
		}
		shot(t, ctx, "publish-"+strings.TrimSuffix(filepath.Base(page), ".html"))
	}
}

// Every published page fits a phone (390x844): the document no wider
// than the screen (a wide crosstable scrolls in its own box), and the
// figures a player looks for (score, spread, W–L) on screen.
func TestBrowsePublishedPhone(t *testing.T) {
	e := newEvent(t)
	dir := t.TempDir()
	if err := Write(context.Background(), e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	players, err := filepath.Glob(filepath.Join(dir, "a", "player-*.html"))
	if err != nil || len(players) == 0 {
		t.Fatalf("no player pages: %v", err)
	}
	cases := []struct{ page, figures string }{
		{"index.html", "table.divisions td:nth-child(1), table.divisions td:nth-child(3)"},
		{"a/standings.html", "table.standings td.num"},
		{"b/standings.html", "table.standings td.num"},
		{"a/round-1.html", "table.pairings td.num"},
		{"a/crosstable.html", "table.crosstable td:first-child"},
		{"a/" + filepath.Base(players[0]), "table.scorecard td.num"},
		{"a/game-r2-t1.html", "p.status, table.turns td.num"},
		{"prizes.html", "table.prizes td"},
		{"stats.html", "table.figures td.num"},
	}
	ctx := newChrome(t)
	for _, c := range cases {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844),
			chromedp.Navigate("file://"+filepath.ToSlash(filepath.Join(dir, c.page))),
			chromedp.WaitVisible(chromedp.CSS("main"))); err != nil {
			t.Fatal(err)
		}
		phoneShot(t, ctx, "publish-phone-"+strings.NewReplacer("/", "-", ".html", "").Replace(c.page))
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const shown = [...document.querySelectorAll(`+"`"+c.figures+"`"+`)].filter(e => e.getClientRects().length);
			return [String(document.documentElement.scrollWidth), String(innerWidth), String(shown.length)].concat(
				shown.filter(e => { const r = e.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth + 0.5; })
					.map(e => e.textContent.trim()));
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		if got[0] != "390" || got[1] != "390" || got[2] == "0" || len(got) > 3 {
			t.Errorf("%s at 390 px: document %s px wide (viewport %s), %s figures shown, off screen: %q", c.page, got[0], got[1], got[2], got[3:])
		}
	}
}

// phoneShot saves the screen as a PNG in TOURNEY_SCREENSHOTS, when set.
func phoneShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if dir := os.Getenv("TOURNEY_SCREENSHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}
