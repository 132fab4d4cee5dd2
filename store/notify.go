package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"tourney/service"
)

// Several processes on one PostgreSQL database tell each other what they
// cache or stream with NOTIFY on one channel per schema, and each LISTENs
// on a connection of its own (bus). A message carries its sender's id, so
// that a process does not hear itself. On SQLite there is one process, and
// Broadcast and Listen do nothing.

// bus is one process's end of the channel.
type bus struct {
	url, channel, self string
	db                 *sql.DB     // where messages sent outside a transaction go
	out                chan []byte // those messages, sent in order by sender
	mu                 sync.Mutex  // guards fns
	fns                []func(service.Change)
	stop               context.CancelFunc
	done               sync.WaitGroup
	first              *pgx.Conn // the listening connection made by startBus
}

type envelope struct {
	From   string         `json:"from"`
	Change service.Change `json:"change"`
}

// startBus listens on channel before it returns, so that whatever another
// process sends after this one has opened its store is heard.
func startBus(ctx context.Context, url, channel string) (*bus, error) {
	id := make([]byte, 8)
	rand.Read(id)
	db, err := openPostgresDB(url, false)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	b := &bus{url: url, channel: channel, self: hex.EncodeToString(id), db: db, out: make(chan []byte, 1024)}
	conn, err := b.listen(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	b.first = conn
	bg, stop := context.WithCancel(context.Background())
	b.stop = stop
	b.done.Add(2)
	go b.receive(bg)
	go b.send(bg)
	return b, nil
}

func (b *bus) listen(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, b.url)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{b.channel}.Sanitize()); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return conn, nil
}

// receive hands every message of another process to the listeners. If the
// connection is lost it listens again, and tells the listeners to resync:
// what was sent meanwhile is lost.
func (b *bus) receive(ctx context.Context) {
	defer b.done.Done()
	conn := b.first
	for {
		for conn != nil {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				conn.Close(context.Background())
				conn = nil
				break
			}
			var e envelope
			if json.Unmarshal([]byte(n.Payload), &e) != nil || e.From == b.self {
				continue
			}
			b.deliver(e.Change)
		}
		if ctx.Err() != nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
		if c, err := b.listen(ctx); err == nil {
			conn = c
			b.deliver(service.Change{Resync: true})
		}
	}
}

func (b *bus) deliver(c service.Change) {
	b.mu.Lock()
	fns := b.fns
	b.mu.Unlock()
	for _, f := range fns {
		f(c)
	}
}

// send sends the messages queued outside a transaction, in order.
func (b *bus) send(ctx context.Context) {
	defer b.done.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case p := <-b.out:
			b.db.ExecContext(ctx, `SELECT pg_notify($1, $2)`, b.channel, string(p))
		}
	}
}

func (b *bus) close() error {
	if b == nil {
		return nil
	}
	b.stop()
	b.done.Wait()
	return b.db.Close()
}

// Broadcast tells the other processes on this database about a change.
// Inside a transaction it goes with the transaction's commit (NOTIFY is
// transactional), and not at all if its writes are undone; outside one it
// is queued and sent at once, dropped if the queue is full (what goes
// outside a transaction is a hint: a notice to a watching console).
func (s *Store) Broadcast(ctx context.Context, c service.Change) error {
	if s.bus == nil {
		return nil
	}
	p, err := json.Marshal(envelope{From: s.bus.self, Change: c})
	if err != nil {
		return wrap("broadcast", err)
	}
	if s.tx(ctx) != nil {
		return wrap("broadcast", s.writer(ctx).Exec(`SELECT pg_notify(?, ?)`, s.bus.channel, string(p)).Error)
	}
	select {
	case s.bus.out <- p:
	default:
	}
	return nil
}

// Listen has f called with each change another process broadcasts, one at
// a time, in the order sent; f must not block. It reports whether other
// processes may share the database: on PostgreSQL.
func (s *Store) Listen(f func(service.Change)) bool {
	if s.bus == nil {
		return false
	}
	s.bus.mu.Lock()
	defer s.bus.mu.Unlock()
	s.bus.fns = append(s.bus.fns, f)
	return true
}

func parseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err == nil && !strings.HasPrefix(u.Scheme, "postgres") {
		err = errNoPostgres
	}
	return u, err
}
