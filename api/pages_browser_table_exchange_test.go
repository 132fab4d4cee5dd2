package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserTabletHidesExchangedLetters (issue 37): the tablet is shared,
// so an exchange shows by its count, "exchanged 3", never its letters:
// while it waits to be sent, once it is in, on the page drawn again, and
// in the undo dialog. Two divisions: at table 2 (division B) Bob types
// his letters at the tablet; at table 1 (division A) the director keyed
// the exchange. The director's view keeps the letters.
func TestBrowserTabletHidesExchangedLetters(t *testing.T) {
	e := newDecidedEvent(t)
	for d := range 2 {
		must[map[string]any](t, e.enter(e.games[d], e.tables[d], turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	}
	must[map[string]any](t, e.enter(e.games[0], e.Director, turn{Turn: 2, Player: 2, Move: "-" + exchangeSecret}), http.StatusCreated)
	net := &flaky{h: e.Handler}
	srv := httptest.NewServer(net)
	t.Cleanup(srv.Close)
	ctx := newChrome(t)
	noNativeDialogs(t, ctx)
	noLetters := `!document.documentElement.outerHTML.includes("` + exchangeSecret + `")`
	open := func(table int, token string) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(
			chromedp.Navigate(srv.URL+"/table/"+itoa(int64(table))+"?code="+url.QueryEscape(token)),
			chromedp.WaitVisible(chromedp.ID("move")),
			eval(`window.alerts = []; window.alert = (m) => window.alerts.push(m); true`),
		)
	}
	lastPlay := `document.querySelector("#turns li.play .line").textContent`
	run(t, ctx,
		open(2, e.tables[1]),
		// Offline: the waiting list says the count.
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(true); return nil }),
		tapAnswer("exchange", strings.ToLower(exchangeSecret)),
		waitFor(`document.getElementById("waiting-list").textContent.includes("Bob Bell B: exchanged 3")`),
		waitFor(`!document.getElementById("waiting-list").textContent.includes("`+exchangeSecret+`")`),
		chromedp.Func(func(context.Context, *chromedp.Target) error { net.down.Store(false); return nil }),
		recorded(2),
		waitFor(lastPlay+` === "2. Bob Bell B: exchanged 3"`),
		waitFor(noLetters),
		// Drawn again by the server: the list and the game's JSON.
		open(2, e.tables[1]),
		waitFor(lastPlay+` === "2. Bob Bell B: exchanged 3"`),
		waitFor(noLetters),
		// The undo dialog says it the same way.
		chromedp.Click(chromedp.ID("undo")),
		askOpen("Undo turn 2?"),
		waitFor(`document.getElementById("ask-text").textContent === "Bob Bell B: exchanged 3"`),
		importShot("table-exchanged", 820, 1180),
		chromedp.Click(chromedp.ID("ask-cancel")),
	)
	tabletShot(t, ctx, "table-exchange-by-count")
	noAlerts(t, ctx)
	if x := exchangeTurn(t, e.view(e.games[1])); x.Move != "-"+exchangeSecret {
		t.Errorf("the director's view of table 2's exchange: %q", x.Move)
	}
	// Table 1: the exchange the director keyed.
	run(t, ctx,
		open(1, e.tables[0]),
		waitFor(lastPlay+` === "2. Bob Bell A: exchanged 3"`),
		waitFor(noLetters),
	)
	noAlerts(t, ctx)
}
