package service

import (
	"context"
	"sync"
	"time"
)

// Notice tells a watching console that something changed; the console
// then reads what it needs. Notices are hints, not the record: a slow
// watcher may miss some, and the state it reads is always whole.
type Notice struct {
	Kind         string    `json:"kind"` // "game"
	TournamentID int64     `json:"tournament_id"`
	GameID       int64     `json:"game_id,omitempty"`
	Round        int       `json:"round,omitempty"`
	Table        int       `json:"table,omitempty"`
	Turn         int       `json:"turn,omitempty"`
	Status       string    `json:"status,omitempty"`
	Flag         string    `json:"flag,omitempty"` // what needs the director's attention, if anything
	At           time.Time `json:"at"`
	// Highlight is a "highlight" notice's moment (see highlights.go).
	Highlight *Highlight `json:"highlight,omitempty"`
}

// notices fans notices out to the watchers of each tournament: the
// director's consoles hear each notice at once; the public streams hear
// them paced (see publicPace).
type notices struct {
	mu     sync.Mutex
	rooms  map[int64]*noticeRoom
	closed bool
	// pending are the notices not yet handed to the watchers, in order;
	// delivering: a goroutine is handing them out (fanOut).
	qmu        sync.Mutex
	pending    []Notice
	delivering bool
}

// noticeRoom is who watches one tournament. A watcher is sent batches of
// notices, in order; a batch is shared by every watcher it is sent to and
// never changed.
type noticeRoom struct {
	consoles map[chan []Notice]struct{} // consoleView, each notice at once
	public   map[chan []Notice]struct{} // publicView, paced
	// The public notices not yet sent, and when the last batch went out;
	// timer sends the next one when its time comes.
	waiting []Notice
	last    time.Time
	timer   *time.Timer
}

// publicPace is the least time between two batches of public notices of a
// tournament. A notice that finds the last batch older than that goes out
// at once; those that come sooner wait for the next batch together. A
// hall's spectators, hundreds of phones each on its own stream, are then
// woken a few times a second however busy the tables are (each notice
// only tells a page to read itself again, which it waits to do anyway),
// rather than once for every turn at every table.
const publicPace = 250 * time.Millisecond

// Notice kinds besides "game": a result entered or amended, a round
// paired or its pairings changed, a player withdrawn, reinstated or
// entered late. Each carries the tournament and, where one applies, the
// round; whoever watches re-reads what it shows.
const (
	NoticeGame     = "game"
	NoticeResult   = "result"
	NoticePairings = "pairings"
	NoticePlayers  = "players"
	// NoticeTournament: the tournament itself changed (its name, current
	// round or settings, the broadcast delay among them).
	NoticeTournament = "tournament"
	// NoticeTurn (public only): a turn at a table in play; NoticeHighlight:
	// a moment for the room, with its Highlight.
	NoticeTurn      = "turn"
	NoticeHighlight = "highlight"
)

// Watch subscribes the director to a tournament's notices, each in a
// batch of its own as it happens, until ctx ends or the service closes;
// the channel is closed then.
func (s *Service) Watch(ctx context.Context, a Actor, tournamentID int64) (<-chan []Notice, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	return s.watch(ctx, tournamentID, false)
}

// consoleView is a notice as the console hears it: every one but the
// highlights, which are for the public pages.
func consoleView(no Notice) (Notice, bool) {
	return no, no.Kind != NoticeHighlight
}

// Batches a watcher may fall behind by before it misses some: a console
// reads each notice for the row it names; a public page only needs to
// hear that something changed, and reads itself again once things are
// quiet.
const (
	consoleBuffer = 64
	publicBuffer  = 4
)

// WatchPublic subscribes anyone to what the public pages show changing:
// the notices of a tournament, stripped to their kind and round, and of
// games only those that finished (a game in play is not public), in
// batches at most every publicPace.
func (s *Service) WatchPublic(ctx context.Context, tournamentID int64) (<-chan []Notice, error) {
	return s.watch(ctx, tournamentID, true)
}

// publicView is a notice as the public may see it.
func publicView(no Notice) (Notice, bool) {
	switch {
	case no.Kind == NoticeHighlight:
		return no, true // made for the public, behind the broadcast delay
	case no.Kind == NoticeGame && no.Status != StatusFinished:
		// The live boards hear that a table moved; what they then read
		// is behind the broadcast delay.
		return Notice{Kind: NoticeTurn, TournamentID: no.TournamentID, Round: no.Round, Table: no.Table, At: no.At}, true
	}
	return Notice{Kind: no.Kind, TournamentID: no.TournamentID, Round: no.Round, At: no.At}, true
}

// watch subscribes to a tournament's notices, as the public hears them or
// as the console does. Nothing runs for the watch while it lasts: when
// ctx ends, it is dropped and the channel closed (context.AfterFunc).
func (s *Service) watch(ctx context.Context, tournamentID int64, public bool) (<-chan []Notice, error) {
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	n := &s.notices
	ch := make(chan []Notice, consoleBuffer)
	if public {
		ch = make(chan []Notice, publicBuffer)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		close(ch)
		return ch, nil
	}
	if n.rooms == nil {
		n.rooms = map[int64]*noticeRoom{}
	}
	room := n.rooms[tournamentID]
	if room == nil {
		room = &noticeRoom{consoles: map[chan []Notice]struct{}{}, public: map[chan []Notice]struct{}{}}
		n.rooms[tournamentID] = room
	}
	set := room.consoles
	if public {
		set = room.public
	}
	set[ch] = struct{}{}
	context.AfterFunc(ctx, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if _, ok := set[ch]; !ok {
			return // closed with the service
		}
		delete(set, ch)
		close(ch)
		if len(room.public) == 0 {
			room.waiting = nil
		}
		if room.watchers() == 0 {
			if room.timer != nil {
				room.timer.Stop()
			}
			delete(n.rooms, tournamentID)
		}
	})
	return ch, nil
}

