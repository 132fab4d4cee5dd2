package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"time"
)

// The feed is polled every few seconds by every overlay and broadcast
// that shows the event, so it is built once per change, not per request.
//
// Each tournament has a change count, moved by every notice the public
// pages hear (a result, pairings, players, a game finished: publicView),
// from this process or another sharing the database (Change). A built
// feed is kept with the count it was built at, and answered again while
// the count has not moved and it is younger than feedFresh: then a
// request touches neither the database nor the division. feedFresh
// bounds how long a change that tells no watcher (a tournament renamed,
// a player entered) takes to show.
//
// The ETag is the body's digest: a rebuild that finds nothing changed (a
// notice about something the feed does not show, a restart, another
// server behind the same address) keeps it, so readers keep getting 304.

// feedFresh is how long a built feed is answered without a change.
const feedFresh = 10 * time.Second

// Feed is the tsh feed as built: the body and its ETag (quoted).
type Feed struct {
	Body []byte
	ETag string
}

type feedCache struct {
	mu      sync.Mutex
	changes map[int64]uint64     // notices heard, by tournament
	built   map[int64]*feedEntry // by tournament
	rounds  map[feedRoundKey]feedRoundMemo
}

type feedEntry struct {
	build sync.Mutex // held while one request builds; the others wait for it
	// Under feedCache.mu:
	feed    *Feed
	changes uint64
	at      time.Time
}

// noticed counts a change to a tournament, if the public hear of it.
func (c *feedCache) noticed(no Notice) {
	// A turn of a game in progress changes nothing the feed shows (a game
	// has no score in it until its result is in), nor does a highlight.
	if pub, ok := publicView(no); !ok || pub.Kind == NoticeTurn {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.changes == nil {
		c.changes = map[int64]uint64{}
	}
	c.changes[no.TournamentID]++
}

// clear forgets every built feed (changes may have been missed).
func (c *feedCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.built, c.rounds = nil, nil
}

// fresh is the tournament's feed if one built since the last change is
// still fresh, and the entry to build into otherwise, with the change
// count to build at.
func (c *feedCache) fresh(id int64, now time.Time) (*Feed, *feedEntry, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.built == nil {
		c.built = map[int64]*feedEntry{}
	}
	e := c.built[id]
	if e == nil {
		e = &feedEntry{}
		c.built[id] = e
	}
	changes := c.changes[id]
	if e.feed != nil && e.changes == changes && now.Sub(e.at) < feedFresh {
		return e.feed, e, changes
	}
	return nil, e, changes
}

// keep stores a feed built at a change count; an older build never
// replaces a newer one.
func (c *feedCache) keep(e *feedEntry, f *Feed, changes uint64, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.feed == nil || changes >= e.changes {
		e.feed, e.changes, e.at = f, changes, at
	}
}

// TourneyJS is the tournament's tsh feed (public): see feed.go.
func (s *Service) TourneyJS(ctx context.Context, tournamentID int64) (*Feed, error) {
	f, e, _ := s.feeds.fresh(tournamentID, s.now())
	if f != nil {
		return f, nil
	}
	e.build.Lock()
	defer e.build.Unlock()
	// Another request may have built it while this one waited; the count
	// is read before the build, so that a change during it moves past it.
	f, _, changes := s.feeds.fresh(tournamentID, s.now())
	if f != nil {
		return f, nil
	}
	at := s.now()
	body, err := s.buildFeed(ctx, tournamentID)
	if err != nil {
		s.feeds.forget(tournamentID, e)
		return nil, err
	}
	f = &Feed{Body: body, ETag: feedETag(body)}
	if old := e.current(&s.feeds); old != nil && old.ETag == f.ETag {
		f = old // the same feed: keep the one readers hold
	}
	s.feeds.keep(e, f, changes, at)
	return f, nil
}

// forget drops an entry that never held a feed (no such tournament), so
// that asking for made-up ids keeps nothing.
func (c *feedCache) forget(id int64, e *feedEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e.feed == nil && c.built[id] == e {
		delete(c.built, id)
	}
}

// current is the entry's feed, fresh or not.
func (e *feedEntry) current(c *feedCache) *Feed {
	c.mu.Lock()
	defer c.mu.Unlock()
	return e.feed
}

// feedETag is a strong ETag from the body's digest.
func feedETag(body []byte) string {
	h := sha256.Sum256(body)
	return `"` + hex.EncodeToString(h[:12]) + `"`
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
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.rounds[k]
	return m, ok && m.digest == d
}

func (c *feedCache) keepRound(k feedRoundKey, m feedRoundMemo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.rounds == nil {
		c.rounds = map[feedRoundKey]feedRoundMemo{}
	}
	c.rounds[k] = m
}

// feedDigest is a running FNV-1a digest of ints and strings.
type feedDigest struct{ sum uint64 }

func newFeedDigest() *feedDigest { return &feedDigest{sum: 14695981039346656037} }

func (h *feedDigest) ints(xs ...int) {
	for _, x := range xs {
		for v, i := uint64(x), 0; i < 8; i, v = i+1, v>>8 {
			h.sum = (h.sum ^ (v & 0xff)) * 1099511628211
		}
	}
}

func (h *feedDigest) str(s string) {
	h.ints(len(s))
	for i := 0; i < len(s); i++ {
		h.sum = (h.sum ^ uint64(s[i])) * 1099511628211
	}
}
