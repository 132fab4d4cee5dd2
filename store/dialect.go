package store

import (
	"strconv"
	"strings"
)

// The store speaks two SQL dialects: SQLite's (the embedded default, a
// file path) and PostgreSQL's (a postgres:// URL). The SQL written by hand
// (rawsql.go, the migrations) is SQLite's, with ? placeholders; rebind and
// postgresSchema (migrations_pg.go) turn it into PostgreSQL's where the two
// differ, so that one text serves both.

// IsPostgres reports whether a --db value names a PostgreSQL database
// rather than a SQLite file.
func IsPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// rebind turns SQLite's ? placeholders into PostgreSQL's $1, $2, ... The
// statements it is given hold no ? inside a string literal.
func rebind(q string) string {
	if !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// sqlFor is q in the store's dialect.
func (s *Store) sqlFor(q string) string {
	if s.pg {
		return rebind(q)
	}
	return q
}
