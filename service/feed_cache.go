package service

import (
	"context"
	"encoding/binary"
	"sync"
	"time"
)

// The feed is polled every few seconds by every overlay and broadcast
// that shows the event, so it is built once per change (builtCache). A
// turn of a game in progress changes nothing it shows (a game has no
// score in it until its result is in), nor does a highlight.
//
// The ETag is the body's digest: a rebuild that finds nothing changed (a
// notice about something the feed does not show, a restart, another
// server behind the same address) keeps it, so readers keep getting 304.
// Within one process it keeps its Last-Modified and its gzip too
// (encoded.go).

// feedFresh is how long a built feed is answered without a change.
const feedFresh = 10 * time.Second

// Feed is the tsh feed as built.
type Feed = Encoded

// feedCache is the feeds built, and each round's ranks and estimates.
type feedCache struct {
	builtCache[*Feed]
	roundsMu sync.Mutex
	rounds   map[feedRoundKey]feedRoundMemo
}

func newFeedCache() feedCache {
	return feedCache{builtCache: builtCache[*Feed]{fresh: feedFresh, counts: changesRecords}}
}

// clear forgets every built feed and round (changes may have been missed).
func (c *feedCache) clear() {
	c.builtCache.clear()
	c.roundsMu.Lock()
	defer c.roundsMu.Unlock()
	c.rounds = nil
}

// TourneyJS is the tournament's tsh feed (public): see feed.go.
func (s *Service) TourneyJS(ctx context.Context, tournamentID int64) (*Feed, error) {
	return s.feeds.get(ctx, tournamentID, s.now, func(ctx context.Context, prev *Feed, ok bool) (*Feed, error) {
		hint := 0
		if ok {
			hint = len(prev.Body) + len(prev.Body)/8
		}
		body, err := s.buildFeed(ctx, tournamentID, hint)
		if err != nil {
			return nil, err
		}
		return encoded(body, prev, s.feeds.since()), nil
	})
}

// feedRoundKey names one round of one division's feed.
type feedRoundKey struct {
	tournament int64
	division   string
	round      int
}

// feedRoundMemo is a round's ranks and rating estimates by line, with the
// digest of what they were computed from.
type feedRoundMemo struct {
	digest      uint64
	rrank, newr []int
}

// round is the memo for a round, if its digest is still d.
func (c *feedCache) round(k feedRoundKey, d uint64) (feedRoundMemo, bool) {
	c.roundsMu.Lock()
	defer c.roundsMu.Unlock()
	m, ok := c.rounds[k]
	return m, ok && m.digest == d
}

func (c *feedCache) keepRound(k feedRoundKey, m feedRoundMemo) {
	c.roundsMu.Lock()
	defer c.roundsMu.Unlock()
	if c.rounds == nil {
		c.rounds = map[feedRoundKey]feedRoundMemo{}
	}
	c.rounds[k] = m
}

// feedDigest is a running 64-bit digest of ints and strings: each word
// is mixed in whole (a multiply and shifts, as in SplitMix64's finalizer),
// so that every bit of it reaches every bit of the sum.
type feedDigest struct{ sum uint64 }

func newFeedDigest() *feedDigest { return &feedDigest{sum: 14695981039346656037} }

// mix64 is SplitMix64's finalizer: a bijection that spreads each input
// bit over the whole word.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func (h *feedDigest) word(w uint64) { h.sum = mix64(h.sum ^ w) }

func (h *feedDigest) ints(xs ...int) {
	for _, x := range xs {
		h.word(uint64(x))
	}
}

func (h *feedDigest) str(s string) {
	h.ints(len(s))
	for ; len(s) >= 8; s = s[8:] {
		h.word(binary.LittleEndian.Uint64([]byte(s[:8])))
	}
	var tail [8]byte
	copy(tail[:], s)
	h.word(binary.LittleEndian.Uint64(tail[:]))
}
