//go:build purego

package store

import (
	"errors"
	"net/url"

	gosqlite "github.com/glebarez/go-sqlite"
	"github.com/glebarez/sqlite"
	"gorm.io/gorm"
)

// Driver names the SQLite driver this program was built with.
const Driver = "sqlite-purego (glebarez/sqlite, modernc.org/sqlite)"

// SQLDriver is the database/sql driver name of that SQLite driver.
const SQLDriver = "sqlite"

func sqliteDialector(dsn string) gorm.Dialector { return sqlite.Open(dsn) }

// sqliteDSN spells c in modernc.org/sqlite's syntax: a _pragma=NAME(VALUE)
// parameter per pragma, run in their order on each new connection.
func sqliteDSN(abs string, c connSettings) string {
	return c.uri(abs, func(q url.Values, p pragma) { q.Add("_pragma", p.name+"("+p.value+")") })
}

func sqliteCode(err error) (int, bool) {
	var se *gosqlite.Error
	if !errors.As(err, &se) {
		return 0, false
	}
	return se.Code(), true
}
