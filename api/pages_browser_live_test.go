package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// liveRoom is the fixture with eight tables in round 1 (table 1 is the
// fixture's game), each a game the director enters turns for.
func liveRoom(f *fixture) []int64 {
	f.t.Helper()
	games := []int64{f.game}
	for table := 2; table <= 8; table++ {
		a, b := f.addPlayer(fmt.Sprintf("Player %dA", table)), f.addPlayer(fmt.Sprintf("Player %dB", table))
		games = append(games, f.addGame(1, table, a, b))
	}
	return games
}

// The live boards show every table as a small board that changes in
// place (no reload) as turns are entered, and never an exchange's
// letters.
func TestBrowserLiveBoards(t *testing.T) {
	f := newFixture(t)
	games := liveRoom(f)
	ctx := newChrome(t)
	run(t, ctx,
		chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/live", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll(".live-table").length === 8`),
		waitFor(`document.getElementById("live-status").textContent === "Live"`),
		eval(`window.samePage = true`),
	)
	for i, g := range games {
		must[service.TurnResult](t, f.enter(g, f.Director, liveGame[0]), http.StatusCreated)
		run(t, ctx, waitFor(fmt.Sprintf(`[...document.querySelectorAll(".live-table")].filter(s => s.textContent.includes("WINDY at 8D for 32")).length === %d`, i+1)))
	}
	must[service.TurnResult](t, f.enter(games[2], f.Director, liveGame[1]), http.StatusCreated)
	run(t, ctx,
		waitFor(`document.querySelector('.live-table[data-table="3"]').textContent.includes("Exchanged 3 tiles")`),
		waitFor(`window.samePage === true && !document.body.textContent.includes("QZJ")`),
		// Each board is drawn from the rows: WINDY on row 8 of table 1.
		waitFor(`[...document.querySelectorAll('.live-table[data-table="1"] .live-board .sq')].slice(7*15+3, 7*15+8).map(s => s.textContent).join("") === "WINDY"`),
		shotAt("live-boards-1366x768", 1366, 768),
	)
}

// The featured table fills a 1920x1080 stream; with ?overlay=1 nothing
// but the table is painted (the background is transparent).
func TestBrowserLiveFeatured(t *testing.T) {
	f := newFixture(t)
	liveRoom(f)
	must[service.TurnResult](t, f.enter(f.game, f.Director, liveGame[0]), http.StatusCreated)
	must[service.TurnResult](t, f.enter(f.game, f.Director, liveGame[1]), http.StatusCreated)
	must[service.TurnResult](t, f.enter(f.game, f.Director, liveGame[2]), http.StatusCreated)
	ctx := newChrome(t)
	cases := []struct {
		query, name string
		transparent bool
	}{
		{"", "live-featured-1920x1080", false},
		{"?overlay=1", "live-featured-overlay-1920x1080", true},
	}
	for _, c := range cases {
		var bg, htmlBG string
		var fits bool
		run(t, ctx,
			chromedp.EmulateViewport(1920, 1080),
			chromedp.Navigate(fmt.Sprintf("%s/t/%d/live/1%s", f.URL, f.tournament, c.query)),
			waitFor(`document.querySelectorAll(".live-table").length === 1 && document.querySelector(".live-table").textContent.includes("WEARINGS at D8")`),
			// The bingo runs in the ticker, inside the screen.
			waitFor(`!document.getElementById("live-ticker").hidden && document.getElementById("live-ticker").textContent.includes("a bingo") && document.getElementById("live-ticker").getBoundingClientRect().bottom <= 1080`),
			shotAt(c.name, 1920, 1080),
		)
		for expr, out := range map[string]*string{`getComputedStyle(document.body).backgroundColor`: &bg, `getComputedStyle(document.documentElement).backgroundColor`: &htmlBG} {
			v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
			if err != nil {
				t.Fatal(err)
			}
			*out = v
		}
		fit, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth <= 1920 && document.documentElement.scrollHeight <= 1080 && document.querySelector(".live-board").getBoundingClientRect().width >= 800`))
		if err != nil {
			t.Fatal(err)
		}
		fits = fit
		transparent := bg == "rgba(0, 0, 0, 0)" && htmlBG == "rgba(0, 0, 0, 0)"
		if transparent != c.transparent || !fits {
			t.Errorf("%s: body %s, html %s, fits 1920x1080 %v", c.name, bg, htmlBG, fits)
		}
	}
}

// A finished game's replay steps through its plays: the board after each,
// the bingo last, back to the first play.
func TestBrowserLiveReplay(t *testing.T) {
	f := newFixture(t)
	for _, in := range liveGame {
		must[service.TurnResult](t, f.enter(f.game, f.Director, in), http.StatusCreated)
	}
	page := fmt.Sprintf("%s/t/%d/games/%d", f.URL, f.tournament, f.game)
	ctx := newChrome(t)
	// In play, the replay says so and shows nothing.
	run(t, ctx,
		chromedp.Navigate(page),
		waitFor(`document.querySelector(".live-none") && document.querySelector(".live-none").textContent.includes("still being played") && !document.body.textContent.includes("WINDY")`),
	)
	must[service.TurnResult](t, f.enter(f.game, f.Director, turn{Player: 2, Kind: "end", Move: "abandoned"}), http.StatusCreated)
	if r := f.get(gpath(f.game, ""), ""); r.Status != http.StatusOK {
		t.Fatalf("finished game, public: %d %s", r.Status, r.Body)
	}
	cell := func(row, col int) string {
		return fmt.Sprintf(`document.querySelectorAll(".live-board .sq")[%d].textContent`, row*15+col)
	}
	run(t, ctx,
		chromedp.EmulateViewport(1024, 900),
		chromedp.Navigate(page),
		waitFor(`document.getElementById("replay-main").dataset.step === "3"`),
		waitFor(cell(7, 3)+` === "W" && `+cell(14, 3)+` === "S"`),
		waitFor(`document.querySelector(".live-last").textContent === "Doug: WEARINGS at D8 for 76"`),
		shotAt("live-replay-final", 1024, 900),
		chromedp.Click(chromedp.CSS(`button[data-step="first"]`)),
		waitFor(`document.getElementById("replay-main").dataset.step === "0" && `+cell(7, 3)+` === ""`),
		chromedp.Click(chromedp.CSS(`button[data-step="next"]`)),
		waitFor(`document.getElementById("replay-main").dataset.step === "1" && `+cell(7, 3)+` === "W" && `+cell(8, 3)+` === ""`),
	)
}
