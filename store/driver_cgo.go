//go:build !purego

package store

import (
	"errors"
	"net/url"

	"github.com/mattn/go-sqlite3"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
)

// Driver names the SQLite driver this program was built with.
const Driver = "sqlite-cgo"

// SQLDriver is the database/sql driver name of that SQLite driver.
const SQLDriver = "sqlite3"

func sqliteDialector(dsn string) gorm.Dialector { return sqlite.Open(dsn) }

// sqliteDSN spells c in go-sqlite3's syntax: one _NAME=VALUE parameter per
// pragma (go-sqlite3 applies them in an order of its own, busy_timeout
// first).
func sqliteDSN(abs string, c connSettings) string {
	return c.uri(abs, func(q url.Values, p pragma) { q.Set("_"+p.name, p.value) })
}

func sqliteCode(err error) (int, bool) {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return 0, false
	}
	return int(se.ExtendedCode), true
}
