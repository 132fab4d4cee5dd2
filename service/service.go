package service

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"

	"tourney/scoring"
)

// LexiconChecker tells whether a lexicon name can be loaded; the service
// uses it to refuse a tournament naming a missing word list at the moment
// it is configured. Nil means no lexicon folder is configured.
type LexiconChecker interface {
	Has(name string) bool
}

// Service carries out what the API asks, one function per operation.
type Service struct {
	Store    Store
	Lexicons LexiconChecker
	Now      func() time.Time

	mu       sync.Mutex
	variants map[string]*scoring.Variant // by tournament rules fingerprint
}

// New returns a service over a store.
func New(store Store) *Service {
	return &Service{Store: store, Now: time.Now, variants: map[string]*scoring.Variant{}}
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
