package service

import (
	"context"
	"errors"
)

// Every change to a game's turn events follows one recipe, changeGame:
//
//	load → decide → claim → append → write → keep the result → answer,
//	and once committed, tell
//
// in one transaction. A use case (an entry, a ruling, an undo, a
// correction, an import...) says only what is its own, in a gameChange.

// gameChange is what one change to a game says of itself.
type gameChange struct {
	// director: only the director makes this change; else the game's
	// table may too (see canEnter).
	director bool
	// decide works the change out on the game as read, in memory: it
	// checks what the change asks, moves the replay on (l.r) and adds the
	// new events to l.events, or edits events in l.events. Nothing is
	// stored. errNoChange: there is nothing to do (nothing is stored and
	// nothing told).
	decide func(ctx context.Context, l *loaded) error
	// write makes the change's own writes, after the game is claimed and
	// the new events are stored: an edited event, the audit entry, ...
	// nil: none.
	write func(ctx context.Context, l *loaded) error
	// settle: the answer is the game read back as stored, its result kept
	// in step (settle), with the director's corrections, told to the
	// watchers once committed; for a change that edits stored events, and
	// the director's. Otherwise the answer is the game as it moved on in
	// memory, built by answer, and the game's events are kept in the cache.
	settle bool
	// sameResult: the change moves no score (a confirmation), so the
	// result is not looked at.
	sameResult bool
	// answer builds the answer of a change that does not settle, from the
	// game as changed, and returns what to tell the watchers once
	// committed.
	answer func(l *loaded) (tell func())
}

// errNoChange is decide's word that the change has nothing to do.
var errNoChange = errors.New("nothing to change")

// changeGame makes a change to a game, in one transaction: the game is
// loaded, the change decided on it in memory, the version read claimed
// (see claim), the new events stored, the change's own writes made, the
// game's result kept in step with its record (syncResult), and the answer
// built; once committed, the watchers are told. The settled view comes
// back when c.settle, else nil (c.answer has the answer).
func (s *Service) changeGame(ctx context.Context, a Actor, gameID int64, c gameChange) (*GameView, error) {
	if c.director {
		if err := requireDirector(a); err != nil {
			return nil, err
		}
	}
	var view *GameView
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		l, err := s.loadToEnter(ctx, a, gameID)
		if err != nil {
			return err
		}
		wasFinished, from := l.r.status == StatusFinished, len(l.events)
		switch err := c.decide(ctx, l); {
		case errors.Is(err, errNoChange):
			return nil
		case err != nil:
			return err
		}
		if err := s.saveTurns(ctx, l, from); err != nil {
			return err
		}
		if c.write != nil {
			if err := c.write(ctx, l); err != nil {
				return err
			}
		}
		if c.settle {
			if view, err = s.settle(ctx, gameID); err != nil {
				return err
			}
			if err := s.withCorrections(ctx, a, view); err != nil {
				return err
			}
			view = hideFromTables(view, a) // a table undoing its own entry
			v := view
			s.Store.AfterCommit(ctx, func() { s.viewNotice(v) })
			return nil
		}
		// Only a finished game has a recorded result to keep in step.
		if !c.sameResult && (wasFinished || l.r.status == StatusFinished) {
			if err := s.syncResult(ctx, l); err != nil {
				return err
			}
		}
		tell := c.answer(l)
		version, events := l.g.Version+1, l.events // claim took the next version
		s.Store.AfterCommit(ctx, func() {
			s.games.put(gameID, version, events)
			tell()
		})
		return nil
	})
	return view, hideInProblem(err, a) // a stale entry's game, as a sees it
}

// saveTurns is the first write of a change to a loaded game: the game is
// claimed (see claim), then the events decided from l.events[from] on are
// stored, in order, and the replay's copies given their ids. Another
// entry that took a turn first makes the change stale.
func (s *Service) saveTurns(ctx context.Context, l *loaded, from int) error {
	if err := s.claim(ctx, l); err != nil {
		return err
	}
	ids := map[int]int64{}
	for i := from; i < len(l.events); i++ {
		e := &l.events[i]
		if err := s.Store.AppendTurn(ctx, e); err != nil {
			if errors.Is(err, ErrDuplicate) {
				// Another entry took this turn first: show the game as stored.
				if fresh, lerr := s.load(ctx, l.g.ID); lerr == nil {
					l = fresh
				}
				return s.staleTurn(l, e.Seq)
			}
			return err
		}
		ids[e.Seq] = e.ID
	}
	for i := range l.r.events {
		if id, ok := ids[l.r.events[i].Seq]; ok {
			l.r.events[i].ID = id
		}
	}
	return nil
}

// addEvents adds events made by a (the director's end of a game, a void,
// a confirmation) at the end of a loaded game, in memory: each is
// numbered, replayed and given its computed values (one the engine passes
// over agrees and scores nothing).
func (s *Service) addEvents(a Actor, l *loaded, events ...*TurnEvent) error {
	for _, e := range events {
		e.Seq, e.EnteredBy, e.CreatedAt = nextSeq(l.events), a.Name(), s.now()
		if err := l.r.apply(e); err != nil {
			return err
		}
		fillComputed(e, l.r.turns[len(l.r.turns)-1])
		l.events = append(l.events, *e)
	}
	l.r.status = l.r.statusNow(l.t.ChallengeRule)
	return nil
}

// settle reloads a game after a change, keeps its stored result in step
// and returns the game as it now stands.
func (s *Service) settle(ctx context.Context, gameID int64) (*GameView, error) {
	l, err := s.load(ctx, gameID)
	if err != nil {
		return nil, err
	}
	if err := s.syncResult(ctx, l); err != nil {
		return nil, err
	}
	if err := s.withOfficial(ctx, l); err != nil {
		return nil, err
	}
	v := s.view(l.t, l.g, l.names, l.events, l.r).withResult(l.g, l.official)
	return v, nil
}
