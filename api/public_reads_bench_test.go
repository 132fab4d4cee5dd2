package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
)

// countingWriter takes an answer and keeps only its status, headers and
// size, so that what a benchmark counts is the server's.
type countingWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *countingWriter) Header() http.Header         { return w.h }
func (w *countingWriter) WriteHeader(status int)      { w.status = status }
func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// BenchmarkPublicFeed500x31 is the tsh feed of 500 players after 31
// rounds as overlays on other sites read it, the build done: gzipped (a
// gzip made once per build, so a request allocates nothing the size of
// the feed), plain, and 304 to If-None-Match and to If-Modified-Since.
//
//	go test -run '^$' -bench PublicFeed500x31 -benchmem ./api/
func BenchmarkPublicFeed500x31(b *testing.B) {
	svc, _, imp := benchDivision(b, "Feed Open", 500, 31)
	h := New(svc, slog.New(slog.DiscardHandler))
	path := fmt.Sprintf("/api/v1/tournaments/%d/tourney.js", imp.Division.TournamentID)
	get := func(header map[string]string) *countingWriter {
		r := httptest.NewRequest("GET", path, nil)
		r.Header.Set("Origin", "https://overlay.example")
		for k, v := range header {
			r.Header.Set(k, v)
		}
		w := &countingWriter{h: http.Header{}, status: http.StatusOK}
		h.ServeHTTP(w, r)
		return w
	}
	plain := get(nil)
	zipped := get(map[string]string{"Accept-Encoding": "gzip"})
	if plain.status != http.StatusOK || zipped.h.Get("Content-Encoding") != "gzip" {
		b.Fatalf("status %d, gzip %q", plain.status, zipped.h.Get("Content-Encoding"))
	}
	etag, lm := plain.h.Get("ETag"), plain.h.Get("Last-Modified")
	cases := []struct {
		name   string
		header map[string]string
		status int
		bytes  int
	}{
		{"gzip", map[string]string{"Accept-Encoding": "gzip"}, http.StatusOK, zipped.n},
		{"plain", nil, http.StatusOK, plain.n},
		{"304-etag", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": "W/" + etag}, http.StatusNotModified, 0},
		{"304-modified-since", map[string]string{"Accept-Encoding": "gzip", "If-Modified-Since": lm}, http.StatusNotModified, 0},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if w := get(c.header); w.status != c.status || w.n != c.bytes {
					b.Fatalf("status %d, %d bytes; want %d, %d", w.status, w.n, c.status, c.bytes)
				}
			}
			b.ReportMetric(float64(c.bytes), "body-bytes")
		})
	}
}
