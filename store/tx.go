package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// txKey is the context key under which InTx puts its transaction. It holds
// the Store, so that a transaction of one Store is never picked up by
// another (tests open several).
type txKey struct{ s *Store }

// Group commit. A durable commit costs an fsync of the WAL, which on this
// kind of disk is most of what a turn's transaction costs. So the InTx
// calls that write at about the same time share one SQLite transaction (a
// batch) and one commit: each writes inside a savepoint of its own, which
// undoes only its writes if it fails, and when it is done it either hands
// the open transaction to the next writer waiting at writeGate or, when
// nobody waits, commits the batch. Every member waits for that commit
// before InTx returns, so nothing is acknowledged before it is on disk,
// and a failed commit is reported to every member. See
// BenchmarkAppendTurn/parallel and api's BenchmarkTurnEntry.
const (
	// defaultBatchMembers and defaultBatchAge bound how long the first
	// member of a batch waits for the commit while later writers join it.
	defaultBatchMembers = 64
	defaultBatchAge     = 10 * time.Millisecond
	// memberSavepoint brackets one member's writes in a batch.
	memberSavepoint = "tourney_member"
)

// batch is one SQLite transaction shared by the members of a group commit.
// Its fields are guarded by writeGate, except err, which is written before
// done is closed and read after.
type batch struct {
	db      *gorm.DB // the transaction
	started time.Time
	members int   // InTx calls whose writes are in it, waiting for the commit
	broken  error // a member's writes could not be undone: commit nothing
	done    chan struct{}
	err     error // the commit's outcome
}

