package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The tablet opens the table card's link, its code in the fragment: the
// page signs in with it and ends on the table's game with no code in the
// address. When the director replaces the code, the page says so in
// plain words; scanning the new card while that page is open signs in
// again.
func TestBrowserTableCardLink(t *testing.T) {
	f := newFixture(t)
	ctx := newChrome(t)
	location := func() string {
		t.Helper()
		loc, err := chromedp.Run(ctx, chromedp.Location())
		if err != nil {
			t.Fatal(err)
		}
		return loc
	}
	run(t, ctx,
		chromedp.Navigate(f.URL+"/table/1#code="+url.QueryEscape(f.table)),
		chromedp.WaitVisible(chromedp.ID("move")),
		screenshot("table-card-signed-in"),
	)
	if loc := location(); loc != f.URL+"/table/1" {
		t.Errorf("the tablet ends at %s, want %s/table/1 with no code", loc, f.URL)
	}

	fresh := must[service.IssuedCredential](t, f.post(f.tpath("/tables/1/code/replace"), f.Director, map[string]any{"reason": "card seen"}), http.StatusCreated)
	run(t, ctx,
		chromedp.Reload(),
		waitFor(`document.querySelector("p.error") && document.querySelector("p.error").textContent === "This table's code was replaced by the director: scan the new card."`),
		waitFor(`document.querySelector('input[name="code"]').type === "text"`),
		screenshot("table-card-replaced"),
		// The new card scanned with the page open: only the fragment changes.
		eval(`location.hash = "code=`+url.QueryEscape(fresh.Token)+`"`),
		chromedp.WaitVisible(chromedp.ID("move")),
	)
	if loc := location(); strings.Contains(loc, "code") || loc != f.URL+"/table/1" {
		t.Errorf("after the new card the tablet is at %s", loc)
	}

	// A code typed in the box (the QR code would not scan): lower case,
	// without the dash.
	other := newChrome(t)
	typed := strings.ToLower(strings.ReplaceAll(fresh.Token, "-", ""))
	if err := chromedp.Do(other,
		chromedp.Navigate(f.URL+"/table/1"),
		chromedp.WaitVisible(chromedp.CSS(`input[name="code"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name="code"]`), typed),
		chromedp.Submit(chromedp.CSS(`input[name="code"]`)),
		chromedp.WaitVisible(chromedp.ID("move")),
	); err != nil {
		t.Fatal(err)
	}
}

// The rounds page shows where tablets go, with a plain warning when this
// laptop cannot be reached (the test server is on 127.0.0.1), takes a
// hall address, and replaces a table's code in its own dialog, offering
// the table's card to print again.
func TestBrowserConsoleReplacesTableCode(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	ctx := newChrome(t)
	const dialog = "#replace-dialog"
	run(t, ctx, consoleSignIn(f),
		// The setup page says where tablets go too, and leads to the hall address.
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(`document.getElementById("tablet-address").textContent === `+jsString(f.URL+"/table/…")),
		waitFor(`!document.getElementById("tablet-warning").hidden && document.getElementById("tablet-warning").textContent.startsWith("Tablets cannot reach this laptop at 127.0.0.1")`),
		screenshot("setup-tablets-warning"),
		clickWhenThere(`.tablets a[href$="/rounds#hall-address"]`),
		chromedp.WaitVisible(chromedp.ID("code-form")),
		waitFor(`document.getElementById("tablet-address").textContent === `+jsString(f.URL+"/table/…")),
		waitFor(`!document.getElementById("tablet-warning").hidden && document.getElementById("tablet-warning").textContent.startsWith("Tablets cannot reach this laptop at 127.0.0.1")`),
		waitFor(`document.getElementById("hall-address").open`),
		waitFor(`document.querySelectorAll("#codes li.code").length === 1`),
		waitFor(`document.getElementById("cards-address").textContent.includes("which they cannot reach")`),
		eval(`document.getElementById("tablets").scrollIntoView()`),
		screenshot("rounds-tablets-warning"),
		setValue(`#hall-form [name="public_url"]`, "http://192.168.1.20:8080/"),
		submitForm("#hall-form", "Saved: tablets open http://192.168.1.20:8080/table/"),
		waitFor(`document.getElementById("tablet-address").textContent === "http://192.168.1.20:8080/table/…"`),
		waitFor(`document.getElementById("tablet-warning").hidden`),
		waitFor(`document.getElementById("cards-address").textContent === "The table cards send tablets to http://192.168.1.20:8080/table/…."`),
		// Replace table 1's code: the reason is asked in the page's dialog.
		clickWhenThere(`#codes li.code button.replace`),
		waitFor(`document.querySelector(`+jsString(dialog)+`).open`),
		waitFor(`document.activeElement === document.querySelector('#replace-form [name="reason"]')`),
		setValue(`#replace-form [name="reason"]`, "   "),
		submitForm("#replace-form", "say why"),
		waitFor(`document.querySelector("#replace-form .form-status").classList.contains("error")`),
		setValue(`#replace-form [name="reason"]`, "card seen by a spectator"),
		clickWhenThere(`#replace-form button[type="submit"]`),
		waitFor(`!document.getElementById("replaced").hidden`),
		waitFor(`/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(document.querySelector("#replaced code.token").textContent)`),
		waitFor(`document.querySelector("#replaced a.print-card").href.includes("/rounds/1/tablecards.pdf?table=1&csrf=")`),
		waitFor(`document.querySelector("#replaced a.print-card").textContent === "Print table 1's card (PDF)"`),
		screenshot("rounds-code-replaced"),
		eval(`document.getElementById("tablets").scrollIntoView()`),
		clickWhenThere(`#replaced button.close`),
		waitFor(`!document.querySelector(`+jsString(dialog)+`).open`),
		waitFor(`document.getElementById("codes-summary").textContent === "1 active, 1 revoked"`),
		waitFor(`document.querySelector("#codes li.code:last-child .state").textContent.startsWith("replaced ")`),
		waitFor(`document.querySelector("#codes li.code:first-child a").href.startsWith("http://192.168.1.20:8080/table/1#code=")`),
		screenshot("rounds-codes-after-replace"),
	)
	token, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#replaced code.token").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "-"}), http.StatusUnauthorized, "bad-credentials")
	must[service.TurnResult](t, f.enter(f.game, token, turn{Turn: 1, Player: 1, Move: "-"}), http.StatusCreated)
	revs := f.revocations()
	if len(revs) != 1 || revs[0].Reason != "card seen by a spectator" {
		t.Fatalf("revocations %+v", revs)
	}
}
