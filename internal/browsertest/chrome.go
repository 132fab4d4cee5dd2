// Package browsertest starts the headless Chromium that the page tests
// drive (Debian's chromium package, or TOURNEY_CHROME). Browser tests run
// under CI (CI=true), where .ci/run installs it, and elsewhere with
// TOURNEY_BROWSER_TESTS=1; otherwise they are skipped.
package browsertest

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chrome starts a browser for the test, at 1024x768, closed when the test
// ends (its connections end before the test's servers close).
func Chrome(t *testing.T) context.Context {
	t.Helper()
	if os.Getenv("TOURNEY_BROWSER_TESTS") != "1" && os.Getenv("CI") != "true" {
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
