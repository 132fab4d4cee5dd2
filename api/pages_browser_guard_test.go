package api

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The room view lists an address guessing codes among what needs the
// director, and keeps it when its script redraws the list; an ended
// session's page says so in plain words.
func TestBrowserConsoleShowsGuesserAndEndedSession(t *testing.T) {
	was := attentionRecheck
	attentionRecheck = time.Second
	t.Cleanup(func() { attentionRecheck = was }) // after the server has closed
	f := newFixture(t)
	clock := newTestClock(f.testServer)
	g := browserFrom(t, f.URL, 21)
	for i := range service.GuessingAlert + 1 {
		g.get(fmt.Sprintf("/table/1?code=WRONG%d", i))
		clock.add(5 * time.Minute)
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		waitFor(`[...document.querySelectorAll("#attention li.guess-att")].some(function (li) { return li.textContent === "Someone at 127.0.0.21 is guessing codes"; })`),
		eval(`document.querySelector("#attention").textContent = ""`),
		waitFor(`document.querySelector("#attention li.guess-att") !== null`), // redrawn by the script (every recheck, or on an event)
		waitFor(`document.getElementById("all-clear").hidden`))
	shot(t, ctx, "console-guesser")
	clock.add(9 * time.Hour) // unused for longer than a session lives
	run(t, ctx, chromedp.Navigate(fmt.Sprintf("%s/director/%d", f.URL, f.tournament)),
		waitFor(`document.body.textContent.includes("Your session ended; sign in again.")`))
	shot(t, ctx, "session-ended")
}

// shot saves a screenshot in TOURNEY_SCREENSHOTS, when set.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
