package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

// publicRoute is a public read, as an overlay on another site asks for it.
type publicRoute struct{ name, path string }

// newPublicEvent is the feed's event (divisions A and B) with something
// in every public read: A's round 1 keyed by table (Cat's bye), B's
// Doug v Emely played turn by turn from the tablet to its end (a bingo
// among its plays: a highlight). With the public reads and the public
// update stream's path. (The team standings, public as the standings
// are, want a division of teams: groups_test.go.)
func newPublicEvent(t *testing.T) (*feedEvent, []publicRoute, string) {
	fe := newFeedEvent(t)
	fe.keyTable(1, 1, map[string]any{"scores": []int{400, 350}, "division_id": *fe.division}, http.StatusCreated)
	fe.finish(0)
	routes := []publicRoute{
		{"feed", fe.feedPath()},
		{"feed at tsh's path", fmt.Sprintf("/t/%d/html/tourney.js", fe.tournament)},
		{"live boards", fe.path("/live")},
		{"highlights", fe.path("/highlights")},
		{"standings", fe.path(fmt.Sprintf("/standings?division=%d", *fe.division))},
		{"stats", fe.path("/stats")},
		{"prizes", fe.path("/prizes")},
		{"replay", gpath(fe.game, "/replay")},
	}
	return fe, routes, fmt.Sprintf("/t/%d/updates", fe.tournament)
}

// ask sends a request with headers as given; Accept-Encoding is
// identity unless they name one (Go's client would otherwise ask for
// gzip and undo it unseen).
func (fe *feedEvent) ask(method, path string, header map[string]string) response {
	fe.t.Helper()
	h := map[string]string{"Accept-Encoding": "identity"}
	maps.Copy(h, header)
	return fe.send(req{method: method, path: path, header: h})
}

// wantHeaders checks each header's value ("" for absent).
func wantHeaders(t *testing.T, what string, h http.Header, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s %q, want %q", what, k, got, v)
		}
	}
}

// Every public read is open to every site, without credentials, its
// validators readable by scripts; refusals too (an overlay can tell a
// wrong id). The director's and the tables' reads are not.
func TestPublicReadsCORS(t *testing.T) {
	fe, routes, _ := newPublicEvent(t)
	open := map[string]string{"Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "ETag, Last-Modified",
		"Access-Control-Allow-Credentials": ""}
	for _, rt := range routes {
		r := fe.ask("GET", rt.path, map[string]string{"Origin": "https://overlay.example"})
		if r.Status != http.StatusOK || len(r.Body) == 0 {
			t.Fatalf("%s: %d %s", rt.name, r.Status, r.Body)
		}
		wantHeaders(t, rt.name, r.Header, open)
		wantHeaders(t, rt.name, r.Header, map[string]string{"Cache-Control": "no-cache", "Content-Length": fmt.Sprint(len(r.Body))})
		if r.Header.Get("ETag") == "" || r.Header.Get("Last-Modified") == "" {
			t.Errorf("%s: ETag %q, Last-Modified %q", rt.name, r.Header.Get("ETag"), r.Header.Get("Last-Modified"))
		}
	}
	refused := []publicRoute{
		{"feed of no tournament", "/api/v1/tournaments/999999/tourney.js"},
		{"standings of no tournament", "/api/v1/tournaments/999999/standings"},
		{"replay of no game", gpath(999999, "/replay")},
	}
	for _, rt := range refused {
		r := fe.ask("GET", rt.path, nil)
		wantProblem(t, r, http.StatusNotFound, "not-found")
		wantHeaders(t, rt.name, r.Header, open)
		if r.Header.Get("ETag") != "" || r.Header.Get("Last-Modified") != "" {
			t.Errorf("%s: a refusal with validators %v", rt.name, r.Header)
		}
	}
	staff := []struct {
		name, path, token string
	}{
		{"audit", fe.path("/audit"), fe.Director},
		{"table credentials", fe.path("/credentials"), fe.Director},
		{"tablets", fe.path("/tablets"), fe.Director},
		{"players", fe.path("/players"), fe.Director},
		{"a game, to its table", gpath(fe.game, ""), fe.table},
		{"a game's audit", gpath(fe.game, "/audit"), fe.Director},
		{"the director's stream", fe.path("/events"), ""},
	}
	for _, rt := range staff {
		r := fe.send(req{method: "GET", path: rt.path, token: rt.token})
		if rt.token != "" && r.Status != http.StatusOK {
			t.Fatalf("%s: %d %s", rt.name, r.Status, r.Body)
		}
		wantHeaders(t, rt.name, r.Header, map[string]string{"Access-Control-Allow-Origin": "", "Access-Control-Expose-Headers": "",
			"Cache-Control": "no-store"})
	}
}

