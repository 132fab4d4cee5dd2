package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// Two divisions on the setup page. Saving division A's "Edit rules" form
// keeps the class floors set through the API (the form sends only the
// rules it shows); B's class floors are set in the same form, and a
// player's class on the player's line, with a reason.
func TestBrowserConsoleRulesKeepClassFloors(t *testing.T) {
	f := newFixture(t)
	a := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "A", "settings": map[string]any{"rounds": 5}}), http.StatusCreated)
	b := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "B"}), http.StatusCreated)
	must[service.Division](t, f.patch(f.tpath(fmt.Sprintf("/divisions/%d", a.ID)), f.Director,
		map[string]any{"settings": map[string]any{"class_floors": []int{1600}}, "reason": "classes"}), http.StatusOK)
	ann := must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": "Ann", "rating": 1700, "division_id": b.ID}), http.StatusCreated)
	edit := func(d service.Division) string {
		return fmt.Sprintf(`#divisions form.division-edit[data-division="%d"]`, d.ID)
	}
	summary := func(d service.Division) string {
		return `document.querySelector('#divisions li[data-division="` + itoa(d.ID) + `"] .division-summary').textContent`
	}
	player := fmt.Sprintf(`#players tr.edit-line[data-edit="%d"] form`, ann.ID)
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(summary(a)+`.includes("classes A 1600+, B")`),
		clickWhenThere(`#divisions li[data-division="`+itoa(a.ID)+`"] button.edit-division`),
		waitFor(`document.querySelector(`+jsString(edit(a)+` [name="class_floors"]`)+`).value === "1600"`),
		setValue(edit(a)+` [name="rounds"]`, "6"),
		setValue(edit(a)+` [name="reason"]`, "one more round"),
		submitForm(edit(a), "Division A: rules saved."),
		clickWhenThere(`#divisions li[data-division="`+itoa(b.ID)+`"] button.edit-division`),
		setValue(edit(b)+` [name="class_floors"]`, "1800, 1500"),
		setValue(edit(b)+` [name="reason"]`, "classes announced"),
		submitForm(edit(b), "Division B: rules saved."),
		waitFor(summary(b)+`.includes("classes A 1800+, B 1500+, C")`),
		clickWhenThere(fmt.Sprintf(`#players tr[data-player="%d"] button.edit-player-btn`, ann.ID)),
		setValue(player+` [name="class"]`, "C"),
		setValue(player+` [name="reason"]`, "plays down a class"),
		clickWhenThere(player+` button[type="submit"]`),
		waitFor(`document.getElementById("players-status").textContent === "Ann: class saved."`),
		waitFor(fmt.Sprintf(`document.querySelector('#players tr[data-player="%d"] .player-class').textContent === " · class\u00a0C"`, ann.ID)),
		eval(`document.querySelector(`+jsString(edit(b)+` [name="class_floors"]`)+`).scrollIntoView({block: "center"})`),
		importShot("console-setup-classes", 1280, 800),
		eval(`document.getElementById("players").scrollIntoView()`),
		importShot("console-setup-players-class", 1280, 800),
	)
	for _, d := range must[[]service.Division](t, f.get(f.tpath("/divisions"), ""), http.StatusOK) {
		want := map[int64][]int{a.ID: {1600}, b.ID: {1800, 1500}}[d.ID]
		if !slices.Equal(d.Settings.ClassFloors, want) {
			t.Errorf("division %s: class floors %v, want %v", d.Name, d.Settings.ClassFloors, want)
		}
		if d.ID == a.ID && d.Settings.Rounds != 6 {
			t.Errorf("division A: %d rounds, want 6", d.Settings.Rounds)
		}
	}
	if last := f.lastAudit(); last.Action != "update-player" || last.Reason != "plays down a class" {
		t.Errorf("audit %+v", last)
	}
	rows := must[[]service.StandingRow](t, f.get(f.tpath(fmt.Sprintf("/standings?division=%d", b.ID)), ""), http.StatusOK)
	if len(rows) != 1 || rows[0].Class != "C" {
		t.Errorf("B's standings: %+v", rows)
	}
}
