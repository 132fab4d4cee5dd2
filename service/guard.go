package service

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"
)

// One guard for every credential check: the director's token, the
// password, a table code and a bearer token on the API all pass through
// CheckCredential (or SignInWithPassword), which counts failed attempts
// per client address and per credential kind, in one-minute windows. A
// client past its limit, or a kind past its limit from every client
// together (guessing spread over many addresses), is answered 429
// (too-many-attempts) with the seconds to wait, right credential or not,
// until the window ends. Successful checks cost nothing: a tablet
// entering turns all day is never slowed.

// Credential kinds, as the guard counts them.
const (
	GuardToken     = "token"      // a bearer token or a page session's cookie
	GuardTableCode = "table-code" // a table's code, typed or scanned
	GuardPassword  = "password"   // the director's password
)

const (
	// failsPerClient: wrong credentials one address may send a minute.
	failsPerClient = 10
	// failsPerKind: wrong credentials of one kind a minute from all
	// addresses together. Higher, so that one guesser cannot lock the
	// room out; low enough that guessing a table code (see newTableCode)
	// from many addresses takes years.
	failsPerKind = 100
)

// guard counts failures in fixed one-minute windows.
type guard struct {
	mu      sync.Mutex
	windows map[string]rateWindow
}

// wait is how long a key must wait (0: not blocked).
func (g *guard) wait(key string, limit int, now time.Time) time.Duration {
	w, ok := g.windows[key]
	if !ok || now.Sub(w.start) >= time.Minute || w.count < limit {
		return 0
	}
	return w.start.Add(time.Minute).Sub(now)
}

func (g *guard) fail(key string, now time.Time) {
	w := g.windows[key]
	if now.Sub(w.start) >= time.Minute {
		w = rateWindow{start: now}
	}
	w.count++
	g.windows[key] = w
	if len(g.windows) > 100_000 { // drop finished windows now and then
		for k, w := range g.windows {
			if now.Sub(w.start) >= time.Minute {
				delete(g.windows, k)
			}
		}
	}
}

// check refuses a blocked client or kind; else records whether the
// attempt failed.
func (g *guard) check(kind, from string, now time.Time, attempt func() bool) error {
	g.mu.Lock()
	d := max(g.wait("client:"+from, failsPerClient, now), g.wait("kind:"+kind, failsPerKind, now))
	g.mu.Unlock()
	if d > 0 {
		return tooManyAttempts(d)
	}
	if attempt() {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.windows == nil {
		g.windows = map[string]rateWindow{}
	}
	g.fail("client:"+from, now)
	g.fail("kind:"+kind, now)
	return nil
}

// errRevoked marks a credential that was valid and has been revoked.
var errRevoked = errors.New("credential revoked")

// RetryAfter is the Detail of a too-many-attempts error: whole seconds to
// wait, for the Retry-After header.
type RetryAfter struct {
	Seconds int `json:"retry_after"`
}

func tooManyAttempts(d time.Duration) error {
	secs := int((d + time.Second - 1) / time.Second)
	e := Errorf(KindRateLimited, "too-many-attempts", "too many wrong sign-in attempts; wait %s and try again", plainSeconds(secs))
	e.Detail = RetryAfter{Seconds: secs}
	return e
}

func plainSeconds(n int) string {
	if n == 1 {
		return "a second"
	}
	return strconv.Itoa(n) + " seconds"
}

// CheckCredential authenticates a token through the guard: from is the
// client's address, kind what was offered (GuardToken, GuardTableCode).
// An empty token is the public and is not counted.
func (s *Service) CheckCredential(ctx context.Context, kind, token, from string) (Actor, error) {
	if token == "" {
		return Public, nil
	}
	var a Actor
	var err error
	gerr := s.guard.check(kind, from, s.Now(), func() bool {
		a, err = s.Authenticate(ctx, token)
		// A credential since revoked (a tablet whose code was replaced,
		// a signed-out page still polling) is not a guess.
		return err == nil || AsError(err).Kind != KindUnauthorized || errors.Is(err, errRevoked)
	})
	if gerr != nil {
		return Actor{}, gerr
	}
	return a, err
}
