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

// notices fans notices out to the watchers of each tournament, each
// through its view.
type notices struct {
	mu     sync.Mutex
	subs   map[int64]map[chan Notice]noticeView
	closed bool
	// pending are the notices not yet handed to the watchers, in order;
	// delivering: a goroutine is handing them out (fanOut).
	qmu        sync.Mutex
	pending    []Notice
	delivering bool
}

// noticeView is what a watcher is told of a notice, and whether at all;
// nil: the notice as it is.
type noticeView func(Notice) (Notice, bool)

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

// Watch subscribes the director to a tournament's notices until ctx ends
// or the service closes; the channel is closed then.
func (s *Service) Watch(ctx context.Context, a Actor, tournamentID int64) (<-chan Notice, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	return s.watch(ctx, tournamentID, consoleBuffer, consoleView)
}

// consoleView is a notice as the console hears it: every one but the
// highlights, which are for the public pages.
func consoleView(no Notice) (Notice, bool) {
	return no, no.Kind != NoticeHighlight
}

// Notices a watcher may fall behind by before it misses some: a console
// reads each for the row it names; a public page only needs to hear that
// something changed, and reads itself again once things are quiet.
const (
	consoleBuffer = 64
	publicBuffer  = 4
)

// WatchPublic subscribes anyone to what the public pages show changing:
// the notices of a tournament, stripped to their kind and round, and of
// games only those that finished (a game in play is not public).
func (s *Service) WatchPublic(ctx context.Context, tournamentID int64) (<-chan Notice, error) {
	return s.watch(ctx, tournamentID, publicBuffer, publicView)
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

// watch subscribes to a tournament's notices through view, with room for
// buffer of them. Nothing runs for the watch while it lasts: when ctx
// ends, it is dropped and the channel closed (context.AfterFunc).
func (s *Service) watch(ctx context.Context, tournamentID int64, buffer int, view noticeView) (<-chan Notice, error) {
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	n := &s.notices
	ch := make(chan Notice, buffer)
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.closed {
		close(ch)
		return ch, nil
	}
	if n.subs == nil {
		n.subs = map[int64]map[chan Notice]noticeView{}
	}
	if n.subs[tournamentID] == nil {
		n.subs[tournamentID] = map[chan Notice]noticeView{}
	}
	n.subs[tournamentID][ch] = view
	context.AfterFunc(ctx, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if _, ok := n.subs[tournamentID][ch]; ok {
			delete(n.subs[tournamentID], ch)
			close(ch)
			if len(n.subs[tournamentID]) == 0 {
				delete(n.subs, tournamentID)
			}
		}
	})
	return ch, nil
}

// Watchers is how many watches are open in this process.
func (s *Service) Watchers() int {
	n := &s.notices
	n.mu.Lock()
	defer n.mu.Unlock()
	count := 0
	for _, subs := range n.subs {
		count += len(subs)
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
}

// fanOut sends a notice to this process's watchers of its tournament,
// dropping it for a watcher whose buffer is full rather than waiting.
// What is built for the public learns of it at once; the watchers are
// handed it by a goroutine of its own (deliver), so that the request that
// made the change does not wait while hundreds of spectators' streams are
// woken.
func (s *Service) fanOut(no Notice) {
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

// send hands one notice to each watcher of its tournament, through its
// view.
func (n *notices) send(no Notice) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for ch, view := range n.subs[no.TournamentID] {
		seen, ok := no, true
		if view != nil {
			seen, ok = view(no)
		}
		if !ok {
			continue
		}
		select {
		case ch <- seen:
		default:
		}
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
	s.publish(Notice{Kind: NoticeGame, TournamentID: v.TournamentID, GameID: v.ID, Round: v.Round, Table: v.Table,
		Turn: v.NextTurn - 1, Status: v.Status, Flag: flag, At: s.now()})
}

// Close ends every watch, so that a server can shut down without waiting
// for consoles to hang up.
func (s *Service) Close() {
	n := &s.notices
	n.mu.Lock()
	defer n.mu.Unlock()
	n.closed = true
	for _, subs := range n.subs {
		for ch := range subs {
			close(ch)
		}
	}
	n.subs = nil
}
