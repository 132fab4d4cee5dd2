package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tourney/store"
)

// call sends a JSON request as the director and decodes the answer.
func call(t *testing.T, method, url, token string, body, out any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, url, bytes.NewReader(b))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		t.Fatalf("%s %s: %d %s", method, url, res.StatusCode, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatal(err)
		}
	}
}

// waitFile polls a file until ok says so, or fails after a bounded wait.
func waitFile(t *testing.T, path string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		b, _ := os.ReadFile(path)
		if ok(string(b)) {
			return string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not come as expected in 15s; it says:\n%s", path, b)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func TestServePublishDirFollowsResults(t *testing.T) {
	tmp := t.TempDir()
	db, out := filepath.Join(tmp, "tourney.db"), filepath.Join(tmp, "site")
	const token = "publish-test-director-token-0123456789"
	url, stderr, stop := startServe(t, serveConfig{Addr: "127.0.0.1:0", DB: db, DirectorToken: token, PublishDir: out})
	api := url + "/api/v1"
	var tour struct{ ID int64 }
	call(t, "POST", api+"/tournaments", token, map[string]any{"name": "Club night"}, &tour)
	tid := api + "/tournaments/" + itoa(tour.ID)
	var ids []int64
	for _, n := range []string{"Ann", "Bob"} {
		var p struct{ ID int64 }
		call(t, "POST", tid+"/players", token, map[string]any{"name": n}, &p)
		ids = append(ids, p.ID)
	}
	call(t, "POST", tid+"/rounds/1/pairings", token, map[string]any{"system": "koth"}, nil)
	standings := filepath.Join(out, "players", "standings.html")
	before := waitFile(t, standings, func(s string) bool { return strings.Contains(s, "Bob") && strings.Contains(s, "Before round 1") })

	call(t, "POST", tid+"/results", token, map[string]any{"round": 1, "players": ids, "scores": []int{420, 380}}, nil)
	after := waitFile(t, standings, func(s string) bool { return s != before && strings.Contains(s, "After round 1") })
	if !strings.Contains(after, "1–0") {
		t.Errorf("the standings after the result lack Ann's 1–0:\n%s", after)
	}
	if err := stop(); err != nil {
		t.Fatalf("serve: %v\n%s", err, stderr)
	}

	// The same pages from the command, from the database at rest.
	again := filepath.Join(tmp, "again")
	var so, se bytes.Buffer
	if code := run([]string{"publish", "--db", db, "--out", again, "--tournament", itoa(tour.ID)}, nil, &so, &se); code != 0 {
		t.Fatalf("publish: %d %s", code, se.String())
	}
	if b, _ := os.ReadFile(filepath.Join(again, "players", "standings.html")); string(b) != after {
		t.Errorf("tourney publish wrote other standings than serve:\n%s\nvs\n%s", b, after)
	}
}

func TestPublishCommandErrors(t *testing.T) {
	tmp := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"no out", []string{"publish", "--db", filepath.Join(tmp, "x.db")}, 2, "--out DIR is needed"},
		{"no database", []string{"publish", "--db", filepath.Join(tmp, "missing.db"), "--out", tmp}, 1, "no database at"},
		{"bad tournament", []string{"publish", "--db", mkdb(t), "--out", tmp, "--tournament", "99"}, 1, "tourney publish:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var so, se bytes.Buffer
			if code := run(tc.args, nil, &so, &se); code != tc.code || !strings.Contains(se.String(), tc.says) {
				t.Errorf("code %d, stderr %q; want %d and %q", code, se.String(), tc.code, tc.says)
			}
		})
	}
}

// mkdb is an empty database file.
func mkdb(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "empty.db")
	var so, se bytes.Buffer
	if code := run([]string{"publish", "--db", db, "--out", t.TempDir()}, nil, &so, &se); code != 1 {
		t.Fatalf("publish on a missing file: %d", code)
	}
	if err := openAndClose(db); err != nil {
		t.Fatal(err)
	}
	return db
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// openAndClose makes and migrates a database file.
func openAndClose(db string) error {
	st, err := store.Open(db)
	if err != nil {
		return err
	}
	return st.Close()
}
