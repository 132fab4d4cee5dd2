package api

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserTableHold: Bob plays GALE; Ann holds it (the page says so,
// the hold button goes grey, the game is on hold), then challenges it
// from the hold and loses her turn (double challenge). Bob plays JAVELIN;
// Ann holds it and plays on, which accepts it and ends the hold.
func TestBrowserTableHold(t *testing.T) {
	f := challengeGame(t, "double", nil)
	srv := httptest.NewServer(f.Handler)
	t.Cleanup(srv.Close)
	ctx := openTable(t, srv, f.table)
	run(t, ctx,
		playMove("8D WINDY", 32, 1),
		playMove("7C GALE", 16, 2),
		chromedp.Click(chromedp.ID("hold")),
		recorded(3),
		waitFor(`document.getElementById("status").textContent === "on hold"`),
		waitFor(`document.getElementById("hold").disabled`),
		waitFor(`document.getElementById("notice").textContent.includes("Ann holds 7C GALE")`),
		// Turns count plays: the hold is a note under play 2, and Ann is
		// to move at turn 3.
		waitFor(`document.querySelector('#turns [data-play="2"] .notes').textContent.includes("Ann held it")`),
		waitFor(`document.getElementById("turn-line").textContent === "Turn 3: Ann to move"`),
		waitFor(`document.getElementById("to-move-name").textContent === "Ann"`),
	)
	if v := f.view(f.game); v.Status != service.StatusOnHold || len(v.Turns) != 3 || v.Turns[2].Kind != service.EventHold || v.Turns[2].Seat != 1 {
		t.Fatalf("after the hold: %s, turns %+v", v.Status, v.Turns)
	}
	run(t, ctx,
		tapAnswer("challenge", ""),
		waitFor(`!document.getElementById("verdict").hidden && document.querySelector("#verdict .word-judge").textContent === "ACCEPTABLE"`),
		recorded(4),
		waitFor(`document.getElementById("status").textContent === "in play" && !document.getElementById("hold").disabled`),
		waitFor(`document.getElementById("to-move-name").textContent === "Bob"`),
		playMove("E3 JAVE..N", 34, 5),
		chromedp.Click(chromedp.ID("hold")),
		recorded(6),
		waitFor(`document.querySelector('#turns [data-play="3"] .notes').textContent.includes("Ann held it")`),
		playMove("F2 VOX", 39, 7),
		waitFor(`document.getElementById("status").textContent === "in play"`),
	)
	noAlerts(t, ctx)
	if v := f.view(f.game); v.Status != service.StatusInProgress || len(v.Turns) != 7 {
		t.Fatalf("after playing on: %s, %d turns", v.Status, len(v.Turns))
	}
}
