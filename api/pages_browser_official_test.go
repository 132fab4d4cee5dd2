package api

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplayKeepsTheTilePlayedThrough: the public replay of Ann v
// Bob (officialEvent) shows WINDY whole after Bob's WUZ through its W is
// challenged off, and at the end; its final scores are the official
// result.
func TestBrowserReplayKeepsTheTilePlayedThrough(t *testing.T) {
	oe := newOfficialEvent(t)
	cell := func(row, col int) string {
		return fmt.Sprintf(`document.querySelectorAll(".live-board .sq")[%d].textContent`, row*15+col)
	}
	row8 := `[...document.querySelectorAll(".live-board .sq")].slice(7*15+3, 7*15+8).map(s => s.textContent).join("")`
	ctx := newChrome(t)
	run(t, ctx,
		chromedp.EmulateViewport(1024, 900),
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/games/%d", oe.URL, oe.tournament, oe.recorded)),
		waitFor(`document.getElementById("replay-main").dataset.step === "5"`),
		waitFor(row8+` === "WINDY" && `+cell(8, 3)+` === ""`),
		waitFor(`[...document.querySelectorAll(".live-score")].map(s => s.textContent).join(" ") === "40 -21"`),
		shotAt("official-replay-final", 1024, 900),
		chromedp.Click(chromedp.CSS(`button[data-step="first"]`)),
		chromedp.Click(chromedp.CSS(`button[data-step="next"]`)),
		chromedp.Click(chromedp.CSS(`button[data-step="next"]`)),
		waitFor(`document.getElementById("replay-main").dataset.step === "2" && `+row8+` === "WINDY" && `+cell(8, 3)+` === "U" && `+cell(9, 3)+` === "Z"`),
		chromedp.Click(chromedp.CSS(`button[data-step="next"]`)),
		waitFor(`document.getElementById("replay-main").dataset.step === "3" && `+row8+` === "WINDY" && `+cell(8, 3)+` === ""`),
		waitFor(`document.querySelector(".live-last").textContent.includes("WUZ at D8 challenged off")`),
		shotAt("official-replay-challenged-off", 1024, 900),
	)
}

// TestBrowserLiveShowsAResultKeyedByHand: on the live boards Cy v Di,
// keyed by hand, shows its finals and "Result entered by hand", no board;
// the forfeit says so; the recorded game keeps its board.
func TestBrowserLiveShowsAResultKeyedByHand(t *testing.T) {
	oe := newOfficialEvent(t)
	table := func(game int64) string {
		return fmt.Sprintf(`[...document.querySelectorAll(".live-table")].find(s => s.dataset.table === String(%d))`, oe.tableOf(game))
	}
	ctx := newChrome(t)
	run(t, ctx,
		chromedp.EmulateViewport(1366, 768),
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/live", oe.URL, oe.tournament)),
		waitFor(`document.querySelectorAll(".live-table").length === 4`),
		waitFor(table(oe.handA)+`.textContent.includes("Result entered by hand") && !`+table(oe.handA)+`.querySelector(".live-board")`),
		waitFor(table(oe.handA)+`.textContent.includes("400") && `+table(oe.handA)+`.textContent.includes("350") && !`+table(oe.handA)+`.textContent.includes("No play yet")`),
		waitFor(table(oe.forfeitB)+`.textContent.includes("Forfeit, result entered by hand")`),
		waitFor(table(oe.recorded)+`.querySelector(".live-board") && !`+table(oe.recorded)+`.textContent.includes("entered by hand")`),
		shotAt("official-live-by-hand-1366x768", 1366, 768),
	)
}

// TestBrowserConsoleRoundsSayLateEntry: the console's Rounds table gives
// a late entrant's missed round as "late entry" and a withdrawn player's
// as "withdrawn", never "bye".
func TestBrowserConsoleRoundsSayLateEntry(t *testing.T) {
	oe := newOfficialEvent(t)
	oe.withdrawAndEnterLate(t)
	f := &fixture{testServer: oe.testServer, tournament: oe.tournament}
	cellOf := func(name string) string {
		return `[...document.querySelectorAll("#pairings tbody tr")].filter(tr => tr.querySelector("td.players") && tr.querySelector("td.players").textContent === ` + jsString(name) + `).map(tr => tr.cells[0].textContent).join()`
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", oe.URL, oe.tournament)),
		chromedp.WaitVisible(chromedp.ID("pair-form")),
		setValue(`#pair-form [name="division_id"]`, fmt.Sprint(oe.b)),
		waitFor(`document.querySelector("#pairings tbody").textContent.includes("Eve Ek")`),
		setValue(`#round-select`, "1"),
		waitFor(`document.getElementById("shown-round").textContent === "1"`),
		waitFor(cellOf("Hal Hay")+` === "late entry"`),
		setValue(`#round-select`, "2"),
		waitFor(cellOf("Charlie Brown")+` === "withdrawn"`),
		waitFor(`!document.querySelector("#pairings tbody").textContent.includes("bye")`),
		shotAt("official-console-rounds-withdrawn", 1280, 800),
	)
}
