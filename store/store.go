// Package store keeps tourney's data in one SQLite file, or in a
// PostgreSQL database that several processes share (postgres.go). It
// implements service.Store and is the only package that imports gorm or a
// database driver: gorm models, SQL and driver errors stay in here, and
// callers see only the service types and the sentinel errors
// service.ErrNotFound and service.ErrDuplicate.
//
// What follows describes SQLite; PostgreSQL keeps the same writer, readers
// and group commit (postgres.go says where it differs).
//
// Connections: SQLite allows one writer at a time, so the Store keeps a
// pool of exactly one writer connection, which every write and every
// transaction (InTx) uses, and a pool of query_only reader connections for
// reads outside a transaction. In WAL mode readers run beside the writer
// and see the last committed state, so a page load never waits for a turn
// being saved (BenchmarkReadWhileWriting). Writers queue in database/sql
// for the one connection instead of sleeping in SQLite's busy handler,
// where a connection can lose every race for the lock for seconds: with
// four writer connections the throughput was no better and the slowest
// transaction took 2-3 s, against about 0.1 s with one
// (BenchmarkAppendTurn/parallel and parallel-4-writers).
//
// Commits: the transactions that write at about the same time share one
// SQLite transaction and one durable commit (group commit, see batch in
// tx.go), each inside a savepoint of its own, and each answered only once
// that commit is on disk. The fsync is then paid once per batch instead of
// once per turn.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"tourney/service"
)

// Store is the SQLite implementation of service.Store.
type Store struct {
	w *gorm.DB // writes and transactions: one connection
	r *gorm.DB // reads outside a transaction: query_only connections
	// The *sql.DB under w and r, and their prepared statements (rawsql.go).
	wDB, rDB       *sql.DB
	wStmts, rStmts stmtCache
	// writeGate queues transactions for the writer in arrival order;
	// waiting counts those queued, and open is the batch being filled
	// (guarded by writeGate). See batch in tx.go.
	writeGate sync.Mutex
	waiting   atomic.Int32
	open      *batch
	// batchMembers and batchAge bound a batch; commits counts the batches
	// committed (for tests and benchmarks).
	batchMembers int
	batchAge     time.Duration
	commits      atomic.Int64
	commitFault  func() error  // tests: a commit that fails (a full disk)
	ckpt         *checkpointer // nil when opened without one (tests at old versions), and on PostgreSQL
	pg           bool          // PostgreSQL rather than SQLite
	bus          *bus          // PostgreSQL: changes told to and by the other processes (notify.go)
	// revs: the schema has results revisions (migration 13), and results
	// holds each tournament's rows as last read (results_cache.go).
	revs    bool
	results resultsCache
}

var _ service.Store = (*Store)(nil)

// busyTimeout is how long a connection waits for a lock held by another
// process (a second tourney pointed at the same file, the sqlite3 shell)
// before failing with SQLITE_BUSY. Inside this process writers queue for
// the one writer connection and never meet the busy handler.
const busyTimeout = 5 * time.Second

// walSizeLimit is the size, in bytes, the write-ahead log's file is cut
// back to when the log starts over (journal_size_limit, see dsn).
const walSizeLimit = 4 << 20

// Open opens the SQLite database at path, creating it if needed, or the
// PostgreSQL database a postgres:// URL names, and brings its schema up to
// the latest migration.
func Open(path string) (*Store, error) {
	if IsPostgres(path) {
		return openPostgres(path, options{})
	}
	return open(path, options{})
}

// options are the knobs tests and benchmarks turn; Open uses the zero
// value.
type options struct {
	upTo    int // apply migrations up to this version only; 0 means all
	writers int // writer connections; 0 means 1 (more only to measure why 1)
	readers int // reader connections; 0 means max(4, GOMAXPROCS)
	// readOnWriter sends reads to the writer pool too, as if there were no
	// readers: only to measure what the readers are worth.
	readOnWriter bool
	// batchMembers and batchAge bound a group commit (see batch); 0 means
	// the defaults, and batchMembers 1 turns group commit off.
	batchMembers int
	batchAge     time.Duration
	// commitFault, if set, is asked before each batch commit; an error
	// fails the commit as a full disk would (tests only).
	commitFault func() error
}

// filled is o with every zero field at its default, for either database.
func (o options) filled() options {
	if o.upTo == 0 {
		o.upTo = len(migrations)
	}
	if o.writers == 0 {
		o.writers = 1
	}
	if o.readers == 0 {
		o.readers = max(4, runtime.GOMAXPROCS(0))
	}
	if o.batchMembers == 0 {
		o.batchMembers = defaultBatchMembers
	}
	if o.batchAge == 0 {
		o.batchAge = defaultBatchAge
	}
	return o
}

func open(path string, o options) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	o = o.filled()

	// The writer is opened first: its first connection switches the file
	// to WAL (a setting stored in the file), which readers then find.
	w, err := openPool(dsn(abs, false), o.writers)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, cantOpen(abs, err))
	}
	s := &Store{w: w, batchMembers: o.batchMembers, batchAge: o.batchAge, commitFault: o.commitFault, revs: o.upTo >= resultsRevsVersion}
	if err := migrate(context.Background(), s.sqlDB(w), migrations, o.upTo); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", path, err)
	}
	s.wDB = s.sqlDB(w)
	s.wStmts = s.prepareStmts(s.wDB)
	if s.ckpt, err = startCheckpointer(s.wDB, dsn(abs, false)); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: checkpointer: %w", path, err)
	}
	if o.readOnWriter {
		s.r, s.rDB, s.rStmts = w, s.wDB, s.wStmts
		return s, nil
	}
	if s.r, err = openPool(dsn(abs, true), o.readers); err != nil {
		s.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, cantOpen(abs, err))
	}
	s.rDB = s.sqlDB(s.r)
	s.rStmts = s.prepareStmts(s.rDB)
	return s, nil
}

