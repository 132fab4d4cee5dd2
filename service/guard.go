package service

import (
	"context"
	"slices"
)

// guard runs once an operation holds the write lock, right after its first
// write. The store begins a transaction at its first write, so what the
// operation read and validated was read without the lock: the game's
// events must still be those it saw, apart from the ones it wrote itself
// (mine). If another entry changed the game meanwhile, the operation is
// refused as stale and its writes are rolled back.
func (s *Service) guard(ctx context.Context, l *loaded, mine ...int) error {
	stored, err := s.Store.ListTurns(ctx, l.g.ID)
	if err != nil {
		return err
	}
	keep := func(es []TurnEvent) []TurnEvent {
		var out []TurnEvent
		for _, e := range es {
			if !slices.Contains(mine, e.Seq) {
				out = append(out, e)
			}
		}
		return out
	}
	seen, now := keep(l.events), keep(stored)
	same := len(seen) == len(now)
	for i := 0; same && i < len(seen); i++ {
		same = sameEntry(seen[i], now[i])
	}
	if same {
		return nil
	}
	fresh, err := s.load(ctx, l.g.ID)
	if err != nil {
		return err
	}
	return s.staleTurn(fresh, 0)
}

// sameEntry compares what was entered (not what was computed from it).
func sameEntry(a, b TurnEvent) bool {
	claim := func(p *int) int {
		if p == nil {
			return -1 << 31
		}
		return *p
	}
	return a.Seq == b.Seq && a.Kind == b.Kind && a.Seat == b.Seat && a.Move == b.Move && a.Rack == b.Rack &&
		claim(a.ClaimedScore) == claim(b.ClaimedScore) && a.Points == b.Points && a.Undone == b.Undone &&
		a.ChallengedTurn == b.ChallengedTurn && a.Verdict == b.Verdict
}
