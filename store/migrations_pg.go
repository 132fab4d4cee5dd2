package store

import (
	"context"
	"database/sql"
	"regexp"
	"time"
)

// postgresSchema translates a migration written for SQLite into
// PostgreSQL's dialect, so that both databases are built by the same
// steps, and a step added for one is there for the other:
//
//   - INTEGER PRIMARY KEY (SQLite's rowid) becomes BIGSERIAL, every other
//     INTEGER a BIGINT (ids are int64);
//   - DATETIME becomes TEXT, as SQLite keeps it (see pgtime.go), BLOB
//     BYTEA, WITHOUT ROWID goes;
//   - a TEXT column checked by json_valid becomes a JSON column (which
//     PostgreSQL checks itself, and keeps as written);
//   - BOOLEAN defaults 0 and 1 become false and true, ifnull coalesce.
func postgresSchema(sqlite string) string {
	out := sqlite
	for _, r := range pgRewrites {
		out = r.re.ReplaceAllString(out, r.with)
	}
	return out
}

var pgRewrites = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\bINTEGER(\s+)PRIMARY KEY\b`), "BIGSERIAL${1}PRIMARY KEY"},
	{regexp.MustCompile(`\bINTEGER\b`), "BIGINT"},
	{regexp.MustCompile(`\bDATETIME\b`), "TEXT"},
	{regexp.MustCompile(`\bBLOB\b`), "BYTEA"},
	{regexp.MustCompile(`\)\s*WITHOUT ROWID`), ")"},
	{regexp.MustCompile(`\bTEXT\b([^,\n]*?)\s*CHECK \((?:\w+ IS NULL OR )?json_valid\(\w+\)\)`), "JSON$1"},
	{regexp.MustCompile(`(BOOLEAN[^,\n]*DEFAULT )0\b`), "${1}false"},
	{regexp.MustCompile(`(BOOLEAN[^,\n]*DEFAULT )1\b`), "${1}true"},
	{regexp.MustCompile(`\bifnull\(`), "coalesce("},
}

// migratePostgres is migrate for PostgreSQL: the same steps, translated,
// applied under an advisory lock (per schema), so that instances starting
// together apply each step once.
func migratePostgres(ctx context.Context, db *sql.DB, steps []migration, upTo int) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	const lock = `SELECT pg_advisory_lock(hashtext('tourney migrations ' || current_schema()))`
	if _, err := conn.ExecContext(ctx, lock); err != nil {
		return err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(hashtext('tourney migrations ' || current_schema()))`)
	return migrateWith(ctx, conn, steps, upTo, postgresDialect)
}

var postgresDialect = migrationDialect{say: postgresSchema, apply: applyPostgres}

func applyPostgres(ctx context.Context, db sqlRunner, m migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // a no-op after Commit
	// pgx runs every statement of a multi-statement Exec without arguments.
	if _, err := tx.ExecContext(ctx, postgresSchema(m.sql)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
		m.version, m.name, time.Now().UTC()); err != nil {
		return err
	}
	return tx.Commit()
}

// sqlRunner is what migrate needs: a *sql.DB, or a *sql.Conn that holds a
// lock.
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}
