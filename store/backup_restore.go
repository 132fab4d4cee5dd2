package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// ErrInUse is Restore's error for a database another connection holds
// open: a server running on it.
var ErrInUse = errors.New("the database is in use")

// RestoreOptions are Restore's knobs.
type RestoreOptions struct {
	// Force restores even while another connection holds the database. A
	// server running on it then goes on writing to the copy kept aside
	// and must be restarted.
	Force bool
	// Now names the kept copy; zero means time.Now.
	Now time.Time
}

// Restore puts the backup at backup in the place of the database at path:
//
//  1. the backup must be a whole tourney database whose migrations are a
//     prefix of this program's (Verify);
//  2. it is copied (VACUUM INTO, as a backup is taken) into a temporary
//     file beside path, checked again and synced;
//  3. a database at path that another connection holds open (a server) is
//     refused with ErrInUse unless o.Force;
//  4. the database at path, if any, is kept as
//     path.before-restore-YYYYMMDD-HHMMSS, with its -wal and -journal
//     files renamed alongside (they may hold its last commits), and its
//     -shm removed;
//  5. the copy is renamed to path.
//
// It returns the kept file's name ("" when there was no database at path).
// The restored file may be at an older schema version: store.Open brings
// it up to date.
func Restore(ctx context.Context, path, backup string, o RestoreOptions) (kept string, err error) {
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	if _, err := os.Stat(backup); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return "", fmt.Errorf("restore: no backup at %s", backup)
		}
		return "", fmt.Errorf("restore: %w", err)
	}
	if same, err := sameDatabase(path, backup); err != nil || same {
		return "", fmt.Errorf("restore: %s is the database to replace itself (or its -wal, -shm or -journal file)", backup)
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return "", fmt.Errorf("restore: %s is a folder, not a database", path)
	}
	if _, err := Verify(ctx, backup); err != nil {
		return "", fmt.Errorf("restore: %s: %w", backup, err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+tempMark+"*")
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	tmp.Close()
	done := false
	defer func() {
		if !done {
			removeTemp(tmp.Name())
		}
	}()
	if err := snapshot(ctx, backup, tmp.Name()); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}

	if _, err := os.Stat(path); err == nil {
		busy, err := InUse(path)
		if err != nil {
			return "", fmt.Errorf("restore: %w", err)
		}
		if busy && !o.Force {
			return "", fmt.Errorf("restore: %s: %w (is a server running on it? stop it first, or force the restore)", path, ErrInUse)
		}
		kept = path + ".before-restore-" + o.Now.UTC().Format("20060102-150405")
		if _, err := os.Lstat(kept); err == nil {
			return "", fmt.Errorf("restore: %s already exists", kept)
		}
		if err := os.Rename(path, kept); err != nil {
			return "", fmt.Errorf("restore: %w", err)
		}
		for _, suffix := range []string{"-wal", "-journal"} {
			if err := os.Rename(path+suffix, kept+suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
				return kept, fmt.Errorf("restore: %w", err)
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("restore: %w", err)
	}
	// A -wal or -shm left at path belongs to no database now: SQLite would
	// apply the log to the restored file.
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return kept, fmt.Errorf("restore: %w", err)
		}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return kept, fmt.Errorf("restore: %w", err)
	}
	done = true
	return kept, syncDir(dir)
}

// InUse reports whether another connection, in this process or another,
// holds the database at path open. It asks SQLite for an exclusive lock
// without waiting: in WAL mode every open connection that has read keeps a
// shared lock on the file (and a server's always has), and exclusive
// locking mode on a WAL database takes the whole file. A file SQLite
// cannot read at all (damaged, not a database) is not in use.
func InUse(path string) (bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, err
	}
	db, err := sql.Open(SQLDriver, sqliteDSN(abs, connSettings{
		pragmas: []pragma{busyPragma(0), {"locking_mode", "EXCLUSIVE"}},
		txlock:  "exclusive",
		mode:    "rw",
	}))
	if err != nil {
		return false, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	tx, err := db.Begin()
	if err == nil {
		var n int
		err = tx.QueryRow(`SELECT count(*) FROM sqlite_master`).Scan(&n)
		tx.Rollback()
	}
	if code, ok := sqlitePrimary(err); ok && (code == codeBusy || code == codeLocked) {
		return true, nil
	}
	return false, nil
}
