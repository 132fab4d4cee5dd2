package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// Division B's tablet (table 2) shows WINDY and GALE; the director ends
// the game from the console meanwhile, with both racks. The tablet,
// not yet knowing, sends "Undo last": refused in the tablet's words, the
// result stays the director's, and the tablet then offers no undo, says the
// director ended the game, and asks nobody to confirm it.
func TestBrowserTableUndoAfterDirectorsEnd(t *testing.T) {
	e := newDecidedEvent(t)
	g, table := e.games[1], e.tables[1]
	must[map[string]any](t, e.enter(g, table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	must[map[string]any](t, e.enter(g, table, turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	ctx := newChrome(t)
	noNativeDialogs(t, ctx)
	run(t, ctx,
		chromedp.Navigate(srv.URL+"/table/2?code="+url.QueryEscape(table)),
		chromedp.WaitVisible(chromedp.ID("move")),
		waitFor(`!document.getElementById("undo").hidden`),
	)
	ended := must[service.GameView](t, e.post(gpath(g, "/end"), e.Director, map[string]any{
		"how": "time", "reason": "time ran out", "racks": map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}), http.StatusOK)
	run(t, ctx,
		// The page does not look again meanwhile: the server refuses.
		eval(`window.reloadWas = window.tourneyTable.reload; window.tourneyTable.reload = function () { return Promise.resolve(); }; true`),
		tapAnswer("undo", "mistake"),
		waitFor(`!document.getElementById("refused").hidden`),
		waitFor(`document.getElementById("refused-text").textContent.includes("The director ended this game; ask the director.")`),
		noText("director-decided"),
		chromedp.Click(chromedp.ID("refused-ok")),
		eval(`window.tourneyTable.reload = window.reloadWas; window.tourneyTable.reload(true); true`),
		waitFor(`document.getElementById("undo").hidden`),
		waitFor(`document.querySelector("#end h2").textContent === "The director ended this game (time ran out)"`),
		waitFor(`document.querySelectorAll("#end .confirms button").length === 0`),
		waitFor(fmt.Sprintf(`document.querySelector("#end .winner").textContent.includes("%d")`, ended.Result.Final[0])),
		shotAt("table-after-directors-end", 1280, 800),
	)
	if v := e.view(g); fmt.Sprint(v.Result.Final) != fmt.Sprint(ended.Result.Final) || len(v.Turns) != len(ended.Turns) {
		t.Fatalf("after the tablet's undo: %v (%d turns), the director's %v (%d)", v.Result.Final, len(v.Turns), ended.Result.Final, len(ended.Turns))
	}
}
