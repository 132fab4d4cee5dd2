package api

import (
	"context"
	"runtime"
	"sync"
	"time"

	"tourney/service"
)

// publicCast writes the public update streams. For each tournament
// watched in this server there is one subscription to its public notices
// and one goroutine that writes each batch of them, encoded once, to
// every open stream in turn. A hall's spectators are hundreds of phones:
// a batch told to them all wakes one goroutine, not hundreds (which would
// queue ahead of the next turn a table sends), and takes one processor
// at a time, however many tournaments are watched (the lane).
//
// Over HTTP/1.1 the writer takes each stream's connection over from the
// HTTP server (connStream): no goroutine waits on a spectator's stream
// (two did, and with hundreds of phones their stacks lengthened every
// garbage collection the tables' turns ran into). Once a second it peeks
// at those connections for clients that hung up (peerClosed).
type publicCast struct {
	mu    sync.Mutex
	rooms map[int64]*castRoom
	// lane: the writers write a batch to all its streams holding a place
	// in it (half the processors, at least one).
	lane chan struct{}
	// subscribe is the service's WatchPublic (a test's stand-in).
	subscribe func(ctx context.Context, tournamentID int64) (<-chan []service.Notice, error)
}

// castRoom is the open public streams of one tournament.
type castRoom struct {
	members map[*castMember]struct{}
	cancel  context.CancelFunc // ends the subscription
}

// castMember is one open public stream.
type castMember struct {
	tournamentID int64
	room         *castRoom
	mu           sync.Mutex // held while it is written
	out          castSink
	gone         bool          // ended: never written again
	done         chan struct{} // closed when it ends
	// release, for a stream whose connection the writer owns (connStream),
	// gives back what its handler would have: run once, after it ends.
	release func()
}

// castSink is where a public stream is written: the HTTP response, whose
// handler waits until the stream ends (eventStream), or the connection
// itself, taken over from the HTTP server (connStream), which nothing
// waits on.
type castSink interface {
	send(p []byte, wait time.Duration) bool
}

// castSweep is how often the writer looks for streams whose clients hung
// up (peerClosed), giving back their places and rooms.
const castSweep = time.Second

// laneWriteWait is how long one write to a public stream may take: a
// spectator that stops reading loses its stream (its page reconnects by
// itself) rather than holding up the others.
var laneWriteWait = time.Second

func newPublicCast(subscribe func(ctx context.Context, tournamentID int64) (<-chan []service.Notice, error)) *publicCast {
	return &publicCast{rooms: map[int64]*castRoom{}, subscribe: subscribe,
		lane: make(chan struct{}, max(1, runtime.GOMAXPROCS(0)/2))}
}

// join opens a public stream of a tournament's notices: subscribed to
// them if it is the first of the tournament's streams here, then the
// stream opened (open) and told it is watching, before any batch is
// written to it. The stream is written until it ends (done) or leaves.
func (p *publicCast) join(tournamentID int64, open func() castSink) (*castMember, error) {
	m := &castMember{tournamentID: tournamentID, done: make(chan struct{})}
	m.mu.Lock()
	defer m.unlock()
	if err := p.add(m); err != nil {
		return nil, err
	}
	m.out = open()
	m.sendLocked(watchingLine)
	return m, nil
}

// own hands a stream to the writer for good (its connection taken over:
// no handler waits on it): release runs once it ends, at once if it
// already has.
func (m *castMember) own(release func()) {
	m.mu.Lock()
	defer m.unlock()
	m.release = release
}

// add puts m among its tournament's streams, subscribing first if it is
// the first.
func (p *publicCast) add(m *castMember) error {
	tournamentID := m.tournamentID
	p.mu.Lock()
	defer p.mu.Unlock()
	room := p.rooms[tournamentID]
	if room == nil {
		ctx, cancel := context.WithCancel(context.Background())
		ch, err := p.subscribe(ctx, tournamentID)
		if err != nil {
			cancel()
			return err
		}
		room = &castRoom{members: map[*castMember]struct{}{}, cancel: cancel}
		p.rooms[tournamentID] = room
		go p.write(tournamentID, room, ch)
	}
	room.members[m] = struct{}{}
	m.room = room
	return nil
}

// leave takes a stream out of its room, once its handler is done with
// it; the last one out ends the subscription.
func (p *publicCast) leave(m *castMember) {
	m.end()
	p.mu.Lock()
	defer p.mu.Unlock()
	room := m.room
	delete(room.members, m)
	if len(room.members) == 0 {
		room.cancel()
		if p.rooms[m.tournamentID] == room {
			delete(p.rooms, m.tournamentID)
		}
	}
}

// write writes each batch of the subscription, and a heartbeat when
// nothing happens, to every stream of the room, until the subscription
// ends. If it ends while streams are open (the service closing), it ends
// them.
func (p *publicCast) write(tournamentID int64, room *castRoom, ch <-chan []service.Notice) {
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	sweep := time.NewTicker(castSweep)
	defer sweep.Stop()
	var buf []byte
	for {
		var out []byte
		select {
		case batch, open := <-ch:
			if !open {
				p.endRoom(tournamentID, room)
				return
			}
			buf = encodeNotices(buf[:0], batch)
			// What came meanwhile goes out in the same write.
			for more := len(ch); more > 0; more-- {
				buf = encodeNotices(buf, <-ch)
			}
			out = buf
		case <-tick.C:
			out = heartbeatLine
		case <-sweep.C:
			for _, m := range p.members(room) {
				m.endIfHungUp()
			}
			continue
		}
		p.lane <- struct{}{}
		for _, m := range p.members(room) {
			m.send(out)
		}
		<-p.lane
	}
}

// members are the room's streams now.
func (p *publicCast) members(room *castRoom) []*castMember {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*castMember, 0, len(room.members))
	for m := range room.members {
		out = append(out, m)
	}
	return out
}

// endRoom ends every stream of a room whose subscription ended.
func (p *publicCast) endRoom(tournamentID int64, room *castRoom) {
	for _, m := range p.members(room) {
		m.end()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.rooms[tournamentID] == room {
		delete(p.rooms, tournamentID)
	}
}

// send writes out to the stream, unless it has ended; a write that fails
// or takes longer than laneWriteWait ends it.
func (m *castMember) send(out []byte) {
	m.mu.Lock()
	defer m.unlock()
	m.sendLocked(out)
}

func (m *castMember) sendLocked(out []byte) {
	if !m.gone && !m.out.send(out, laneWriteWait) {
		m.endLocked()
	}
}

// unlock unlocks m and, if it has ended, runs its release (once, and
// outside the lock: a release leaves the room).
func (m *castMember) unlock() {
	var release func()
	if m.gone {
		release, m.release = m.release, nil
	}
	m.mu.Unlock()
	if release != nil {
		release()
	}
}

// endIfHungUp ends a stream whose connection the writer owns once its
// client has hung up (nothing reads from such a connection, so nothing
// else would notice before a write failed).
func (m *castMember) endIfHungUp() {
	m.mu.Lock()
	defer m.unlock()
	if cs, ok := m.out.(*connStream); ok && !m.gone && peerClosed(cs.conn) {
		m.endLocked()
	}
}

// end ends the stream: its handler returns, and it is never written
// again (once end returns, nothing writes to it).
func (m *castMember) end() {
	m.mu.Lock()
	defer m.unlock()
	m.endLocked()
}

func (m *castMember) endLocked() {
	if !m.gone {
		m.gone = true
		close(m.done)
	}
}
