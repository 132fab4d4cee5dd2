package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// The registration desk on the setup page, two divisions (A requires
// check-in): typing part of a name finds the players, "Check in" checks
// one in and the counts follow; "Move…" on a player's row of the desk moves one who
// has not played straight away, and for one who has, says so in plain
// words and offers to keep the games played, which moves them. Shots at
// 1280x800 and 768x1024.
func TestBrowserConsoleRegistration(t *testing.T) {
	e, divs := planEvent(t, map[string]any{"check_in_required": true}, map[string]any{})
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	// Bob and Dan are checked in and have played round 1 (keyed).
	for _, name := range []string{"Bob", "Dan"} {
		e.checkIn(name, nil, http.StatusOK)
	}
	a := e.pairDivision(divs[0], 1, nil)
	keyed(e, 1, a.Pairings[0])
	ctx := newChrome(t)
	row := func(name string) string { return fmt.Sprintf(`#checkin-list li[data-player="%d"]`, e.ids[name]) }
	moveForm := func(name string) string {
		return fmt.Sprintf(`#checkin-list li.move-line[data-move="%d"] form`, e.ids[name])
	}
	count := `document.getElementById("checkin-count").textContent`
	run(t, ctx, consoleSignIn(f), chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", e.URL, e.tournament)),
		waitFor(`document.querySelectorAll("#checkin-list li.checkin-row").length === 8`),
		waitFor(count+` === "(2 of 8 checked in · A (check-in required): 2 of 4)"`),
		eval(`document.getElementById("registration").scrollIntoView()`),
		importShot("console-registration", 1280, 800), importShot("console-registration", 768, 1024),
		chromedp.EmulateViewport(1280, 800),
		eval(`(function(){ var s = document.getElementById("checkin-search"); s.value = "an"; s.dispatchEvent(new Event("input")); })()`),
		waitFor(`document.querySelectorAll("#checkin-list li.checkin-row").length === 2`),
		waitFor(`document.querySelector(`+jsString(row("Ann"))+`) !== null && document.querySelector(`+jsString(row("Dan"))+`) !== null`),
		clickWhenThere(row("Ann")+" button"),
		waitFor(`document.getElementById("checkin-status").textContent === "Ann is checked in."`),
		waitFor(count+` === "(3 of 8 checked in · A (check-in required): 3 of 4)"`),
		waitFor(`document.querySelector(`+jsString(row("Ann"))+`).classList.contains("checked-in")`),
		// The search stays as typed when the list is drawn again.
		waitFor(`document.querySelectorAll("#checkin-list li.checkin-row").length === 2`),
		eval(`document.getElementById("registration").scrollIntoView()`),
		importShot("console-registration-search", 1280, 800), importShot("console-registration-search", 768, 1024),
		chromedp.EmulateViewport(1280, 800),
		// Undo refused once paired: plain words.
		clickWhenThere(row("Dan")+" button"),
		waitFor(`document.getElementById("checkin-status").textContent === "Dan: already paired or has a result, so the check-in stays."`),
	)
	if p := e.player("Ann"); !p.CheckedIn {
		t.Fatalf("Ann %+v", p)
	}

	// B's rules: check-in required, from the rules editor; the counts say so.
	edit := fmt.Sprintf(`#divisions form.division-edit[data-division="%d"]`, divs[1])
	run(t, ctx,
		clickWhenThere(`#divisions li[data-division="`+itoa(divs[1])+`"] button.edit-division`),
		clickWhenThere(edit+` [name="check_in_required"]`),
		setValue(edit+` [name="reason"]`, "B checks in too"),
		submitForm(edit, "rules saved"),
		waitFor(count+` === "(3 of 8 checked in · A (check-in required): 3 of 4 · B (check-in required): 0 of 4)"`),
		waitFor(`document.querySelector('#divisions li[data-division="`+itoa(divs[1])+`"] .division-summary').textContent.includes("check-in required")`),
	)
	if d := e.divisionNext(divs[1]); !d.Settings.CheckInRequired {
		t.Fatalf("B's settings %+v", d.Settings)
	}

	// Cat has not played: moved at once. Bob has: the offer to keep.
	run(t, ctx,
		eval(`(function(){ var s = document.getElementById("checkin-search"); s.value = ""; s.dispatchEvent(new Event("input")); })()`),
		clickWhenThere(row("Cat")+" button.move-btn"),
		setValue(moveForm("Cat")+` [name="division_id"]`, itoa(divs[1])),
		setValue(moveForm("Cat")+` [name="reason"]`, "entered in the wrong division"),
		clickWhenThere(moveForm("Cat")+` button[type="submit"]`),
		waitFor(`document.getElementById("checkin-status").textContent === "Cat moved to division B."`),
		clickWhenThere(row("Bob")+" button.move-btn"),
		setValue(moveForm("Bob")+` [name="division_id"]`, itoa(divs[1])),
		setValue(moveForm("Bob")+` [name="reason"]`, "rated for B"),
		submitForm(moveForm("Bob"), "Bob has already played in this division."),
		waitFor(`!document.querySelector(`+jsString(moveForm("Bob")+" .form-status")+`).textContent.includes("player-has-results")`),
		waitFor(`!document.querySelector(`+jsString(moveForm("Bob")+" button.keep-games")+`).hidden`),
		eval(`document.querySelector(`+jsString(moveForm("Bob"))+`).scrollIntoView({block: "center"})`),
		importShot("console-move-keep", 1280, 800), importShot("console-move-keep", 768, 1024),
		chromedp.EmulateViewport(1280, 800),
		clickWhenThere(moveForm("Bob")+" button.keep-games"),
		waitFor(`document.getElementById("checkin-status").textContent === "Bob moved to division B."`),
	)
	for _, name := range []string{"Cat", "Bob"} {
		if p := e.player(name); p.DivisionID == nil || *p.DivisionID != divs[1] {
			t.Fatalf("%s %+v", name, p)
		}
	}
	if moves := e.auditActions("move-player"); len(moves) != 2 || moves[1]["games"] != "keep" {
		t.Fatalf("moves audited %v", moves)
	}

	// Hal (B, not checked in) never comes: withdrawn from the players'
	// list, the desk no longer awaits him and says so.
	hal := fmt.Sprintf(`#players tr[data-player="%d"]`, e.ids["Hal"])
	run(t, ctx,
		waitFor(count+` === "(3 of 8 checked in · A (check-in required): 2 of 2 · B (check-in required): 1 of 6)"`),
		clickWhenThere(hal+" td.actions button.warn"),
		setValue(`#players tr.withdraw-line form [name="reason"]`, "did not come"),
		clickWhenThere(`#players tr.withdraw-line form button[type="submit"]`),
		waitFor(count+` === "(3 of 7 checked in · A (check-in required): 2 of 2 · B (check-in required): 1 of 5)"`),
		waitFor(`document.querySelector(`+jsString(row("Hal"))+`).textContent.includes("withdrawn without arriving") && !document.querySelector(`+jsString(row("Hal")+" button")+`)`),
	)
	if p := e.player("Hal"); p.Withdrawn == "" || p.CheckedIn {
		t.Fatalf("Hal %+v", p)
	}
}
