package service

import (
	"fmt"
	"testing"
	"time"
)

// The guard's rule: a few free failures per address and kind, then
// waits that double up to a cap; other addresses and kinds unaffected;
// a quiet period starts the count again.
func TestGuardWaitsGrowPerAddressAndKind(t *testing.T) {
	var g guard
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	var waits []time.Duration
	for range freeFailures + 12 {
		e := g.fail(GuardTableCode, "10.0.0.1", now)
		waits = append(waits, max(e.until.Sub(now), 0))
	}
	want := []time.Duration{0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300}
	for i, w := range want {
		if waits[i] != w*time.Second {
			t.Errorf("failure %d: wait %v, want %v", i+1, waits[i], w*time.Second)
		}
	}
	if d := g.waiting(GuardTableCode, "10.0.0.1", now); d != maxWait {
		t.Errorf("waiting %v, want %v", d, maxWait)
	}
	for _, other := range [][2]string{{GuardTableCode, "10.0.0.2"}, {GuardPassword, "10.0.0.1"}, {GuardToken, "10.0.0.1"}} {
		if d := g.waiting(other[0], other[1], now); d != 0 {
			t.Errorf("%v waits %v: only the guessing address and kind should", other, d)
		}
	}
	later := now.Add(maxWait)
	if d := g.waiting(GuardTableCode, "10.0.0.1", later); d != 0 {
		t.Errorf("after the wait: %v", d)
	}
	if e := g.fail(GuardTableCode, "10.0.0.1", now.Add(quietPeriod)); e.failures != 1 || !e.until.Before(now.Add(quietPeriod)) {
		t.Errorf("after a quiet period: %+v, want a fresh count", e)
	}
}

// The guard's memory is bounded: past guardEntries, quiet entries go,
// then the oldest.
func TestGuardMemoryIsBounded(t *testing.T) {
	var g guard
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for i := range guardEntries + 500 {
		g.fail(GuardToken, fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255), now.Add(time.Duration(i)*time.Millisecond))
	}
	if n := len(g.entries); n > guardEntries {
		t.Errorf("%d entries, cap %d", n, guardEntries)
	}
	if g.entries[GuardToken+" 10.0.0.0"] != nil {
		t.Error("the oldest entry is kept")
	}
	if g.entries[GuardToken+" "+fmt.Sprintf("10.0.%d.%d", (guardEntries+499)>>8&255, (guardEntries+499)&255)] == nil {
		t.Error("the newest entry is dropped")
	}
	// Once quiet, a new entry sweeps the old ones out.
	g.fail(GuardToken, "192.0.2.1", now.Add(time.Hour))
	if n := len(g.entries); n != 1 {
		t.Errorf("%d entries after a quiet hour, want 1", n)
	}
}

func TestGuardAddrAndSecrets(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.7":                "192.0.2.7",
		"2001:db8:1:2:aaaa::1":     "2001:db8:1:2::/64",
		"2001:db8:1:2:bbbb:cc::99": "2001:db8:1:2::/64",
		"::ffff:192.0.2.7":         "::ffff:192.0.2.7",
		"not an address":           "not an address",
	} {
		if got := guardAddr(in); got != want {
			t.Errorf("guardAddr(%q) = %q, want %q", in, got, want)
		}
	}
	tok, _ := newToken()
	code, _ := newTableCode()
	for secret, want := range map[string]bool{
		tok:                           true,
		code:                          false,
		"k7qmx4tpa9":                  false,
		"K 7 Q M X - 4 T P A 9 ":      false, // a code, however spaced
		"secret":                      false,
		"a-hand-chosen-token-of-22ch": true,
	} {
		if got := strongSecret(secret); got != want {
			t.Errorf("strongSecret(%q) = %v, want %v", secret, got, want)
		}
	}
}
