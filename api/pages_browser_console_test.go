package api

import (
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

func TestBrowserConsoleShowsDisagreementLive(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t) // closed first: the event stream ends before the server closes
	run(t, ctx,
		chromedp.Navigate(f.URL+"/director"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="token"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="token"]`), f.Director),
		chromedp.Submit(chromedp.CSS(`input[name="token"]`)),
		chromedp.WaitVisible(chromedp.ID("room")),
		waitFor(`document.getElementById("live").textContent === "live"`),
	)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	run(t, ctx,
		waitFor(`document.getElementById("attention").textContent.includes("Table 1: score disagreement on turn 1")`),
		waitFor(`document.querySelector("#game-`+itoa(f.game)+` .scores").textContent.startsWith("32")`),
	)
}
