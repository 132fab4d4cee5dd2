package service

import (
	"context"
	"errors"
)

// claim is the first write of every change to a game's turn events. The
// store begins its transaction at the first write, so what the change was
// decided on was read without the write lock; claiming the version that
// was read takes the lock and proves nothing changed since. If another
// entry got there first, the change is refused as stale, with the game as
// it now stands.
func (s *Service) claim(ctx context.Context, l *loaded) error {
	err := s.Store.ClaimGame(ctx, l.g.ID, l.g.Version)
	if !errors.Is(err, ErrStale) {
		return err
	}
	fresh, lerr := s.load(ctx, l.g.ID)
	if lerr != nil {
		return lerr
	}
	v := s.view(fresh.t, fresh.g, fresh.names, fresh.events, fresh.r)
	return &Error{Kind: KindConflict, Type: "stale-turn", Detail: v,
		Msg: "the game changed while this was being entered; here is the game as it stands"}
}
