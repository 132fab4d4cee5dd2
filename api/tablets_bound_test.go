package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tourney/service"
)

// Issue 37: a table's tablet sessions are bounded, a table card's link
// asks before signing in a browser it did not reach by a scan, and a
// tablet's sign-in never signs the director out.

// withDivisionB adds a division B to f's tournament, its two players
// paired at table 2 in round 1, and returns that game and table 2's code.
func withDivisionB(t *testing.T, f *fixture) (int64, string) {
	t.Helper()
	b := must[service.Division](t, f.post(f.tpath("/divisions"), f.Director, map[string]any{"name": "B"}), http.StatusCreated)
	var ids []int64
	for _, name := range []string{"Wes West", "Xia Xu"} {
		p := must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": 1400, "division_id": b.ID}), http.StatusCreated)
		ids = append(ids, p.ID)
	}
	return f.addGame(1, 2, ids...), f.credential(2)
}

// scanned signs a new browser in at a table with a code, as a scanned
// card does.
func scanned(t *testing.T, f *fixture, table int, code string) *browser {
	t.Helper()
	b := newBrowser(t, f.URL)
	path := fmt.Sprintf("/table/%d", table)
	if r := b.do("GET", path+"?code="+url.QueryEscape(code), nil, map[string]string{"Sec-Fetch-Site": "none"}); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-in at table %d: %d %s", table, r.Status, r.Body)
	}
	return b
}

// TestTabletSessionsBounded: 25 sign-ins with table 1's code leave the
// newest 20 signed in; the first 5 are signed out (their cookies refused,
// the page says why, the audit log has each end), while division B's
// table 2 keeps its tablets, and a tablet still signed in at each table
// enters turns.
func TestTabletSessionsBounded(t *testing.T) {
	f := newFixture(t)
	gameB, codeB := withDivisionB(t, f)
	var one []*browser
	for range 25 {
		one = append(one, scanned(t, f, 1, f.table))
	}
	two := []*browser{scanned(t, f, 2, codeB), scanned(t, f, 2, codeB)}

	list := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK)
	perTable := map[int]int{}
	for _, s := range list {
		perTable[s.Table]++
	}
	if perTable[1] != service.MaxTabletsPerTable || perTable[2] != 2 || len(list) != 22 {
		t.Fatalf("tablets signed in by table %v (%d in all), want 20 at table 1 and 2 at table 2", perTable, len(list))
	}
	for i, b := range one {
		session := cookieOf(b, f.URL, tableCookie)
		if i < 5 {
			wantPage(t, b.get("/table/1"), http.StatusUnauthorized, tabletCrowdedWords)
			wantProblem(t, f.get(gpath(f.game, ""), session), http.StatusUnauthorized, "bad-credentials")
			wantProblem(t, b.postJSON(gpath(f.game, "/turns"), `{"turn":1,"player":1,"move":"-"}`, map[string]string{csrfHeader: csrfFor(session)}),
				http.StatusUnauthorized, "bad-credentials")
			continue
		}
		wantPage(t, b.get("/table/1"), http.StatusOK, "Doug", "Emely")
	}
	for _, b := range two {
		wantPage(t, b.get("/table/2"), http.StatusOK, "Wes West", "Xia Xu")
	}

	// The newest tablets enter turns, at both tables.
	for _, tc := range []struct {
		b    *browser
		path string
		game int64
	}{{one[24], "/table/1", f.game}, {two[0], "/table/2", gameB}} {
		csrf := pageCSRF(t, tc.b.get(tc.path))
		must[service.TurnResult](t, tc.b.postJSON(gpath(tc.game, "/turns"), `{"turn":1,"player":1,"move":"-"}`, map[string]string{csrfHeader: csrf}), http.StatusCreated)
	}

	var ends []service.AuditEntry
	for _, a := range must[[]service.AuditEntry](t, f.get(f.tpath("/audit"), f.Director), http.StatusOK) {
		if a.Action == "end-tablet-session" {
			ends = append(ends, a)
		}
	}
	if len(ends) != 5 {
		t.Fatalf("%d tablet ends audited, want 5: %+v", len(ends), ends)
	}
	for _, a := range ends {
		if a.Who != "table 1" || !strings.Contains(a.Reason, "more than 20 tablets") || !strings.Contains(string(a.After), "revoked_at") {
			t.Errorf("audit entry %+v", a)
		}
	}

	// The director signing the oldest one out still says so plainly.
	oldest := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK)[0]
	must[service.TabletSession](t, f.post(f.tpath(fmt.Sprintf("/tablets/%d/end", oldest.ID)), f.Director, nil), http.StatusOK)
	wantPage(t, one[5].get("/table/1"), http.StatusUnauthorized, tabletEndedWords)
}

