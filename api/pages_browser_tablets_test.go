package api

import (
	"fmt"
	"net/url"
	"regexp"
	"testing"

	"github.com/chromedp/chromedp"
)

// The rounds page lists the signed-in tablets (table, when it signed in,
// when it was last seen, from where); the director signs one out after
// saying so in the page's own dialog, and the list is read again. The
// tablet, loaded again, says in plain words that the director signed it
// out. Nothing of the list or the dialog is cut at 1024x768 or 1280x800.
func TestBrowserConsoleSignsTabletOut(t *testing.T) {
	f := newFixture(t) // table 1's code is f.table
	tablet := newChrome(t)
	run(t, tablet,
		chromedp.Navigate(f.URL+"/table/1#code="+url.QueryEscape(f.table)),
		chromedp.WaitVisible(chromedp.ID("move")),
	)
	// The tablet's script says the guard's wait as the answer's
	// Retry-After gives it, else a neutral one.
	for retryAfter, want := range map[string]string{"": "wait a moment", "1": "wait a second", "8": "wait 8 seconds", "300": "wait 5 minutes", "Fri, 27 Nov 2026 09:00:00 GMT": "wait a moment"} {
		got, err := chromedp.Run(tablet, chromedp.Evaluate[string](`tourneyTable.problemText("too-many-attempts", "too many wrong sign-in attempts", {retryAfter: `+jsString(retryAfter)+`})`))
		if err != nil {
			t.Fatal(err)
		}
		if w := "Too many wrong codes: " + want + ", then scan the table card again."; got != w {
			t.Errorf("Retry-After %q: %q, want %q", retryAfter, got, w)
		}
	}
	director := newChrome(t)
	const row = `#signed-in li.tablet`
	run(t, director, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/rounds", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("`+row+`").length === 1`),
		waitFor(`document.getElementById("signed-in-summary").textContent === "1 tablet"`),
	)
	text, err := chromedp.Run(director, chromedp.Evaluate[string](`document.querySelector("`+row+`").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range []string{`^Table 1`, `signed in \d\d:\d\d`, `last seen \d\d:\d\d`, `from 127\.0\.0\.1`, `Sign out$`} {
		if !regexp.MustCompile(re).MatchString(text) {
			t.Errorf("the tablet's row %q lacks %s", text, re)
		}
	}
	// Nothing cut, the list and then the dialog, at both screens.
	visible := func(name string, sels ...string) {
		t.Helper()
		for _, sz := range []struct{ w, h int64 }{{1024, 768}, {1280, 800}} {
			run(t, director, chromedp.EmulateViewport(sz.w, sz.h),
				eval(`document.querySelector("`+sels[0]+`").scrollIntoView({block: "center"})`))
			for _, sel := range sels {
				// Brought into view first: lists above it may still be loading.
				run(t, director, eval(`document.querySelector(`+jsString(sel)+`).scrollIntoView({block: "nearest"})`))
				problems, err := chromedp.Run(director, chromedp.Evaluate[[]string](fullyVisible(sel)))
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range problems {
					t.Errorf("%dx%d: %s", sz.w, sz.h, p)
				}
			}
			// A row's buttons never lie over its words (codes and tablets alike).
			overlaps, err := chromedp.Run(director, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#codes li.code, #signed-in li.code")].filter((li) => {
  const b = li.querySelector(".code-actions");
  if (!b) return false;
  const q = b.getBoundingClientRect();
  return [...li.querySelectorAll(".code-info, .code-info *")].some((a) => {
    const r = a.getBoundingClientRect();
    return r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom;
  });
}).map((li) => li.textContent)`))
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range overlaps {
				t.Errorf("%dx%d: the buttons lie over the words of %q", sz.w, sz.h, o)
			}
			run(t, director, shotAt(fmt.Sprintf("%s-%dx%d", name, sz.w, sz.h), sz.w, sz.h))
		}
	}
	visible("rounds-signed-in-tablets", "#signed-in", row+" .code-info", row+" button.sign-out")

	// Asked first; "Keep it signed in" changes nothing.
	run(t, director,
		clickWhenThere(row+` button.sign-out`),
		waitFor(`document.getElementById("signout-dialog").open`),
		waitFor(`document.getElementById("signout-title").textContent === "Sign out table 1's tablet?"`),
		waitFor(`/^It signed in at \d\d:\d\d.* from 127\.0\.0\.1\.$/.test(document.querySelector("#signout-dialog .signout-which").textContent)`),
		waitFor(`document.activeElement === document.querySelector("#signout-form .cancel")`),
	)
	visible("rounds-sign-out-dialog", "#signout-dialog", `#signout-form button[type="submit"]`, "#signout-form .cancel")
	run(t, director,
		clickWhenThere(`#signout-form .cancel`),
		waitFor(`!document.getElementById("signout-dialog").open`),
		waitFor(`document.querySelectorAll("`+row+`").length === 1`),
		clickWhenThere(row+` button.sign-out`),
		waitFor(`document.getElementById("signout-dialog").open`),
		clickWhenThere(`#signout-form button[type="submit"]`),
		waitFor(`!document.getElementById("signout-dialog").open`),
		waitFor(`document.getElementById("signed-in-status").textContent.startsWith("Table 1's tablet is signed out.")`),
		waitFor(`document.querySelector("#signed-in li").textContent === "No tablet is signed in."`),
		waitFor(`document.getElementById("signed-in-summary").textContent === ""`),
		// The table's code still works: it stays active.
		waitFor(`document.getElementById("codes-summary").textContent === "1 active, 0 revoked"`),
	)
	visible("rounds-tablet-signed-out", "#signed-in-status", "#signed-in")

	run(t, tablet,
		chromedp.Reload(),
		waitFor(`document.querySelector("p.error") && document.querySelector("p.error").textContent === "The director signed this tablet out: scan the table card again."`),
		waitFor(`document.querySelector('input[name="code"]') !== null`),
		shotAt("table-signed-out", 1024, 768),
	)
}
