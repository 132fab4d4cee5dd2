package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The console's standings show each player's rating class.
func TestBrowserConsoleStandingsClass(t *testing.T) {
	f := newFixture(t)
	must[service.Player](t, f.patch(f.tpath(fmt.Sprintf("/players/%d", f.players[0])), f.Director,
		map[string]any{"class": "B", "reason": "plays in class B"}), http.StatusOK)
	ctx := newChrome(t)
	cell := func(id int64) string { return jsString(fmt.Sprintf(`#standings tr[data-player="%d"] .class`, id)) }
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/standings", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("#standings tbody tr[data-player]").length === 2`),
		waitFor(`document.querySelector(`+cell(f.players[0])+`).textContent === "B"`),
		waitFor(`document.querySelector(`+cell(f.players[1])+`).textContent === ""`),
		waitFor(`document.querySelector("#standings thead").textContent.includes("Class")`),
		importShot("console-standings-class", 1280, 800),
	)
}
