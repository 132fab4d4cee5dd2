package api

import (
	"bufio"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

// TestPublicStreamOwnConnection: over HTTP/1.1 a public update stream's
// connection is taken over by its writer. The answer is a plain event
// stream (200, text/event-stream, no-store, Connection: close); it carries the tournament's notices; and once the
// client hangs up its place and subscription are given back, without a
// write to find it and after the server's read timeout has passed.
func TestPublicStreamOwnConnection(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Own"}), http.StatusCreated)
	r, srv := newServer(ts.Svc, slog.New(slog.NewJSONHandler(ts.Logs, nil)), Options{})
	hs := httptest.NewUnstartedServer(r)
	hs.Config.ReadTimeout = 200 * time.Millisecond // as serve has one, for requests
	hs.Start()
	t.Cleanup(hs.Close)

	conn, err := net.Dial("tcp", strings.TrimPrefix(hs.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /t/%d/updates HTTP/1.1\r\nHost: x\r\n\r\n", tour.ID)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" || res.Header.Get("Cache-Control") != "no-store" || !res.Close {
		t.Fatalf("answer %d %v (close %v)", res.StatusCode, res.Header, res.Close)
	}
	line, err := br.ReadString('\n')
	if err != nil || line != ": watching\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	if srv.streams.count() != 1 {
		t.Fatalf("%d streams open", srv.streams.count())
	}

	// A notice reaches the stream.
	must[service.Tournament](t, ts.patch(fmt.Sprintf("/api/v1/tournaments/%d", tour.ID), ts.Director, map[string]any{"name": "Own Open"}), http.StatusOK)
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("no notice: %v", err)
		}
		if strings.HasPrefix(line, "event: ") {
			break
		}
	}

	time.Sleep(400 * time.Millisecond) // past the read timeout
	conn.Close()
	eventually(t, "the stream's place and subscription given back", func() bool {
		return srv.streams.count() == 0 && ts.Svc.Watchers() == 0
	})
}
