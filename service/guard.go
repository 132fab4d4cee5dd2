package service

import (
	"context"
	"errors"
	"net/netip"
	"sort"
	"strconv"
	"sync"
	"time"
)

// One guard for every credential check: the director's token, the
// password, a table code and a bearer token on the API all pass through
// it (CheckCredential, SignInTable, the director's sign-in). It counts
// wrong credentials per client address and per credential kind, and it
// can only ever slow further unknown credentials from that address:
//
//   - a valid high-entropy secret (the director's token, a page or
//     tablet session: 128 bits or more, see strongSecret) is checked
//     first and always works, even from an address that is waiting;
//   - a low-entropy secret (a table code, the director's password) from
//     an address that is waiting is refused unchecked (429 with the
//     seconds to wait), so that waiting slows guessing;
//   - after freeFailures wrong ones, each further wrong one from that
//     address and kind sets a wait that doubles, from firstWait up to
//     maxWait; after quietPeriod with no wrong one the count starts
//     again.
//
// There is no limit for everyone together: one would let an attacker
// spread over many addresses lock the whole room out. None is needed:
// a table code is one of 2^50, so even a thousand addresses each
// guessing at the capped rate (one every 5 minutes) would need
// 2^50 / (1000 * 12 * 24 * 365) ≈ 10^7 years per live code. IPv6
// clients count by /64, the block one subscriber gets.
//
// A wrong credential the browser marks cross-site (a page of another
// site making the browser send it) is not counted: anyone could make a
// director's browser send those. Successful checks cost nothing.

// Credential kinds, as the guard counts them.
const (
	GuardToken     = "token"      // a bearer token or a page session's cookie
	GuardTableCode = "table-code" // a table's code, typed or scanned
	GuardPassword  = "password"   // the director's password
)

const (
	freeFailures = 5
	firstWait    = time.Second
	maxWait      = 5 * time.Minute
	quietPeriod  = 15 * time.Minute
	// guardEntries bounds the guard's memory: past it, entries quiet for
	// a quietPeriod go, then the oldest.
	guardEntries = 10_000
	// GuessingAlert: an address with more recent wrong credentials than
	// this is shown to the director (Guessers).
	GuessingAlert = 10
)

// guard counts wrong credentials by address and kind.
type guard struct {
	mu      sync.Mutex
	entries map[string]*guardEntry
}

type guardEntry struct {
	kind, from string
	failures   int       // since the last quiet period
	last       time.Time // the latest wrong one
	until      time.Time // no unknown credential before this
}

// guardAddr is the address the guard counts: an IPv6 address by its /64.
func guardAddr(from string) string {
	ip, err := netip.ParseAddr(from)
	if err != nil || ip.Is4() || ip.Is4In6() {
		return from
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

// waiting is how long the address must wait for this kind (0: not).
func (g *guard) waiting(kind, from string, now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	e := g.entries[kind+" "+from]
	if e == nil || !e.until.After(now) {
		return 0
	}
	return e.until.Sub(now)
}

// fail counts a wrong credential; it returns the entry's new state.
func (g *guard) fail(kind, from string, now time.Time) guardEntry {
	g.mu.Lock()
	defer g.mu.Unlock()
	key := kind + " " + from
	e := g.entries[key]
	if e == nil {
		if g.entries == nil {
			g.entries = map[string]*guardEntry{}
		}
		g.prune(now)
		e = &guardEntry{kind: kind, from: from}
		g.entries[key] = e
	}
	if now.Sub(e.last) >= quietPeriod {
		e.failures = 0
	}
	e.failures++
	e.last = now
	if n := e.failures - freeFailures; n > 0 {
		wait := maxWait
		if n <= 20 && firstWait<<(n-1) < maxWait {
			wait = firstWait << (n - 1)
		}
		e.until = now.Add(wait)
	}
	return *e
}

// prune makes room for an entry: quiet ones go, else the oldest.
func (g *guard) prune(now time.Time) {
	if len(g.entries) < guardEntries {
		return
	}
	var oldest string
	for k, e := range g.entries {
		if now.Sub(e.last) >= quietPeriod && !e.until.After(now) {
			delete(g.entries, k)
		} else if oldest == "" || e.last.Before(g.entries[oldest].last) {
			oldest = k
		}
	}
	if len(g.entries) >= guardEntries {
		delete(g.entries, oldest)
	}
}

// Guesser is an address sending many wrong credentials of a kind.
type Guesser struct {
	Address  string    `json:"address"`
	Kind     string    `json:"kind"`
	Failures int       `json:"failures"`
	Last     time.Time `json:"last"`
}

// Guessers are the addresses with more than GuessingAlert wrong
// credentials of a kind, none of them a quietPeriod ago, most first.
func (s *Service) Guessers(now time.Time) []Guesser {
	g := &s.guard
	g.mu.Lock()
	var out []Guesser
	for _, e := range g.entries {
		if e.failures > GuessingAlert && now.Sub(e.last) < quietPeriod {
			out = append(out, Guesser{Address: e.from, Kind: e.kind, Failures: e.failures, Last: e.last})
		}
	}
	g.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if out[i].Failures != out[j].Failures {
			return out[i].Failures > out[j].Failures
		}
		return out[i].Address+out[i].Kind < out[j].Address+out[j].Kind
	})
	return out
}