// dsn is the data source name of the store's connections. The driver
// runs the pragmas on every connection it opens, so no pooled connection
// can miss them:
//
//   - busy_timeout: wait for another process's lock instead of failing.
//   - journal_mode=WAL: readers do not block the writer nor it them, and a
//     commit appends to the log instead of rewriting pages.
//   - synchronous=FULL: in WAL mode NORMAL may lose the last commits on
//     power loss; FULL fsyncs the log at every commit, so a turn the API
//     acknowledged is on disk.
//   - journal_size_limit: after a checkpoint has copied the whole log
//     into the database file and the log starts over, its file is cut
//     back to this size, so that one burst of writes does not leave a
//     log as large on disk for good (and in every file backup's folder).
//   - foreign_keys=1: off by default in SQLite, per connection.
//   - txlock=immediate on the writer: BEGIN IMMEDIATE takes the write lock
//     at the start, so a transaction that reads and then writes cannot
//     fail with SQLITE_BUSY when upgrading its read lock (which no busy
//     timeout can help: SQLite refuses at once to avoid a deadlock).
//   - query_only on readers: a write sent to the reader pool by mistake
//     fails loudly instead of slipping past the writer's queue.
//
// Each driver spells these in its own syntax (sqliteDSN, driver_*.go).
func dsn(abs string, readOnly bool) string {
	c := connSettings{pragmas: []pragma{
		busyPragma(busyTimeout.Milliseconds()),
		{"journal_mode", "WAL"},
		{"synchronous", "FULL"},
		{"journal_size_limit", strconv.Itoa(walSizeLimit)},
		{"foreign_keys", "1"},
	}}
	if readOnly {
		c.pragmas = append(c.pragmas, pragma{"query_only", "1"})
	} else {
		c.txlock = "immediate"
	}
	return sqliteDSN(abs, c)
}

func openPool(dsn string, conns int) (*gorm.DB, error) {
	return gormPool(sqliteDialector(dsn), conns)
}

// gormPool opens a gorm handle on a dialector with the store's settings
// and a pool of conns connections.
func gormPool(d gorm.Dialector, conns int) (*gorm.DB, error) {
	db, err := gorm.Open(d, &gorm.Config{
		// Errors are returned to the caller, who logs them with context.
		Logger: logger.Discard,
		// A single statement is atomic anyway; multi-statement work goes
		// through InTx, so gorm's own per-write transaction is pure cost.
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
		// PrepareStmt stays off: gorm prepares a statement first used in
		// a transaction on that transaction, and database/sql then
		// prepares it anew in every later one, so the cache saved nothing
		// here and cost a goroutine per pool that Close cannot stop
		// (BenchmarkAppendTurn/sequential was no faster with it).
	})
	if err != nil {
		return nil, err
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(conns)
	sqlDB.SetMaxIdleConns(conns)
	// Connections are never recycled: each holds its prepared statements
	// and page cache (a PostgreSQL connection that breaks is replaced by
	// database/sql, which prepares the statements again on the new one).
	sqlDB.SetConnMaxLifetime(0)
	sqlDB.SetConnMaxIdleTime(0)
	return db, nil
}

// sqlDB is the *sql.DB under a pool; gorm.Open guarantees there is one.
func (s *Store) sqlDB(db *gorm.DB) *sql.DB {
	sqlDB, err := db.DB()
	if err != nil {
		panic(fmt.Sprintf("store: no *sql.DB under gorm: %v", err))
	}
	return sqlDB
}

// now is the time the store stamps on rows whose time the caller left
// zero, in UTC like every stored time.
func now() time.Time { return time.Now().UTC() }

// update writes every column of row (a pointer to a model with an id)
// except id and omit, and reports ErrNotFound if no row has that id.
// Select("*") makes gorm write zero values too (a rating set back to 0, a
// flag cleared); its default skips them.
func update(db *gorm.DB, op string, row any, id int64, omit ...string) error {
	res := db.Model(row).Where("id = ?", id).Select("*").Omit(append([]string{"id"}, omit...)...).Updates(row)
	if res.Error != nil {
		return wrap(op, res.Error)
	}
	if res.RowsAffected == 0 {
		return notFound(op)
	}
	return nil
}

// Close closes the readers, then the writer, whose last connection to
// close checkpoints the WAL into the main file.
func (s *Store) Close() error {
	ckptErr := errors.Join(s.ckpt.close(), s.bus.close())
	pools := []*gorm.DB{s.r, s.w}
	if s.r == s.w {
		pools = pools[1:]
	}
	s.rStmts.close()
	if s.r != s.w {
		s.wStmts.close()
	}
	errs := []error{ckptErr}
	for _, db := range pools {
		if db == nil {
			continue
		}
		if sqlDB, err := db.DB(); err == nil {
			errs = append(errs, sqlDB.Close())
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}
