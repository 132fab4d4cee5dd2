package api

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// rowButtonsStacked names the rows of the players' and divisions' tables
// whose buttons do not sit on one line.
const rowButtonsStacked = `(function () {
  var out = [];
  document.querySelectorAll("#players tbody tr, #divisions tbody tr, #divisions li").forEach(function (tr) {
    var tops = [].map.call(tr.querySelectorAll("button"), function (b) { return Math.round(b.getBoundingClientRect().top); })
      .filter(function (t, i, a) { return a.indexOf(t) === i; });
    if (tops.length > 1) out.push((tr.dataset.player ? "player " + tr.dataset.player : tr.textContent.trim().slice(0, 20)) + ": buttons on " + tops.length + " lines");
  });
  return out.join("; ");
})()`

// Setup of a two-division event at 1280x800 (and 1024x768): every
// control whole (the division selects, "Premier Masters", not clipped),
// at 1280 each player's buttons on one line beside a long name, a long
// division name and a withdrawal's reason.
func TestBrowserConsoleSetupTwoDivisions(t *testing.T) {
	e, _ := twoDivisionEvent(t)
	pm := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "Premier Masters"}), http.StatusCreated)
	must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": "Maximilian Oberholzer-Fitzgerald", "rating": 1750, "division_id": pm.ID}), http.StatusCreated)
	must[service.Player](t, e.post(e.path(fmt.Sprintf("/players/%d/withdraw", e.ids["Bob Brown"])), e.Director, map[string]any{"reason": "taken ill after round 1 and gone home; the family called the desk"}), http.StatusOK)
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f))
	for _, size := range [][2]int64{{1280, 800}, {1024, 768}} {
		run(t, ctx, chromedp.EmulateViewport(size[0], size[1]),
			chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", e.URL, e.tournament)),
			waitFor(`document.querySelectorAll("#players tbody tr[data-player]").length === 9`),
			setValue(`#player-form [name="division_id"]`, fmt.Sprint(pm.ID)), setValue(`#roster-form [name="division_id"]`, fmt.Sprint(pm.ID)),
			importShot("console-setup-two-divisions", size[0], size[1]), fullShot("console-setup-two-divisions-full", size[0]))
		if bad := evalString(t, ctx, consoleLayoutProblems); bad != "" {
			t.Errorf("setup at %dx%d: %s", size[0], size[1], bad)
		}
		if bad := evalString(t, ctx, rowButtonsStacked); bad != "" && size[0] >= 1280 { // narrower, they may stack
			t.Errorf("setup at %dx%d: %s", size[0], size[1], bad)
		}
	}
}

// fullShot saves the whole page, w wide, as DIR/name-W.png when
// TOURNEY_SCREENSHOTS=DIR is set, for a person to look at.
func fullShot(name string, w int64) chromedp.Action[chromedp.Void] {
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if dir == "" {
			return nil
		}
		png, err := chromedp.FullScreenshot(100)(ctx, tg)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, w)), png, 0o644)
	})
}
