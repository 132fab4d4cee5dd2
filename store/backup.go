package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"tourney/service"
)

// Backups are consistent copies of the whole database, taken while a
// server writes to it, with VACUUM INTO rather than SQLite's online backup
// API (sqlite3_backup_*, go-sqlite3's SQLiteConn.Backup):
//
//   - VACUUM INTO is one statement, so one read transaction: in WAL mode
//     it copies the last commit made before it began, and neither waits
//     for the writer nor holds it up (checkpoints stop short of its
//     snapshot meanwhile, so the log grows a little). The backup API stepped a few pages at
//     a time starts over whenever another connection commits, which during
//     a round is every few milliseconds; stepped all at once it is the same
//     single read transaction, reached through the driver's own connection
//     type (Conn.Raw and a type assertion) with a second connection for the
//     copy.
//   - It runs on a connection of its own, opened read-only (mode=ro), so
//     that `tourney backup` in another process can never write to the live
//     file, and a backup takes no connection from the store's pools.
//   - Its output is a compact, ordinary database in rollback-journal mode,
//     which store.Open opens like any other (switching it to WAL).
//
// It rebuilds tables and indexes rather than copying pages: about 0.6 s for
// 128 MB on the 2-core test machine, where a tournament's file is a few MB.
//
// The copy goes to a temporary file beside its destination, is checked
// (integrity_check and the schema), fsynced, and only then renamed over the
// destination, so the destination is always the old file or a whole new
// backup, also after a kill -9 or a power cut mid-way.

// ErrNotTourney is the error for a file that is not a tourney database.
var ErrNotTourney = errors.New("not a tourney database")

// BackupFile writes a consistent copy of the database at src to out,
// replacing out atomically. It refuses to write over src itself (or its
// -wal, -shm or -journal file) and to back up a file that is not a
// tourney database.
func BackupFile(ctx context.Context, src, out string) error {
	if err := checkBackupPaths(src, out); err != nil {
		return err
	}
	dir, base := filepath.Split(out)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+tempMark+"*")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	tmp.Close() // VACUUM INTO writes into an empty file by name
	done := false
	defer func() {
		if !done {
			removeTemp(tmp.Name())
		}
	}()
	if err := snapshot(ctx, src, tmp.Name()); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	done = true
	return syncDir(dir)
}

// tempMark is in the name of every file a backup or restore is still
// writing: ".NAME.tmp-RANDOM" beside NAME. A kill mid-way can leave one
// behind, never a partial NAME.
const tempMark = ".tmp-"

// removeTemp removes a temporary copy and the rollback journal SQLite
// may have left beside it.
func removeTemp(path string) {
	os.Remove(path)
	os.Remove(path + "-journal")
}

