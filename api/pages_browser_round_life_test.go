package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserRoundLife: the rounds page shows where round 1 stands (one
// result of two, table 1 still being played); pairing round 2 on it is
// refused with the table named in plain words, and goes ahead only when
// the director ticks "Pair anyway" and says why.
func TestBrowserRoundLife(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Round Life Open"}), http.StatusCreated).ID
	for _, n := range []string{"Ann", "Bob", "Cat", "Dan"} {
		f.players = append(f.players, f.addPlayer(n))
	}
	rp := must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.TurnResult](t, f.enter(*rp.Pairings[0].GameID, f.Director, turn{Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	second := rp.Pairings[1].Players
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director, map[string]any{"round": 1, "players": []int64{second[0].ID, second[1].ID}, "scores": []int{380, 372}}), http.StatusCreated)
	first := rp.Pairings[0].Players[0].Name + " v " + rp.Pairings[0].Players[1].Name

	status := `document.querySelector('#round-status li[data-round="1"]')`
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("pair-form")),
		waitFor(status+` && `+status+`.dataset.status === "in-play" && `+status+`.textContent.includes("1 of 2 results")`),
		waitFor(status+`.textContent.includes("Missing: table 1 (`+first+`, being played)")`),
		setValue(`#pair-form [name="round"]`, "2"),
		setValue(`#pair-form [name="system"]`, "swiss"),
		submitForm("#pair-form", "Round 2 was not paired. Round 1 is not complete: table 1 ("+first+", being played) still without a result."),
		waitFor(`!document.getElementById("force-pair").hidden`),
		waitFor(`!document.querySelector("#pair-form .form-status").textContent.includes("force")`),
		// Pair anyway, saying why.
		eval(`document.querySelector('#pair-form [name="force"]').checked = true`),
		setValue(`#pair-form [name="reason"]`, "table 1 is slow; the room is waiting"),
		submitForm("#pair-form", "Round 2 paired (swiss)."),
		waitFor(`document.getElementById("force-pair").hidden`),
		waitFor(`document.querySelector('#round-status li[data-round="2"]').dataset.status === "paired"`),
	)
	r2 := must[service.RoundPairings](t, f.get(f.tpath("/rounds/2/pairings"), ""), http.StatusOK)
	if len(r2.Pairings) != 2 {
		t.Fatalf("round 2 %+v", r2)
	}
}
