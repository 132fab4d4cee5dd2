package api

import (
	"context"
	"sync"
)

// keysInFlight lets one request at a time run under an Idempotency-Key.
// A repeat that arrives while the first is still being answered (two
// tablets, or a client that gave up waiting and resent) waits for it and
// then gets its saved answer. Without this, the repeat could run while
// the first's work was written but not yet committed (turns committed
// together share a commit, see store's batch), find the game changed
// under it, and answer "stale" instead of the first answer.
type keysInFlight struct {
	mu   sync.Mutex
	busy map[string]chan struct{} // closed when the request holding the key is done
}

// acquire takes the key, waiting for a request that holds it; release
// gives it back. It fails only if ctx ends while waiting.
func (k *keysInFlight) acquire(ctx context.Context, key string) (release func(), err error) {
	for {
		k.mu.Lock()
		done, taken := k.busy[key]
		if !taken {
			if k.busy == nil {
				k.busy = map[string]chan struct{}{}
			}
			done = make(chan struct{})
			k.busy[key] = done
			k.mu.Unlock()
			return func() {
				k.mu.Lock()
				delete(k.busy, key)
				k.mu.Unlock()
				close(done)
			}, nil
		}
		k.mu.Unlock()
		select {
		case <-done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
