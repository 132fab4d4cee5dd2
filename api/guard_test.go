package api

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/service"
)

// Issues 14 and 25: every credential check goes through one guard, per
// client address and credential kind. Wrong credentials slow only
// further unknown ones from that address, with growing waits (429 with
// Retry-After); a valid session or high-entropy token always works, from
// any address; nothing anyone sends can lock the room out.

// browserFrom is a browser whose requests come from a loopback address
// of its own, 127.0.0.n (the test server listens on 127.0.0.1).
func browserFrom(t *testing.T, base string, n int) *browser {
	t.Helper()
	b := newBrowser(t, base)
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(n))}}
	tr := &http.Transport{DialContext: d.DialContext}
	t.Cleanup(tr.CloseIdleConnections)
	b.c.Transport = tr
	return b
}

// withSession puts a session cookie in a browser's jar.
func withSession(b *browser, base, session string) *browser {
	u, _ := url.Parse(base)
	b.c.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: session, Path: "/"}})
	return b
}

func bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token}
}

// testClock is a clock the test moves (Service.Now).
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func newTestClock(ts *testServer) *testClock {
	c := &testClock{t: time.Now()}
	ts.Svc.Now = c.now
	return c
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// signedInTablet signs a browser from address n in at table 1.
func signedInTablet(t *testing.T, f *fixture, n int) *browser {
	t.Helper()
	b := browserFrom(t, f.URL, n)
	if r := b.get("/table/1?code=" + url.QueryEscape(f.table)); r.Status != http.StatusSeeOther {
		t.Fatalf("tablet sign-in from 127.0.0.%d: %d %s", n, r.Status, r.Body)
	}
	return b
}

// TestGuessingCannotLockTheRoomOut: a hundred and more wrong tokens,
// table codes and passwords from ten addresses leave the director's
// token, a page session and a tablet session working from every address,
// the attacking ones included, and new sign-ins from elsewhere too.
func TestGuessingCannotLockTheRoomOut(t *testing.T) {
	f := newFixture(t)
	f.Svc.PasswordIterations = 1000
	const pw = "correct horse battery"
	if err := f.Svc.SetDirectorPassword(t.Context(), pw); err != nil {
		t.Fatal(err)
	}
	page := sessionOf(directorSignIn(t, f), f.URL)
	tablet := sessionOf(signedInTablet(t, f, 1), f.URL)

	var wg sync.WaitGroup
	for n := 2; n <= 11; n++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := browserFrom(t, f.URL, n)
			for i := range 12 {
				if r := b.do("GET", "/api/v1/tournaments", nil, bearer(fmt.Sprintf("guess-%d-%d-long-enough-to-look-random", n, i))); r.Status != http.StatusUnauthorized && r.Status != http.StatusTooManyRequests {
					t.Errorf("wrong token: %d", r.Status)
				}
				if r := b.do("GET", "/api/v1/tournaments", nil, bearer(fmt.Sprintf("ABCDE-%05d", n*100+i))); r.Status != http.StatusUnauthorized && r.Status != http.StatusTooManyRequests {
					t.Errorf("wrong code as a token: %d", r.Status)
				}
				if r := b.get(fmt.Sprintf("/table/1?code=WRONG-%d%d", n, i)); r.Status != http.StatusUnauthorized && r.Status != http.StatusTooManyRequests {
					t.Errorf("wrong code: %d", r.Status)
				}
				if r := signInWith(t, b, fmt.Sprintf("guess %d %d", n, i)); r.Status != http.StatusUnauthorized && r.Status != http.StatusTooManyRequests {
					t.Errorf("wrong password: %d", r.Status)
				}
			}
		}()
	}
	wg.Wait()
	// The attackers are slowed (their own addresses wait).
	b := browserFrom(t, f.URL, 2)
	r := b.get("/table/1?code=" + url.QueryEscape(f.table))
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("a code from a guessing address: %d, Retry-After %q", r.Status, r.Header.Get("Retry-After"))
	}

	for _, n := range []int{1, 2, 7, 11} {
		from := fmt.Sprintf("127.0.0.%d", n)
		// The director's token, on the API and at the sign-in form.
		if r := browserFrom(t, f.URL, n).do("GET", f.tpath("/credentials"), nil, bearer(f.Director)); r.Status != http.StatusOK {
			t.Errorf("%s: the director's token: %d %s", from, r.Status, r.Body)
		}
		if r := signInWith(t, browserFrom(t, f.URL, n), f.Director); r.Status != http.StatusSeeOther {
			t.Errorf("%s: signing in with the director's token: %d", from, r.Status)
		}
		// The director's page session.
		if r := withSession(browserFrom(t, f.URL, n), f.URL, page).get(fmt.Sprintf("/director/%d", f.tournament)); r.Status != http.StatusOK {
			t.Errorf("%s: the director's page session: %d", from, r.Status)
		}
		// The tablet's session: its page and the API.
		tb := withSession(browserFrom(t, f.URL, n), f.URL, tablet)
		tp := tb.get("/table/1")
		if tp.Status != http.StatusOK {
			t.Errorf("%s: the tablet's session: %d", from, tp.Status)
			continue
		}
		if r := tb.do("GET", gpath(f.game, ""), nil, map[string]string{csrfHeader: pageCSRF(t, tp)}); r.Status != http.StatusOK {
			t.Errorf("%s: the tablet's session on the API: %d", from, r.Status)
		}
	}
	// New sign-ins from an address that did not guess.
	signedInTablet(t, f, 30)
	if r := signInWith(t, browserFrom(t, f.URL, 31), pw); r.Status != http.StatusSeeOther {
		t.Errorf("the password from another address: %d", r.Status)
	}
}

