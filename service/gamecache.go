package service

import (
	"context"
	"slices"
	"sync"
)

// gameCache keeps the turn events of the games being played, so that
// entering a turn does not read the whole game back from the database
// each time (that read was a fifth of the server's CPU under load).
//
// An entry is keyed by the game's version, which every change to a game's
// events claims (see claim), and is put only after the change that made it
// is committed (Store.AfterCommit). So an entry either matches the version
// load reads from the database, and then holds exactly the events stored
// at that version, or it does not match and is not used. A change that
// settles (an undo, a correction, a reversal, an import: see changeGame)
// does not put, and leaves an entry behind its game's version, never used
// again.
type gameCache struct {
	mu    sync.Mutex
	games map[int64]cachedGame
}

type cachedGame struct {
	version int64
	events  []TurnEvent
}

// gameCacheSize bounds the entries: a few times the tables of the largest
// event, since only the games being played now gain from it.
const gameCacheSize = 2048

// get returns a copy of game id's events at version, if held.
func (c *gameCache) get(id, version int64) ([]TurnEvent, bool) {
	events, ok := c.look(id, version)
	if !ok {
		return nil, false
	}
	return cloneEvents(events), true
}

// look returns game id's events at version as held, if held: shared, and
// so only to be read (a held list is never changed, only replaced).
func (c *gameCache) look(id, version int64) ([]TurnEvent, bool) {
	c.mu.Lock()
	g, ok := c.games[id]
	c.mu.Unlock()
	if !ok || g.version != version {
		return nil, false
	}
	return g.events, true
}

// put keeps a copy of game id's events at version.
func (c *gameCache) put(id, version int64, events []TurnEvent) {
	events = cloneEvents(events)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = map[int64]cachedGame{}
	}
	if _, ok := c.games[id]; !ok && len(c.games) >= gameCacheSize {
		for k := range c.games { // drop any one: a game not entered lately reloads
			delete(c.games, k)
			break
		}
	}
	c.games[id] = cachedGame{version: version, events: events}
}

// cloneEvents copies events deeply enough that neither side can change
// the other's: callers edit events in place (a correction, a ruling).
func cloneEvents(events []TurnEvent) []TurnEvent {
	out := slices.Clone(events)
	for i := range out {
		e := &out[i]
		if e.ClaimedScore != nil {
			v := *e.ClaimedScore
			e.ClaimedScore = &v
		}
		e.Breakdown = slices.Clone(e.Breakdown)
		e.Words = slices.Clone(e.Words)
		e.InvalidWords = slices.Clone(e.InvalidWords)
	}
	return out
}

// gameEvents are a game's stored events, undone ones included: from the
// cache when it holds the game's version, else from the store.
func (s *Service) gameEvents(ctx context.Context, g *Game) ([]TurnEvent, error) {
	if events, ok := s.games.get(g.ID, g.Version); ok {
		return events, nil
	}
	return s.Store.ListTurns(ctx, g.ID)
}
