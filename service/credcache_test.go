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