// TestGuessingIsSlowedPerAddress: after a few free wrong codes, each
// further one sets a wait that doubles; while it lasts even the right
// code is refused from that address (a code is guessable), not from
// others; after a quiet quarter-hour the count starts again.
func TestGuessingIsSlowedPerAddress(t *testing.T) {
	f := newFixture(t)
	clock := newTestClock(f.testServer)
	g := browserFrom(t, f.URL, 5)
	guess := func(i int) response { return g.get(fmt.Sprintf("/table/1?code=NOPE%d", i)) }
	for i := range 5 { // free
		wantPage(t, guess(i), http.StatusUnauthorized, "not this table")
	}
	// The page says the wait, in plain words: it grows with each wrong code.
	for i, w := range []struct {
		secs  int
		words string
	}{{1, "Wait a second, then"}, {2, "Wait 2 seconds, then"}, {4, "Wait 4 seconds, then"}, {8, "Wait 8 seconds, then"}, {16, "Wait 16 seconds, then"}} {
		wantPage(t, guess(10+i), http.StatusUnauthorized)
		r := g.get("/table/1?code=" + url.QueryEscape(f.table))
		wantPage(t, r, http.StatusTooManyRequests, "Too many wrong codes from this tablet. "+w.words+" scan the table card again.")
		if got := r.Header.Get("Retry-After"); got != strconv.Itoa(w.secs) {
			t.Errorf("wait %d: Retry-After %q, want %d", i, got, w.secs)
		}
		clock.add(time.Duration(w.secs) * time.Second)
	}
	// Another address is not slowed; a tablet behind the same address
	// with a session is not either.
	signedInTablet(t, f, 6)
	tablet := withSession(browserFrom(t, f.URL, 5), f.URL, sessionOf(signedInTablet(t, f, 7), f.URL))
	wantProblem(t, g.do("GET", "/api/v1/tournaments", nil, bearer("wrong-token-but-long-enough-to-be-strong")), http.StatusUnauthorized, "bad-credentials")
	wantPage(t, guess(99), http.StatusUnauthorized)
	wantPage(t, tablet.get("/table/1"), http.StatusOK)
	// The wait is capped at five minutes.
	for i := range 12 {
		clock.add(5 * time.Minute)
		guess(100 + i)
	}
	r := g.get("/table/1?code=" + url.QueryEscape(f.table))
	if got := r.Header.Get("Retry-After"); r.Status != http.StatusTooManyRequests || got != "300" {
		t.Errorf("capped wait: %d, Retry-After %q, want 300", r.Status, got)
	}
	wantPage(t, r, http.StatusTooManyRequests, "Wait 5 minutes, then scan the table card again.")
	// Quiet for a quarter of an hour: a fresh start.
	clock.add(15 * time.Minute)
	for i := range 5 {
		wantPage(t, guess(200+i), http.StatusUnauthorized)
	}
	if r := g.get("/table/1?code=" + url.QueryEscape(f.table)); r.Status != http.StatusSeeOther {
		t.Errorf("the right code after a quiet period and five wrong: %d", r.Status)
	}
}

