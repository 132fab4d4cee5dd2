package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

// liveWithTurns is an open store on dir/live.db with a game of n turns.
func liveWithTurns(t *testing.T, dir string, n int) (*Store, string, *service.Game) {
	t.Helper()
	path := filepath.Join(dir, "live.db")
	s := mustOpenPath(t, path)
	g := mustGame(t, s)
	for seq := 1; seq <= n; seq++ {
		ok(t, s.AppendTurn(context.Background(), turn(g.ID, seq)))
	}
	return s, path, g
}

// turnsIn opens the database at path as serve would and counts the game's
// turns.
func turnsIn(t *testing.T, path string, gameID int64) int {
	t.Helper()
	s := mustOpenPath(t, path)
	defer s.Close()
	turns, err := s.ListTurns(context.Background(), gameID)
	ok(t, err)
	return len(turns)
}

// A backup of a store in use has every commit made before it, passes the
// checks, and opens as a normal database.
func TestBackupOfLiveStore(t *testing.T) {
	dir := t.TempDir()
	s, _, g := liveWithTurns(t, dir, 30)
	ctx := context.Background()
	out := filepath.Join(dir, "b", "copy.db")
	ok(t, mkdirAll(filepath.Dir(out)))
	ok(t, s.Backup(ctx, out))
	ok(t, s.AppendTurn(ctx, turn(g.ID, 31))) // after the backup: not in it
	v, err := Verify(ctx, out)
	ok(t, err)
	if v != len(migrations) {
		t.Errorf("backup at schema version %d, want %d", v, len(migrations))
	}
	if n := turnsIn(t, out, g.ID); n != 30 {
		t.Errorf("the backup has %d turns, want 30", n)
	}
	// A second backup replaces the first whole; no temporary file is left.
	ok(t, s.Backup(ctx, out))
	if n := turnsIn(t, out, g.ID); n != 31 {
		t.Errorf("the second backup has %d turns, want 31", n)
	}
	entries, err := os.ReadDir(filepath.Dir(out))
	ok(t, err)
	for _, e := range entries {
		if e.Name() != "copy.db" && e.Name() != "copy.db-wal" && e.Name() != "copy.db-shm" {
			t.Errorf("left in the backup folder: %s", e.Name())
		}
	}
}

