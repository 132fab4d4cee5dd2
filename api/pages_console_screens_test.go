package api

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// consoleLayoutProblems lists what a laptop page gets wrong that a script can
// see: a control under 44px high, a page wider than the window, a button
// whose text does not fit it, or a control cut by the edge of the box it
// scrolls in (reached only by scrolling sideways) or of the window, or a
// table wider than its box.
const consoleLayoutProblems = `(function () {
  var out = [];
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push("page " + document.documentElement.scrollWidth + "px wide");
  function name(e) { return (e.id || e.name || e.textContent.trim().slice(0, 20) || e.tagName.toLowerCase()); }
  document.querySelectorAll("button, a.btn-link, a.report, .tabs a, .bar .who a, select, input:not([type=checkbox]):not([type=radio]), .att a").forEach(function (e) {
    var r = e.getBoundingClientRect();
    if (r.width === 0 || getComputedStyle(e).visibility === "hidden") return;
    if (r.height < 43.5) out.push(name(e) + " " + Math.round(r.height) + "px high");
    if ((e.tagName === "BUTTON" || e.tagName === "A") && e.scrollWidth > e.clientWidth + 1) out.push(name(e) + ": text cut (" + e.scrollWidth + " in " + e.clientWidth + "px)");
    if (r.left < -1 || r.right > innerWidth + 1) out.push(name(e) + " outside the window");
    for (var p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      var ox = getComputedStyle(p).overflowX;
      if (ox === "visible") continue;
      var b = p.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1) out.push(name(e) + " cut by the edge of " + (p.id || p.className || p.tagName));
      break;
    }
  });
  document.querySelectorAll("table").forEach(function (t) {
    var box = t.parentElement;
    if (t.getBoundingClientRect().width > 0 && t.offsetWidth > box.clientWidth + 1) out.push("table " + (t.id || t.className) + " " + t.offsetWidth + "px wide in " + box.clientWidth + "px");
  });
  return out.join("; ");
})()`

