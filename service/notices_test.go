package service_test

import (
	"context"
	"testing"
	"time"

	"tourney/service"
)

// TestPublicNoticesPaced: the console hears each notice at once, in a
// batch of its own; the public hear the first of a burst at once and the
// rest together a moment later (at most four batches a second), stripped to what the public may know. Both are closed when
// their watch ends.
func TestPublicNoticesPaced(t *testing.T) {
	e := newImportEnv(t)
	tid := e.tournament("naspa", "double", "")
	g := e.game(tid, "Ann", "Bob")
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	pub, err := e.svc.WatchPublic(ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	con, err := e.svc.Watch(ctx, director, tid)
	if err != nil {
		t.Fatal(err)
	}
	if n := e.svc.Watchers(); n != 2 {
		t.Fatalf("%d watchers, want 2", n)
	}
	moves := []string{"8H CAT", "-", "-", "-"}
	start := time.Now()
	for i, m := range moves {
		if _, err := e.svc.EnterTurn(e.ctx, director, g, service.TurnInput{Turn: i + 1, Player: 1 + i%2, Move: m}); err != nil {
			t.Fatal(err)
		}
	}
	next := func(ch <-chan []service.Notice, what string) ([]service.Notice, time.Duration) {
		t.Helper()
		select {
		case b := <-ch:
			return b, time.Since(start)
		case <-time.After(5 * time.Second):
			t.Fatalf("no batch for the %s", what)
			return nil, 0
		}
	}
	for i := range moves {
		b, _ := next(con, "console")
		if len(b) != 1 || b[0].Kind != service.NoticeGame || b[0].GameID != g || b[0].Turn != i+1 {
			t.Fatalf("console batch %d: %+v, want turn %d of game %d alone", i, b, i+1, g)
		}
	}
	var turns []service.Notice
	var at []time.Duration
	for len(turns) < len(moves) {
		b, when := next(pub, "public")
		if len(at) == 0 && (len(b) != 1 || b[0].Kind != service.NoticeTurn) {
			t.Fatalf("first public batch %+v, want the first turn alone, at once", b)
		}
		for _, n := range b {
			if n.Kind == service.NoticeHighlight {
				continue
			}
			if n.Kind != service.NoticeTurn || n.GameID != 0 || n.Turn != 0 || n.Table == 0 {
				t.Fatalf("public notice %+v: want a turn at a table, nothing more", n)
			}
			turns = append(turns, n)
		}
		at = append(at, when)
	}
	if len(at) < 2 {
		t.Fatalf("public batches at %v, want the first turn alone, then the others", at)
	}
	for i := 1; i < len(at); i++ {
		if gap := at[i] - at[i-1]; gap < 150*time.Millisecond {
			t.Errorf("public batches at %v: %v apart, want about 250ms at least", at, gap)
		}
	}
	cancel()
	for _, ch := range []<-chan []service.Notice{pub, con} {
		for range ch { // drained, then closed
		}
	}
	if n := e.svc.Watchers(); n != 0 {
		t.Errorf("%d watchers after the watches ended", n)
	}
}
