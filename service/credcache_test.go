package service

import (
	"testing"
	"time"
)

func TestCredCache(t *testing.T) {
	var c credCache
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	table := Credential{ID: 7, Kind: CredTable, Table: 3}

	c.put("h", table, now, c.mark())
	if got, ok := c.get("h", now.Add(time.Second)); !ok || got.ID != 7 {
		t.Fatalf("get after put: %+v %v", got, ok)
	}
	if _, ok := c.get("h", now.Add(credCacheTTL+time.Second)); ok {
		t.Fatal("an entry outlived its time")
	}

	c.drop(7)
	if _, ok := c.get("h", now); ok {
		t.Fatal("a revoked credential is still remembered")
	}

	// Read before a revocation, put after it: not kept.
	mark := c.mark()
	c.drop(7)
	c.put("h", table, now, mark)
	if _, ok := c.get("h", now); ok {
		t.Fatal("a credential read before its revocation was kept")
	}
}

// TestCredCacheUsed: a session's last use here is kept to the second,
// never goes back, outlives the cache's entries (and its being off), and
// the times kept are bounded.
func TestCredCacheUsed(t *testing.T) {
	c := credCache{off: true}
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	if _, ok := c.usedAt(7); ok {
		t.Fatal("a use never made is known")
	}
	c.use(7, now.Add(20*time.Second))
	c.use(7, now.Add(10*time.Second)) // a request that began earlier
	if at, ok := c.usedAt(7); !ok || !at.Equal(now.Add(20*time.Second)) {
		t.Fatalf("last use %v %v, want 20 s", at, ok)
	}
	for id := range int64(3 * credCacheSize) {
		c.use(100+id, now)
	}
	if n := len(c.used); n > credCacheSize {
		t.Fatalf("%d uses kept, at most %d", n, credCacheSize)
	}
	c.clear()
	if _, ok := c.usedAt(100 + 3*credCacheSize - 1); ok {
		t.Fatal("a use outlived clear")
	}
}