// watchers is how many watch the room's tournament.
func (r *noticeRoom) watchers() int {
	return len(r.consoles) + len(r.public)
}

// Watchers is how many watches are open in this process.
func (s *Service) Watchers() int {
	n := &s.notices
	n.mu.Lock()
	defer n.mu.Unlock()
	count := 0
	for _, room := range n.rooms {
		count += room.watchers()
	}
	return count
}

// changeTournament runs fn in a transaction and, once it is committed,
// tells the tournament's watchers a notice of kind about round.
func (s *Service) changeTournament(ctx context.Context, tournamentID int64, kind string, round int, fn func(ctx context.Context) error) error {
	return s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := fn(ctx); err != nil {
			return err
		}
		s.Store.AfterCommit(ctx, func() {
			s.publish(Notice{Kind: kind, TournamentID: tournamentID, Round: round, At: s.now()})
		})
		return nil
	})
}

// publish sends a notice to every watcher of its tournament, here and in
// the other processes sharing the database (see Change).
func (s *Service) publish(no Notice) {
	s.fanOut(no)
	s.Store.Broadcast(context.Background(), Change{Notice: &no})
	s.highlightsAfter(no)
	s.autoPairAfter(no)
}

// fanOut sends a notice to this process's watchers of its tournament,
// dropping it for a watcher whose buffer is full rather than waiting.
// What is built for the public learns of it at once; the watchers are
// handed it by a goroutine of its own (deliver), so that the request that
// made the change does not wait while hundreds of spectators' streams are
// woken.
func (s *Service) fanOut(no Notice) {
	s.marks.noticed(no)
	s.feeds.noticed(no)
	s.lives.noticed(no)
	s.highlights.noticed(no)
	n := &s.notices
	n.qmu.Lock()
	n.pending = append(n.pending, no)
	start := !n.delivering
	n.delivering = true
	n.qmu.Unlock()
	if start {
		go n.deliver()
	}
}

// deliver hands the pending notices to the watchers, in order, until none
// are left.
func (n *notices) deliver() {
	for {
		n.qmu.Lock()
		batch := n.pending
		n.pending = nil
		if len(batch) == 0 {
			n.delivering = false
			n.qmu.Unlock()
			return
		}
		n.qmu.Unlock()
		for _, no := range batch {
			n.send(no)
		}
	}
}

// send hands one notice to the consoles watching its tournament, and
// puts it in the next batch for the public ones.
func (n *notices) send(no Notice) {
	n.mu.Lock()
	defer n.mu.Unlock()
	room := n.rooms[no.TournamentID]
	if room == nil {
		return
	}
	if seen, ok := consoleView(no); ok && len(room.consoles) > 0 {
		batch := []Notice{seen}
		for ch := range room.consoles {
			offer(ch, batch)
		}
	}
	if seen, ok := publicView(no); ok && len(room.public) > 0 {
		room.waiting = append(room.waiting, seen)
		n.pace(no.TournamentID, room)
	}
}

// pace sends the room's waiting public notices now if the last batch is
// publicPace old, else sets the timer that sends them when it is. The
// caller holds n.mu.
func (n *notices) pace(tournamentID int64, room *noticeRoom) {
	if room.timer != nil {
		return // the next batch is set
	}
	wait := publicPace - time.Since(room.last)
	if wait <= 0 {
		room.sendWaiting()
		return
	}
	room.timer = time.AfterFunc(wait, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.rooms[tournamentID] == room && !n.closed {
			room.timer = nil
			room.sendWaiting()
		}
	})
}

// sendWaiting sends the waiting public notices as one batch.
func (r *noticeRoom) sendWaiting() {
	batch := r.waiting
	r.waiting = nil
	r.last = time.Now()
	for ch := range r.public {
		offer(ch, batch)
	}
}

// offer sends a watcher a batch, or drops it for a watcher whose buffer
// is full rather than waiting.
func offer(ch chan []Notice, batch []Notice) {
	select {
	case ch <- batch:
	default:
	}
}

// gameNotice announces a change to a game.
func (s *Service) gameNotice(g *Game, turn int, status, flag string) {
	s.publish(Notice{Kind: NoticeGame, TournamentID: g.TournamentID, GameID: g.ID, Round: g.Round, Table: g.Table,
		Turn: turn, Status: status, Flag: flag, At: s.now()})
}

// viewNotice announces a game from its view, with its latest flag.
func (s *Service) viewNotice(v *GameView) {
	if v == nil {
		return
	}
	flag := ""
	if n := len(v.Flags); n > 0 {
		flag = v.Flags[n-1].Flag
	}
	turn := 0 // the latest entry's turn number
	if n := len(v.Turns); n > 0 {
		turn = v.Turns[n-1].Turn
	}
	s.publish(Notice{Kind: NoticeGame, TournamentID: v.TournamentID, GameID: v.ID, Round: v.Round, Table: v.Table,
		Turn: turn, Status: v.Status, Flag: flag, At: s.now()})
}

// Close ends every watch, so that a server can shut down without waiting
// for consoles to hang up.
func (s *Service) Close() {
	n := &s.notices
	n.mu.Lock()
	defer n.mu.Unlock()
	n.closed = true
	for _, room := range n.rooms {
		if room.timer != nil {
			room.timer.Stop()
		}
		for _, set := range []map[chan []Notice]struct{}{room.consoles, room.public} {
			for ch := range set {
				close(ch)
				delete(set, ch)
			}
		}
	}
	n.rooms = nil
}
