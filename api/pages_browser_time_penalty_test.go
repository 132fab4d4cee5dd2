package api

import (
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserTableTimePenalty: at the end of the game the tablet asks for
// the minutes over time, shows what they cost before sending, sends them
// through the offline queue like any entry, and shows the final scores
// they leave.
func TestBrowserTableTimePenalty(t *testing.T) {
	f := newFixture(t)
	ctx, net := openFlakyTable(t, f.Handler, f.table)
	finishDougVEmely(t, f) // 451-345, entered elsewhere; the tablet looks again
	run(t, ctx,
		eval(`window.dispatchEvent(new Event("focus")); true`),
		waitFor(`document.getElementById("status").textContent === "finished" && document.getElementById("confirm-1") !== null`),
		waitFor(`document.querySelector("#end .winner").textContent === "Doug wins 451–345"`),
		waitFor(`document.getElementById("overtime") !== null && !document.getElementById("overtime").open && document.getElementById("overtime-1") === null`),
		chromedp.Click(chromedp.CSS(`#overtime summary`)),
		waitFor(`document.getElementById("overtime").open && document.getElementById("overtime-1") !== null && document.getElementById("overtime-2") !== null`),
		waitFor(`document.querySelector("#end").textContent.includes("Minutes over time, Doug") && document.getElementById("overtime-enter-1").disabled`),
		eval(`(() => { const i = document.getElementById("overtime-1"); i.value = "3"; i.dispatchEvent(new Event("input")); return true })()`),
		waitFor(`document.getElementById("overtime-points-1").textContent === "3 min: −30 points" && !document.getElementById("overtime-enter-1").disabled`),
		// The connection drops: the entry waits, then goes once it is back.
		setNet(net, true),
		chromedp.Click(chromedp.ID("overtime-enter-1")),
		waitFor(`!document.getElementById("queue").hidden && document.getElementById("waiting-list").textContent.includes("Doug: 3 min over time, −30")`),
		setNet(net, false),
		waitFor(`document.getElementById("queue").hidden && document.querySelector("#end .winner") !== null && document.querySelector("#end .winner").textContent === "Doug wins 421–345"`),
		waitFor(`document.querySelector("#end table.final").textContent.includes("Time penalty−30 (3 min)")`),
		waitFor(`document.getElementById("overtime-1") === null && document.getElementById("overtime-2") !== null`),
		waitFor(`document.getElementById("confirm-1").textContent.includes("421–345") && document.getElementById("turns").textContent.includes("time penalty (3m over) −30")`),
	)
	noAlerts(t, ctx)
	v := f.view(f.game)
	if v.Result.Final[0] != 421 || v.Result.Final[1] != 345 || v.Result.TimeMinutes[0] != 3 {
		t.Fatalf("after the tablet's penalty: %+v", v.Result)
	}
	if last := v.Turns[len(v.Turns)-1]; last.Kind != service.EventTimePenalty || last.Move != "3m" || last.Points != 30 || last.EnteredBy != "table 1" {
		t.Fatalf("the penalty as recorded: %+v", last)
	}
}

// TestBrowserConsoleTimePenalty: the director enters minutes over time in
// the game view and sees what they cost before and after sending.
func TestBrowserConsoleTimePenalty(t *testing.T) {
	f := newFixture(t)
	finishDougVEmely(t, f) // 451-345
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(f.URL+"/director/"+itoa(f.tournament)+"/games/"+itoa(f.game)),
		waitFor(`document.getElementById("time-card") && !document.getElementById("time-card").hidden`),
		waitFor(`document.getElementById("time-rule").textContent.includes("10 points for each minute or part of a minute")`),
		setValue(`#time-player`, "2"),
		eval(`(() => { const i = document.getElementById("time-minutes"); i.value = "2"; i.dispatchEvent(new Event("input")); return true })()`),
		waitFor(`document.getElementById("time-preview").textContent === "2 min: −20 points"`),
		submitForm("#time-form", "Time penalty entered: Emely, 2 min, −20. Final 451–325."),
		waitFor(`document.getElementById("time-rule").textContent.includes("Entered: Emely: 2 min, −20.")`),
		waitFor(`document.getElementById("turns").textContent.includes("time penalty (2m over)")`),
	)
	if v := f.view(f.game); v.Result.Final[1] != 325 || v.Result.TimeMinutes[1] != 2 || v.Turns[len(v.Turns)-1].EnteredBy == "table 1" {
		t.Fatalf("after the director's penalty: %+v, last turn %+v", v.Result, v.Turns[len(v.Turns)-1])
	}
}