// OPTIONS answers a cross-site preflight for every public read (the
// update stream too) with what a conditional fetch and an EventSource
// send; every other method keeps its 405, and the staff's routes have no
// OPTIONS.
func TestPreflight(t *testing.T) {
	fe, routes, stream := newPublicEvent(t)
	preflight := map[string]string{
		"Origin": "https://overlay.example", "Access-Control-Request-Method": "GET",
		"Access-Control-Request-Headers": "if-none-match,if-modified-since",
	}
	for _, rt := range append(routes, publicRoute{"update stream", stream}) {
		r := fe.ask("OPTIONS", rt.path, preflight)
		if r.Status != http.StatusNoContent || len(r.Body) != 0 {
			t.Fatalf("%s: %d %q", rt.name, r.Status, r.Body)
		}
		wantHeaders(t, rt.name, r.Header, map[string]string{
			"Access-Control-Allow-Origin":      "*",
			"Access-Control-Allow-Methods":     "GET, HEAD, OPTIONS",
			"Access-Control-Allow-Headers":     "Accept, Cache-Control, If-Modified-Since, If-None-Match, Last-Event-ID",
			"Access-Control-Max-Age":           "86400",
			"Access-Control-Allow-Credentials": "",
			"Allow":                            "GET, HEAD, OPTIONS",
		})
	}
	refused := []struct {
		name, method, path string
	}{
		{"POST to the standings", "POST", fe.path("/standings")},
		{"DELETE the feed", "DELETE", routes[0].path},
		{"PATCH the highlights", "PATCH", fe.path("/highlights")},
		{"POST to the update stream", "POST", stream},
		{"OPTIONS on the audit", "OPTIONS", fe.path("/audit")},
		{"OPTIONS on a game", "OPTIONS", gpath(fe.game, "")},
		{"OPTIONS on the results", "OPTIONS", fe.path("/results")},
	}
	for _, rc := range refused {
		r := fe.ask(rc.method, rc.path, map[string]string{"Origin": "https://overlay.example"})
		wantProblem(t, r, http.StatusMethodNotAllowed, "method-not-allowed")
		if rc.method != "OPTIONS" && !strings.Contains(r.Header.Get("Allow"), "OPTIONS") {
			t.Errorf("%s: Allow %q", rc.name, r.Header.Get("Allow"))
		}
	}
	// Putting the prizes stays the director's, and not another site's.
	if r := fe.ask("OPTIONS", fe.path("/prizes"), map[string]string{"Access-Control-Request-Method": "PUT"}); strings.Contains(r.Header.Get("Access-Control-Allow-Methods"), "PUT") {
		t.Errorf("prizes preflight allows %q", r.Header.Get("Access-Control-Allow-Methods"))
	}
}

// HEAD answers every public read with GET's headers and no body; the
// update stream's HEAD is its head, without a stream opened.
func TestHeadPublicReads(t *testing.T) {
	fe, routes, stream := newPublicEvent(t)
	for _, enc := range []string{"identity", "gzip"} {
		for _, rt := range routes {
			get := fe.ask("GET", rt.path, map[string]string{"Accept-Encoding": enc})
			head := fe.ask("HEAD", rt.path, map[string]string{"Accept-Encoding": enc})
			if get.Status != http.StatusOK || head.Status != http.StatusOK || len(head.Body) != 0 {
				t.Fatalf("%s, %s: GET %d, HEAD %d with %d bytes", rt.name, enc, get.Status, head.Status, len(head.Body))
			}
			for _, k := range []string{"Content-Type", "Content-Length", "Content-Encoding", "ETag", "Last-Modified", "Cache-Control", "Vary",
				"Access-Control-Allow-Origin", "Access-Control-Expose-Headers"} {
				if g, h := get.Header.Get(k), head.Header.Get(k); g != h {
					t.Errorf("%s, %s: %s: GET %q, HEAD %q", rt.name, enc, k, g, h)
				}
			}
			if get.Header.Get("Content-Length") != fmt.Sprint(len(get.Body)) {
				t.Errorf("%s, %s: Content-Length %q, body %d", rt.name, enc, get.Header.Get("Content-Length"), len(get.Body))
			}
		}
	}
	r := fe.ask("HEAD", stream, nil)
	if r.Status != http.StatusOK || len(r.Body) != 0 {
		t.Fatalf("HEAD %s: %d %q", stream, r.Status, r.Body)
	}
	wantHeaders(t, "stream", r.Header, map[string]string{"Content-Type": "text/event-stream", "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*"})
	if r := fe.ask("HEAD", "/t/999999/updates", nil); r.Status != http.StatusNotFound {
		t.Fatalf("HEAD of no tournament's stream: %d", r.Status)
	}
	if n := fe.Srv.streams.pools[spectatorStreams].open; n != 0 {
		t.Fatalf("HEAD opened %d streams", n)
	}
}

