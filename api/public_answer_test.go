package api

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"tourney/service"
)

// If-None-Match decides when it is sent; else If-Modified-Since, which
// names whole seconds: 304 when it is after the version's second, or is
// that second and no other body was made in it; never for a time to
// come.
func TestNotModified(t *testing.T) {
	made := time.Date(2026, 11, 28, 20, 0, 0, 600e6, time.UTC)
	only := service.Version{ETag: `"b"`, Modified: made}
	shared := service.Version{ETag: `"b"`, Modified: made, SameSecond: true}
	at := func(t time.Time) string { return t.Format(http.TimeFormat) }
	cases := []struct {
		name   string
		v      service.Version
		header map[string]string
		want   bool
	}{
		{"nothing asked", only, nil, false},
		{"its ETag", only, map[string]string{"If-None-Match": `"b"`}, true},
		{"its ETag, weak, in a list", only, map[string]string{"If-None-Match": `"a", W/"b"`}, true},
		{"any", only, map[string]string{"If-None-Match": "*"}, true},
		{"another ETag", only, map[string]string{"If-None-Match": `"a"`}, false},
		{"another ETag, its time", only, map[string]string{"If-None-Match": `"a"`, "If-Modified-Since": at(made)}, false},
		{"its ETag, an old time", only, map[string]string{"If-None-Match": `"b"`, "If-Modified-Since": at(made.Add(-time.Hour))}, true},
		{"its second", only, map[string]string{"If-Modified-Since": at(made)}, true},
		{"its second, shared with another body", shared, map[string]string{"If-Modified-Since": at(made)}, false},
		{"the next second", shared, map[string]string{"If-Modified-Since": at(made.Add(time.Second))}, true},
		{"the second before", only, map[string]string{"If-Modified-Since": at(made.Add(-time.Second))}, false},
		{"a time to come", service.Version{ETag: `"b"`, Modified: time.Now()}, map[string]string{"If-Modified-Since": at(time.Now().Add(time.Hour))}, false},
		{"not a time", only, map[string]string{"If-Modified-Since": "yesterday"}, false},
	}
	for _, c := range cases {
		r, _ := http.NewRequest("GET", "/", nil)
		for k, v := range c.header {
			r.Header.Set(k, v)
		}
		if got := notModified(r, c.v); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// The versions of the reads answered on the fly: a read keeps its time
// while its body does; once forgotten (too many reads), a read's first
// answer within that second is marked SameSecond.
func TestReadVersions(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
	var m readVersions
	a := m.of("0 /standings", `"a"`, t0)
	if a.Modified != t0 || a.SameSecond {
		t.Fatalf("first: %+v", a)
	}
	if again := m.of("0 /standings", `"a"`, t0.Add(time.Hour)); again != a {
		t.Fatalf("the same body later: %+v", again)
	}
	if b := m.of("0 /standings", `"b"`, t0.Add(time.Hour+100*time.Millisecond)); b.Modified != t0.Add(time.Hour+100*time.Millisecond) || b.SameSecond {
		t.Fatalf("a new body: %+v", b)
	}
	if c := m.of("0 /standings", `"c"`, t0.Add(time.Hour+900*time.Millisecond)); !c.SameSecond {
		t.Fatalf("another body in that second: %+v", c)
	}
	if o := m.of("7 /standings", `"a"`, t0.Add(2*time.Hour)); o.Modified != t0.Add(2*time.Hour) {
		t.Fatalf("another caller's read: %+v", o)
	}
	forget := t0.Add(3 * time.Hour)
	for i := len(m.by); i <= maxReadVersions; i++ { // the last one over makes them forgotten
		m.of(fmt.Sprintf("0 /highlights?since=%d", i), `"x"`, forget)
	}
	v := m.of("0 /standings", `"c"`, forget.Add(300*time.Millisecond)) // forgotten: a new time
	if len(m.by) != 2 || v.Modified != forget.Add(300*time.Millisecond) || !v.SameSecond {
		t.Fatalf("after forgetting %d: %+v", len(m.by), v)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for header, want := range map[string]bool{
		"": false, "gzip": true, "GZIP": true, "gzip, deflate, br": true, "br;q=1, gzip;q=0.5": true,
		"gzip;q=0": false, "gzip; q=0.0": false, "identity": false, "*": true, "*;q=0": false,
		"gzip;q=0, *": false, "*, gzip;q=0": false, "x-gzip": true, "deflate": false,
	} {
		if got := acceptsGzip(header); got != want {
			t.Errorf("Accept-Encoding %q: %v, want %v", header, got, want)
		}
	}
}
