package api

import (
	"context"
	"testing"
	"time"
)

// A second holder of a key waits for the first; another key does not;
// a waiter whose request ends gives up.
func TestKeysInFlight(t *testing.T) {
	var k keysInFlight
	ctx := context.Background()
	release, err := k.acquire(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	other, err := k.acquire(ctx, "b")
	if err != nil {
		t.Fatal(err)
	}
	other()

	got := make(chan struct{})
	go func() {
		r, err := k.acquire(ctx, "a")
		if err != nil {
			t.Error(err)
			return
		}
		close(got)
		r()
	}()
	select {
	case <-got:
		t.Fatal("a second request took a key still held")
	case <-time.After(20 * time.Millisecond):
	}
	release()
	<-got

	release, _ = k.acquire(ctx, "a")
	defer release()
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := k.acquire(gone, "a"); err == nil {
		t.Fatal("a waiter whose request ended still got the key")
	}
}
