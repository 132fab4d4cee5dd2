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

func sqliteDSN(abs string, c connSettings) string {
	q := url.Values{}
	for _, p := range c.pragmas {
		q.Add("_pragma", p.name+"("+p.value+")")
	}
	if c.txlock != "" {
		q.Set("_txlock", c.txlock)
	}
	if c.mode != "" {
		q.Set("mode", c.mode)
	}
	return fileURI(abs, q)
}

func sqliteCode(err error) (int, bool) {
	var se *gosqlite.Error
	if !errors.As(err, &se) {
		return 0, false
	}
	return se.Code(), true
}
