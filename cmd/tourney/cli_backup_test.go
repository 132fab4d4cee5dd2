package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

// Wrong backup, restore and serve backup flags are refused with a
// message and exit status 2 (usage) or 1 (the files), and change nothing.
func TestBackupFlagErrors(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "t.db")
	if code := run([]string{"backup", "--db", live, filepath.Join(dir, "none.db")}, nil, io.Discard, io.Discard); code != 1 {
		t.Fatalf("backup of a missing database: exit %d", code)
	}
	if _, err := os.Stat(live); err == nil {
		t.Fatal("backup of a missing database created it")
	}
	_, _, stop := startServe(t, serveConfig{Addr: "127.0.0.1:0", DB: live, DirectorToken: "tok-flags"})
	defer stop()
	for _, c := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"backup"}, 2, "name one file"},
		{[]string{"backup", "a.db", "b.db"}, 2, "name one file"},
		{[]string{"backup", "--nope", "a.db"}, 2, "flag provided but not defined"},
		{[]string{"backup", "--db", filepath.Join(dir, "missing.db"), filepath.Join(dir, "b.db")}, 1, "no database at"},
		{[]string{"backup", "--db", live, live}, 1, "refusing to write the backup over the live database"},
		{[]string{"backup", "--db", live, live + "-wal"}, 1, "refusing to write the backup over the live database"},
		{[]string{"backup", "--db", live, filepath.Join(dir, "no", "such", "dir", "b.db")}, 1, "no such file or directory"},
		{[]string{"restore"}, 2, "name the one backup"},
		{[]string{"restore", "--db", live, "a.db", "b.db"}, 2, "name the one backup"},
		{[]string{"restore", "--db", live, filepath.Join(dir, "missing.db")}, 1, "no backup at"},
		{[]string{"serve", "--backup-every", "5m"}, 2, "--backup-every needs --backup-dir"},
		{[]string{"serve", "--backup-dir", dir}, 2, "--backup-dir needs --backup-every"},
		{[]string{"serve", "--backup-every", "500ms", "--backup-dir", dir}, 2, "at least 1s"},
		{[]string{"serve", "--backup-every", "-1m", "--backup-dir", dir}, 2, "negative"},
		{[]string{"serve", "--backup-every", "5m", "--backup-dir", dir, "--backup-keep", "0"}, 2, "keep at least 1"},
		{[]string{"serve", "--backup-every", "often", "--backup-dir", dir}, 2, "invalid value"},
	} {
		var out, errb bytes.Buffer
		code := run(c.args, nil, &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.say) {
			t.Errorf("%v: exit %d, %q; want %d saying %q", c.args, code, errb.String(), c.code, c.say)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n := e.Name(); n != "t.db" && n != "t.db-wal" && n != "t.db-shm" {
			t.Errorf("left in the folder: %s", n)
		}
	}
}

