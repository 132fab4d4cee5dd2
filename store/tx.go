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

// txState is a transaction in flight and how deeply InTx calls are nested
// in it, which names the savepoints of nested calls.
type txState struct {
	db    *gorm.DB
	depth int
}

func (s *Store) tx(ctx context.Context) *txState {
	st, _ := ctx.Value(txKey{s}).(*txState)
	return st
}

// writer is the handle for a write: the transaction in ctx, else the
// writer connection (the statement then commits on its own).
func (s *Store) writer(ctx context.Context) *gorm.DB {
	if st := s.tx(ctx); st != nil {
		return st.db.WithContext(ctx)
	}
	return s.w.WithContext(ctx)
}

// reader is the handle for a read: the transaction in ctx, so that a
// transaction sees its own writes, else a reader connection.
func (s *Store) reader(ctx context.Context) *gorm.DB {
	if st := s.tx(ctx); st != nil {
		return st.db.WithContext(ctx)
	}
	return s.r.WithContext(ctx)
}

// InTx runs fn in one transaction, carried to the Store methods fn calls
// by the context fn receives. It commits if fn returns nil and rolls back
// if fn returns an error or panics (the panic goes on up). The commit is
// durable: synchronous=FULL fsyncs the WAL before COMMIT returns.
//
// Called inside another InTx (ctx already carries a transaction), it runs
// fn in that same transaction, inside a savepoint: fn's writes are undone
// if fn fails, and committed only when the outermost InTx commits.
//
// The writer has one connection, which the transaction holds until it
// ends: inside fn, use the ctx fn is given. A write made with another
// context waits for the connection that fn holds, and so for ever (or
// until that context ends).
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if st := s.tx(ctx); st != nil {
		return s.savepoint(ctx, st, fn)
	}
	tx := s.w.WithContext(ctx).Begin()
	if tx.Error != nil {
		return wrap("begin", tx.Error)
	}
	done := false
	defer func() {
		if !done { // fn failed or panicked
			tx.Rollback()
		}
	}()
	if err := fn(context.WithValue(ctx, txKey{s}, &txState{db: tx})); err != nil {
		return err
	}
	done = true
	if err := tx.Commit().Error; err != nil {
		return wrap("commit", err)
	}
	return nil
}

func (s *Store) savepoint(ctx context.Context, st *txState, fn func(ctx context.Context) error) error {
	inner := &txState{db: st.db, depth: st.depth + 1}
	name := fmt.Sprintf("tourney_sp%d", inner.depth)
	if err := st.db.WithContext(ctx).Exec("SAVEPOINT " + name).Error; err != nil {
		return wrap("savepoint", err)
	}
	done := false
	defer func() {
		if !done {
			// ROLLBACK TO keeps the savepoint open; RELEASE drops it, so
			// the outer transaction goes on as if fn had not run.
			st.db.Exec("ROLLBACK TO " + name)
			st.db.Exec("RELEASE " + name)
		}
	}()
	if err := fn(context.WithValue(ctx, txKey{s}, inner)); err != nil {
		return err
	}
	done = true
	if err := st.db.WithContext(ctx).Exec("RELEASE " + name).Error; err != nil {
		return wrap("release savepoint", err)
	}
	return nil
}
