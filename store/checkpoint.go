package store

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// checkpointEvery is how often the background checkpointer copies the
// write-ahead log into the database file.
const checkpointEvery = 250 * time.Millisecond

// checkpointer moves WAL checkpoints off the request path. By default
// SQLite checkpoints inside whichever commit pushes the log past 1000
// pages: that commit then writes and fsyncs the database file, and every
// turn queued behind the write lock waits for it, which made the slowest
// turns ten times slower than the median. With auto-checkpointing off on
// the writer, a separate connection runs PASSIVE checkpoints, which
// neither wait for nor block the writer. Durability is unchanged: every
// commit still fsyncs the log.
type checkpointer struct {
	db   *sql.DB
	stop context.CancelFunc
	done sync.WaitGroup
}

// startCheckpointer turns auto-checkpointing off on the writer (its one
// connection is never recycled, so the setting stays) and starts the
// background checkpoints on a connection of their own.
func startCheckpointer(writer *sql.DB, dsn string) (*checkpointer, error) {
	if _, err := writer.Exec(`PRAGMA wal_autocheckpoint = 0`); err != nil {
		return nil, err
	}
	db, err := sql.Open(SQLDriver, dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	ctx, cancel := context.WithCancel(context.Background())
	c := &checkpointer{db: db, stop: cancel}
	c.done.Add(1)
	go c.run(ctx)
	return c, nil
}

func (c *checkpointer) run(ctx context.Context) {
	defer c.done.Done()
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			// A failed checkpoint is retried on the next tick; the log
			// simply grows a little meanwhile.
			c.db.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
		}
	}
}

// truncate checkpoints the whole log and truncates its file to nothing,
// when a large delete has left it long (PruneIdempotent). It waits, up to
// the busy timeout, for readers and the writer; a failure only leaves the
// log long until the next one. Nothing on PostgreSQL (c is nil there).
func (c *checkpointer) truncate(ctx context.Context) {
	if c == nil {
		return
	}
	c.db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
}

// close stops the checkpoints and closes their connection.
func (c *checkpointer) close() error {
	if c == nil {
		return nil
	}
	c.stop()
	c.done.Wait()
	return c.db.Close()
}