// TestTableSignInKeepsDirector: a director signed in in a browser who
// opens a table's link is asked first; signing in as the table then
// keeps the console signed in, and each page acts as its own: the
// console's token as the director, the tablet's as the table.
func TestTableSignInKeepsDirector(t *testing.T) {
	f := newFixture(t)
	gameB, codeB := withDivisionB(t, f)
	b := directorSignIn(t, f)
	room := fmt.Sprintf("/director/%d", f.tournament)
	director := pageCSRF(t, b.get(room))

	// The old card's link asks, with the code ready in the box.
	r := b.do("GET", "/table/1?code="+url.QueryEscape(f.table), nil, map[string]string{"Sec-Fetch-Site": "none"})
	wantPage(t, r, http.StatusUnauthorized, "Sign this browser in as table 1?", directorHereWords, `<div id="table-ask" class="stack">`,
		`value="`+f.table+`"`, "Sign in as table 1", `data-ask`)
	if strings.Contains(r.Header.Get("Set-Cookie"), tableCookie) {
		t.Fatal("the question signed the browser in")
	}
	// A new card's link (the code in the fragment) is asked by the page's script.
	wantPage(t, b.get("/table/2"), http.StatusUnauthorized, `<script src="/static/table-signin.js" data-ask></script>`, "Sign this browser in as table 2?")

	signIn := func(table int, code string) {
		t.Helper()
		r := b.do("POST", fmt.Sprintf("/table/%d", table), strings.NewReader(url.Values{"code": {code}}.Encode()),
			map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": f.URL, "Sec-Fetch-Site": "same-origin"})
		if r.Status != http.StatusSeeOther {
			t.Fatalf("sign-in as table %d: %d %s", table, r.Status, r.Body)
		}
		if strings.Contains(r.Header.Get("Set-Cookie"), sessionCookie) {
			t.Fatalf("the table's sign-in touched the director's cookie: %s", r.Header.Get("Set-Cookie"))
		}
	}
	for _, tc := range []struct {
		table int
		code  string
		game  int64
		names []string
	}{{1, f.table, f.game, []string{"Doug", "Emely"}}, {2, codeB, gameB, []string{"Wes West", "Xia Xu"}}} {
		signIn(tc.table, tc.code)
		page := b.get(fmt.Sprintf("/table/%d", tc.table))
		wantPage(t, page, http.StatusOK, tc.names...)
		tablet := pageCSRF(t, page)
		if tablet == director {
			t.Fatal("the tablet's page has the console's token")
		}
		// The console is still signed in, and acts as the director.
		wantPage(t, b.get(room), http.StatusOK)
		must[[]service.TabletSession](t, b.do("GET", f.tpath("/tablets"), nil, map[string]string{csrfHeader: director}), http.StatusOK)
		// The tablet's page acts as its table, not as the director.
		wantProblem(t, b.do("GET", f.tpath("/tablets"), nil, map[string]string{csrfHeader: tablet}), http.StatusForbidden, "director-only")
		must[service.TurnResult](t, b.postJSON(gpath(tc.game, "/turns"), `{"turn":1,"player":1,"move":"-"}`, map[string]string{csrfHeader: tablet}), http.StatusCreated)
		if v := f.view(tc.game); v.Turns[0].EnteredBy != fmt.Sprintf("table %d", tc.table) {
			t.Errorf("turn entered by %q, want table %d", v.Turns[0].EnteredBy, tc.table)
		}
		// A token of neither session is refused.
		wantProblem(t, b.postJSON(gpath(tc.game, "/undo"), `{}`, map[string]string{csrfHeader: "forged"}), http.StatusForbidden, "csrf-required")
	}

	// Signing the director out leaves the tablet signed in.
	if r := b.postForm("/signout", url.Values{"csrf": {director}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-out: %d", r.Status)
	}
	if r := b.get(room); r.Status != http.StatusSeeOther {
		t.Errorf("the console after signing out: %d", r.Status)
	}
	wantPage(t, b.get("/table/2"), http.StatusOK, "Wes West")
}

// TestTableLinkFromAnotherSiteAsks: the sign-in box asks first (data-ask)
// when another site sent the browser (Sec-Fetch-Site, else the Referer),
// and not for a scan or this server's pages; an old card's link (?code=)
// from another site asks with the code in the box and signs nothing in;
// a post from another site is refused.
func TestTableLinkFromAnotherSiteAsks(t *testing.T) {
	f := newFixture(t)
	for _, tc := range []struct {
		name   string
		header map[string]string
		ask    bool
	}{
		{"scanned", map[string]string{"Sec-Fetch-Site": "none"}, false},
		{"no headers", nil, false},
		{"this server's page", map[string]string{"Sec-Fetch-Site": "same-origin", "Referer": f.URL + "/director/1/rounds"}, false},
		{"another site", map[string]string{"Sec-Fetch-Site": "cross-site"}, true},
		{"another site, no referrer", map[string]string{"Sec-Fetch-Site": "cross-site", "Referer": ""}, true},
		{"a sibling site", map[string]string{"Sec-Fetch-Site": "same-site"}, true},
		{"another site's referrer (no Sec-Fetch-Site)", map[string]string{"Referer": "http://evil.example/page"}, true},
		{"this server's referrer (no Sec-Fetch-Site)", map[string]string{"Referer": f.URL + "/"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newBrowser(t, f.URL).do("GET", "/table/1", nil, tc.header)
			wantPage(t, r, http.StatusUnauthorized, `<div id="table-ask" class="stack" hidden>`, "Sign this browser in as table 1?", otherPageWords)
			if got := strings.Contains(string(r.Body), `table-signin.js" data-ask>`); got != tc.ask {
				t.Errorf("asks %v, want %v", got, tc.ask)
			}
			b := newBrowser(t, f.URL)
			r = b.do("GET", "/table/1?code="+url.QueryEscape(f.table), nil, tc.header)
			if !tc.ask {
				if r.Status != http.StatusSeeOther {
					t.Fatalf("an old card's link: %d, want 303", r.Status)
				}
				return
			}
			wantPage(t, r, http.StatusUnauthorized, `<div id="table-ask" class="stack">`, `<div id="table-code-box" class="stack" hidden>`, `value="`+f.table+`"`)
			if strings.Contains(r.Header.Get("Set-Cookie"), tableCookie) {
				t.Error("an old card's link from another site signed in")
			}
			// From another site, pressing its button is refused too;
			// from the page itself it signs in.
			form := strings.NewReader(url.Values{"code": {f.table}}.Encode())
			wantPage(t, b.do("POST", "/table/1", form, map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site"}),
				http.StatusForbidden, "another site")
			form = strings.NewReader(url.Values{"code": {f.table}}.Encode())
			if r := b.do("POST", "/table/1", form, map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}); r.Status != http.StatusSeeOther {
				t.Fatalf("the button: %d", r.Status)
			}
			wantPage(t, b.get("/table/1"), http.StatusOK, "Doug")
		})
	}
	if len(f.Svc.Guessers(f.Svc.Now())) != 0 {
		t.Errorf("asked links counted as guesses: %v", f.Svc.Guessers(f.Svc.Now()))
	}
}

// TestLegacyTabletCookieMoves: a tablet signed in before tablets had a
// cookie of their own (its session in the director's cookie) stays
// signed in, and its page moves the session to the tablet's cookie.
func TestLegacyTabletCookieMoves(t *testing.T) {
	f := newFixture(t)
	session := cookieOf(scanned(t, f, 1, f.table), f.URL, tableCookie)
	b := withSession(newBrowser(t, f.URL), f.URL, session)
	page := b.get("/table/1")
	wantPage(t, page, http.StatusOK, "Doug")
	if cookieOf(b, f.URL, tableCookie) != session || cookieOf(b, f.URL, sessionCookie) != "" {
		t.Fatalf("cookies after the page: tablet %q, director %q; want the session moved", cookieOf(b, f.URL, tableCookie), cookieOf(b, f.URL, sessionCookie))
	}
	must[service.TurnResult](t, b.postJSON(gpath(f.game, "/turns"), `{"turn":1,"player":1,"move":"-"}`, map[string]string{csrfHeader: pageCSRF(t, page)}), http.StatusCreated)
}