// TestBackupAndRestoreCommands: `tourney backup` copies the database a
// server is running on; `tourney restore` is refused while it runs, and
// once it has stopped puts the backup in place, keeping the database it
// replaced; the restored file and the backup itself both serve.
func TestBackupAndRestoreCommands(t *testing.T) {
	dir := t.TempDir()
	live, backups := filepath.Join(dir, "t.db"), filepath.Join(dir, "backups")
	if err := os.Mkdir(backups, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: live, DirectorToken: "tok-restore"}
	url, _, stop := startServe(t, cfg)
	createTournament(t, url, cfg.DirectorToken, "In the backup")

	var out, errb bytes.Buffer
	if code := run([]string{"backup", "--db", live, backups}, nil, &out, &errb); code != 0 {
		t.Fatalf("backup: exit %d: %s", code, errb.String())
	}
	files, _ := os.ReadDir(backups)
	if len(files) != 1 || !service.IsBackupName(files[0].Name()) {
		t.Fatalf("backup into a folder wrote %v", files)
	}
	backup := filepath.Join(backups, files[0].Name())
	createTournament(t, url, cfg.DirectorToken, "After the backup")

	errb.Reset()
	if code := run([]string{"restore", "--db", live, backup}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "in use") {
		t.Fatalf("restore while serving: exit %d: %s", code, errb.String())
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := run([]string{"restore", "--db", live, backup}, nil, &out, &errb); code != 0 {
		t.Fatalf("restore: exit %d: %s", code, errb.String())
	}
	kept, _ := filepath.Glob(live + ".before-restore-*")
	if len(kept) != 1 || !strings.Contains(out.String(), kept[0]) {
		t.Fatalf("kept %v; said %q", kept, out.String())
	}

	for _, c := range []struct {
		db   string
		want []string
	}{
		{live, []string{"In the backup"}},
		{kept[0], []string{"In the backup", "After the backup"}},
		{backup, []string{"In the backup"}}, // serve on a backup: a normal database
	} {
		url, _, stop := startServe(t, serveConfig{Addr: "127.0.0.1:0", DB: c.db})
		if got := tournamentNames(t, url, cfg.DirectorToken); strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("serving %s: tournaments %v, want %v", filepath.Base(c.db), got, c.want)
		}
		if err := stop(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestServeRollingBackups: serve --backup-every takes a backup soon after
// start and then every interval, keeps the newest --backup-keep, and
// /healthz names the last one.
func TestServeRollingBackups(t *testing.T) {
	dir := t.TempDir()
	backups := filepath.Join(dir, "b", "c") // created by serve
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: filepath.Join(dir, "t.db"), DirectorToken: "tok-rolling",
		BackupEvery: time.Second, BackupDir: backups, BackupKeep: 2}
	url, stderr, stop := startServe(t, cfg)
	createTournament(t, url, cfg.DirectorToken, "Rolling")
	deadline := time.Now().Add(20 * time.Second)
	for strings.Count(stderr.String(), `"msg":"backup removed"`) < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	type health struct {
		LastBackup *struct {
			At   time.Time `json:"at"`
			File string    `json:"file"`
		} `json:"last_backup"`
	}
	h := killDo[health](context.Background(), t, &killClient{base: url}, "GET", "/healthz", cfg.DirectorToken, nil, http.StatusOK)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(stderr.String(), `"msg":"backup","file"`); n < 4 {
		t.Fatalf("%d backups taken in 20 s at one a second:\n%s", n, stderr)
	}
	entries, err := os.ReadDir(backups)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || !service.IsBackupName(names[0]) || !service.IsBackupName(names[1]) {
		t.Fatalf("backup folder holds %v, want the newest 2 backups", names)
	}
	if h.LastBackup == nil || h.LastBackup.File < names[0] {
		t.Errorf("health's last backup %+v, the folder %v", h.LastBackup, names)
	}
	for _, n := range names {
		url, _, stop := startServe(t, serveConfig{Addr: "127.0.0.1:0", DB: filepath.Join(backups, n)})
		if got := tournamentNames(t, url, cfg.DirectorToken); len(got) != 1 || got[0] != "Rolling" {
			t.Errorf("backup %s holds %v", n, got)
		}
		stop()
	}
}

func createTournament(t *testing.T, url, token, name string) {
	t.Helper()
	killDo[service.Tournament](context.Background(), t, &killClient{base: url}, "POST", "/api/v1/tournaments", token,
		map[string]any{"name": name}, http.StatusCreated)
}

// tournamentNames lists a server's tournaments, asked by token (the
// director's, kept in every copy of the database).
func tournamentNames(t *testing.T, url, token string) []string {
	t.Helper()
	var names []string
	for _, tr := range killDo[[]service.Tournament](context.Background(), t, &killClient{base: url}, "GET", "/api/v1/tournaments", token, nil, http.StatusOK) {
		names = append(names, tr.Name)
	}
	return names
}
