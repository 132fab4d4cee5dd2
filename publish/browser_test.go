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
