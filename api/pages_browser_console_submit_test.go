package api

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The console's "Submit results" page: per rating body what it needs and
// what is missing, in plain words, and its file to download; nothing cut
// on a laptop or a tablet.
func TestBrowserConsoleSubmit(t *testing.T) {
	e, _ := submissionEvent(t)
	f := &fixture{testServer: e.testServer, tournament: e.tournament}
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/submit", f.URL, f.tournament)),
		waitFor(`document.querySelector('.tabs a[aria-current="page"]').textContent === "Submit results"`),
	)
	run(t, ctx, waitFor(`document.getElementById("live").className === "online"`))
	if v := evalString(t, ctx, `String(document.getElementById("submit-stale").hidden)`); v != "true" {
		t.Errorf("the page says it is out of date as it opens")
	}
	text := evalString(t, ctx, `document.querySelector("main").innerText`)
	for _, want := range []string{
		"WESPA", "Ready to send.", "Left out, as they played no game: Fay Ford.",
		"NASPA", "Not ready yet.", "The NASPA tournament number is not set", "The director's NASPA id is not set",
		"1 player of the 9 who played without a NASPA member id: Zed.",
		"ABSP", "Download submission.tou", "Download submission.t", "Download submission-absp.zip",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the page lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "naspa-") || strings.Contains(text, "results-not-in") {
		t.Errorf("codes on screen:\n%s", text)
	}
	// Each link downloads its file with the director's session.
	for file, starts := range map[string]string{"submission.tou": "*M29.11.2026 Standings Open", "submission.t": "# tsh archive file", "submission-absp.zip": "PK"} {
		got := evalString(t, ctx, `fetch(document.querySelector('a[href*="/`+file+`?"]').href).then(r => r.status + " " + r.headers.get("Content-Disposition")).catch(e => String(e))`)
		if got != fmt.Sprintf(`200 attachment; filename="%s"`, file) {
			t.Errorf("%s link: %s", file, got)
		}
		head := evalString(t, ctx, `fetch(document.querySelector('a[href*="/`+file+`?"]').href).then(r => r.text()).then(s => s.slice(0, `+fmt.Sprint(len(starts))+`))`)
		if head != starts {
			t.Errorf("%s starts %q, want %q", file, head, starts)
		}
	}
	// A wrong director id is said in words; the right numbers clear the
	// NASPA card's problems but the missing member id.
	if v := evalString(t, ctx, `document.querySelector('#submit-settings [name="naspa_tournament_id"]').value + "|" + document.querySelector('#submit-settings [name="end_date"]').value`); v != "|2026-11-29" {
		t.Errorf("the form starts with %q", v)
	}
	run(t, ctx,
		setValue(`#submit-settings [name="naspa_tournament_id"]`, "16972"),
		setValue(`#submit-settings [name="naspa_director_id"]`, "John"),
		submitForm("#submit-settings", "the director's NASPA id is two letters and six digits"),
		setValue(`#submit-settings [name="naspa_director_id"]`, "aa000123"),
		eval(`window.beforeSave = true`),
		clickWhenThere(`#submit-settings button[type="submit"]`),
		waitAcrossReloads(`window.beforeSave === undefined && document.readyState === "complete" &&
			!document.querySelector("#submit-NASPA").textContent.includes("is not set") &&
			document.querySelector('#submit-settings [name="naspa_director_id"]').value === "AA000123"`),
	)
	if text := evalString(t, ctx, `document.querySelector("#submit-NASPA").innerText`); !strings.Contains(text, "without a NASPA member id: Zed.") {
		t.Errorf("the NASPA card after saving:\n%s", text)
	}
	// A member id given elsewhere: the page offers to check again, and
	// then NASPA's card is ready.
	run(t, ctx, waitFor(`document.getElementById("live").className === "online"`))
	must[service.Player](t, e.patch(e.path(fmt.Sprintf("/players/%d", e.ids["Zed"])), e.Director, map[string]any{"member_id": "AA000009", "reason": "NASPA card"}), http.StatusOK)
	run(t, ctx,
		waitFor(`!document.getElementById("submit-stale").hidden`),
		eval(`window.beforeSave = true`),
		clickWhenThere(`#submit-stale button`),
		waitAcrossReloads(`window.beforeSave === undefined && document.readyState === "complete" &&
			document.querySelector("#submit-NASPA .submit-state").textContent === "Ready to send."`),
	)
	for _, sz := range [][2]int64{{1280, 800}, {768, 1024}} {
		run(t, ctx, chromedp.EmulateViewport(sz[0], sz[1]), eval(`scrollTo(0, 0)`), importShot("console-submit", sz[0], sz[1]),
			eval(`document.getElementById("submit-settings").scrollIntoView()`), importShot("console-submit-settings", sz[0], sz[1]))
		if bad := evalString(t, ctx, consoleLayoutProblems); bad != "" {
			t.Errorf("%dx%d: %s", sz[0], sz[1], bad)
		}
	}
}
