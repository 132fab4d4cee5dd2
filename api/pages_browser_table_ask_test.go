package api

import (
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// A table card's link sent by a page of another site shows the question
// and signs nothing in until its button is pressed: a link followed, a
// redirect through that site that sends no referrer, and a link to a
// server whose browser sends no Sec-Fetch-Site (plain http in the hall:
// here, headers taken off on the way), where the page's script sees the
// referrer. Opened directly (a scan: no referrer) it signs in as before.
// A director signed in in the browser is asked too, and keeps the console
// after signing in as the table.
func TestBrowserTableLinkFromAnotherSiteAsks(t *testing.T) {
	f := newFixture(t)
	_, codeB := withDivisionB(t, f)
	link := func(base string, table int, code string) string {
		return fmt.Sprintf("%s/table/%d#code=%s", base, table, url.QueryEscape(code))
	}
	// The server as a browser that sends no Sec-Fetch-Site reaches it.
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Del("Sec-Fetch-Site")
		r.Header.Del("Referer")
		f.Handler.ServeHTTP(w, r)
	}))
	t.Cleanup(plain.Close)
	// Another site (localhost is not 127.0.0.1's site): /link?to= a page
	// that follows a link to, /redirect?to= a redirect that sends no
	// referrer.
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		to := r.URL.Query().Get("to")
		if r.URL.Path == "/redirect" {
			w.Header().Set("Referrer-Policy", "no-referrer")
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<!doctype html><a id="go" href="%s">Free tiles</a><script>document.getElementById("go").click()</script>`, html.EscapeString(to))
	}))
	t.Cleanup(evil.Close)
	evilURL := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1)
	via := func(path, to string) string { return evilURL + path + "?to=" + url.QueryEscape(to) }
	tablets := func() int {
		t.Helper()
		return len(must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK))
	}
	question := func(table int, why string) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(
			waitFor(`document.getElementById("table-ask-yes").offsetParent !== null`),
			waitFor(`document.querySelector("#table-ask .question").textContent === `+jsString(fmt.Sprintf("Sign this browser in as table %d?", table))),
			waitFor(`document.querySelector("#table-ask").textContent.includes(`+jsString(why)+`)`),
			waitFor(`document.getElementById("table-ask-yes").textContent === `+jsString(fmt.Sprintf("Sign in as table %d", table))),
			waitFor(`document.getElementById("table-code-box").hidden && !location.hash`),
		)
	}

	for _, tc := range []struct {
		name, from string
		table      int
		names      string
	}{
		{"a link on another site", via("/link", link(f.URL, 2, codeB)), 2, "Wes West"},
		{"a redirect with no referrer", via("/link", via("/redirect", link(f.URL, 1, f.table))), 1, "Doug"},
		{"no Sec-Fetch-Site", via("/link", link(plain.URL, 1, f.table)), 1, "Doug"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := tablets()
			ctx := newChrome(t)
			run(t, ctx, chromedp.Navigate(tc.from), question(tc.table, otherPageWords),
				screenshot("table-ask-"+strings.ReplaceAll(tc.name, " ", "-")))
			if n := tablets(); n != before {
				t.Fatalf("the question signed in: %d tablets, were %d", n, before)
			}
			run(t, ctx, chromedp.Click(chromedp.ID("table-ask-yes")), chromedp.WaitVisible(chromedp.ID("move")),
				waitFor(`document.body.textContent.includes(`+jsString(tc.names)+`)`))
			if n := tablets(); n != before+1 {
				t.Errorf("after the button: %d tablets, want %d", n, before+1)
			}
		})
	}

	t.Run("opened directly", func(t *testing.T) {
		before := tablets()
		ctx := newChrome(t)
		run(t, ctx, chromedp.Navigate(link(f.URL, 1, f.table)), chromedp.WaitVisible(chromedp.ID("move")))
		if n := tablets(); n != before+1 {
			t.Errorf("a scan: %d tablets, want %d", n, before+1)
		}
	})

	t.Run("the director's browser", func(t *testing.T) {
		ctx := newChrome(t)
		room := fmt.Sprintf("%s/director/%d", f.URL, f.tournament)
		before := tablets()
		run(t, ctx, consoleSignIn(f), chromedp.Navigate(link(f.URL, 1, f.table)), question(1, directorHereWords),
			importShot("table-ask", 820, 1180),
			screenshot("table-ask-director"))
		if n := tablets(); n != before {
			t.Fatalf("the question signed in: %d tablets, were %d", n, before)
		}
		run(t, ctx, chromedp.Click(chromedp.ID("table-ask-yes")), chromedp.WaitVisible(chromedp.ID("move")),
			// The console stays signed in, and the table too.
			chromedp.Navigate(room), chromedp.WaitVisible(chromedp.CSS(`main.console`)),
			chromedp.Navigate(f.URL+"/table/1"), chromedp.WaitVisible(chromedp.ID("move")),
		)
		if n := tablets(); n != before+1 {
			t.Errorf("after the button: %d tablets, want %d", n, before+1)
		}
	})
}