// Last-Modified: 304 to If-Modified-Since naming it or later (and no
// If-None-Match, which takes precedence), 200 to an earlier time, to a
// time to come and to no time; after a change, a read whose content
// changed is modified (200, never an earlier Last-Modified), one whose
// content did not keeps its Last-Modified and its 304.
func TestLastModified(t *testing.T) {
	fe, routes, _ := newPublicEvent(t)
	type held struct{ etag, lm string }
	before := map[string]held{}
	for _, rt := range routes {
		r := fe.ask("GET", rt.path, nil)
		lm, err := http.ParseTime(r.Header.Get("Last-Modified"))
		date, derr := http.ParseTime(r.Header.Get("Date"))
		if r.Status != http.StatusOK || err != nil || derr != nil || lm.After(date) {
			t.Fatalf("%s: %d, Last-Modified %q (%v), Date %q", rt.name, r.Status, r.Header.Get("Last-Modified"), err, r.Header.Get("Date"))
		}
		h := held{r.Header.Get("ETag"), r.Header.Get("Last-Modified")}
		before[rt.name] = h
		cases := []struct {
			name   string
			header map[string]string
			status int
		}{
			{"If-Modified-Since its time", map[string]string{"If-Modified-Since": h.lm}, http.StatusNotModified},
			{"a second earlier", map[string]string{"If-Modified-Since": lm.Add(-time.Second).Format(http.TimeFormat)}, http.StatusOK},
			{"a time to come", map[string]string{"If-Modified-Since": time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)}, http.StatusOK},
			{"not a time", map[string]string{"If-Modified-Since": "yesterday"}, http.StatusOK},
			{"another ETag wins over the time", map[string]string{"If-Modified-Since": h.lm, "If-None-Match": `"other"`}, http.StatusOK},
			{"its ETag with an earlier time", map[string]string{"If-Modified-Since": lm.Add(-time.Hour).Format(http.TimeFormat), "If-None-Match": h.etag}, http.StatusNotModified},
		}
		for _, c := range cases {
			for _, method := range []string{"GET", "HEAD"} {
				r := fe.ask(method, rt.path, c.header)
				if r.Status != c.status {
					t.Fatalf("%s, %s %s: %d, want %d", rt.name, method, c.name, r.Status, c.status)
				}
				if r.Status == http.StatusNotModified {
					if len(r.Body) != 0 || r.Header.Get("ETag") != h.etag || r.Header.Get("Last-Modified") != h.lm || r.Header.Get("Access-Control-Allow-Origin") != "*" {
						t.Fatalf("%s, %s %s: 304 with %d bytes, headers %v", rt.name, method, c.name, len(r.Body), r.Header)
					}
				}
			}
		}
	}
	// A change to A's result: the feed, standings, statistics and live
	// boards show it; the replay of B's game does not.
	fe.keyTable(1, 1, map[string]any{"scores": []int{401, 350}, "division_id": *fe.division, "reason": "slip misread"}, http.StatusOK)
	changed := 0
	for _, rt := range routes {
		h := before[rt.name]
		r := fe.ask("GET", rt.path, map[string]string{"If-Modified-Since": h.lm})
		if r.Status == http.StatusNotModified {
			r = fe.ask("GET", rt.path, nil)
			if r.Header.Get("ETag") != h.etag || r.Header.Get("Last-Modified") != h.lm {
				t.Fatalf("%s: 304 to its old time, but now ETag %q Last-Modified %q (held %v)", rt.name, r.Header.Get("ETag"), r.Header.Get("Last-Modified"), h)
			}
			continue
		}
		if r.Status != http.StatusOK {
			t.Fatalf("%s after the change: %d", rt.name, r.Status)
		}
		was, _ := http.ParseTime(h.lm)
		now, _ := http.ParseTime(r.Header.Get("Last-Modified"))
		if r.Header.Get("ETag") == h.etag || now.Before(was) {
			t.Fatalf("%s: modified since %s but ETag %q (held %q), Last-Modified %q", rt.name, h.lm, r.Header.Get("ETag"), h.etag, r.Header.Get("Last-Modified"))
		}
		changed++
	}
	if changed < 4 || changed == len(routes) {
		t.Fatalf("%d of %d reads changed: want the feed, standings, stats and live boards, not the replay", changed, len(routes))
	}
}

// gunzip undoes gzip.
func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	return out
}

