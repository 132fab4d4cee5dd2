package store

import (
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
)

// TestDSNSettings: whichever SQLite driver the build has (driver_*.go),
// the store's connections get the pragmas dsn asks for.
func TestDSNSettings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dsn.db")
	for _, c := range []struct {
		name     string
		readOnly bool
		want     map[string]string
	}{
		{"writer", false, map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "5000", "query_only": "0"}},
		{"reader", true, map[string]string{"journal_mode": "wal", "synchronous": "2", "foreign_keys": "1", "busy_timeout": "5000", "query_only": "1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			db, err := sql.Open(SQLDriver, dsn(path, c.readOnly))
			ok(t, err)
			defer db.Close()
			for name, want := range c.want {
				var got string
				ok(t, db.QueryRow("PRAGMA "+name).Scan(&got))
				if got != want {
					t.Errorf("%s: PRAGMA %s = %s, want %s", Driver, name, got, want)
				}
			}
		})
	}
}

// TestDriverErrors: wrap turns each driver's errors into the service's.
func TestDriverErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "errors.db")
	db, err := sql.Open(SQLDriver, dsn(path, false))
	ok(t, err)
	defer db.Close()
	db.SetMaxOpenConns(1)
	_, err = db.Exec(`CREATE TABLE parents (id INTEGER PRIMARY KEY, name TEXT UNIQUE);
		CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER NOT NULL REFERENCES parents(id));
		INSERT INTO parents (id, name) VALUES (1, 'a')`)
	ok(t, err)

	busyErr := func() error {
		// Another connection holds the write lock; this one does not wait.
		other, err := sql.Open(SQLDriver, sqliteDSN(path, connSettings{pragmas: []pragma{busyPragma(0)}, txlock: "immediate"}))
		ok(t, err)
		defer other.Close()
		tx, err := db.Begin()
		ok(t, err)
		defer tx.Rollback()
		_, err = tx.Exec(`INSERT INTO parents (name) VALUES ('held')`)
		ok(t, err)
		_, err = other.Exec(`INSERT INTO parents (name) VALUES ('b')`)
		return err
	}
	for _, c := range []struct {
		name string
		err  func() error
		is   func(error) bool
	}{
		{"unique", func() error {
			_, err := db.Exec(`INSERT INTO parents (name) VALUES ('a')`)
			return err
		}, func(err error) bool { return errors.Is(err, service.ErrDuplicate) }},
		{"primary key", func() error {
			_, err := db.Exec(`INSERT INTO parents (id, name) VALUES (1, 'c')`)
			return err
		}, func(err error) bool { return errors.Is(err, service.ErrDuplicate) }},
		{"foreign key", func() error {
			_, err := db.Exec(`INSERT INTO children (parent) VALUES (42)`)
			return err
		}, func(err error) bool { return errors.Is(err, service.ErrNotFound) }},
		{"busy", busyErr, func(err error) bool {
			var se *service.Error
			return errors.As(err, &se) && se.Kind == service.KindUnavailable
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.err()
			if err == nil {
				t.Fatal("no error")
			}
			if got := wrap("test", err); !c.is(got) {
				t.Errorf("%s: wrap(%v) = %v", Driver, err, got)
			}
		})
	}
}

// TestCantOpenSaysWhy: a file SQLite cannot open is said with the
// system's reason by either driver (the pure-Go one alone says "out of
// memory" for any file it cannot open), the driver's error kept in the
// chain.
func TestCantOpenSaysWhy(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		open func(path string) error
		path string
	}{
		{"store in a missing folder", func(path string) error {
			s, err := Open(path)
			if err == nil {
				s.Close()
			}
			return err
		}, filepath.Join(dir, "no-folder", "t.db")},
		{"read-only, a file gone since it was looked at", func(path string) error {
			db, err := openReadOnly(path)
			if err == nil {
				db.Close()
			}
			return err
		}, filepath.Join(dir, "gone.db")},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.open(c.path)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if !strings.Contains(msg, c.path+": no such file or directory") || strings.Contains(msg, "out of memory") {
				t.Errorf("%s: %q, want the file and the system's reason", Driver, msg)
			}
			if code, ok := sqlitePrimary(err); !ok || code != codeCantOpen {
				t.Errorf("%s: the driver's error is not in the chain of %q (code %d, %v)", Driver, msg, code, ok)
			}
		})
	}
}
