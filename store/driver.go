package store

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
)

// The SQLite driver is chosen at build time: the default build uses
// gorm.io/driver/sqlite over mattn/go-sqlite3 (cgo, driver_cgo.go); the
// build tag purego swaps in a pure-Go one (driver_purego.go), for release
// archives cross-compiled without a C toolchain. Each driver file supplies
// Driver, SQLDriver, sqliteDialector, sqliteDSN and sqliteCode; the rest of
// the store speaks only in the terms below.

// connSettings is how a connection to a SQLite file is opened; each
// driver spells it in its own DSN syntax (sqliteDSN).
type connSettings struct {
	pragmas []pragma // run on every new connection, in this order
	txlock  string   // BEGIN mode: "immediate", "exclusive", or "" (deferred)
	mode    string   // SQLite URI mode: "ro", "rw", or "" (read, write, create)
}

type pragma struct{ name, value string }

// uri is the file: URI of abs (the path escaped, so any character in it
// is safe) with c's settings: the pragmas as the driver spells them
// (spell), _txlock and mode as every driver does.
func (c connSettings) uri(abs string, spell func(q url.Values, p pragma)) string {
	q := url.Values{}
	for _, p := range c.pragmas {
		spell(q, p)
	}
	if c.txlock != "" {
		q.Set("_txlock", c.txlock)
	}
	if c.mode != "" {
		q.Set("mode", c.mode)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	return u.String()
}

// busyPragma is the busy_timeout pragma for a timeout in milliseconds.
func busyPragma(ms int64) pragma { return pragma{"busy_timeout", fmt.Sprint(ms)} }

// SQLite's result codes, the same numbers whichever driver reports them
// (https://sqlite.org/rescode.html). sqliteCode returns the extended code;
// its low byte is the primary one.
const (
	codeBusy                 = 5
	codeLocked               = 6
	codeCantOpen             = 14
	codeNotADB               = 26
	codeConstraintForeignKey = 787
	codeConstraintPrimaryKey = 1555
	codeConstraintUnique     = 2067
)

// sqlitePrimary is the primary result code of a SQLite error, and false
// for an error that does not come from SQLite.
func sqlitePrimary(err error) (int, bool) {
	code, ok := sqliteCode(err)
	return code & 0xff, ok
}

// cantOpen is SQLite's "unable to open database file" (SQLITE_CANTOPEN)
// for the file at abs, said with the system's reason: the pure-Go driver
// reads its message from a connection that was never made, so it says
// "out of memory" whatever the cause (a missing file or folder, a file it
// may not read). Any other error is returned as it is.
func cantOpen(abs string, err error) error {
	if code, ok := sqlitePrimary(err); !ok || code != codeCantOpen {
		return err
	}
	reason := err
	if _, serr := os.Stat(abs); serr != nil {
		reason = serr
	} else if f, oerr := os.Open(abs); oerr != nil {
		reason = oerr
	} else {
		f.Close()
	}
	var pe *fs.PathError
	if errors.As(reason, &pe) {
		reason = pe.Err // the path is said once, below
	}
	return &openError{path: abs, reason: reason, err: err}
}

// openError is a database file SQLite could not open, and why.
type openError struct {
	path   string
	reason error // the system's, or the driver's error when it has none
	err    error // the driver's
}

func (e *openError) Error() string {
	return fmt.Sprintf("unable to open the database file %s: %v", e.path, e.reason)
}

func (e *openError) Unwrap() error { return e.err }
