package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer collects the server's stderr from its goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe runs serve until the returned stop is called, which reports
// serve's error.
func startServe(t *testing.T, cfg serveConfig) (url string, stderr *lockedBuffer, stop func() error) {
	t.Helper()
	stderr = &lockedBuffer{}
	url, stop = startServeTo(t, cfg, stderr)
	return url, stderr, stop
}

// startServeTo is startServe with the server's stderr (its log) going to
// out, as start sends it to tourney.log.
func startServeTo(t *testing.T, cfg serveConfig, out io.Writer) (url string, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, out, func(a string) { addr <- a }) }()
	select {
	case a := <-addr:
		url = "http://" + a
	case err := <-done:
		cancel()
		t.Fatalf("serve: %v\n%s", err, out)
	case <-time.After(10 * time.Second):
		cancel()
		t.Fatal("serve did not start")
	}
	return url, func() error {
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(30 * time.Second):
			t.Fatal("serve did not stop")
			return nil
		}
	}
}

func TestServePrintsTokenOnceAndShutsDown(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tourney.db")
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: db}

	url, stderr, stop := startServe(t, cfg)
	res, err := http.Get(url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %d", res.StatusCode)
	}
	banner, logLines := splitBanner(t, stderr.String())
	token := bannerToken(t, banner)
	if token == "" {
		t.Fatalf("no director token in the banner:\n%s", stderr)
	}
	// The token works.
	req, _ := http.NewRequest("POST", url+"/api/v1/tournaments", strings.NewReader(`{"name":"Club night"}`))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("create with the printed token: %d", res.StatusCode)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve returned %v", err)
	}
	// After the banner the logs are JSON, and the request was logged.
	_, logLines = splitBanner(t, stderr.String())
	var sawRequest bool
	for _, line := range logLines {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("log line %q is not JSON", line)
		}
		sawRequest = sawRequest || (e["msg"] == "request" && e["path"] == "/api/v1/tournaments" && e["status"] == float64(201))
	}
	if !sawRequest {
		t.Fatalf("request not logged:\n%s", stderr)
	}

	// The second start finds the director and the data; no token this time.
	url, stderr, stop = startServe(t, cfg)
	res, err = http.Get(url + "/api/v1/tournaments")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "Club night") {
		t.Fatalf("data lost across restarts: %s", body)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	banner, _ = splitBanner(t, stderr.String())
	if strings.Contains(stderr.String(), tokenLine) || !strings.Contains(banner, "Sign in with the director token shown on the first start") {
		t.Fatalf("token printed again, or no word of how to sign in:\n%s", stderr)
	}
}

func TestServeWithDirectorTokenFromEnvironment(t *testing.T) {
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), DirectorToken: "s3cret-director"}
	url, stderr, stop := startServe(t, cfg)
	defer stop()
	if strings.Contains(stderr.String(), tokenLine) || strings.Contains(stderr.String(), "s3cret") {
		t.Fatalf("a given token is not printed:\n%s", stderr)
	}
	req, _ := http.NewRequest("GET", url+"/api/v1/tournaments/1/audit", nil)
	req.Header.Set("Authorization", "Bearer s3cret-director")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound { // a director may ask; there is no tournament 1
		t.Fatalf("director token from the environment: %d", res.StatusCode)
	}
}

func TestServeUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--nope"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d", code)
	}
	if code := run([]string{"serve", "extra"}, nil, &out, &errb); code != 2 {
		t.Fatalf("exit %d", code)
	}
	if code := run([]string{"help"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "tourney serve [--addr :8080] [--db tourney.db]") {
		t.Fatalf("usage %q", out.String())
	}
	if code := run([]string{"serve", "--db", filepath.Join(t.TempDir(), "no", "such", "dir", "x.db"), "--addr", "127.0.0.1:0"}, nil, &out, &errb); code != 1 {
		t.Fatalf("exit %d for an unopenable database: %s", code, errb.String())
	}
}

// --session-idle and --session-max read Go durations and whole days;
// anything else, or nothing, is refused with the usage.
func TestServeSessionFlags(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"8h", 8 * time.Hour, true},
		{"90m", 90 * time.Minute, true},
		{"2d", 48 * time.Hour, true},
		{"7d", 7 * 24 * time.Hour, true},
		{"0", 0, false},
		{"-1h", 0, false},
		{"2 d", 0, false},
		{"1.5d", 0, false},
		{"soon", 0, false},
	} {
		var d days
		err := d.Set(tc.in)
		if (err == nil) != tc.ok || (tc.ok && time.Duration(d) != tc.want) {
			t.Errorf("Set(%q) = %v, %v; want %v, ok %v", tc.in, time.Duration(d), err, tc.want, tc.ok)
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "--session-idle", "soon"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "90m, 8h or 2d") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}
