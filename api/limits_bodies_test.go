package api

import (
	"bufio"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// countingBody is a request body of size bytes of filler that counts how
// many of them were read.
type countingBody struct {
	left int64
	read atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), b.left)
	for i := range p[:n] {
		p[i] = 'a'
	}
	b.left -= n
	b.read.Add(n)
	return int(n), nil
}

func (b *countingBody) Close() error { return nil }

// TestBodyLimits: every route with a body has a limit. A body over it is
// refused with 413 body-too-large having read no more than the limit
// (nothing at all when its Content-Length says so); one at the limit is
// taken (whatever the handler then thinks of it). A page's form is
// refused in plain words; a multipart form is not read at all.
func TestBodyLimits(t *testing.T) {
	f := newFixture(t)
	gcgLimit := uploadBodies["/api/v1/games/:id/import.gcg"]
	cases := []struct {
		name, path, ctype string
		limit             int64
	}{
		{"sign-in form", "/director", "application/x-www-form-urlencoded", formBody},
		{"sign-out form", "/signout", "application/x-www-form-urlencoded", formBody},
		{"import.t", f.tpath("/import.t"), "text/plain", maxBody},
		{"import.gcg", gpath(f.game, "/import.gcg"), "text/plain", gcgLimit},
		{"JSON", f.tpath("/players"), mediaJSON, maxBody},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := bodyLimitOf(f.Handler, tc.path, tc.ctype); got != tc.limit {
				t.Fatalf("limit %d, want %d", got, tc.limit)
			}
			for _, sizeKnown := range []bool{true, false} {
				body := &countingBody{left: 20 << 20}
				r := httptest.NewRequest("POST", tc.path, body)
				r.Header.Set("Content-Type", tc.ctype)
				r.Header.Set("Authorization", "Bearer "+f.Director)
				r.ContentLength = -1 // sent chunked
				if sizeKnown {
					r.ContentLength = 20 << 20
				}
				w := httptest.NewRecorder()
				f.Handler.ServeHTTP(w, r)
				if w.Code != http.StatusRequestEntityTooLarge {
					t.Fatalf("size known %v: %d %s", sizeKnown, w.Code, w.Body)
				}
				read := body.read.Load()
				if sizeKnown && read != 0 || read > tc.limit+1 {
					t.Errorf("size known %v: %d bytes read, limit %d", sizeKnown, read, tc.limit)
				}
				if w.Header().Get("Connection") != "close" && sizeKnown {
					t.Errorf("the connection stays open for the rest of the body")
				}
				if strings.HasPrefix(tc.path, "/api/") {
					if !strings.Contains(w.Body.String(), `"code":"body-too-large"`) {
						t.Errorf("answer %s", w.Body)
					}
				} else if !strings.Contains(w.Body.String(), "too large (more than 8 KB)") {
					t.Errorf("page %s", w.Body)
				}
			}
			at := &countingBody{left: tc.limit}
			r := httptest.NewRequest("POST", tc.path, at)
			r.Header.Set("Content-Type", tc.ctype)
			r.Header.Set("Authorization", "Bearer "+f.Director)
			w := httptest.NewRecorder()
			f.Handler.ServeHTTP(w, r)
			if w.Code == http.StatusRequestEntityTooLarge {
				t.Errorf("a body at the limit is refused: %s", w.Body)
			}
		})
	}
	t.Run("multipart sign-in form", func(t *testing.T) {
		body := &countingBody{left: 1 << 20}
		r := httptest.NewRequest("POST", "/director", body)
		r.Header.Set("Content-Type", "multipart/form-data; boundary=xyz")
		w := httptest.NewRecorder()
		f.Handler.ServeHTTP(w, r)
		if w.Code != http.StatusUnsupportedMediaType || body.read.Load() != 0 {
			t.Errorf("%d, %d bytes read", w.Code, body.read.Load())
		}
	})
}

// bodyLimitOf is the limit the router applies to a POST to path of a
// body of type ctype.
func bodyLimitOf(h http.Handler, path, ctype string) int64 {
	body := &countingBody{left: 64 << 20}
	r := httptest.NewRequest("POST", path, body)
	r.Header.Set("Content-Type", ctype)
	r.ContentLength = -1
	h.ServeHTTP(httptest.NewRecorder(), r)
	return body.read.Load() - 1 // MaxBytesReader reads one byte past the limit
}

// TestSignInFormTooLargeOverTheWire: a 20 MB sign-in form is answered 413
// after its headers, while the client has sent only the first bit of it.
func TestSignInFormTooLargeOverTheWire(t *testing.T) {
	ts := newTestServer(t)
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /director HTTP/1.1\r\nHost: x\r\nCookie: tourney_login=%s\r\n"+
		"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n", strings.Repeat("a", 40), 20<<20)
	conn.Write([]byte("csrf=" + strings.Repeat("a", 64<<10)))
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer before the form was sent: %v", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge || !res.Close {
		t.Fatalf("status %d, close %v", res.StatusCode, res.Close)
	}
}

// TestNoStore: API answers (a newly issued table code among them), pages
// and problems are kept out of caches; static files are not.
func TestNoStore(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t, f.URL)
	for _, tc := range []struct {
		name string
		r    response
		want string
	}{
		{"table code issued", f.post(f.tpath("/tables/1/credentials"), f.Director, map[string]any{"another": true}), "no-store"},
		{"tournament created", f.post("/api/v1/tournaments", f.Director, map[string]any{"name": "Another"}), "no-store"},
		{"list", f.get("/api/v1/tournaments", f.Director), "no-store"},
		{"game", f.get(gpath(f.game, ""), f.table), "no-store"},
		{"problem", f.get("/api/v1/tournaments/999", f.Director), "no-store"},
		{"no such route", f.get("/api/v1/nothing", ""), "no-store"},
		{"sign-in page", b.get("/director"), "no-store"},
		{"table page", b.get("/table/1"), "no-store"},
		{"health", f.get("/healthz", ""), "no-store"},
		{"static file", f.get("/static/pages.css", ""), ""},
	} {
		if got := tc.r.Header.Get("Cache-Control"); got != tc.want {
			t.Errorf("%s (%d): Cache-Control %q, want %q", tc.name, tc.r.Status, got, tc.want)
		}
	}
}

// TestRequestLogClient: each request's log line names the client: the
// peer, or what a trusted proxy says the client is.
func TestRequestLogClient(t *testing.T) {
	ts := newTestServer(t)
	for _, tc := range []struct {
		name    string
		proxies []string
		want    string
	}{
		{"no proxy trusted", nil, "127.0.0.1"},
		{"behind a trusted proxy", []string{"127.0.0.1/32"}, "203.0.113.9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logs := &syncBuffer{}
			h, err := NewWith(ts.Svc, slog.New(slog.NewJSONHandler(logs, nil)), Options{TrustedProxies: tc.proxies})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			defer srv.Close()
			r, _ := http.NewRequest("GET", srv.URL+"/healthz?"+url.Values{"t": {tc.name}}.Encode(), nil)
			r.Header.Set("X-Forwarded-For", "203.0.113.9")
			res, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if line := logs.String(); !strings.Contains(line, `"client":"`+tc.want+`"`) {
				t.Errorf("log %s", line)
			}
		})
	}
}
