package api

import (
	"net/http"
	"testing"
	"time"
)

// TestSessionIdleToTheSecond (issue 37): with serve --session-idle 1m, a
// session used every 20 seconds lives on (its last use was written once
// a minute, so it ended); one unused for 61 seconds ends. The last use
// counts to the second even between the store's writes: a use 10
// seconds after the one written keeps the session 59 seconds later.
func TestSessionIdleToTheSecond(t *testing.T) {
	f := newFixture(t)
	f.Svc.SessionIdle = time.Minute
	clock := newTestClock(f.testServer)
	session := sessionOf(directorSignIn(t, f), f.URL)
	use := func(when string) {
		t.Helper()
		if r := f.get(f.tpath("/credentials"), session); r.Status != http.StatusOK {
			t.Fatalf("used %s: %d %.200s", when, r.Status, r.Body)
		}
	}
	for range 15 { // five minutes
		clock.add(20 * time.Second)
		use("every 20 s")
	}
	clock.add(10 * time.Second)
	use("10 s after the last")
	clock.add(59 * time.Second)
	use("59 s after the last")
	clock.add(61 * time.Second)
	wantProblem(t, f.get(f.tpath("/credentials"), session), http.StatusUnauthorized, "session-ended")

	// A new session, never used after its sign-in: 59 s lives, 61 s ends.
	session = sessionOf(directorSignIn(t, f), f.URL)
	clock.add(59 * time.Second)
	use("59 s after sign-in")
	clock.add(60*time.Second + time.Second)
	wantProblem(t, f.get(f.tpath("/credentials"), session), http.StatusUnauthorized, "session-ended")
}
