package api

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// A result keyed by hand while the room and the tablet are open: the
// room's row turns to the result (its scores, finished, how it came) on
// the result's notice, and the tablet, on its next look at the game,
// drops move entry for the result in plain words.
func TestBrowserResultKeyedWhileOpen(t *testing.T) {
	ctx := newChrome(t)

	// The room, open on a game two plays in.
	f := newFixture(t)
	e := &event{testServer: f.testServer, t: t, tournament: f.tournament, ids: map[string]int64{"Doug": f.players[0], "Emely": f.players[1]}}
	row := `document.getElementById("game-` + itoa(f.game) + `")`
	run(t, ctx,
		consoleSignIn(f),
		waitFor(row+`.querySelector(".turn").textContent === "1"`),
	)
	for i, tc := range dougVEmely[:2] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	run(t, ctx,
		waitFor(row+`.querySelector(".turn").textContent === "3"`),
		waitFor(row+`.querySelector(".st").textContent === "in play"`),
	)
	must[service.RoundResult](t, f.post(e.path("/results"), f.Director, map[string]any{"round": 1, "players": f.players,
		"scores": []int{402, 377}, "record": "void", "reason": "kept on paper"}), http.StatusCreated)
	run(t, ctx,
		waitFor(row+`.querySelector(".st").textContent === "finished, result entered by hand"`),
		waitFor(row+`.querySelector(".scores").textContent === "402 – 377"`),
		waitFor(row+`.querySelector(".turn").textContent === "–"`),
		waitFor(`document.getElementById("all-clear").hidden === false`),
		screenshot("room-hand-result"),
	)

	// The tablet, open on a game nobody has played on it, keyed on the
	// key-results page.
	g := newFixture(t)
	ge := &event{testServer: g.testServer, t: t, tournament: g.tournament}
	run(t, ctx,
		chromedp.Navigate(g.URL+"/table/1?code="+url.QueryEscape(g.table)),
		chromedp.WaitVisible(chromedp.ID("move")),
		waitFor(`document.getElementById("turn-line").textContent.startsWith("Turn 1:")`),
	)
	ge.keyTable(1, 1, map[string]any{"scores": []int{355, 420}}, http.StatusCreated)
	run(t, ctx,
		// The tablet looks again when it regains focus (and every 10 s).
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`!document.getElementById("end").hidden && document.getElementById("end").textContent.includes("Emely wins 420–355")`),
		waitFor(`document.getElementById("entry").hidden && document.getElementById("actions").hidden`),
		waitFor(`document.getElementById("end").textContent.includes("Result entered by hand")`),
		waitFor(`document.getElementById("status").textContent === "result entered by the director"`),
		waitFor(`document.querySelector('#totals .total[data-seat="2"] .score').textContent === "420"`),
		screenshot("tablet-hand-result"),
	)
	// Drawn again from the server, the page says the same.
	run(t, ctx,
		chromedp.Reload(),
		waitFor(`document.readyState === "complete" && !document.getElementById("end").hidden && document.getElementById("end").textContent.includes("Emely wins 420–355")`),
		waitFor(`document.getElementById("entry").hidden && document.getElementById("actions").hidden`),
	)
}
