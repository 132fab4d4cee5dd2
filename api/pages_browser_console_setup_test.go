package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// Editing a player on the setup page: name, rating and division with a
// reason; a division change for a player already paired, and an empty
// name, are refused beside the form in plain words, which stays open.
func TestBrowserConsoleEditsPlayer(t *testing.T) {
	f := newFixture(t) // Doug and Emely are paired at table 1
	a := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A"}), http.StatusCreated)
	cleo := f.addPlayer("Cleo")
	ctx := newChrome(t)
	row := func(id int64) string { return fmt.Sprintf(`#players tr[data-player="%d"]`, id) }
	form := func(id int64) string { return fmt.Sprintf(`#players tr.edit-line[data-edit="%d"] form`, id) }
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player]").length === 3`),
		clickWhenThere(row(cleo)+" button.edit-player-btn"),
		// Shown, also where the narrow layout hides the id column, and ready to type in.
		waitFor(`document.querySelector(`+jsString(form(cleo)+` [name="name"]`)+`).offsetWidth > 0`),
		waitFor(`document.activeElement === document.querySelector(`+jsString(form(cleo)+` [name="name"]`)+`)`),
		waitFor(`document.querySelector(`+jsString(form(cleo)+` [name="rating"]`)+`).value === "1500"`),
		setValue(form(cleo)+` [name="name"]`, "Cleo Cole"),
		setValue(form(cleo)+` [name="rating"]`, "1610"),
		setValue(form(cleo)+` [name="division_id"]`, itoa(a.ID)),
		setValue(form(cleo)+` [name="reason"]`, "full name from the entry list"),
		clickWhenThere(form(cleo)+` button[type="submit"]`),
		waitFor(`document.getElementById("players-status").textContent === "Cleo Cole: name, rating, division saved."`),
		waitFor(`document.querySelector(`+jsString(form(cleo))+`) === null`),
		waitFor(`document.querySelector(`+jsString(row(cleo))+`).textContent.includes("Cleo Cole1610A")`),
	)
	ps := must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK)
	if p := ps[2]; p.Name != "Cleo Cole" || p.Rating != 1610 || p.DivisionID == nil || *p.DivisionID != a.ID {
		t.Fatalf("player %+v", p)
	}
	if last := f.lastAudit(); last.Action != "update-player" || last.Reason != "full name from the entry list" {
		t.Fatalf("audit entry %+v", last)
	}

	doug := f.players[0]
	run(t, ctx,
		clickWhenThere(row(doug)+" button.edit-player-btn"),
		waitFor(`document.querySelector(`+jsString(form(doug))+`) !== null`),
		setValue(form(doug)+` [name="division_id"]`, itoa(a.ID)),
		setValue(form(doug)+` [name="reason"]`, "wrong group"),
		submitForm(form(doug), "Doug is paired at table 1 in round 1: a player's division cannot change"),
		waitFor(`document.querySelector(`+jsString(form(doug)+" .form-status")+`).classList.contains("error")`),
		waitFor(`!document.querySelector(`+jsString(form(doug)+" .form-status")+`).textContent.includes("player-has-results")`),
		setValue(form(doug)+` [name="division_id"]`, ""),
		setValue(form(doug)+` [name="name"]`, "   "),
		submitForm(form(doug), "a player needs a name"),
		clickWhenThere(form(doug)+" button.cancel"),
		waitFor(`document.querySelector(`+jsString(form(doug))+`) === null`),
	)
	if ps := must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK); ps[0].Name != "Doug" || ps[0].DivisionID != nil {
		t.Fatalf("refused edits changed %+v", ps[0])
	}
}