// TestUnknownTokensAreSlowedValidOnesPass: wrong bearer tokens from an
// address make further unknown ones answer 429 with Retry-After; the
// director's token from that address works throughout; a revoked code
// still polled by a tablet is not a guess.
func TestUnknownTokensAreSlowedValidOnesPass(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Guard"}), http.StatusCreated)
	old := must[service.IssuedCredential](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/tables/2/credentials", tour.ID), ts.Director, map[string]any{}), http.StatusCreated)
	must[service.IssuedCredential](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/tables/2/credentials", tour.ID), ts.Director, map[string]any{}), http.StatusCreated)
	b := browserFrom(t, ts.URL, 9)
	for range 30 { // a tablet still polling with the old code
		wantProblem(t, b.do("GET", "/api/v1/tournaments", nil, bearer(old.Token)), http.StatusUnauthorized, "bad-credentials")
	}
	for i := range 5 {
		wantProblem(t, b.do("GET", "/api/v1/tournaments", nil, bearer(fmt.Sprintf("guess-%d", i))), http.StatusUnauthorized, "bad-credentials")
	}
	wantProblem(t, b.do("GET", "/api/v1/tournaments", nil, bearer("guess-5")), http.StatusUnauthorized, "bad-credentials")
	r := b.do("GET", "/api/v1/tournaments", nil, bearer("guess-6"))
	p := wantProblem(t, r, http.StatusTooManyRequests, "too-many-attempts")
	if secs, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || secs < 1 || len(p.State) == 0 {
		t.Errorf("Retry-After %q, state %s", r.Header.Get("Retry-After"), p.State)
	}
	if r := b.do("GET", "/api/v1/tournaments", nil, bearer(ts.Director)); r.Status != http.StatusOK {
		t.Errorf("the director's token from the slowed address: %d", r.Status)
	}
	if r := b.get("/api/v1/tournaments"); r.Status != http.StatusOK {
		t.Errorf("the public from the slowed address: %d", r.Status)
	}
	// The log says who was refused, and which kind; so does the 429's
	// request line.
	logs := ts.Logs.String()
	for _, want := range []string{
		`"msg":"credential refused","client":"127.0.0.9","kind":"token","outcome":"wrong","failures":6,"wait_seconds":1}`,
		`"msg":"credential refused","client":"127.0.0.9","kind":"token","outcome":"waiting"`,
		`"msg":"request","method":"GET","path":"/api/v1/tournaments","client":"127.0.0.9","route":"/api/v1/tournaments","status":429,`,
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %s", want)
		}
	}
}

// TestGuessingFromManyAddressesIsNotGlobal: behind a trusted proxy each
// forwarded client has its own count, and guessing spread over many
// addresses closes nothing for the others.
func TestGuessingFromManyAddressesIsNotGlobal(t *testing.T) {
	ts := newTestServer(t)
	h, err := NewWith(ts.Svc, nil, Options{TrustedProxies: []string{"127.0.0.1/32", "::1"}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ts.URL = srv.URL
	from := func(i int) map[string]string {
		return map[string]string{"X-Forwarded-For": fmt.Sprintf("10.%d.%d.1", i/250, i%250)}
	}
	for i := range 300 {
		r := ts.send(req{method: "GET", path: "/api/v1/tournaments", token: fmt.Sprintf("guess-%d", i), header: from(i % 100)})
		wantProblem(t, r, http.StatusUnauthorized, "bad-credentials")
	}
	r := ts.send(req{method: "GET", path: "/api/v1/tournaments", token: "one more", header: from(500)})
	wantProblem(t, r, http.StatusUnauthorized, "bad-credentials")
	if r := ts.send(req{method: "GET", path: "/api/v1/tournaments", token: ts.Director, header: from(3)}); r.Status != http.StatusOK {
		t.Errorf("the director's token from a guessing address: %d", r.Status)
	}
}

// TestCrossSiteGuessesAreNotCounted: codes a page of another site makes
// the browser send (an <img src=/table/1?code=...>) neither count as
// failures nor sign a tablet in.
func TestCrossSiteGuessesAreNotCounted(t *testing.T) {
	f := newFixture(t)
	b := browserFrom(t, f.URL, 12)
	cross := map[string]string{"Sec-Fetch-Site": "cross-site"}
	for i := range 30 {
		wantPage(t, b.do("GET", fmt.Sprintf("/table/1?code=WRONG%d", i), nil, cross), http.StatusUnauthorized)
	}
	r := b.do("GET", "/table/1?code="+url.QueryEscape(f.table), nil, cross)
	wantPage(t, r, http.StatusUnauthorized)
	if strings.Contains(r.Header.Get("Set-Cookie"), tableCookie) {
		t.Error("a cross-site GET signed a tablet in")
	}
	if r := b.do("GET", "/table/1?code="+url.QueryEscape(f.table), nil, map[string]string{"Sec-Fetch-Site": "none"}); r.Status != http.StatusSeeOther {
		t.Errorf("the right code, scanned (Sec-Fetch-Site: none), after 30 cross-site guesses: %d", r.Status)
	}
	if len(f.Svc.Guessers(f.Svc.Now())) != 0 {
		t.Errorf("cross-site guesses listed: %v", f.Svc.Guessers(f.Svc.Now()))
	}
}

// TestConsoleShowsGuessers: an address with more than GuessingAlert
// recent wrong codes is an item of the director's attention list.
func TestConsoleShowsGuessers(t *testing.T) {
	f := newFixture(t)
	d := directorSignIn(t, f)
	room := fmt.Sprintf("/director/%d", f.tournament)
	if r := d.get(room); strings.Contains(string(r.Body), "Someone at 127.0.0.13") {
		t.Fatal("a guesser listed before any guess")
	}
	clock := newTestClock(f.testServer)
	g := browserFrom(t, f.URL, 13)
	for i := range service.GuessingAlert + 1 {
		g.get(fmt.Sprintf("/table/1?code=WRONG%d", i))
		clock.add(5 * time.Minute) // slowed: one guess each wait
	}
	r := d.get(room)
	wantPage(t, r, http.StatusOK, `<li class="att guess-att">Someone at 127.0.0.13 is guessing codes</li>`, `"attention":[{"kind":"guessing","text":"Someone at 127.0.0.13 is guessing codes"}`)
	if strings.Contains(string(r.Body), `id="all-clear" class="small">`) {
		t.Error("all clear shown beside a guesser")
	}
	gs := f.Svc.Guessers(clock.now())
	if len(gs) != 1 || gs[0].Address != "127.0.0.13" || gs[0].Kind != service.GuardTableCode || gs[0].Failures != service.GuessingAlert+1 {
		t.Errorf("guessers %+v", gs)
	}
	clock.add(16 * time.Minute) // quiet: no longer news
	if r := d.get(room); strings.Contains(string(r.Body), "Someone at 127.0.0.13") {
		t.Error("a guesser listed after a quiet quarter-hour")
	}
}

func TestWaitWords(t *testing.T) {
	for secs, want := range map[int]string{0: "a second", 1: "a second", 8: "8 seconds", 89: "89 seconds", 90: "2 minutes", 300: "5 minutes"} {
		e := service.Errorf(service.KindRateLimited, "too-many-attempts", "wait")
		e.Detail = service.RetryAfter{Seconds: secs}
		if got := waitWords(e); got != want {
			t.Errorf("waitWords(%d s) = %q, want %q", secs, got, want)
		}
	}
}
