package api

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// streamsServer is the API with the given stream limits (the staff's as
// many as the spectators'), listening on 127.0.0.1 so that clients may
// come from other loopback addresses.
func streamsServer(t *testing.T, max, perAddress int, extra func(*gin.Engine, *Server)) (ts *testServer, srv *Server, url string, tournament int64) {
	t.Helper()
	return streamsServerWith(t, Options{MaxStreams: max, MaxStreamsPerAddress: perAddress, MaxStaffStreams: max}, extra)
}

func streamsServerWith(t *testing.T, opts Options, extra func(*gin.Engine, *Server)) (ts *testServer, srv *Server, url string, tournament int64) {
	t.Helper()
	ts = newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Streams"}), http.StatusCreated)
	r, srv := newServer(ts.Svc, slog.New(slog.NewJSONHandler(ts.Logs, nil)), opts)
	if extra != nil {
		extra(r, srv)
	}
	hs := httptest.NewServer(r)
	t.Cleanup(hs.Close)
	if !strings.HasPrefix(hs.URL, "http://127.0.0.1:") {
		t.Skipf("the test server listens on %s, not 127.0.0.1", hs.URL)
	}
	return ts, srv, hs.URL, tour.ID
}

// clientFrom is an HTTP client whose connections come from the loopback
// address ip (127.0.0.2, ...).
func clientFrom(ip string) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}
}

// openEvents opens an event stream; an answer other than 200 is returned
// read in full, a stream open after its first line.
func openEvents(t *testing.T, client *http.Client, url, token string) (status int, body string, closeStream func()) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if ra := res.Header.Get("Retry-After"); ra != "" {
			b = append(b, []byte("\nRetry-After: "+ra)...)
		}
		return res.StatusCode, string(b), func() {}
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != ": watching\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	return res.StatusCode, "", func() { res.Body.Close() }
}

// eventually polls cond for up to 5 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("still not so after 5 s: %s", what)
}

// TestStreamLimits: one address holds at most the per-address number of
// spectators' streams (the next is refused with 429 too-many-streams),
// the spectators at most the total (503 streams-full with Retry-After);
// the director's consoles are counted apart, by neither limit; /healthz
// answers meanwhile; once the clients hang up, every place and
// subscription is given back and streams open again.
func TestStreamLimits(t *testing.T) {
	ts, srv, url, tour := streamsServerWith(t, Options{MaxStreams: 4, MaxStreamsPerAddress: 3, MaxStaffStreams: 2}, nil)
	console := fmt.Sprintf("%s/api/v1/tournaments/%d/events", url, tour)
	public := fmt.Sprintf("%s/t/%d/updates", url, tour)
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	steps := []struct {
		from, url, token string
		status           int
		code             string
	}{
		{"127.0.0.2", console, ts.Director, 200, ""},
		{"127.0.0.2", public, "", 200, ""},
		{"127.0.0.2", public, "", 200, ""},
		{"127.0.0.2", public, "", 200, ""},
		{"127.0.0.2", public, "", 429, "too-many-streams"},
		{"127.0.0.3", public, "", 200, ""},
		{"127.0.0.4", public, "", 503, "streams-full"},
		{"127.0.0.2", console, ts.Director, 200, ""},
		{"127.0.0.3", console, ts.Director, 503, "streams-full"},
	}
	for i, st := range steps {
		status, body, closeStream := openEvents(t, clientFrom(st.from), st.url, st.token)
		closers = append(closers, closeStream)
		if status != st.status || !strings.Contains(body, `"code":"`+st.code+`"`) && st.code != "" {
			t.Fatalf("step %d from %s: %d %s, want %d %s", i, st.from, status, body, st.status, st.code)
		}
		if st.status == 503 && !strings.Contains(body, "Retry-After: 30") {
			t.Errorf("step %d: no Retry-After: %s", i, body)
		}
	}
	// Two consoles, four public streams of one tournament sharing one
	// subscription (publicCast).
	if n, w := srv.streams.count(), ts.Svc.Watchers(); n != 6 || w != 3 {
		t.Fatalf("open streams %d, watchers %d; want 6 and 3", n, w)
	}
	// The server answers other requests while every place is taken.
	hc := &http.Client{Timeout: 2 * time.Second}
	res, err := hc.Get(url + "/healthz")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("healthz with the streams full: %v %v", res, err)
	}
	res.Body.Close()

	for _, c := range closers {
		c()
	}
	closers = nil
	eventually(t, "every stream given back", func() bool { return srv.streams.count() == 0 && ts.Svc.Watchers() == 0 })
	srv.streams.mu.Lock()
	left := 0
	for _, p := range srv.streams.pools {
		left += len(p.byKey)
	}
	srv.streams.mu.Unlock()
	if left != 0 {
		t.Errorf("%d addresses or tables still counted", left)
	}
	status, body, closeStream := openEvents(t, clientFrom("127.0.0.4"), public, "")
	closeStream()
	if status != 200 {
		t.Fatalf("after the others closed: %d %s", status, body)
	}
	// The request log names each client.
	for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		if !strings.Contains(ts.Logs.String(), `"client":"`+ip+`"`) {
			t.Errorf("no request logged from %s", ip)
		}
	}
}

