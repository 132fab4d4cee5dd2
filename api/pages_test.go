package api

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// browser is an HTTP client with a cookie jar that does not follow
// redirects, so that a test sees each answer.
type browser struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newBrowser(t *testing.T, base string) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, base: base, c: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

func (b *browser) do(method, path string, body io.Reader, header map[string]string) response {
	b.t.Helper()
	r, err := http.NewRequest(method, b.base+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	for k, v := range header {
		r.Header.Set(k, v)
	}
	res, err := b.c.Do(r)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	return response{Status: res.StatusCode, Header: res.Header, Body: data}
}

func (b *browser) get(path string) response { return b.do("GET", path, nil, nil) }

func (b *browser) postForm(path string, form url.Values) response {
	return b.do("POST", path, strings.NewReader(form.Encode()), map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
}

func (b *browser) postJSON(path, body string, header map[string]string) response {
	h := map[string]string{"Content-Type": "application/json"}
	for k, v := range header {
		h[k] = v
	}
	return b.do("POST", path, strings.NewReader(body), h)
}

var csrfMeta = regexp.MustCompile(`<meta name="csrf-token" content="([^"]+)">`)

func pageCSRF(t *testing.T, r response) string {
	t.Helper()
	m := csrfMeta.FindSubmatch(r.Body)
	if m == nil {
		t.Fatalf("no csrf-token meta in page:\n%s", r.Body)
	}
	return string(m[1])
}

func wantPage(t *testing.T, r response, status int, contains ...string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Fatalf("Content-Type %q, want text/html", ct)
	}
	for _, s := range contains {
		if !strings.Contains(string(r.Body), s) {
			t.Errorf("page does not contain %q", s)
		}
	}
}

// signInTable signs a browser in with table 1's code and returns the
// table page's CSRF token.
func signInTable(t *testing.T, f *fixture) (*browser, string) {
	t.Helper()
	b := newBrowser(t, f.URL)
	r := b.get("/table/1?code=" + url.QueryEscape(f.table))
	if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/table/1" {
		t.Fatalf("sign-in: status %d, Location %q, want 303 to /table/1", r.Status, r.Header.Get("Location"))
	}
	page := b.get("/table/1")
	wantPage(t, page, http.StatusOK)
	return b, pageCSRF(t, page)
}

func TestTableSignInSetsCookieAndRedirects(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.URL)
	r := b.get("/table/1?code=" + url.QueryEscape(f.table))
	if r.Status != http.StatusSeeOther {
		t.Fatalf("status %d, want 303: %s", r.Status, r.Body)
	}
	if loc := r.Header.Get("Location"); loc != "/table/1" {
		t.Errorf("Location %q, want /table/1 (no code in the URL)", loc)
	}
	var session *http.Cookie
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == tableCookie {
			session = c
		}
	}
	if session == nil {
		t.Fatal("no session cookie")
	}
	if !session.HttpOnly || session.SameSite != http.SameSiteStrictMode || session.Secure {
		t.Errorf("cookie HttpOnly=%v SameSite=%v Secure=%v, want HttpOnly, Strict, not Secure over plain HTTP", session.HttpOnly, session.SameSite, session.Secure)
	}
}

func TestTableSignInWrongCodeRefused(t *testing.T) {
	f := newFixture(t)
	other := f.credential(2)
	for name, code := range map[string]string{"unknown": "not-a-code", "other table": other, "director": f.Director} {
		t.Run(name, func(t *testing.T) {
			b := newBrowser(t, f.URL)
			r := b.get("/table/1?code=" + url.QueryEscape(code))
			wantPage(t, r, http.StatusUnauthorized, "not this table")
			if strings.Contains(r.Header.Get("Set-Cookie"), tableCookie) {
				t.Error("a refused code set the tablet's cookie")
			}
			wantPage(t, b.get("/table/1"), http.StatusUnauthorized)
		})
	}
}

func TestTablePageRendersBoardAndTotals(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(30)}), http.StatusCreated)
	b := newBrowser(t, f.URL)
	b.get("/table/1?code=" + url.QueryEscape(f.table))
	r := b.get("/table/1")
	wantPage(t, r, http.StatusOK, "Table 1", "Doug", "Emely", `class="score">32<`, `class="score">0<`,
		`data-sq="8D"`, `class="sq tw"`, `class="sq dl"`, `>W</button>`, "Emely</strong> to move", "score-disagreement")
	if n := strings.Count(string(r.Body), `class="sq`); n != 225 {
		t.Errorf("%d squares, want 225", n)
	}
}

