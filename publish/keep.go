package publish

import (
	"context"
	"time"

	"tourney/service"
)

// DefaultEvery is how often at most Keep rewrites the folder.
const DefaultEvery = 2 * time.Second

// Keep writes the site into dir now, then again after each change the
// public may see (the service's public notices, as the hall's pages hear
// them), at most once every every, until ctx ends. New tournaments are
// noticed too. Errors go to failed; the next change tries again.
func Keep(ctx context.Context, svc *service.Service, dir string, every time.Duration, failed func(error)) {
	changed := make(chan struct{}, 1)
	poke := func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	}
	watched := map[int64]bool{}
	watchNew := func() {
		ts, err := svc.ListTournaments(ctx)
		if err != nil {
			return
		}
		for _, t := range ts {
			if watched[t.ID] {
				continue
			}
			ch, err := svc.WatchPublic(ctx, t.ID)
			if err != nil {
				continue
			}
			watched[t.ID] = true
			poke() // a new tournament is news
			go func() {
				for range ch {
					poke()
				}
			}()
		}
	}
	watchNew()
	tick := time.NewTicker(every)
	defer tick.Stop()
	dirty := true
	for {
		if dirty {
			dirty = false
			if err := Write(ctx, svc, dir, nil); err != nil && ctx.Err() == nil {
				failed(err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			watchNew()
		}
		select {
		case <-changed:
			dirty = true
		default:
		}
	}
}