// Backup writes a consistent copy of the store's database to out (see
// BackupFile); it implements service.DatabaseBackup.
func (s *Store) Backup(ctx context.Context, out string) error {
	if s.pg {
		// A user's request (the console's backup button): a clear refusal.
		return fmt.Errorf("backup: %w", &service.Error{Kind: service.KindConflict, Type: "backup-not-here",
			Msg: "this server keeps its data in PostgreSQL: back it up with pg_dump, or copy a tournament out with tourney migrate", Err: errNoPostgres})
	}
	var path string
	if err := s.rDB.QueryRowContext(ctx, `SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return BackupFile(ctx, path, out)
}

// checkBackupPaths refuses a missing source and a destination that is the
// source or one of its companion files.
func checkBackupPaths(src, out string) error {
	st, err := os.Stat(src)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("backup: no database at %s", src)
	}
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if st.IsDir() {
		return fmt.Errorf("backup: %s is a folder, not a database", src)
	}
	if out == "" {
		return errors.New("backup: no file to write the backup to")
	}
	if same, err := sameDatabase(src, out); err != nil {
		return fmt.Errorf("backup: %w", err)
	} else if same {
		return fmt.Errorf("backup: refusing to write the backup over the live database %s", out)
	}
	if ost, err := os.Stat(out); err == nil && ost.IsDir() {
		return fmt.Errorf("backup: %s is a folder; name the backup file", out)
	}
	return nil
}

// sameDatabase reports whether other is the database db, by name or as
// the same file under another name, or one of db's -wal, -shm or
// -journal files.
func sameDatabase(db, other string) (bool, error) {
	dbAbs, err1 := filepath.Abs(db)
	otherAbs, err2 := filepath.Abs(other)
	if err := errors.Join(err1, err2); err != nil {
		return false, err
	}
	ost, err := os.Stat(other)
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		if otherAbs == dbAbs+suffix {
			return true, nil
		}
		if st, serr := os.Stat(db + suffix); serr == nil && err == nil && os.SameFile(st, ost) {
			return true, nil
		}
	}
	return false, nil
}

// snapshot copies the database at src into tmp, an empty file, checks
// the copy and syncs it to disk. A database of a newer tourney is copied
// too (only Verify, before a restore, asks for a schema this program
// knows).
func snapshot(ctx context.Context, src, tmp string) error {
	db, err := openReadOnly(src)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := isTourney(ctx, db); err != nil {
		return fmt.Errorf("backup: %s: %w", src, err)
	}
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		return fmt.Errorf("backup: copy %s: %w", src, err)
	}
	if err := check(ctx, tmp, isTourney); err != nil {
		return fmt.Errorf("backup: the copy of %s: %w", src, err)
	}
	return syncFile(tmp)
}

// Verify checks the database at path, read-only: it is whole
// (integrity_check) and a tourney database whose migrations are a prefix
// of this program's (so that store.Open can bring it up to date). It
// returns its schema version.
func Verify(ctx context.Context, path string) (version int, err error) {
	err = check(ctx, path, func(ctx context.Context, db *sql.DB) error {
		version, err = migrationsOf(ctx, db)
		return err
	})
	return version, err
}

// check opens the database at path read-only, runs schema on it, then
// integrity_check.
func check(ctx context.Context, path string, schema func(context.Context, *sql.DB) error) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	db, err := openReadOnly(path)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := schema(ctx, db); err != nil {
		return err
	}
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check(20)`)
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("integrity check: %w", err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("integrity check failed: %s", strings.Join(problems, "; "))
	}
	return nil
}

// isTourney is ErrNotTourney for a database without schema_migrations
// (or a file that is no database at all).
func isTourney(ctx context.Context, db *sql.DB) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n); err != nil {
		if code, ok := sqlitePrimary(err); ok && code == codeNotADB {
			return ErrNotTourney
		}
		return err
	}
	if n == 0 {
		return ErrNotTourney
	}
	return nil
}

// migrationsOf reads a database's schema_migrations: ErrNotTourney
// without them, an error if they are not migrations 1..n of this program
// (a newer tourney's, or another branch's).
func migrationsOf(ctx context.Context, db *sql.DB) (int, error) {
	if err := isTourney(ctx, db); err != nil {
		return 0, err
	}
	applied, err := appliedMigrations(ctx, db)
	if err != nil {
		return 0, err
	}
	for v, name := range applied {
		if v > len(migrations) {
			return 0, fmt.Errorf("the database is at schema version %d, newer than this program's %d", v, len(migrations))
		}
		if v < 1 {
			return 0, fmt.Errorf("the database records a migration %d", v)
		}
		if want := migrations[v-1].name; name != want {
			return 0, fmt.Errorf("the database's migration %d is %q, this program's is %q", v, name, want)
		}
	}
	for v := 1; v <= len(applied); v++ {
		if _, ok := applied[v]; !ok {
			return 0, fmt.Errorf("the database lacks migration %d but has later ones", v)
		}
	}
	return len(applied), nil
}

// openReadOnly opens one read-only connection to an existing database
// (mode=ro never creates a file nor writes to one); it reads a WAL
// database, its log included, beside a server writing to it. A file that
// cannot be opened (gone since it was looked at) is an error saying why.
func openReadOnly(path string) (*sql.DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open(SQLDriver, sqliteDSN(abs, connSettings{
		pragmas: []pragma{busyPragma(busyTimeout.Milliseconds())},
		mode:    "ro",
	}))
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	// The file is opened here: one that cannot be is said so at once;
	// any other error (not a database) is the first statement's to say.
	if err := db.Ping(); err != nil {
		if code, ok := sqlitePrimary(err); ok && code == codeCantOpen {
			db.Close()
			return nil, cantOpen(abs, err)
		}
	}
	return db, nil
}

// syncFile flushes a file's contents to disk.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir makes a rename in dir durable (where directories can be
// synced: not on Windows).
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("sync %s: %w", dir, err)
	}
	return nil
}