func TestPageCookieNeedsCSRFToPostTurn(t *testing.T) {
	f := newFixture(t)
	b, csrf := signInTable(t, f)
	path := gpath(f.game, "/turns")
	body := `{"turn":1,"player":1,"move":"8D WINDY","claimed_score":30}`

	wantProblem(t, b.postJSON(path, body, nil), http.StatusForbidden, "csrf-required")
	wantProblem(t, b.postJSON(path, body, map[string]string{csrfHeader: "forged"}), http.StatusForbidden, "csrf-required")
	wantProblem(t, b.postJSON(path, body, map[string]string{csrfHeader: csrfFor(f.Director)}), http.StatusForbidden, "csrf-required")
	if v := f.view(f.game); len(v.Turns) != 0 {
		t.Fatalf("%d turns recorded without a CSRF token", len(v.Turns))
	}

	r := b.postJSON(path, body, map[string]string{csrfHeader: csrf, "Idempotency-Key": "k1"})
	res := must[map[string]any](t, r, http.StatusCreated)
	if res["flag"] != "score-disagreement" {
		t.Errorf("flag %v, want score-disagreement", res["flag"])
	}
	// A retry of the same entry records nothing twice.
	must[map[string]any](t, b.postJSON(path, body, map[string]string{csrfHeader: csrf, "Idempotency-Key": "k1"}), http.StatusCreated)
	if v := f.view(f.game); len(v.Turns) != 1 || v.Turns[0].EnteredBy == "" {
		t.Fatalf("turns %+v, want one, entered by the table", v.Turns)
	}
	// The table's session is the table's credential, nothing more.
	wantProblem(t, b.postJSON(f.tpath("/games"), `{"round":1,"table":3,"players":[1,2]}`, map[string]string{csrfHeader: csrf}), http.StatusForbidden, "director-only")
}

func TestPageCookieReadsNeedCSRFToo(t *testing.T) {
	f := newFixture(t)
	b, csrf := signInTable(t, f)
	// Without the token a read is the public's: an unfinished game is
	// not shown.
	if r := b.get(gpath(f.game, "")); r.Status == http.StatusOK {
		t.Fatalf("read a game with the cookie alone: %s", r.Body)
	}
	must[map[string]any](t, b.do("GET", gpath(f.game, ""), nil, map[string]string{csrfHeader: csrf}), http.StatusOK)
}

// signInWith posts the director's sign-in form with what was typed.
func signInWith(t *testing.T, b *browser, typed string) response {
	t.Helper()
	form := b.get("/director")
	wantPage(t, form, http.StatusOK, "Director token")
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(form.Body)
	if m == nil {
		t.Fatalf("no csrf field in the form:\n%s", form.Body)
	}
	return b.postForm("/director", url.Values{"csrf": {string(m[1])}, "token": {typed}})
}

func directorSignIn(t *testing.T, f *fixture) *browser {
	t.Helper()
	b := newBrowser(t, f.URL)
	r := signInWith(t, b, f.Director)
	if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/director" {
		t.Fatalf("director sign-in: %d %q: %s", r.Status, r.Header.Get("Location"), r.Body)
	}
	return b
}

func TestDirectorSignIn(t *testing.T) {
	f := newFixture(t)
	b := directorSignIn(t, f)
	r := b.get("/director")
	if r.Status != http.StatusSeeOther || r.Header.Get("Location") != fmt.Sprintf("/director/%d", f.tournament) {
		t.Fatalf("signed-in /director: %d %q", r.Status, r.Header.Get("Location"))
	}

	t.Run("wrong token", func(t *testing.T) {
		wantPage(t, signInWith(t, newBrowser(t, f.URL), f.table), http.StatusUnauthorized, "neither the director")
	})
	t.Run("no form token", func(t *testing.T) {
		b := newBrowser(t, f.URL)
		b.get("/director")
		wantPage(t, b.postForm("/director", url.Values{"token": {f.Director}}), http.StatusForbidden)
		if r := b.get(fmt.Sprintf("/director/%d", f.tournament)); r.Status != http.StatusSeeOther {
			t.Errorf("console without signing in: %d", r.Status)
		}
	})
}

func TestConsoleListsTables(t *testing.T) {
	f := newFixture(t)
	p3, p4 := f.addPlayer("Ann"), f.addPlayer("Bob")
	f.addGame(1, 2, p3, p4)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(30)}), http.StatusCreated)
	b := directorSignIn(t, f)
	r := b.get(fmt.Sprintf("/director/%d", f.tournament))
	wantPage(t, r, http.StatusOK, "Doug – Emely", "Ann – Bob", fmt.Sprintf(`id="game-%d"`, f.game),
		"Table 1: score disagreement on turn 1", "/standings.pdf", "/pairings.pdf", "/api/v1/games/")
	pageCSRF(t, r)
}

func TestPublicStandingsPage(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": f.players, "scores": []int{400, 350}}), http.StatusCreated)
	b := newBrowser(t, f.URL)
	r := b.get(fmt.Sprintf("/t/%d/standings", f.tournament))
	wantPage(t, r, http.StatusOK, "Test Open", "Doug", "Emely", ">&#43;50<", `http-equiv="refresh"`, "Round 1 pairings")
	wantPage(t, b.get("/t/999/standings"), http.StatusNotFound)
}

func TestStaticAssets(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.URL)
	for _, p := range []string{"/static/pages.css", "/static/table.js", "/static/director.js"} {
		if r := b.get(p); r.Status != http.StatusOK || len(r.Body) == 0 {
			t.Errorf("GET %s: %d", p, r.Status)
		}
	}
}
