package api

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"tourney/service"
)

// Issue 25: the director's page sessions end on the server, unused for
// SessionIdle or SessionMax after sign-in; a tablet's cookie holds a
// session of its own, never the table code, which the director can list
// and end, and which ends with its code.

// TestPageSessionExpires: with the defaults (8 h idle, 48 h in all), a
// session used through a lunch break lives on; one unused for 8 hours,
// or signed in 48 hours ago, ends, and the page says so.
func TestPageSessionExpires(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps []time.Duration // the clock moves, then the session is used
		ended bool
	}{
		{"used after a lunch break", []time.Duration{2 * time.Hour, 7*time.Hour + 50*time.Minute}, false},
		{"idle 8 hours", []time.Duration{time.Hour, 8*time.Hour + time.Minute}, true},
		{"used all weekend, past 48 hours", []time.Duration{7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour}, true},
		{"used for 47 hours", []time.Duration{7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 7 * time.Hour, 5 * time.Hour}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			clock := newTestClock(f.testServer)
			b := directorSignIn(t, f)
			room := fmt.Sprintf("/director/%d", f.tournament)
			session := sessionOf(b, f.URL)
			for i, d := range tc.steps {
				clock.add(d)
				r := b.get(room)
				if last := i == len(tc.steps)-1; !last || !tc.ended {
					if r.Status != http.StatusOK {
						t.Fatalf("step %d (%v): %d", i, d, r.Status)
					}
					continue
				}
				if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/director" {
					t.Fatalf("an ended session's console: %d %q", r.Status, r.Header.Get("Location"))
				}
				wantPage(t, b.get("/director"), http.StatusOK, "Your session ended; sign in again.")
				wantProblem(t, f.get(f.tpath("/credentials"), session), http.StatusUnauthorized, "session-ended")
				// Not a guess: the address is not slowed, and signing in again works.
				if gs := f.Svc.Guessers(clock.now()); len(gs) != 0 {
					t.Errorf("an ended session counted as guessing: %v", gs)
				}
				if r := signInWith(t, b, f.Director); r.Status != http.StatusSeeOther {
					t.Fatalf("signing in again: %d", r.Status)
				}
				wantPage(t, b.get(room), http.StatusOK)
			}
		})
	}
	// The director's own token never expires.
	f := newFixture(t)
	clock := newTestClock(f.testServer)
	clock.add(30 * 24 * time.Hour)
	must[[]service.Credential](t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK)
}

// TestSessionLimitsAreSettings: Service.SessionIdle and SessionMax (serve
// --session-idle, --session-max) replace the defaults.
func TestSessionLimitsAreSettings(t *testing.T) {
	f := newFixture(t)
	f.Svc.SessionIdle, f.Svc.SessionMax = 30*time.Minute, 2*time.Hour
	clock := newTestClock(f.testServer)
	session := sessionOf(directorSignIn(t, f), f.URL)
	clock.add(29 * time.Minute)
	must[[]service.Credential](t, f.get(f.tpath("/credentials"), session), http.StatusOK)
	clock.add(31 * time.Minute)
	wantProblem(t, f.get(f.tpath("/credentials"), session), http.StatusUnauthorized, "session-ended")
}