// GuardEvent is a credential the guard refused, for the server's log.
type GuardEvent struct {
	Kind string
	From string
	// Outcome: "wrong" (a wrong credential, counted), "cross-site" (a
	// wrong one the browser marked cross-site, not counted), "waiting"
	// (refused: the address waits).
	Outcome  string
	Failures int           // the address's recent wrong ones of the kind
	Wait     time.Duration // how long the address now waits
}

func (s *Service) report(e GuardEvent) {
	if s.OnGuard != nil {
		s.OnGuard(e)
	}
}

// strongSecret reports whether a secret is too long to guess: 22
// characters of base64 are 128 bits, as every token this service makes
// has (table codes aside: they read as codes). A director's token chosen
// by hand shorter than that counts as guessable.
func strongSecret(token string) bool {
	return len(token) >= 22 && canonicalCode(token) == ""
}

// guarded runs one credential check through the guard. strong: the
// secret is high-entropy, checked even while the address waits. try
// checks it and reports whether it was wrong (a guess to count). The
// error is the guard's (429), else nil and the caller answers.
func (s *Service) guarded(kind, from string, crossSite, strong bool, try func() (wrong bool)) error {
	now := s.now()
	from = guardAddr(from)
	wait := s.guard.waiting(kind, from, now)
	if wait > 0 && !strong {
		s.report(GuardEvent{Kind: kind, From: from, Outcome: "waiting", Wait: wait})
		return tooManyAttempts(wait)
	}
	if !try() {
		return nil
	}
	if crossSite {
		s.report(GuardEvent{Kind: kind, From: from, Outcome: "cross-site"})
		return nil
	}
	e := s.guard.fail(kind, from, now)
	next := max(e.until.Sub(now), 0)
	s.report(GuardEvent{Kind: kind, From: from, Outcome: "wrong", Failures: e.failures, Wait: next})
	if wait > 0 { // an unknown token while waiting: slowed too
		return tooManyAttempts(next)
	}
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
	secs := max(int((d+time.Second-1)/time.Second), 1)
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
	return s.checkCredential(ctx, kind, token, from, false)
}

func (s *Service) checkCredential(ctx context.Context, kind, token, from string, crossSite bool) (Actor, error) {
	if token == "" {
		return Public, nil
	}
	var a Actor
	var err error
	gerr := s.guarded(kind, from, crossSite, kind == GuardToken && strongSecret(token), func() bool {
		a, err = s.Authenticate(ctx, token)
		// A credential since revoked (a tablet whose code was replaced,
		// a signed-out page still polling) is not a guess.
		return err != nil && AsError(err).Kind == KindUnauthorized && !errors.Is(err, errRevoked)
	})
	if gerr != nil {
		return Actor{}, gerr
	}
	return a, err
}