// txRoot is one InTx call's transaction, joined lazily: reads made before
// its first write go to the reader connections (a consistent, committed
// snapshot), and only the first write takes writeGate and joins the open
// batch (or begins one with BEGIN IMMEDIATE). The single write lock is
// thus held for the writes, not for the reading and computing that
// precede them, which is what lets many tables enter turns at once. The
// service checks, once it holds the lock, that what it read has not
// changed (see service.guardHistory); that check reads inside the batch,
// so it sees the writes of the members before it.
type txRoot struct {
	db       *gorm.DB // nil until the first write
	batch    *batch   // the batch joined; nil if BEGIN failed
	beginErr error    // why BEGIN failed
	locked   bool     // holds s.writeGate
	after    []func() // AfterCommit's, run once the writes are committed
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

// begin joins the open batch, or begins one, for root's first write.
// writeGate queues writers in arrival order: database/sql hands a freed
// connection to a random waiter, which gave some turns seconds of latency
// under load. waiting counts the writers queued there, so that a member
// finishing knows whether to hand the batch on.
func (s *Store) begin(root *txRoot) *gorm.DB {
	if root.db != nil {
		return root.db
	}
	s.waiting.Add(1)
	s.writeGate.Lock()
	s.waiting.Add(-1)
	root.locked = true
	b := s.open
	if b == nil {
		// The batch outlives the request that began it, so its BEGIN
		// must not be tied to that request's context.
		tx := s.w.WithContext(context.Background()).Begin()
		if tx.Error != nil {
			root.db, root.beginErr = tx, tx.Error
			return root.db
		}
		b = &batch{db: tx, started: time.Now(), done: make(chan struct{})}
		s.open = b
	}
	if err := b.db.Exec("SAVEPOINT " + memberSavepoint).Error; err != nil && b.broken == nil {
		b.broken = err
	}
	root.db, root.batch = b.db, b
	return root.db
}

// leave ends root's part in its batch: its writes are kept if ok, else
// undone. It then hands the batch to the next writer queued at writeGate,
// or commits it (or rolls it back, if it holds nothing). It returns the
// commit's outcome, to a member that did not keep its writes too when
// the batch held other members' writes: such a member read them (its
// refusal may rest on them), so if they are lost its answer must not
// stand. Otherwise nil for one that did not keep its writes (its own
// error is what its InTx reports).
func (s *Store) leave(root *txRoot, ok bool) error {
	b, beginErr := root.batch, root.beginErr
	root.db, root.batch, root.beginErr = nil, nil, nil
	if b == nil { // BEGIN failed: there is no batch
		s.unlock(root)
		if ok {
			return wrap("begin", beginErr)
		}
		return nil
	}
	if ok {
		if err := b.db.Exec("RELEASE " + memberSavepoint).Error; err != nil && b.broken == nil {
			b.broken = err
		}
		b.members++
	} else if err := b.db.Exec("ROLLBACK TO " + memberSavepoint).Error; err != nil {
		// SQLite rolled the whole transaction back on its own (an I/O
		// error, a full disk): the other members' writes are gone too.
		if b.broken == nil {
			b.broken = err
		}
	} else {
		b.db.Exec("RELEASE " + memberSavepoint)
	}
	sawOthers := b.members > 0 // members before this one kept writes it could read
	if b.members > 0 && b.broken == nil && s.waiting.Load() > 0 &&
		b.members < s.batchMembers && time.Since(b.started) < s.batchAge {
		s.unlock(root) // the next writer joins b
		<-b.done
		return b.err
	}
	s.open = nil
	switch {
	case b.broken != nil:
		b.db.Rollback()
		b.err = wrap("commit", b.broken)
	case b.members == 0:
		b.db.Rollback()
	default:
		var err error
		if s.commitFault != nil {
			err = s.commitFault()
		}
		if err != nil {
			b.db.Rollback()
		} else {
			err = b.db.Commit().Error
		}
		if err != nil {
			b.err = wrap("commit", err)
		}
		s.commits.Add(1)
	}
	close(b.done)
	s.unlock(root)
	if !ok && !sawOthers {
		return nil
	}
	return b.err
}

func (s *Store) unlock(root *txRoot) {
	if root.locked {
		root.locked = false
		s.writeGate.Unlock()
	}
}

// writer is the handle for a write: the transaction in ctx (joined now if
// this is its first write), else the writer connection (the statement
// then commits on its own).
func (s *Store) writer(ctx context.Context) *gorm.DB {
	if st := s.tx(ctx); st != nil {
		return s.begin(st.root).WithContext(ctx)
	}
	return s.w.WithContext(s.stmtCtx(ctx))
}

// reader is the handle for a read: the transaction in ctx once it has
// written, so that it sees its own writes; else a reader connection.
func (s *Store) reader(ctx context.Context) *gorm.DB {
	if st := s.tx(ctx); st != nil && st.root.db != nil {
		return st.root.db.WithContext(ctx)
	}
	return s.r.WithContext(s.stmtCtx(ctx))
}

// stmtCtx is the context a statement outside a transaction runs under.
// The SQLite driver runs a statement whose context can be canceled in a
// goroutine of its own, one per row read, so as to interrupt it: every
// turn a table enters then started dozens, each queued behind whatever
// else the server was doing. SQLite's statements are short and local, so
// they run to their end, as those of a transaction do (InTx); PostgreSQL's
// keep the request's cancellation (a query on a busy server may wait).
func (s *Store) stmtCtx(ctx context.Context) context.Context {
	if s.pg || ctx.Done() == nil {
		return ctx
	}
	return context.WithoutCancel(ctx)
}

// InTx runs fn in one transaction, carried to the Store methods fn calls
// by the context fn receives. Its writes are committed if fn returns nil
// and undone if fn returns an error or panics (the panic goes on up). The
// commit is durable: synchronous=FULL fsyncs the WAL before COMMIT
// returns, and InTx returns only after the commit of the batch its writes
// are in (see batch).
//
// fn's context does not carry ctx's cancellation: SQLite answers an
// interrupted write inside a transaction by rolling the whole transaction
// back, which would take the other members of the batch with it. Instead,
// if ctx is canceled by the time fn returns, fn's writes are undone (by
// its savepoint) and InTx fails.
//
// Called inside another InTx (ctx already carries a transaction), it runs
// fn in that same transaction: fn's writes are undone if fn fails (by a
// savepoint, or by leaving the batch fn itself joined), and committed only
// when the outermost InTx's are.
//
// The writer has one connection, which the batch holds until it commits:
// inside fn, use the ctx fn is given. A write made with another context
// waits for that connection, and so for ever.
func (s *Store) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if st := s.tx(ctx); st != nil {
		return s.nested(ctx, st, fn)
	}
	root := &txRoot{}
	done := false
	defer func() {
		if !done && root.db != nil { // fn failed or panicked
			if lerr := s.leave(root, false); lerr != nil {
				err = lerr // what fn saw of other members' writes is lost
			}
		}
	}()
	fnCtx := context.WithValue(context.WithoutCancel(ctx), txKey{s}, &txState{root: root})
	if err := fn(fnCtx); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return wrap("commit", err) // the deferred leave undoes fn's writes
	}
	done = true
	if root.db != nil {
		if err := s.leave(root, true); err != nil {
			return err
		}
	}
	for _, f := range root.after {
		f()
	}
	return nil
}

// AfterCommit runs f once the writes made in ctx's transaction are
// committed, and never if they are undone; outside a transaction, at once.
// What a change tells others (a cache, a notice to the director's console)
// must wait for it to be on disk: a request that is part of a larger one
// (the Idempotency-Key middleware wraps the handler's transaction in its
// own) may yet be rolled back after its own InTx returned.
func (s *Store) AfterCommit(ctx context.Context, f func()) {
	if st := s.tx(ctx); st != nil {
		st.root.after = append(st.root.after, f)
		return
	}
	f()
}

func (s *Store) nested(ctx context.Context, st *txState, fn func(ctx context.Context) error) error {
	inner := &txState{root: st.root, depth: st.depth + 1}
	after := len(st.root.after)
	if st.root.db == nil {
		// Nothing written yet: if fn fails, whatever it joined is all
		// there is to undo.
		done := false
		defer func() {
			if !done {
				st.root.after = st.root.after[:after]
				if st.root.db != nil {
					s.leave(st.root, false)
				}
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
			st.root.after = st.root.after[:after]
			if err := db.Exec("ROLLBACK TO " + name).Error; err != nil {
				// SQLite ended the whole transaction: so must the batch.
				if b := st.root.batch; b != nil && b.broken == nil {
					b.broken = err
				}
				return
			}
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
