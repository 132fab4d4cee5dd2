package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The setup page's player form refuses a name the rule refuses (here a
// right-to-left override pasted in) beside the form, in plain words,
// without the code; the name is not changed.
func TestBrowserConsoleRefusesBadName(t *testing.T) {
	f := newFixture(t)
	cleo := f.addPlayer("Cleo")
	ctx := newChrome(t)
	row := fmt.Sprintf(`#players tr[data-player="%d"]`, cleo)
	form := fmt.Sprintf(`#players tr.edit-line[data-edit="%d"] form`, cleo)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player]").length === 3`),
		clickWhenThere(row+" button.edit-player-btn"),
		waitFor(`document.querySelector(`+jsString(form)+`) !== null`),
		setValue(form+` [name="name"]`, "Cleo \u202eeloC"),
		setValue(form+` [name="reason"]`, "pasted from the entry list"),
		submitForm(form, "right-to-left override (U+202E)"),
		waitFor(`document.querySelector(`+jsString(form+" .form-status")+`).classList.contains("error")`),
		waitFor(`!document.querySelector(`+jsString(form+" .form-status")+`).textContent.includes("bad-characters")`),
		importShot("names-refused", 1280, 800),
	)
	if ps := must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK); ps[2].Name != "Cleo" {
		t.Fatalf("a refused name was stored: %+v", ps[2])
	}
}

// The player's form shows how a name was split; the director corrects
// it, and the .t file follows ("Surname, Given names"), the page still
// saying the name as people do.
func TestBrowserConsoleCorrectsNameSplit(t *testing.T) {
	f := newFixture(t)
	robin := f.addPlayer("Robin Pollock Daniel")
	ctx := newChrome(t)
	row := fmt.Sprintf(`#players tr[data-player="%d"]`, robin)
	form := fmt.Sprintf(`#players tr.edit-line[data-edit="%d"] form`, robin)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player]").length === 3`),
		clickWhenThere(row+" button.edit-player-btn"),
		waitFor(`document.querySelector(`+jsString(form)+`) !== null`),
		waitFor(`document.querySelector(`+jsString(form+` [name="surname"]`)+`).value === "Daniel"`),
		waitFor(`document.querySelector(`+jsString(form+` [name="given_names"]`)+`).value === "Robin Pollock"`),
		setValue(form+` [name="surname"]`, "Pollock Daniel"),
		setValue(form+` [name="given_names"]`, "Robin"),
		setValue(form+` [name="reason"]`, "a double surname"),
		importShot("names-split", 1280, 800),
		clickWhenThere(form+` button[type="submit"]`),
		waitFor(`document.querySelector(`+jsString(form)+`) === null`),
		waitFor(`document.querySelector(`+jsString(row)+`).textContent.includes("Robin Pollock Daniel")`),
	)
	for _, p := range must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK) {
		if p.ID == robin && (p.Surname != "Pollock Daniel" || p.GivenNames != "Robin" || p.Name != "Robin Pollock Daniel") {
			t.Errorf("after the correction: %+v", p)
		}
	}
	if r := f.get(f.tpath("/export.t"), ""); !strings.Contains(string(r.Body), "Pollock Daniel, Robin ") {
		t.Errorf("export.t:\n%s", r.Body)
	}
}
