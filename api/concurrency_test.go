package api

import (
	"net/http"
	"sync"
	"testing"
)

// TestConcurrentEntriesForOneTurn: two tablets entering the same turn at
// the same moment: one is recorded, the other refused as stale, and the
// game replays. Repeated to give the race a chance.
func TestConcurrentEntriesForOneTurn(t *testing.T) {
	f := newFixture(t)
	moves := []string{"8D WINDY", "7C GALE", "E3 JAVE..N", "F2 VOX", "10B DONATES"}
	for i, move := range moves {
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for k := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[k] = f.enter(f.game, f.table, turn{Turn: i + 1, Player: i%2 + 1, Move: move}).Status
			}()
		}
		wg.Wait()
		created, stale := 0, 0
		for _, s := range statuses {
			switch s {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
				stale++
			}
		}
		if created != 1 || stale != 1 {
			t.Fatalf("turn %d: statuses %v, want one 201 and one 409", i+1, statuses)
		}
	}
	v := f.view(f.game)
	if len(v.Turns) != len(moves) || v.NextTurn != len(moves)+1 || v.Totals[0] != 148 {
		t.Fatalf("game after the races: %d turns, next %d, totals %v", len(v.Turns), v.NextTurn, v.Totals)
	}
}