// TestBrowserConsoleLayout opens each console page at laptop sizes and
// checks its controls' size and width. With TOURNEY_SCREENSHOTS=DIR it
// also writes each as PNG files there, for a person to look at.
func TestBrowserConsoleLayout(t *testing.T) {
	dir := os.Getenv("TOURNEY_SCREENSHOTS")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ts := newTestServer(t)
	var ahead atomic.Int64 // the service's clock runs ahead of the browser's by this
	ts.Svc.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Spring Open", "variant": "naspa"}), http.StatusCreated).ID
	must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Club Night"}), http.StatusCreated)
	must[service.Division](t, ts.post(f.tpath("/divisions"), ts.Director, map[string]any{"name": "A", "settings": map[string]any{"rounds": 7}}), http.StatusCreated)
	for i, n := range []string{"Ann Able", "Maximilian Oberholzer-Fitzgerald", "Cat Cole", "Dan Dee", "Eve Eng", "Fay Fox", "Gus Gray", "Hal Hope", "Ivy Ink", "Jo Jones"} {
		must[service.Player](t, ts.post(f.tpath("/players"), ts.Director, map[string]any{"name": n, "rating": 1900 - 50*i, "division_id": 1}), http.StatusCreated)
	}
	rp := must[service.RoundPairings](t, ts.post(f.tpath("/rounds/1/pairings"), ts.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	g1 := *rp.Pairings[0].GameID
	t1 := f.credential(1)
	must[map[string]any](t, f.enter(g1, t1, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(30)}), http.StatusCreated)
	must[map[string]any](t, f.enter(g1, t1, turn{Turn: 2, Player: 2, Move: "7C GALE", ClaimedScore: claim(14)}), http.StatusCreated)
	t2 := f.credential(2)
	must[map[string]any](t, f.enter(*rp.Pairings[1].GameID, t2, turn{Turn: 1, Player: 1, Move: "8G CAT", ClaimedScore: claim(10)}), http.StatusCreated)
	p4 := rp.Pairings[4].Players
	must[map[string]any](t, f.post(f.tpath("/results"), ts.Director, map[string]any{"round": 1, "players": []int64{p4[0].ID, p4[1].ID}, "scores": []int{433, 378}}), http.StatusCreated)
	must[service.Player](t, f.post(f.tpath(fmt.Sprintf("/players/%d/withdraw", p4[1].ID)), ts.Director, map[string]any{"reason": "taken ill after round 1 and gone home; the family called the desk"}), http.StatusOK)
	// Table 4's record set aside, its result typed from the sheet.
	g4 := *rp.Pairings[3].GameID
	must[map[string]any](t, f.enter(g4, f.credential(4), turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(32)}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(g4, "/void"), ts.Director, map[string]any{"reason": "the tablet was on the wrong game"}), http.StatusOK)
	p3 := rp.Pairings[3].Players
	must[map[string]any](t, f.post(f.tpath("/results"), ts.Director, map[string]any{"round": 1, "players": []int64{p3[0].ID, p3[1].ID}, "scores": []int{401, 399}}), http.StatusCreated)
	// A quarter of an hour later: the tables with nothing since are quiet;
	// turn 2 at table 1 is corrected, table 2's CAT ruled out by the
	// director, table 3's first play held.
	ahead.Store(int64(15 * time.Minute))
	must[service.GameView](t, f.patch(gpath(g1, "/turns/2"), ts.Director, map[string]any{"claimed_score": 16, "reason": "the score sheet says 16"}), http.StatusOK)
	must[service.ChallengeResult](t, f.post(gpath(*rp.Pairings[1].GameID, "/challenges"), ts.Director, map[string]any{"turn": 1, "challenger": 2, "verdict": "unacceptable", "reason": "not in the list"}), http.StatusCreated)
	g3, t3 := *rp.Pairings[2].GameID, f.credential(3)
	must[map[string]any](t, f.enter(g3, t3, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(32)}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(g3, "/hold"), t3, map[string]any{"turn": 1, "player": 2}), http.StatusCreated)

	ctx := newChrome(t) // after the server: closed first, so its event streams end before the server closes
	run(t, ctx, consoleSignIn(f))
	pages := map[string]string{
		"tournaments": "/director?all=1",
		"room":        fmt.Sprintf("/director/%d", f.tournament),
		"setup":       fmt.Sprintf("/director/%d/setup", f.tournament),
		"rounds":      fmt.Sprintf("/director/%d/rounds", f.tournament),
		"results":     fmt.Sprintf("/director/%d/results?round=1", f.tournament),
		"standings":   fmt.Sprintf("/director/%d/standings", f.tournament),
		"game":        fmt.Sprintf("/director/%d/games/%d", f.tournament, g1),
		"game-voided": fmt.Sprintf("/director/%d/games/%d", f.tournament, g4),
	}
	for _, size := range [][2]int64{{1024, 768}, {1280, 800}} {
		for name, path := range pages {
			run(t, ctx,
				chromedp.EmulateViewport(size[0], size[1]),
				chromedp.Navigate(f.URL+path),
				chromedp.WaitVisible(chromedp.CSS("main")),
				waitFor(`!document.body.innerText.includes("Loading…")`),
			)
			if name == "setup" { // a refused change, as the director sees it, a division's rules open, a withdrawal and an edit asked for
				run(t, ctx, setValue(`#tournament-form [name="lexicon"]`, "NO-SUCH-LIST"), submitForm("#tournament-form", "NO-SUCH-LIST"),
					clickWhenThere(`#divisions button.edit-division`), waitFor(`document.querySelector("form.division-edit") !== null`),
					clickWhenThere(`#players tr[data-player="2"] button.warn`), waitFor(`document.querySelector("tr.withdraw-line") !== null`),
					clickWhenThere(`#players tr[data-player="3"] button.edit-player-btn`), waitFor(`document.querySelector("tr.edit-line") !== null`))
			}
			if name == "game" { // the ending asked to confirm
				run(t, ctx, waitFor(`!document.getElementById("end-card").hidden`),
					eval(`document.querySelector('#end-form input[value="adjudicated"]').checked = true`), setValue("#end-reason", "adjudicated at the end of the round"),
					submitForm("#end-form", "Check, then press"))
			}
			if name == "rounds" {
				run(t, ctx, submitForm("#code-form", "Table 1's code"))
			}
			bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](consoleLayoutProblems))
			if err != nil || bad != "" {
				t.Errorf("%s at %dx%d: %s %v", name, size[0], size[1], bad, err)
			}
			if dir == "" {
				continue
			}
			for suffix, shot := range map[string]chromedp.Action[[]byte]{"": chromedp.CaptureScreenshot(), "-full": chromedp.FullScreenshot(100) /* 100: PNG */} {
				png, err := chromedp.Run(ctx, shot)
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, fmt.Sprintf("%s-%dx%d%s.png", name, size[0], size[1], suffix))
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
