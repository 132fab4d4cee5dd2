package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// txKey is the context key under which InTx puts its transaction. It holds
// the Store, so that a transaction of one Store is never picked up by
// another (tests open several).
type txKey struct{ s *Store }

// txRoot is one transaction, begun lazily: reads made before its first
// write go to the reader connections (a consistent, committed snapshot),
// and only the first write takes the writer and BEGINs IMMEDIATE. The
// single write lock is thus held for the writes and the commit, not for
// the reading and computing that precede them, which is what lets many
// tables enter turns at once. The service checks, once it holds the lock,
// that what it read has not changed (see service.guardHistory).
type txRoot struct {
	ctx    context.Context // the outermost InTx's, for BEGIN
	db     *gorm.DB        // nil until the first write
	locked bool            // holds s.writeGate
}

// txState is a transaction as seen by one InTx call: its root and how
// deeply InTx calls are nested in it, which names the savepoints.
type txState struct {
	root  *txRoot
	depth int
}

func (s *Store) tx(ctx context.Context) *txState {
	st, _ := ctx.Value(txKey{s}).(*txState)
	return st
}

// begin starts the root transaction on the writer. writeGate queues
// writers in arrival order: database/sql hands a freed connection to a
// random waiter, which gave some turns seconds of latency under load.
func (s *Store) begin(root *txRoot) *gorm.DB {
	if root.db == nil {
		s.writeGate.Lock()
		root.locked = true
		root.db = s.w.WithContext(root.ctx).Begin()
	}
	return root.db
}

// end releases what begin took.
func (s *Store) end(root *txRoot) {
	root.db = nil
	if root.locked {
		root.locked = false
		s.writeGate.Unlock()
	}
}

// writer is the handle for a write: the transaction in ctx (begun now if
// this is its first write), else the writer connection (the statement
// then commits on its own).
func (s *Store) writer(ctx context.Context) *gorm.DB {
	if st := s.tx(ctx); st != nil {
		return s.begin(st.root).WithContext(ctx)
	}
	return s.w.WithContext(ctx)
}

// reader is the handle for a read: the transaction in ctx once it has
// written, so that it sees its own writes; else a reader connection.
func (s *Store) reader(ctx context.Context) *gorm.DB {
	if st := s.tx(ctx); st != nil && st.root.db != nil {
		return st.root.db.WithContext(ctx)
	}
	return s.r.WithContext(ctx)
}

// InTx runs fn in one transaction, carried to the Store methods fn calls
// by the context fn receives. It commits if fn returns nil and rolls back
// if fn returns an error or panics (the panic goes on up). The commit is
// durable: synchronous=FULL fsyncs the WAL before COMMIT returns. The
// transaction begins at fn's first write (see txRoot).
//
// Called inside another InTx (ctx already carries a transaction), it runs
// fn in that same transaction: fn's writes are undone if fn fails (by a
// savepoint, or by rolling back a transaction fn itself began), and
// committed only when the outermost InTx commits.
//
// The writer has one connection, which the transaction holds until it
// ends: inside fn, use the ctx fn is given. A write made with another
// context waits for that connection, and so for ever (or until that
// context ends).
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if st := s.tx(ctx); st != nil {
		return s.nested(ctx, st, fn)
	}
	root := &txRoot{ctx: ctx}
	done := false
	defer func() {
		if !done && root.db != nil { // fn failed or panicked
			root.db.Rollback()
		}
		s.end(root)
	}()
	if err := fn(context.WithValue(ctx, txKey{s}, &txState{root: root})); err != nil {
		return err
	}
	done = true
	if root.db == nil {
		return nil // nothing was written
	}
	if err := root.db.Error; err != nil {
		root.db.Rollback()
		return wrap("begin", err)
	}
	if err := root.db.Commit().Error; err != nil {
		return wrap("commit", err)
	}
	return nil
}

func (s *Store) nested(ctx context.Context, st *txState, fn func(ctx context.Context) error) error {
	inner := &txState{root: st.root, depth: st.depth + 1}
	if st.root.db == nil {
		// Nothing written yet: if fn fails, whatever it began is all
		// there is to undo.
		done := false
		defer func() {
			if !done && st.root.db != nil {
				st.root.db.Rollback()
				s.end(st.root)
			}
		}()
		if err := fn(context.WithValue(ctx, txKey{s}, inner)); err != nil {
			return err
		}
		done = true
		return nil
	}
	db := st.root.db
	name := fmt.Sprintf("tourney_sp%d", inner.depth)
	if err := db.WithContext(ctx).Exec("SAVEPOINT " + name).Error; err != nil {
		return wrap("savepoint", err)
	}
	done := false
	defer func() {
		if !done {
			// ROLLBACK TO keeps the savepoint open; RELEASE drops it, so
			// the outer transaction goes on as if fn had not run.
			db.Exec("ROLLBACK TO " + name)
			db.Exec("RELEASE " + name)
		}
	}()
	if err := fn(context.WithValue(ctx, txKey{s}, inner)); err != nil {
		return err
	}
	done = true
	if err := db.WithContext(ctx).Exec("RELEASE " + name).Error; err != nil {
		return wrap("release savepoint", err)
	}
	return nil
}