// TestTabletSession: the tablet's cookie is a session, not the code; the
// director lists the tablets and ends one; replacing or revoking the
// code ends the sessions made from it.
func TestTabletSession(t *testing.T) {
	f := newFixture(t)
	clock := newTestClock(f.testServer)
	tablet := signedInTablet(t, f, 14)
	session := sessionOf(tablet, f.URL)
	if session == "" || session == f.table || len(session) < 22 {
		t.Fatalf("the tablet's cookie %q: want a session of its own, not the code %q", session, f.table)
	}
	other := signedInTablet(t, f, 15)
	clock.add(3 * time.Minute)
	wantPage(t, tablet.get("/table/1"), http.StatusOK) // seen again

	list := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK)
	if len(list) != 2 {
		t.Fatalf("tablets %+v, want 2", list)
	}
	first := list[0]
	if first.Table != 1 || first.From != "127.0.0.14" || first.SignedInAt.IsZero() || first.LastSeenAt == nil || !first.LastSeenAt.After(first.SignedInAt) {
		t.Errorf("tablet %+v: want table 1, from 127.0.0.14, seen after signing in", first)
	}
	// Only the director lists or ends tablets.
	wantProblem(t, f.get(f.tpath("/tablets"), session), http.StatusForbidden, "director-only")
	wantProblem(t, f.post(f.tpath(fmt.Sprintf("/tablets/%d/end", first.ID)), f.table, nil), http.StatusForbidden, "director-only")
	wantProblem(t, f.post(f.tpath("/tablets/99999/end"), f.Director, nil), http.StatusNotFound, "not-found")

	ended := must[service.TabletSession](t, f.post(f.tpath(fmt.Sprintf("/tablets/%d/end", first.ID)), f.Director, nil), http.StatusOK)
	if ended.RevokedAt == nil {
		t.Errorf("ended %+v: no revoked_at", ended)
	}
	// The tablet, loaded again, is told it was signed out (its code still works).
	wantPage(t, tablet.get("/table/1"), http.StatusUnauthorized, "The director signed this tablet out: scan the table card again.")
	wantProblem(t, f.get(gpath(f.game, ""), session), http.StatusUnauthorized, "bad-credentials")
	wantPage(t, other.get("/table/1"), http.StatusOK) // the other tablet stays
	if list := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK); len(list) != 1 {
		t.Errorf("after ending one: %+v", list)
	}
	// The code still works: the tablet signs in again.
	tablet = signedInTablet(t, f, 14)

	// A new code for the table ends every session of the old one.
	newCode := f.credential(1)
	wantPage(t, tablet.get("/table/1"), http.StatusUnauthorized, "This table&#39;s code was replaced by the director: scan the new card.")
	// The tablet signed out before the code was replaced: the code's fate is what it needs.
	wantPage(t, withSession(browserFrom(t, f.URL, 17), f.URL, session).get("/table/1"), http.StatusUnauthorized, "This table&#39;s code was replaced")
	wantPage(t, other.get("/table/1"), http.StatusUnauthorized, "This table&#39;s code was replaced")
	if list := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK); len(list) != 0 {
		t.Errorf("after replacing the code: %+v", list)
	}
	// Revoking a code does too.
	b := browserFrom(t, f.URL, 16)
	if r := b.get("/table/1?code=" + url.QueryEscape(newCode)); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-in with the new code: %d", r.Status)
	}
	wantPage(t, b.get("/table/1"), http.StatusOK)
	creds := must[[]service.Credential](t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK)
	if len(creds) != 2 { // the fixture's code and the new one: the tablets' sessions are not codes
		t.Fatalf("the codes list %+v, want the 2 codes", creds)
	}
	live := creds[len(creds)-1]
	must[service.Credential](t, f.post(f.tpath(fmt.Sprintf("/credentials/%d/revoke", live.ID)), f.Director, map[string]any{"reason": "lost card"}), http.StatusOK)
	wantPage(t, b.get("/table/1"), http.StatusUnauthorized, "This table&#39;s code was withdrawn by the director")
}

// TestTabletSignedInAgainIsTheSameCaller: an entry a tablet retries
// after signing in again (a new session) with the same Idempotency-Key is
// answered from the first, not recorded twice.
func TestTabletSignedInAgainIsTheSameCaller(t *testing.T) {
	f := newFixture(t)
	body := `{"turn":1,"player":1,"move":"8D WINDY","claimed_score":30}`
	send := func(b *browser) response {
		csrf := pageCSRF(t, b.get("/table/1"))
		return b.postJSON(gpath(f.game, "/turns"), body, map[string]string{csrfHeader: csrf, "Idempotency-Key": "k1"})
	}
	must[map[string]any](t, send(signedInTablet(t, f, 17)), http.StatusCreated)
	r := send(signedInTablet(t, f, 17))
	must[map[string]any](t, r, http.StatusCreated)
	if r.Header.Get("Idempotent-Replayed") != "true" {
		t.Error("the retry from the new session was not answered from the first")
	}
	if v := f.view(f.game); len(v.Turns) != 1 || v.Turns[0].EnteredBy != "table 1" {
		t.Fatalf("turns %+v, want one, entered by table 1", v.Turns)
	}
}

// TestEndTabletChecksItsBody (found by the security probe): ending a
// tablet takes no body or an empty object, like every other route with
// nothing to say; a malformed body is refused and the tablet stays.
func TestEndTabletChecksItsBody(t *testing.T) {
	f := newFixture(t)
	tablet := signedInTablet(t, f, 16)
	list := must[[]service.TabletSession](t, f.get(f.tpath("/tablets"), f.Director), http.StatusOK)
	end := f.tpath(fmt.Sprintf("/tablets/%d/end", list[0].ID))
	for _, tc := range []struct{ body, code string }{
		{`{"reason": `, "malformed-json"},
		{`[1, 2]`, "bad-body"},
		{`{"table": 2}`, "unknown-field"},
	} {
		wantProblem(t, f.post(end, f.Director, tc.body), http.StatusBadRequest, tc.code)
	}
	wantPage(t, tablet.get("/table/1"), http.StatusOK)
	must[service.TabletSession](t, f.post(end, f.Director, `{}`), http.StatusOK)
	wantPage(t, tablet.get("/table/1"), http.StatusUnauthorized)
}
