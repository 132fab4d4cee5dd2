package service

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
	"time"
)

// A version moves only when the body does: its time then is when the new
// body was made (never before the last), and it says when another body
// was made in the same second (If-Modified-Since cannot tell them apart).
func TestVersionNext(t *testing.T) {
	t0 := time.Date(2026, 11, 28, 20, 0, 0, 200e6, time.UTC)
	a := Version{}.Next(`"a"`, t0)
	cases := []struct {
		name string
		prev Version
		etag string
		at   time.Time
		want Version
	}{
		{"the first", Version{}, `"a"`, t0, Version{ETag: `"a"`, Modified: t0}},
		{"the same body later", a, `"a"`, t0.Add(time.Hour), a},
		{"another in the same second", a, `"b"`, t0.Add(700 * time.Millisecond), Version{ETag: `"b"`, Modified: t0.Add(700 * time.Millisecond), SameSecond: true}},
		{"another in the next second", a, `"b"`, t0.Add(800 * time.Millisecond), Version{ETag: `"b"`, Modified: t0.Add(800 * time.Millisecond)}},
		{"another, the clock set back", a, `"b"`, t0.Add(-time.Minute), Version{ETag: `"b"`, Modified: t0, SameSecond: true}},
		{"the first after the cache forgot, in its second", Version{Modified: t0}, `"b"`, t0.Add(100 * time.Millisecond), Version{ETag: `"b"`, Modified: t0.Add(100 * time.Millisecond), SameSecond: true}},
		{"the first after the cache forgot, later", Version{Modified: t0}, `"b"`, t0.Add(time.Second), Version{ETag: `"b"`, Modified: t0.Add(time.Second)}},
	}
	for _, c := range cases {
		if got := c.prev.Next(c.etag, c.at); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// An answer rebuilt with the same body is the one before, its gzip made
// once; another body is a new answer, modified no earlier.
func TestEncoded(t *testing.T) {
	body := bytes.Repeat([]byte(`{"player":"Gruzd, Nathan"},`), 100)
	first := encoded(body, nil, time.Time{})
	if first.ETag != ETagOf(body) || first.Modified.IsZero() || first.SameSecond {
		t.Fatalf("first: %+v", first.Version)
	}
	z := first.Gzip()
	if same := encoded(bytes.Clone(body), first, time.Time{}); same != first || &same.Gzip()[0] != &z[0] {
		t.Fatalf("the same body rebuilt is a new answer, or its gzip made again")
	}
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, body) || len(z) > len(body)/4 {
		t.Fatalf("gzip: %d bytes, not the body", len(z))
	}
	next := encoded(append(bytes.Clone(body), ' '), first, time.Time{})
	if next == first || next.ETag == first.ETag || next.Modified.Before(first.Modified) ||
		next.SameSecond != (next.Modified.Unix() == first.Modified.Unix()) {
		t.Fatalf("next: %+v after %+v", next.Version, first.Version)
	}
	// Made in the second the cache forgot its builds in: another body may
	// have been sent in it.
	if e := encoded(body, nil, time.Now()); !e.SameSecond {
		t.Fatalf("after a clear: %+v", e.Version)
	}
}
