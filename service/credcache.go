package service

import (
	"sync"
	"time"
)

// credCache remembers the credentials found by Authenticate, so that every
// request does not read its credential from the database (a tenth of the
// server's CPU when tables enter turns). Only valid credentials are kept,
// and a revocation made here drops its entry once committed
// (RevokeTableCredential), so a revoked code stops working at once. When
// other processes share the database (PostgreSQL) it keeps nothing: their
// revocations would reach it a moment late (see Change). An
// entry also expires after credCacheTTL, which bounds how long a change
// made by something other than this process (the sqlite3 shell) goes
// unseen.
type credCache struct {
	mu      sync.Mutex
	entries map[string]cachedCred // by token hash
	// drops counts revocations, so that a credential read before one
	// and put after it is not kept: it may be the revoked one.
	drops uint64
	off   bool // keeps nothing: the database is shared with other processes
	// used is each session's last use in this process, to the second
	// (the store's is written less often: touch), by credential id. It
	// is kept when off too: it only ever makes a session younger.
	used map[int64]time.Time
}

type cachedCred struct {
	c       Credential
	fetched time.Time
}

const (
	credCacheTTL  = 30 * time.Second
	credCacheSize = 4096 // a few per table: far more than any event has
)

func (c *credCache) get(hash string, now time.Time) (Credential, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[hash]
	if !ok || c.off || now.Sub(e.fetched) > credCacheTTL {
		return Credential{}, false
	}
	return e.c, true
}

// mark is taken before reading a credential from the store, for put.
func (c *credCache) mark() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.drops
}

// put keeps a credential read since mark, unless a revocation came between.
func (c *credCache) put(hash string, cred Credential, now time.Time, mark uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.drops != mark || c.off {
		return
	}
	if c.entries == nil || len(c.entries) >= credCacheSize {
		c.entries = map[string]cachedCred{} // start again: cheap, and rare
	}
	c.entries[hash] = cachedCred{c: cred, fetched: now}
}

// touched records a cached credential's last use.
func (c *credCache) touched(hash string, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[hash]; ok {
		e.c.LastUsedAt = &at
		c.entries[hash] = e
	}
}

// use records a session's use at that time.
func (c *credCache) use(id int64, at time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.used == nil || len(c.used) >= credCacheSize && c.used[id].IsZero() {
		c.used = map[int64]time.Time{} // start again: the store's times are at most touchEvery behind
	}
	if at.After(c.used[id]) {
		c.used[id] = at
	}
}

// usedAt is a session's last use in this process, if known.
func (c *credCache) usedAt(id int64) (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	at, ok := c.used[id]
	return at, ok
}

// drop forgets the credential with that id, under whatever hash it is,
// and the sessions made from it.
func (c *credCache) drop(id int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drops++
	for h, e := range c.entries {
		if e.c.ID == id || e.c.ParentID == id {
			delete(c.entries, h)
		}
	}
}

// clear forgets every credential.
func (c *credCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drops++
	c.entries = nil
	c.used = nil
}