func TestBackupRefuses(t *testing.T) {
	dir := t.TempDir()
	_, live, _ := liveWithTurns(t, dir, 1)
	ctx := context.Background()
	link := filepath.Join(dir, "link.db")
	ok(t, os.Link(live, link))
	notDB := filepath.Join(dir, "notes.txt")
	ok(t, os.WriteFile(notDB, bytes.Repeat([]byte("not a database\n"), 500), 0o644))
	plain := filepath.Join(dir, "plain.db")
	db, err := sql.Open(SQLDriver, plain)
	ok(t, err)
	_, err = db.Exec(`CREATE TABLE t (x)`)
	ok(t, err)
	db.Close()

	out := filepath.Join(dir, "out.db")
	ok(t, os.WriteFile(out, []byte("the previous backup"), 0o600))
	for _, c := range []struct {
		name, src, out, want string
	}{
		{"the live database itself", live, live, "over the live database"},
		{"its log", live, live + "-wal", "over the live database"},
		{"its shared memory", live, live + "-shm", "over the live database"},
		{"the same file by another name", live, link, "over the live database"},
		{"a missing database", filepath.Join(dir, "missing.db"), out, "no database at"},
		{"a folder", dir, out, "is a folder"},
		{"into a folder", live, dir, "is a folder"},
		{"a text file", notDB, out, ErrNotTourney.Error()},
		{"an SQLite file that is not tourney's", plain, out, ErrNotTourney.Error()},
	} {
		err := BackupFile(ctx, c.src, c.out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if b, _ := os.ReadFile(out); string(b) != "the previous backup" {
		t.Errorf("a refused backup changed %s", out)
	}
	if n := turnsIn(t, live, 1); n != 1 {
		t.Errorf("the live database has %d turns after the refusals", n)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, ".*"+tempMark+"*"))
	if len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}

// A backup cut short (here, canceled) leaves the destination as it was
// and no temporary file.
func TestBackupCanceledLeavesOldFile(t *testing.T) {
	dir := t.TempDir()
	_, live, _ := liveWithTurns(t, dir, 1)
	out := filepath.Join(dir, "out.db")
	ok(t, os.WriteFile(out, []byte("old"), 0o600))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := BackupFile(ctx, live, out); err == nil {
		t.Fatal("a canceled backup succeeded")
	}
	if b, _ := os.ReadFile(out); string(b) != "old" {
		t.Errorf("out is %q after a canceled backup", b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".out.db*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

func TestPruneBackupsKeepsNewest(t *testing.T) {
	dir := t.TempDir()
	base := time.Date(2025, 3, 9, 1, 59, 58, 0, time.UTC)
	var names []string
	for _, i := range []int{7, 0, 14, 3, 11, 1, 9, 2, 13, 5, 4, 12, 6, 10, 8} { // created out of order
		name := service.BackupName(base.Add(time.Duration(i) * 37 * time.Minute))
		names = append(names, name)
		ok(t, os.WriteFile(filepath.Join(dir, name), []byte(name), 0o600))
	}
	slices.Sort(names)
	others := []string{"notes.txt", "tourney-manual.db", "tourney-20250309-0200.db", "tourney-20250309-020000.db-wal"}
	for _, o := range others {
		ok(t, os.WriteFile(filepath.Join(dir, o), nil, 0o600))
	}
	// A backup a kill cut short, and its journal: removed.
	stale := []string{"." + names[14] + tempMark + "123", "." + names[14] + tempMark + "123-journal"}
	for _, s := range stale {
		ok(t, os.WriteFile(filepath.Join(dir, s), nil, 0o600))
	}
	// The live database, named as a backup (serve started on one): kept.
	live := filepath.Join(dir, service.BackupName(base.Add(-time.Hour)))
	ok(t, os.WriteFile(live, nil, 0o600))

	removed, err := PruneBackups(dir, 10, live)
	ok(t, err)
	if len(removed) != 5+len(stale) {
		t.Errorf("removed %v, want the 5 oldest backups and the 2 stale files", removed)
	}
	var left []string
	entries, err := os.ReadDir(dir)
	ok(t, err)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	want := append(append(slices.Clone(names[5:]), others...), filepath.Base(live))
	slices.Sort(want)
	if !slices.Equal(left, want) {
		t.Errorf("left %v,\nwant %v", left, want)
	}
	// Again: nothing more to remove.
	if removed, err := PruneBackups(dir, 10, live); err != nil || len(removed) != 0 {
		t.Errorf("second prune removed %v, %v", removed, err)
	}
	if _, err := PruneBackups(dir, 0, ""); err == nil {
		t.Error("keep 0 accepted")
	}
	if removed, err := PruneBackups(dir, 1, ""); err != nil || len(removed) != 10 {
		t.Errorf("keep 1 without a live file removed %d (%v), want 10 (the live one is named as a backup)", len(removed), err)
	}
}

func TestVerifyRefuses(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	newer := newerSchema(t, dir)
	foreign := filepath.Join(dir, "foreign.db")
	s := mustOpenPath(t, foreign)
	_, err := s.wDB.Exec(`UPDATE schema_migrations SET name = 'another branch' WHERE version = 2`)
	ok(t, err)
	ok(t, s.Close())
	older := filepath.Join(dir, "older.db")
	s, err = open(older, options{upTo: 3})
	ok(t, err)
	ok(t, s.Close())

	if _, err := Verify(ctx, newer); err == nil || !strings.Contains(err.Error(), "newer than this program's") {
		t.Errorf("newer schema: %v", err)
	}
	// A newer tourney's database is still backed up whole (an older
	// binary put back in an emergency can save it); only restoring it
	// here is refused.
	copied := filepath.Join(dir, "newer-copy.db")
	ok(t, BackupFile(ctx, newer, copied))
	if _, err := Verify(ctx, copied); err == nil || !strings.Contains(err.Error(), "newer than this program's") {
		t.Errorf("copy of a newer schema: %v", err)
	}
	if _, err := Verify(ctx, foreign); err == nil || !strings.Contains(err.Error(), "another branch") {
		t.Errorf("foreign migration: %v", err)
	}
	if v, err := Verify(ctx, older); err != nil || v != 3 {
		t.Errorf("older schema: version %d, %v; want 3 (store.Open migrates it)", v, err)
	}
}

// newerSchema is a tourney database with a migration this program does
// not know, as a newer tourney would write.
func newerSchema(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "newer.db")
	s := mustOpenPath(t, path)
	_, err := s.wDB.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from the future', ?)`, len(migrations)+1, time.Now().UTC())
	ok(t, err)
	ok(t, s.Close())
	return path
}

// truncated is a tourney database cut to half its size, as a copy
// interrupted by a full disk would be.
func truncated(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "truncated.db")
	s := mustOpenPath(t, path)
	g := mustGame(t, s)
	for seq := 1; seq <= 400; seq++ {
		ok(t, s.AppendTurn(context.Background(), turn(g.ID, seq)))
	}
	ok(t, s.Close())
	st, err := os.Stat(path)
	ok(t, err)
	ok(t, os.Truncate(path, st.Size()/2))
	return path
}

func TestRestore(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2025, 6, 1, 12, 30, 45, 0, time.UTC)
	// setup: a store open on dir/live.db with a game of 13 turns, and a
	// backup taken after the 12th.
	setup := func(t *testing.T) (s *Store, dir, live, backup string, g *service.Game) {
		dir = t.TempDir()
		s, live, g = liveWithTurns(t, dir, 12)
		backup = filepath.Join(dir, "backup.db")
		ok(t, s.Backup(ctx, backup))
		ok(t, s.AppendTurn(ctx, turn(g.ID, 13)))
		return s, dir, live, backup, g
	}

	t.Run("refuses while a server has it open, then restores", func(t *testing.T) {
		s, _, live, backup, g := setup(t)
		_, err := Restore(ctx, live, backup, RestoreOptions{Now: now})
		if !errors.Is(err, ErrInUse) {
			t.Fatalf("restore over an open store: %v, want ErrInUse", err)
		}
		if m, _ := filepath.Glob(filepath.Join(filepath.Dir(live), ".live.db"+tempMark+"*")); len(m) > 0 {
			t.Errorf("temporary files left: %v", m)
		}
		ok(t, s.Close())
		// What a kill leaves: a -shm beside the file (the -wal was
		// checkpointed by the last close).
		ok(t, os.WriteFile(live+"-shm", make([]byte, 32768), 0o644))
		kept, err := Restore(ctx, live, backup, RestoreOptions{Now: now})
		ok(t, err)
		if want := live + ".before-restore-20250601-123045"; kept != want {
			t.Errorf("kept as %q, want %q", kept, want)
		}
		if fileExists(live + "-shm") {
			t.Error("the stale -shm is still there")
		}
		if n := turnsIn(t, live, g.ID); n != 12 {
			t.Errorf("restored database has %d turns, want the backup's 12", n)
		}
		if n := turnsIn(t, kept, g.ID); n != 13 {
			t.Errorf("kept database has %d turns, want 13", n)
		}
		// The kept one is in the way of a second restore in the same second.
		if _, err := Restore(ctx, live, backup, RestoreOptions{Now: now}); err == nil || !strings.Contains(err.Error(), "already exists") {
			t.Errorf("second restore in the same second: %v", err)
		}
	})

	t.Run("force while open", func(t *testing.T) {
		s, _, live, backup, g := setup(t)
		busy, err := InUse(live)
		if err != nil || !busy {
			t.Fatalf("InUse with the store open = %v, %v", busy, err)
		}
		kept, err := Restore(ctx, live, backup, RestoreOptions{Now: now, Force: true})
		ok(t, err)
		ok(t, s.Close())
		if n := turnsIn(t, live, g.ID); n != 12 {
			t.Errorf("restored database has %d turns, want 12", n)
		}
		// The open store went on with the file under its new name, its
		// log beside it.
		if n := turnsIn(t, kept, g.ID); n != 13 {
			t.Errorf("kept database has %d turns, want 13", n)
		}
	})

	t.Run("refusals leave the database alone", func(t *testing.T) {
		s, dir, live, _, g := setup(t)
		ok(t, s.Close())
		notDB := filepath.Join(dir, "notes.db")
		ok(t, os.WriteFile(notDB, bytes.Repeat([]byte("x"), 8192), 0o644))
		newer := newerSchema(t, dir)
		for _, c := range []struct{ name, backup, want string }{
			{"not a database", notDB, ErrNotTourney.Error()},
			{"a newer schema", newer, "newer than this program's"},
			{"damaged", truncated(t, dir), "malformed"},
			{"missing", filepath.Join(dir, "missing.db"), "no backup at"},
			{"the database itself", live, "the database to replace itself"},
			{"its log", live + "-wal", "no backup at"},
		} {
			_, err := Restore(ctx, live, c.backup, RestoreOptions{Now: now})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
			}
		}
		if n := turnsIn(t, live, g.ID); n != 13 {
			t.Errorf("the database has %d turns after the refusals, want 13", n)
		}
		m, _ := filepath.Glob(live + ".before-restore-*")
		t2, _ := filepath.Glob(filepath.Join(dir, ".*"+tempMark+"*"))
		if len(m)+len(t2) > 0 {
			t.Errorf("left behind: %v %v", m, t2)
		}
	})

	t.Run("into a new file", func(t *testing.T) {
		_, dir, _, backup, g := setup(t)
		fresh := filepath.Join(dir, "fresh.db")
		kept, err := Restore(ctx, fresh, backup, RestoreOptions{})
		ok(t, err)
		if kept != "" {
			t.Errorf("kept %q with nothing to keep", kept)
		}
		if n := turnsIn(t, fresh, g.ID); n != 12 {
			t.Errorf("%d turns, want 12", n)
		}
	})
}

func TestInUse(t *testing.T) {
	dir := t.TempDir()
	s, live, _ := liveWithTurns(t, dir, 1)
	if busy, err := InUse(live); err != nil || !busy {
		t.Errorf("InUse with the store open = %v, %v", busy, err)
	}
	ok(t, s.Close())
	if busy, err := InUse(live); err != nil || busy {
		t.Errorf("InUse after Close = %v, %v", busy, err)
	}
	if busy, err := InUse(filepath.Join(dir, "missing.db")); err != nil || busy {
		t.Errorf("InUse of a missing file = %v, %v", busy, err)
	}
	if fileExists(filepath.Join(dir, "missing.db")) {
		t.Error("InUse created the missing file")
	}
}
