package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"tourney/service"
)

// Issue 14: every credential check goes through one guard, per client
// and per credential kind; too many wrong ones answer 429 with
// Retry-After, whatever the X-Forwarded-For of an untrusted peer says.

func TestBearerGuessingIsLimited(t *testing.T) {
	ts := newTestServer(t)
	for i := range 10 {
		r := ts.send(req{method: "GET", path: "/api/v1/tournaments", token: fmt.Sprintf("guess-%d", i),
			header: map[string]string{"X-Forwarded-For": fmt.Sprintf("198.51.100.%d", i+1)}})
		wantProblem(t, r, http.StatusUnauthorized, "bad-credentials")
	}
	// The eleventh, even the director's own token, waits.
	r := ts.get("/api/v1/tournaments", ts.Director)
	p := wantProblem(t, r, http.StatusTooManyRequests, "too-many-attempts")
	secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
	if err != nil || secs < 1 || secs > 60 {
		t.Errorf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if len(p.State) == 0 {
		t.Error("the problem's state should carry retry_after")
	}
	// The public (no credential) still reads.
	if r := ts.get("/api/v1/tournaments", ""); r.Status != http.StatusOK {
		t.Errorf("public read while limited: %d", r.Status)
	}
	// A minute later the right token works again.
	ts.Svc.Now = func() time.Time { return time.Now().Add(61 * time.Second) }
	if r := ts.get("/api/v1/tournaments", ts.Director); r.Status != http.StatusOK {
		t.Errorf("after the window: %d %s", r.Status, r.Body)
	}
}

// TestTableCodeGuessingIsLimited: wrong codes typed at a table's page
// are limited, the right one then too; a revoked code still polled by a
// tablet is not counted as a guess.
func TestTableCodeGuessingIsLimited(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Guard"}), http.StatusCreated)
	code := must[service.IssuedCredential](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/tables/1/credentials", tour.ID), ts.Director, map[string]any{}), http.StatusCreated)
	old := must[service.IssuedCredential](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/tables/2/credentials", tour.ID), ts.Director, map[string]any{}), http.StatusCreated)
	// Table 2's code is replaced: the old one is revoked.
	must[service.IssuedCredential](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/tables/2/credentials", tour.ID), ts.Director, map[string]any{}), http.StatusCreated)
	for range 30 { // a tablet still polling with the old code
		wantProblem(t, ts.get("/api/v1/tournaments", old.Token), http.StatusUnauthorized, "bad-credentials")
	}
	b := newBrowser(t, ts.URL)
	if r := b.get("/table/1?code=" + code.Token); r.Status != http.StatusSeeOther {
		t.Fatalf("the right code after revoked polls: %d", r.Status)
	}
	b = newBrowser(t, ts.URL)
	for i := range 10 {
		if r := b.get(fmt.Sprintf("/table/1?code=WRONG%d", i)); r.Status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d", i, r.Status)
		}
	}
	r := b.get("/table/1?code=" + code.Token)
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("the right code after ten guesses: %d, Retry-After %q", r.Status, r.Header.Get("Retry-After"))
	}
}

// TestGuessingFromManyAddressesIsLimited: behind a trusted proxy each
// forwarded client has its own count, but a hundred wrong tokens of one
// kind a minute from all of them together close that kind for a while.
func TestGuessingFromManyAddressesIsLimited(t *testing.T) {
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
	for i := range 100 {
		r := ts.send(req{method: "GET", path: "/api/v1/tournaments", token: fmt.Sprintf("guess-%d", i), header: from(i)})
		wantProblem(t, r, http.StatusUnauthorized, "bad-credentials")
	}
	r := ts.send(req{method: "GET", path: "/api/v1/tournaments", token: "one more", header: from(500)})
	wantProblem(t, r, http.StatusTooManyRequests, "too-many-attempts")
}
