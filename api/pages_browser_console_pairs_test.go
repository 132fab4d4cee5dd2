package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// TestBrowserConsoleChangesPairings: a round paired King of the Hill (Ann
// v Bob, Cat v Dan), then Eve arrives late. The director pairs Ann with
// Cat by hand (the two pairings they had are taken back), pairs Bob with
// Dan, takes that back with a confirmed click, and records Eve's missed
// round with the division's late-entry treatment (a forfeit).
func TestBrowserConsoleChangesPairings(t *testing.T) {
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Pairing Cup"}), http.StatusCreated).ID
	ids := map[string]int64{}
	for _, n := range []string{"Ann", "Bob", "Cat", "Dan"} {
		ids[n] = f.addPlayer(n)
	}
	must[service.RoundPairings](t, f.post(f.tpath("/rounds/1/pairings"), f.Director, map[string]any{"system": "koth"}), http.StatusCreated)
	must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": 1}), http.StatusOK)
	ids["Eve"] = f.addPlayer("Eve")

	row := func(players string) string {
		return `[].some.call(document.querySelectorAll("#pairings tbody td.players"), function (td) { return td.textContent === ` + jsString(players) + ` })`
	}
	unpaired := func(names string) string {
		return `[].map.call(document.querySelectorAll("#unpaired .unpaired-player"), function (s) { return s.firstChild.textContent; }).join(",") === ` + jsString(names)
	}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		chromedp.WaitVisible(chromedp.ID("change-form")),
		waitFor(row("Ann v Bob")), waitFor(row("Cat v Dan")),
		waitFor(unpaired("Eve")),
		waitFor(`document.querySelectorAll('#change-form [name="b"] option').length === 6`), // a bye and five players
		setValue(`#change-form [name="a"]`, fmt.Sprint(ids["Ann"])),
		setValue(`#change-form [name="b"]`, fmt.Sprint(ids["Cat"])),
		setValue(`#change-form [name="reason"]`, "family kept apart"),
		submitForm("#change-form", "Round 1: Ann v Cat."),
		waitFor(row("Ann v Cat")),
		waitFor(unpaired("Bob,Dan,Eve")),
		setValue(`#change-form [name="a"]`, fmt.Sprint(ids["Dan"])),
		setValue(`#change-form [name="b"]`, fmt.Sprint(ids["Bob"])),
		setValue(`#change-form [name="table"]`, "7"),
		submitForm("#change-form", "Round 1: Dan v Bob."),
		waitFor(row("Dan v Bob")),
		waitFor(`document.querySelector('#pairings tr[data-table="7"] td.players').textContent === "Dan v Bob"`),
		// Taking a pairing back asks once more.
		clickWhenThere(`#pairings tr[data-table="7"] button.unpair`),
		waitFor(`document.querySelector('#pairings tr[data-table="7"] button.unpair').textContent === "Sure?"`),
		clickWhenThere(`#pairings tr[data-table="7"] button.unpair`),
		waitFor(`document.getElementById("pairings-status").textContent.includes("pairing taken back")`),
		waitFor(unpaired("Bob,Dan,Eve")),
		// Eve's missed round becomes a forfeit; she leaves the unpaired list.
		clickWhenThere(fmt.Sprintf(`#unpaired [data-player="%d"] button.late`, ids["Eve"])),
		waitFor(`document.getElementById("pairings-status").textContent.includes("Eve: 1 missed round recorded (round 1 forfeit)")`),
		waitFor(unpaired("Bob,Dan")),
	)
	rp := must[service.RoundPairings](t, f.get(f.tpath("/rounds/1/pairings"), ""), http.StatusOK)
	var got []string
	for _, p := range rp.Pairings {
		var names []string
		for _, x := range p.Players {
			names = append(names, x.Name)
		}
		got = append(got, strings.Join(names, " v "))
	}
	if strings.Join(got, "; ") != "Ann v Cat; Eve" || len(rp.Unpaired) != 2 {
		t.Fatalf("round 1 after the changes: %v, unpaired %+v", got, rp.Unpaired)
	}
	if !strings.Contains(rp.Pairings[1].Reason, "late entry") || rp.Pairings[1].Result == nil || rp.Pairings[1].Result.Kind != "forfeit" {
		t.Errorf("Eve's round 1: %+v", rp.Pairings[1])
	}
	audit := must[[]map[string]any](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK)
	found := false
	for _, a := range audit {
		if a["action"] == "change-pairings" && a["reason"] == "family kept apart" {
			found = true
		}
	}
	if !found {
		t.Errorf("no change-pairings entry with the director's reason in %v", audit)
	}
}
