package service

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"

	"tourney/challenges"
	"tourney/scoring"
)

// Lexicons is the folder of word lists the director supplied. Check loads
// a list (once) and says why it cannot be used, so that a tournament
// naming a missing or broken list is refused when it is configured, not
// at the first challenge. Nil means no folder was given.
type Lexicons interface {
	Check(name string) error
	Judge(name string, words []string) (challenges.Verdict, error)
}

// Service carries out what the API asks, one function per operation.
type Service struct {
	Store    Store
	Lexicons Lexicons
	Now      func() time.Time
	// PasswordIterations is PBKDF2's work factor for a new director
	// password (0: 600,000); tests lower it.
	PasswordIterations int
	// OnGuard, if set, is told of every credential the guard refuses
	// (guard.go), for the server's log.
	OnGuard func(GuardEvent)
	// SessionIdle and SessionMax end a director's page session unused
	// that long, or that long after sign-in (0: the defaults, see
	// sessions.go).
	SessionIdle, SessionMax time.Duration

	mu         sync.Mutex
	variants   map[string]*scoring.Variant // by tournament rules fingerprint
	limiter    rateLimiter                 // word-judge requests per credential
	notices    notices                     // consoles watching tournaments
	games      gameCache                   // turn events of the games in play
	recorded   turnStatsCache              // recorded games summed up, for the statistics
	creds      credCache                   // credentials recently authenticated
	guard      guard                       // wrong credentials per client address and kind
	feeds      feedCache                   // the tsh feeds built (feed_cache.go)
	lives      builtCache[*liveBuilt]      // the live boards built (live.go)
	highlights builtCache[[]Highlight]     // the highlights found (highlights.go)
	told       highlightsTold              // highlights already published
	marks      publicMarks                 // changes to each tournament's records
}

// New returns a service over a store.
func New(store Store) *Service {
	s := &Service{Store: store, Now: time.Now, variants: map[string]*scoring.Variant{}, limiter: rateLimiter{perMinute: 20},
		feeds: newFeedCache(), lives: newLiveCache(), highlights: newHighlightsCache()}
	if store != nil && store.Listen(s.changed) {
		// A revocation made by another process reaches this one a moment
		// after it is committed: too late for "at once". Every request
		// reads its credential then (one indexed read).
		s.creds.off = true
	}
	return s
}

func (s *Service) now() time.Time { return s.Now().UTC() }

// variantFor resolves a tournament's rules: the named variant, with the
// director's board and tile files when given. Parsed once per distinct
// rule set.
func (s *Service) variantFor(t *Tournament) (*scoring.Variant, error) {
	h := sha256.Sum256([]byte(t.Variant + "\x00" + t.Board + "\x00" + t.Tiles))
	key := hex.EncodeToString(h[:])
	s.mu.Lock()
	v, ok := s.variants[key]
	s.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := buildVariant(t.Variant, t.Board, t.Tiles)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.variants[key] = v
	s.mu.Unlock()
	return v, nil
}

func buildVariant(name, board, tiles string) (*scoring.Variant, error) {
	v, err := scoring.LookupVariant(name)
	if err != nil {
		return nil, Errorf(KindInvalid, "unknown-variant", "%v", err)
	}
	if board != "" {
		l, err := scoring.ParseLayout("board", board)
		if err != nil {
			return nil, Errorf(KindInvalid, "bad-board", "%v", err)
		}
		v = v.WithBoard(l)
	}
	if tiles != "" {
		ts, err := scoring.ParseTileSet("tiles", tiles)
		if err != nil {
			return nil, Errorf(KindInvalid, "bad-tiles", "%v", err)
		}
		v = v.WithTiles(ts)
	}
	return v, nil
}