// TestStreamAddressKey: the per-address limit counts an IPv6 client by
// its /64.
func TestStreamAddressKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"203.0.113.7", "203.0.113.7"},
		{"::ffff:203.0.113.7", "203.0.113.7"},
		{"2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"},
		{"2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"},
		{"not an address", "not an address"},
	} {
		if got := addressKey(tc.in); got != tc.want {
			t.Errorf("addressKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestStalledStreamReader: a client that stops reading without hanging up
// loses its stream once a write has waited streamWriteWait (a console's
// stream) or laneWriteWait (a public one, which holds the spectators'
// lane while it writes), while the notices for it are dropped rather than
// waited for.
func TestStalledStreamReader(t *testing.T) {
	defer func(w, l time.Duration) { streamWriteWait, laneWriteWait = w, l }(streamWriteWait, laneWriteWait)
	for _, tc := range []struct {
		name        string
		public      bool
		write, lane time.Duration
	}{
		{"console", false, 200 * time.Millisecond, time.Hour},
		{"public", true, time.Hour, 200 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			streamWriteWait, laneWriteWait = tc.write, tc.lane
			stalledStream(t, tc.public)
		})
	}
}

func stalledStream(t *testing.T, public bool) {
	notices := make(chan []service.Notice, 64)
	_, srv, url, _ := streamsServer(t, 10, 10, func(r *gin.Engine, s *Server) {
		subscribe := func(context.Context) (<-chan []service.Notice, error) { return notices, nil }
		s.cast.subscribe = func(ctx context.Context, _ int64) (<-chan []service.Notice, error) { return subscribe(ctx) }
		r.GET("/test/stream", func(c *gin.Context) {
			if public {
				s.streamPublic(c, 1)
				return
			}
			s.streamNotices(c, subscribe)
		})
	})
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "GET /test/stream HTTP/1.1\r\nHost: x\r\n\r\n")
	eventually(t, "the stream open", func() bool { return srv.streams.count() == 1 })
	// Never read: notices fill the socket's buffers until a write stalls.
	big := strings.Repeat("x", 4000)
	deadline := time.Now().Add(20 * time.Second)
	sent, dropped := 0, 0
	for srv.streams.count() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the stalled stream is still open (%d notices sent, %d dropped)", sent, dropped)
		}
		select {
		case notices <- []service.Notice{{Kind: service.NoticeResult, Status: big}}:
			sent++
		default: // as fanOut does: a slow watcher misses a hint
			dropped++
			time.Sleep(time.Millisecond)
		}
	}
	if len(srv.cast.lane) != 0 {
		t.Errorf("the lane is still held after the stream closed")
	}
	t.Logf("stream closed after %d notices sent (%d dropped)", sent, dropped)
}

// TestStreamMemory measures (it asserts nothing of the figures, which
// depend on the machine) the heap in use with 1,000 event streams open
// and after they close, for each kind of stream; it checks that public
// streams keep no goroutine each, and that every stream, subscription
// and goroutine is given back once the clients hang up (a public stream's
// within castSweep). The clients are bare connections, so that the
// figures are nearly all the server's.
func TestStreamMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 1,000 connections")
	}
	const n = 1000
	ts, srv, url, tour := streamsServer(t, n, n, nil)
	addr := strings.TrimPrefix(url, "http://")
	for _, kind := range []struct {
		name, request string
		watchers      int // subscriptions: one a console, one for all the public streams
	}{
		{"console", fmt.Sprintf("GET /api/v1/tournaments/%d/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", tour, ts.Director), n},
		{"public", fmt.Sprintf("GET /t/%d/updates HTTP/1.1\r\nHost: x\r\n\r\n", tour), 1},
	} {
		t.Run(kind.name, func(t *testing.T) {
			before, stacks, goroutines := heapInUse(), stackInUse(), runtime.NumGoroutine()
			conns := make([]net.Conn, 0, n)
			defer func() {
				for _, c := range conns {
					c.Close()
				}
			}()
			buf := make([]byte, 1024)
			for range n {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					t.Fatal(err)
				}
				conns = append(conns, c)
				fmt.Fprint(c, kind.request)
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				got := ""
				for !strings.Contains(got, ": watching") {
					k, err := c.Read(buf)
					if err != nil {
						t.Fatalf("stream %d: %v after %q", len(conns), err, got)
					}
					got += string(buf[:k])
				}
				if !strings.HasPrefix(got, "HTTP/1.1 200") {
					t.Fatalf("stream %d: %q", len(conns), got)
				}
			}
			if srv.streams.count() != n || ts.Svc.Watchers() != kind.watchers {
				t.Fatalf("%d streams, %d watchers open", srv.streams.count(), ts.Svc.Watchers())
			}
			open, openStacks, openGoroutines := heapInUse(), stackInUse(), runtime.NumGoroutine()
			for _, c := range conns {
				c.Close()
			}
			conns = conns[:0]
			eventually(t, "every stream given back", func() bool { return srv.streams.count() == 0 && ts.Svc.Watchers() == 0 })
			eventually(t, "the goroutines gone", func() bool { return runtime.NumGoroutine() <= goroutines+5 })
			after := heapInUse()
			t.Logf("%d %s streams: heap in use %.1f MB before, %.1f MB open (%.1f KB a stream; %.1f goroutines a stream, their stacks %.1f KB), %.1f MB after closing",
				n, kind.name, mb(before), mb(open), float64(open-before)/n/1024,
				float64(openGoroutines-goroutines)/n, float64(int64(openStacks)-int64(stacks))/n/1024, mb(after))
			// A public stream's connection is its writer's (connStream):
			// no goroutine waits on it.
			if kind.name == "public" && openGoroutines-goroutines > n/10 {
				t.Errorf("%d goroutines for %d public streams", openGoroutines-goroutines, n)
			}
		})
	}
}

// heapInUse is the heap in use after collections (two: the first only
// moves the sync.Pools' contents aside).
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// stackInUse is the memory of the goroutines' stacks.
func stackInUse() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.StackInuse
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }
