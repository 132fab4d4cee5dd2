package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// printLinksOpen fetches every printout and file link of the page (PDF,
// CSV, .t, zip, GCG) as the browser would open it and answers one line a
// link: "path?query status content-type", and for a PDF or CSV whether
// it names Ann Able and Wes West (division A's and B's first players).
const printLinksOpen = `(function () {
  var links = [].filter.call(document.querySelectorAll("a[href*='/api/v1/']"), function (a) {
    return /\.(pdf|csv|t|zip|gcg)$/.test(new URL(a.href).pathname);
  });
  return Promise.all(links.map(function (a) {
    var u = new URL(a.href);
    u.searchParams.delete("csrf");
    return fetch(a.href).then(function (r) {
      var ct = (r.headers.get("content-type") || "").split(";")[0];
      var text = /csv|plain/.test(ct) ? r.text() : Promise.resolve("");
      return text.then(function (body) {
        var names = body ? " A:" + (body.includes("Ann Able") || body.includes("Able, Ann")) + " B:" + (body.includes("Wes West") || body.includes("West, Wes")) : ""; // a .t file: "Surname, Given"
        return a.textContent.trim() + " | " + u.pathname.replace(/^\/api\/v1\/(tournaments\/\d+|games\/\d+)/, "") + u.search + " " + r.status + " " + ct + names;
      });
    });
  })).then(function (lines) { return lines.join("\n"); });
})()`

func evalString(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wantPrintLinks checks every printout link of the page opens as a
// printout (200, never a JSON problem) and returns the lines.
func wantPrintLinks(t *testing.T, ctx context.Context, page string, least int) string {
	t.Helper()
	got := evalString(t, ctx, printLinksOpen)
	lines := strings.Split(got, "\n")
	if got == "" || len(lines) < least {
		t.Fatalf("%s: %d print links, want %d or more:\n%s", page, len(lines), least, got)
	}
	for _, l := range lines {
		if !strings.Contains(l, " 200 ") || strings.Contains(l, "json") {
			t.Errorf("%s: a print link does not open its file: %s", page, l)
		}
	}
	return got
}

// A two-division event in the console: every print and export button of
// every page opens its PDF, CSV or file (never JSON), the standings
// page's Division selector changes its links, and the pair form follows
// the division picked (its next round, its own messages).
func TestBrowserConsolePrintsTwoDivisions(t *testing.T) {
	e, b := twoDivisionEvent(t)
	a := *e.division
	must[service.Tournament](t, e.patch(e.path(""), e.Director, map[string]any{"current_round": 1}), http.StatusOK)
	games := must[[]service.Game](t, e.get(e.path("/games"), e.Director), http.StatusOK)
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	ctx := newChrome(t)
	page := func(suffix string) string { return fmt.Sprintf("%s/director/%d%s", e.URL, e.tournament, suffix) }
	run(t, ctx, consoleSignIn(f), chromedp.Navigate(page("")), chromedp.WaitVisible(chromedp.ID("room")))
	room := wantPrintLinks(t, ctx, "room", 3)
	for _, want := range []string{"Standings PDF | /standings.pdf 200 application/pdf", "Pairings PDF | /rounds/1/pairings.pdf 200"} {
		if !strings.Contains(room, want) {
			t.Errorf("room lacks %q:\n%s", want, room)
		}
	}

	// Standings: the links follow the Division selector.
	run(t, ctx, chromedp.Navigate(page("/standings")), waitFor(`document.querySelector("#standings tbody td.num") !== null`),
		waitFor(`document.querySelector("a[data-division-link]").href.includes("division=`+fmt.Sprint(a)+`")`))
	st := wantPrintLinks(t, ctx, "standings, division A", 8)
	for _, want := range []string{
		fmt.Sprintf("Standings (CSV) | /standings.csv?division=%d 200 text/csv A:true B:false", a),
		fmt.Sprintf("tsh .t file | /export.t?division=%d 200 text/plain A:true B:false", a),
		fmt.Sprintf("Standings (PDF) | /standings.pdf?division=%d 200 application/pdf", a),
		fmt.Sprintf("Cross-table (PDF) | /crosstable.pdf?division=%d 200", a),
		fmt.Sprintf("Scorecards (PDF) | /scorecards.pdf?division=%d 200", a),
		"every division as a tsh archive | /export.t 200 text/plain A:true B:true",
	} {
		if !strings.Contains(st, want) {
			t.Errorf("standings page lacks %q:\n%s", want, st)
		}
	}
	run(t, ctx, setValue("#division", fmt.Sprint(b)),
		waitFor(`document.querySelector("a[data-division-link]").href.includes("division=`+fmt.Sprint(b)+`")`),
		importShot("console-standings-two-divisions", 1280, 800))
	st = wantPrintLinks(t, ctx, "standings, division B", 8)
	for _, want := range []string{
		fmt.Sprintf("Standings (CSV) | /standings.csv?division=%d 200 text/csv A:false B:true", b),
		fmt.Sprintf("tsh .t file | /export.t?division=%d 200 text/plain A:false B:true", b),
		fmt.Sprintf("Cross-table (PDF) | /crosstable.pdf?division=%d 200", b),
	} {
		if !strings.Contains(st, want) {
			t.Errorf("standings page (B) lacks %q:\n%s", want, st)
		}
	}

	// Rounds: the round's printouts, for the division picked; the pair
	// form offers that division's next round and keeps its messages.
	run(t, ctx, chromedp.Navigate(page("/rounds")), waitFor(`document.querySelector("#round-reports a") !== null`),
		waitFor(`document.querySelector("#pair-form [name=round]").value === "3"`))
	wantPrintLinks(t, ctx, "rounds, division A", 5)
	run(t, ctx, setValue(`#pair-form [name="division_id"]`, fmt.Sprint(b)),
		waitFor(`document.querySelector("#pair-form [name=round]").value === "2"`),
		waitFor(`document.querySelector("#round-reports a").href.includes("division=`+fmt.Sprint(b)+`")`))
	wantPrintLinks(t, ctx, "rounds, division B", 5)
	run(t, ctx, submitForm("#pair-form", "Division B round 2 paired"),
		waitFor(`document.getElementById("pair-summary").textContent.startsWith("Division B round 2 paired by")`),
		setValue(`#pair-form [name="division_id"]`, fmt.Sprint(a)),
		waitFor(`document.querySelector("#pair-form [name=round]").value === "3"`),
		waitFor(`document.getElementById("pair-summary").textContent === ""`),
		waitFor(`document.querySelector("#pair-form .form-status").hidden`))

	// The prizes page and a game's page.
	run(t, ctx, chromedp.Navigate(page("/prizes")), chromedp.WaitVisible(chromedp.CSS("main.console")))
	wantPrintLinks(t, ctx, "prizes", 1)
	run(t, ctx, chromedp.Navigate(page(fmt.Sprintf("/games/%d", games[0].ID))), chromedp.WaitVisible(chromedp.CSS("main.console")))
	wantPrintLinks(t, ctx, "game", 2)
}
