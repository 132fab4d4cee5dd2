package api

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// ratingListPasted is a NASPA-style list with a first line naming its
// columns (member ids in "naspa"), as the director pastes it.
const ratingListPasted = "name\trating\trank\texpiry\tgames\tnaspa\n" +
	"Zimmer, Zed\t1712\t40\t20271231\t35\tNA123\n" +
	"Wen, Wu\t1650\t55\t20271231\t410\tNA456\n" +
	"Vale, Vic\t1500\t90\t20271231\t12\tNA789\n"

// Rating lists from the setup page, two divisions: the director pastes a
// list, the card lists it; A's rules name it (and tsh's nsa2008
// estimates), the division's line says so; a player added to A by
// member id alone takes the list's name, rating and career games, one
// added by name takes the list's rating and member id; a player of the
// same name added to B (no list) is unrated. Shots at 1280x800 and
// 768x1024.
func TestBrowserConsoleRatingLists(t *testing.T) {
	e, divs := planEvent(t, map[string]any{}, map[string]any{})
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	lists := `document.getElementById("rating-lists").textContent`
	edit := fmt.Sprintf(`#divisions form.division-edit[data-division="%d"]`, divs[0])
	pstatus := `document.querySelector("#player-form .form-status").textContent`
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f), chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", e.URL, e.tournament)),
		waitFor(lists+` === "None yet."`),
		// Nothing chosen or pasted: plain words, nothing sent.
		setValue(`#rating-list-form [name="name"]`, "nsa"),
		submitForm("#rating-list-form", "Choose the list's file, or paste it."),
		setValue(`#rating-list-form [name="text"]`, ratingListPasted),
		submitForm("#rating-list-form", "Rating list nsa added: 3 players. Choose it in a division's rules to use it."),
		waitFor(lists+`.startsWith("nsa \u2014 3 players, added ")`),
		clickWhenThere(`#divisions li[data-division="`+itoa(divs[0])+`"] button.edit-division`),
		setValue(edit+` [name="rating_list"]`, "nsa"),
		setValue(edit+` [name="ratings"]`, "nsa2008"),
		setValue(edit+` [name="reason"]`, "NASPA-rated event"),
		eval(`document.querySelector(`+jsString(edit+` [name="rating_list"]`)+`).scrollIntoView({block: "center"})`),
		importShot("console-rating-list-rules", 1280, 800), importShot("console-rating-list-rules", 768, 1024),
		chromedp.EmulateViewport(1280, 800),
		submitForm(edit, "rules saved"),
		waitFor(`document.querySelector('#divisions li[data-division="`+itoa(divs[0])+`"] .division-summary').textContent.includes("rating list nsa")`),
		// By member id alone, into A.
		setValue(`#player-form [name="division_id"]`, itoa(divs[0])),
		setValue(`#player-form [name="member_id"]`, "NA123"),
		submitForm("#player-form", "Zed Zimmer added ("),
		waitFor(pstatus+`.includes(", rated 1712, member NA123).")`),
		// By name, into A, then into B.
		setValue(`#player-form [name="name"]`, "Wu Wen"),
		submitForm("#player-form", ", rated 1650, member NA456)."),
		setValue(`#player-form [name="division_id"]`, itoa(divs[1])),
		setValue(`#player-form [name="name"]`, "Vic Vale"),
		submitForm("#player-form", "Vic Vale added (#"),
		// Neither name nor member id: plain words.
		submitForm("#player-form", "Give the player's name, or their member id when the division uses a rating list."),
		eval(`document.getElementById("rating-lists-card").scrollIntoView()`),
		importShot("console-rating-lists", 1280, 800), importShot("console-rating-lists", 768, 1024),
	)
	if d := e.divisionNext(divs[0]); d.Settings.RatingList != "nsa" || d.Settings.Ratings != "nsa2008" {
		t.Errorf("A's settings: list %q, ratings %q", d.Settings.RatingList, d.Settings.Ratings)
	}
	want := map[string]string{"Zed Zimmer": "A 1712 NA123 35", "Wu Wen": "A 1650 NA456 410", "Vic Vale": "B 0  0"}
	got := map[string]string{}
	for _, p := range must[[]service.Player](t, e.get(e.path("/players"), e.Director), http.StatusOK) {
		if _, ok := want[p.Name]; !ok {
			continue
		}
		div := "A"
		if p.DivisionID != nil && *p.DivisionID == divs[1] {
			div = "B"
		}
		got[p.Name] = fmt.Sprintf("%s %d %s %d", div, p.Rating, p.MemberID, p.CareerGames)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("players %v, want %v", got, want)
	}
}
