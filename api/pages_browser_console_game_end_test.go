package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// noText fails when the page says what it should not.
func noText(s string) chromedp.Action[chromedp.Void] {
	return waitFor(`!document.querySelector("main").innerText.includes(` + jsString(s) + `)`)
}

// A game being recorded that cannot finish is ended from its page: how it
// ended, a rack, a reason, a second press to confirm, which first shows
// the final scores the end will give; the page shows the result, the
// rack adjustment as a row of its own, and the history says who ended it
// and why. An exchange reads in words. A hand result typed
// for it is refused in plain words (no route of the API), and a claim the
// board does not give shows both scores on its turn.
func TestBrowserConsoleEndGameFromItsPage(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(30)}), http.StatusCreated)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 2, Player: 2, Move: "7C GALE", ClaimedScore: claim(14)}), http.StatusCreated)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 3, Player: 1, Move: "-YWCO"}), http.StatusCreated)
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/games/%d", f.URL, f.tournament, f.game)),
		waitFor(`document.querySelector("#turn-1 .note") !== null`),
		// An exchange in words, with its letters.
		waitFor(`document.querySelector("#turn-3 .move").textContent === "exchanged YWCO"`),
		waitFor(`document.querySelector("#turn-1 .note").textContent.includes("claimed 30, board gives 32")`),
		waitFor(`!document.getElementById("end-card").hidden`),
		// A hand result beside the record: refused, in the page's words.
		setValue(`#result-form [name="score0"]`, "300"),
		setValue(`#result-form [name="score1"]`, "250"),
		submitForm("#result-form", "recorded turn by turn"),
		noText("/api/"),
		waitFor(`!document.getElementById("result-void-label").hidden`),
		// Ending: how and why are asked for, then a second press.
		submitForm("#end-form", "Choose how the game ended."),
		eval(`document.querySelector('#end-form input[value="time"]').checked = true`),
		submitForm("#end-form", "Say why"),
		setValue(`#end-form [name="rack2"]`, "aeiorst"),
		setValue("#end-reason", "round time ran out at 12:40"),
		submitForm("#end-form", "Check, then press"),
		waitFor(`!document.getElementById("end-confirm").hidden && document.getElementById("end-confirm-text").textContent.includes("Final score: Doug 32, Emely 9 (Emely’s AEIORST −7)")`),
	)
	if v := f.view(f.game); v.Status == service.StatusFinished {
		t.Fatal("the first press ended the game")
	}
	run(t, ctx,
		clickWhenThere("#end-yes"),
		waitFor(`document.querySelector("#end-form .form-status").textContent.includes("Game ended (time ran out for the round). Result: Doug 32, Emely 9.")`),
		waitFor(`document.getElementById("result-text").textContent.includes("from the game’s record")`),
		// The rack adjustment is a row of its own, as on the score sheet.
		waitFor(`document.querySelector("#turn-end-adjust .move").innerText === "rack not given\ntiles left AEIORST"`),
		waitFor(`document.querySelector("#turn-end-adjust").innerText.includes("Doug\nEmely")`),
		waitFor(`document.querySelector("#turn-end-adjust .computed").innerText === "0\n−7"`),
		waitFor(`document.querySelector("#turn-end-adjust").textContent.includes("32–9")`),
		eval(`document.querySelector(".turns-scroll").scrollTop = 1e6; window.scrollTo(0, 140); true`),
		shotAt("console-game-end-adjust", 1280, 800),
		waitFor(`document.getElementById("history").textContent.includes("ended the game where it stood: time ran out for the round")`),
		waitFor(`document.getElementById("history").textContent.includes("Reason: round time ran out at 12:40")`),
		noText("/api/"),
	)
	v := f.view(f.game)
	if v.Result == nil || !v.Result.Over || v.Official == nil {
		t.Fatalf("after ending: result %+v official %+v", v.Result, v.Official)
	}
}

// A record set aside shows no partial score, and neither it nor its turns
// can be corrected; its history says who set it aside and why, and the
// result entered by hand after it (with its reason) is what the seats show.
func TestBrowserConsoleSetAsideRecord(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(32)}), http.StatusCreated)
	must[service.GameView](t, f.post(gpath(f.game, "/void"), f.Director, map[string]any{"reason": "tablet entered the wrong game"}), http.StatusOK)
	ctx := newChrome(t)
	row := `document.getElementById("game-` + itoa(f.game) + `")`
	run(t, ctx, consoleSignIn(f),
		// The Room shows no partial score for it either.
		waitFor(row+` && `+row+`.querySelector(".scores").textContent === "–"`),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/games/%d", f.URL, f.tournament, f.game)),
		waitFor(`document.querySelector("#entry-2") !== null`), // the void: a note on turn 1
		waitFor(`[].map.call(document.querySelectorAll("#seats .score"), function (s) { return s.textContent; }).join() === "–,–"`),
		waitFor(`document.querySelectorAll("#turns button").length === 0 && document.getElementById("correct-card").hidden`),
		waitFor(`!document.getElementById("turns-void").hidden && document.getElementById("end-card").hidden`),
		waitFor(`document.getElementById("history").textContent.includes("set the game’s record aside") && document.getElementById("history").textContent.includes("Reason: tablet entered the wrong game")`),
		setValue(`#result-form [name="score0"]`, "380"),
		setValue(`#result-form [name="score1"]`, "402"),
		submitForm("#result-form", "Result entered."),
		waitFor(`[].map.call(document.querySelectorAll("#seats .score"), function (s) { return s.textContent; }).join() === "380,402"`),
		// Amended, with a reason, which the history keeps.
		setValue(`#result-form [name="score0"]`, "390"),
		setValue("#result-reason", "sheet added up again"),
		submitForm("#result-form", "Result amended."),
		waitFor(`document.getElementById("history").textContent.includes("amended the result from Doug 380, Emely 402 to Doug 390, Emely 402")`),
		waitFor(`document.getElementById("history").textContent.includes("Reason: sheet added up again")`),
	)
}
