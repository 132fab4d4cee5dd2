package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"tourney/internal/logfile"
)

// TestServeDiskAnonymous (issue 37): what nobody signed in can make the
// server keep is bounded. 300 requests with 60 KB paths and fresh
// Idempotency-Keys, none signed in (POSTs refused 401 or 404, GETs), to a
// server run as start runs it (a SQLite file with its log, tourney.log
// through the rotating writer), grow the database, its -wal and the log
// files by under 2 MB in all.
func TestServeDiskAnonymous(t *testing.T) {
	dir := t.TempDir()
	db, logPath := filepath.Join(dir, "tourney.db"), filepath.Join(dir, "tourney.log")
	logs, err := logfile.Open(logPath, logfile.Default)
	if err != nil {
		t.Fatal(err)
	}
	defer logs.Close()
	url, stop := startServeTo(t, serveConfig{Addr: "127.0.0.1:0", DB: db, DirectorToken: "s3cret-director"}, logs)
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()

	// A tournament, for requests that name one.
	hr, _ := http.NewRequest("POST", url+"/api/v1/tournaments", strings.NewReader(`{"name":"Club night"}`))
	hr.Header.Set("Authorization", "Bearer s3cret-director")
	hr.Header.Set("Content-Type", "application/json")
	if res, err := http.DefaultClient.Do(hr); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create tournament: %v %v", res, err)
	}

	// What start's data folder holds: the database, its log, the logs.
	onDisk := func() (total int64, each map[string]int64) {
		each = map[string]int64{}
		names, _ := filepath.Glob(filepath.Join(dir, "tourney.*"))
		for _, name := range names {
			if st, err := os.Stat(name); err == nil {
				each[filepath.Base(name)] = st.Size()
				total += st.Size()
			}
		}
		return total, each
	}
	before, beforeEach := onDisk()

	// Each path is 60 KB long and unlike the others (%d: the request's
	// number), and each request has a key of its own.
	long := strings.Repeat("x", 60<<10) + "%d"
	requests := []struct{ method, path, body string }{
		{"POST", "/api/v1/tournaments/1/credentials/" + long + "/revoke", ""},          // 401
		{"POST", "/api/v1/tournaments/1/players?" + long, `{"name":"Nobody"}`},         // 401
		{"POST", "/api/v1/games/" + long + "/turns", `{"player":1,"move":"8D WINDY"}`}, // 400
		{"POST", "/api/v1/tournaments/1/" + long, ""},                                  // 404
		{"POST", "/api/v1/" + long, ""},
		{"GET", "/api/v1/" + long, ""},
		{"GET", "/" + long, ""},
		{"GET", "/api/v1/tournaments?" + long, ""},
	}
	const n, senders = 300, 4
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
	)
	for s := range senders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := s; i < n; i += senders {
				r := requests[i%len(requests)]
				hr, _ := http.NewRequest(r.method, url+fmt.Sprintf(r.path, i), strings.NewReader(r.body))
				hr.Header.Set("Content-Type", "application/json")
				hr.Header.Set("Idempotency-Key", fmt.Sprintf("fresh-%d", i))
				res, err := http.DefaultClient.Do(hr)
				if err != nil {
					t.Error(err)
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				mu.Lock()
				statuses[res.StatusCode]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("answers: %v", statuses)
	if statuses[http.StatusUnauthorized] == 0 || statuses[http.StatusNotFound] == 0 || statuses[http.StatusInternalServerError] > 0 {
		t.Fatalf("answers %v: want some 401, some 404, no 500", statuses)
	}

	after, afterEach := onDisk()
	t.Logf("on disk before %v, after %v: %d bytes more", beforeEach, afterEach, after-before)
	if after-before > 2<<20 {
		t.Fatalf("%d requests sent by nobody grew the disk by %d bytes, want under 2 MB: before %v, after %v", n, after-before, beforeEach, afterEach)
	}
	stopped = true
	if err := stop(); err != nil {
		t.Fatal(err)
	}
}