// The feed is gzipped for a reader that takes gzip, compressed once per
// build and kept: every reader gets the same bytes, with a weak ETag (the
// same content) that a conditional request matches.
func TestGzipFeed(t *testing.T) {
	fe, routes, _ := newPublicEvent(t)
	for i := range 12 { // late entries to B: a feed worth compressing
		must[service.Player](t, fe.post(fe.path("/players"), fe.Director, map[string]any{"name": fmt.Sprintf("Late Entry %c", 'A'+i), "rating": 1400 + i, "division_id": fe.b}), http.StatusCreated)
	}
	plain := fe.ask("GET", fe.feedPath(), nil)
	if len(plain.Body) < gzipMin {
		t.Fatalf("the feed is %d bytes, below gzipMin: nothing to test", len(plain.Body))
	}
	etag := plain.Header.Get("ETag")
	zipped := fe.ask("GET", fe.feedPath(), map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	wantHeaders(t, "gzip", zipped.Header, map[string]string{"Content-Encoding": "gzip", "Vary": "Accept-Encoding",
		"ETag": "W/" + etag, "Content-Length": fmt.Sprint(len(zipped.Body)), "Content-Type": "application/javascript; charset=utf-8"})
	if !bytes.Equal(gunzip(t, zipped.Body), plain.Body) || len(zipped.Body)*2 > len(plain.Body) {
		t.Fatalf("gzip: %d bytes for %d, not the feed", len(zipped.Body), len(plain.Body))
	}
	again := fe.ask("GET", fmt.Sprintf("/t/%d/html/tourney.js", fe.tournament), map[string]string{"Accept-Encoding": "gzip"})
	if !bytes.Equal(again.Body, zipped.Body) {
		t.Fatalf("a second reader got other bytes")
	}
	f, err := fe.Svc.TourneyJS(context.Background(), fe.tournament)
	if err != nil {
		t.Fatal(err)
	}
	if z := f.Gzip(); !bytes.Equal(z, zipped.Body) || &z[0] != &f.Gzip()[0] {
		t.Fatalf("the build's gzip is not what was sent, or not kept")
	}
	for _, inm := range []string{"W/" + etag, etag} {
		r := fe.ask("GET", fe.feedPath(), map[string]string{"Accept-Encoding": "gzip", "If-None-Match": inm})
		if r.Status != http.StatusNotModified || r.Header.Get("ETag") != "W/"+etag || len(r.Body) != 0 {
			t.Fatalf("If-None-Match %s: %d, ETag %q", inm, r.Status, r.Header.Get("ETag"))
		}
	}
	for _, ae := range []string{"gzip;q=0", "identity", "br", "gzip;q=0, *", ""} {
		r := fe.ask("GET", fe.feedPath(), map[string]string{"Accept-Encoding": ae})
		if r.Header.Get("Content-Encoding") != "" || !bytes.Equal(r.Body, plain.Body) || r.Header.Get("ETag") != etag {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q, ETag %q", ae, r.Header.Get("Content-Encoding"), r.Header.Get("ETag"))
		}
	}
	// The other reads: gzipped on the fly when big enough to gain.
	for _, rt := range routes {
		plain := fe.ask("GET", rt.path, nil)
		z := fe.ask("GET", rt.path, map[string]string{"Accept-Encoding": "gzip"})
		big := len(plain.Body) >= gzipMin
		if big != (z.Header.Get("Content-Encoding") == "gzip") || big != (z.Header.Get("Vary") == "Accept-Encoding") {
			t.Fatalf("%s (%d bytes): Content-Encoding %q, Vary %q", rt.name, len(plain.Body), z.Header.Get("Content-Encoding"), z.Header.Get("Vary"))
		}
		if big && !bytes.Equal(gunzip(t, z.Body), plain.Body) {
			t.Fatalf("%s: gzip is not the body", rt.name)
		}
	}
}

// The update stream is never gzipped, and is open to every site.
func TestPublicStreamHeaders(t *testing.T) {
	fe, _, stream := newPublicEvent(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	hr, _ := http.NewRequestWithContext(ctx, "GET", fe.URL+stream, nil)
	hr.Header.Set("Accept-Encoding", "gzip")
	hr.Header.Set("Origin", "https://overlay.example")
	res, err := http.DefaultClient.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	wantHeaders(t, "stream", res.Header, map[string]string{"Content-Type": "text/event-stream", "Content-Encoding": "",
		"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Credentials": ""})
	line := make([]byte, len(watchingLine))
	if _, err := io.ReadFull(res.Body, line); err != nil || !bytes.Equal(line, watchingLine) {
		t.Fatalf("stream starts %q, %v", line, err)
	}
}
