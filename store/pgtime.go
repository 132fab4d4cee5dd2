package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// Times on PostgreSQL are stored as SQLite stores them: text in UTC with
// nanoseconds ("2025-03-01 10:01:02.000000003+00:00", go-sqlite3's first
// format), since a PostgreSQL TIMESTAMP keeps only microseconds. A time
// read back is then the time written, on both databases, and an event
// moved between them (tourney migrate) keeps every time exactly.
//
// The pgx driver is wrapped to do on PostgreSQL what go-sqlite3 does for a
// DATETIME column: a time.Time argument is written as that text, and the
// text of a time column (timeColumns, the DATETIME columns of the
// migrations) is read back as a time.Time.

// timeFormat is go-sqlite3's format for writing a time.Time.
const timeFormat = "2006-01-02 15:04:05.999999999-07:00"

// timeColumns are the names of the columns declared DATETIME.
var timeColumns = func() map[string]bool {
	cols := map[string]bool{"applied_at": true}
	re := regexp.MustCompile(`(\w+)\s+DATETIME\b`)
	for _, m := range migrations {
		for _, g := range re.FindAllStringSubmatch(m.sql, -1) {
			cols[g[1]] = true
		}
	}
	return cols
}()

// openPostgresDB opens a database/sql pool on pgx, times as text; a
// read-only one refuses writes, as SQLite's query_only readers do.
func openPostgresDB(url string, readOnly bool) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	if readOnly {
		cfg.RuntimeParams["default_transaction_read_only"] = "on"
	}
	return sql.OpenDB(timeConnector{stdlib.GetConnector(*cfg)}), nil
}

type timeConnector struct{ driver.Connector }

func (c timeConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &timeConn{conn.(*stdlib.Conn)}, nil
}

// timeConn is a pgx connection that writes and reads times as text.
type timeConn struct{ *stdlib.Conn }

func (c *timeConn) CheckNamedValue(v *driver.NamedValue) error {
	switch t := v.Value.(type) {
	case time.Time:
		v.Value = t.UTC().Format(timeFormat)
		return nil
	case *time.Time:
		if t == nil {
			v.Value = nil
		} else {
			v.Value = t.UTC().Format(timeFormat)
		}
		return nil
	}
	return c.Conn.CheckNamedValue(v)
}

func (c *timeConn) QueryContext(ctx context.Context, q string, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := c.Conn.QueryContext(ctx, q, args)
	if err != nil {
		return nil, err
	}
	return newTimeRows(rows), nil
}

func (c *timeConn) PrepareContext(ctx context.Context, q string) (driver.Stmt, error) {
	st, err := c.Conn.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	return &timeStmt{st.(*stdlib.Stmt)}, nil
}

func (c *timeConn) Prepare(q string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), q)
}

type timeStmt struct{ *stdlib.Stmt }

func (s *timeStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := s.Stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	return newTimeRows(rows), nil
}

// timeRows reads the text of the time columns as time.Time.
type timeRows struct {
	driver.Rows
	times []int // indexes of time columns
}

func newTimeRows(rows driver.Rows) *timeRows {
	r := &timeRows{Rows: rows}
	for i, name := range rows.Columns() {
		if timeColumns[name] {
			r.times = append(r.times, i)
		}
	}
	return r
}

func (r *timeRows) Next(dest []driver.Value) error {
	if err := r.Rows.Next(dest); err != nil {
		return err
	}
	for _, i := range r.times {
		if s, ok := dest[i].(string); ok {
			t, err := time.Parse(timeFormat, s)
			if err != nil {
				return err
			}
			dest[i] = t.UTC()
		}
	}
	return nil
}
