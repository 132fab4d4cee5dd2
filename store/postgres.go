package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

// PostgreSQL: the same Store over a server that several tourney processes
// share. What differs from SQLite:
//
//   - Connections: the writer is one connection here too, so that group
//     commit works as on SQLite (one transaction, one WAL flush, for the
//     turns entered at about the same time in this process); writes of
//     other processes run beside it, and row locks order them. Readers are
//     a pool of plain connections reading the last committed state.
//   - Transactions run at READ COMMITTED. A change to a game's events
//     claims its version (ClaimGame's UPDATE ... WHERE version = ?): a
//     claim racing one from another process waits for it to commit and
//     then finds the version moved, so the second change is refused as
//     stale exactly as within one process. Unique keys (a turn's seq, an
//     Idempotency-Key) do the rest.
//   - A failed statement aborts a PostgreSQL transaction until it rolls
//     back to a savepoint; every member of a batch, and every nested InTx,
//     has one, and undoes its writes to it when it fails, so the batch
//     goes on.
//   - Times are text, as SQLite keeps them (pgtime.go).
//   - No checkpointer and no file backups (use pg_dump); changes that
//     other processes cache are told to them by LISTEN/NOTIFY (notify.go).
func openPostgres(url string, o options) (*Store, error) {
	o = o.filled()
	where := redact(url)
	w, err := openPostgresPool(url, 1, false)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	s := &Store{w: w, pg: true, batchMembers: o.batchMembers, batchAge: o.batchAge, commitFault: o.commitFault, revs: o.upTo >= resultsRevsVersion}
	s.wDB = s.sqlDB(w)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := migratePostgres(ctx, s.wDB, migrations, o.upTo); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", where, err)
	}
	s.wStmts = s.prepareStmts(s.wDB)
	if s.r, err = openPostgresPool(url, o.readers, true); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	s.rDB = s.sqlDB(s.r)
	s.rStmts = s.prepareStmts(s.rDB)
	var schema string
	if err := s.rDB.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	if s.bus, err = startBus(ctx, url, "tourney."+schema); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: listen: %w", where, err)
	}
	return s, nil
}

func openPostgresPool(url string, conns int, readOnly bool) (*gorm.DB, error) {
	pool, err := openPostgresDB(url, readOnly)
	if err != nil {
		return nil, err
	}
	return gormPool(postgres.New(postgres.Config{Conn: pool}), conns)
}

// redact is a database URL fit for an error message: without its password.
func redact(url string) string {
	if u, err := parseURL(url); err == nil {
		return u.Redacted()
	}
	return "the PostgreSQL database"
}

// errNoPostgres is what the SQLite-only operations answer for a
// PostgreSQL database.
var errNoPostgres = errors.New("not for a PostgreSQL database: use pg_dump and pg_restore, or tourney migrate")
