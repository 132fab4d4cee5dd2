package api

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"sync"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Open event streams are limited: each holds a connection, its goroutines
// and a subscription until the client hangs up, so without a limit a
// client could open streams until the server runs out of memory. The
// spectators', the directors' and the tablets' streams have places of
// their own (streamPool): however many spectators' phones a hall holds,
// and whatever address they share with the director's laptop, the
// console and the tablets still get their live updates.
const (
	// DefaultMaxStreams is how many spectators' event streams (public
	// pages) may be open at once (serve --max-streams).
	DefaultMaxStreams = 1000
	// DefaultMaxStreamsPerAddress is how many of them one client address
	// may hold (serve --max-streams-per-address): enough for a hall's
	// projectors and spectators' phones behind one NAT.
	DefaultMaxStreamsPerAddress = 50
	// DefaultMaxStaffStreams is how many event streams the directors'
	// pages may hold at once, and again the signed-in tablets (serve
	// --max-staff-streams): places no spectator can take.
	DefaultMaxStaffStreams = 500
	// streamsPerTablet is how many streams one table's code may hold: a
	// tablet needs one (a page just reloaded holds its old one a moment),
	// and a code in the players' hands cannot take the other tables'
	// places.
	streamsPerTablet = 5
	// streamsRetryAfter is the Retry-After, in seconds, of a stream
	// refused because every place is taken.
	streamsRetryAfter = 30
)

// streamPool counts one kind of caller's open streams, in all and by key
// (a spectator's address, a tablet's table code).
type streamPool struct {
	who    string // the callers, as the refusal names them: "spectators"
	per    string // what a key is, as the refusal names it: "this address"
	max    int
	perKey int // 0: no limit by key
	open   int
	byKey  map[string]int
}

// The kinds of caller whose streams are counted apart.
const (
	spectatorStreams = iota
	directorStreams
	tabletStreams
	streamKinds
)

// streamGate counts the open event streams, in a pool for each kind of
// caller.
type streamGate struct {
	mu    sync.Mutex
	pools [streamKinds]streamPool
}

// streamLimits are the gate's numbers (Options; zero: the defaults).
type streamLimits struct{ max, perAddress, staff int }

func newStreamGate(l streamLimits) *streamGate {
	or := func(n, def int) int {
		if n <= 0 {
			return def
		}
		return n
	}
	staff := or(l.staff, DefaultMaxStaffStreams)
	return &streamGate{pools: [streamKinds]streamPool{
		spectatorStreams: {who: "spectators", per: "this address", max: or(l.max, DefaultMaxStreams),
			perKey: or(l.perAddress, DefaultMaxStreamsPerAddress), byKey: map[string]int{}},
		directorStreams: {who: "the directors' pages", max: staff, byKey: map[string]int{}},
		tabletStreams: {who: "tablets", per: "this table's tablets", max: staff,
			perKey: streamsPerTablet, byKey: map[string]int{}},
	}}
}

// streamCaller is whose places a stream takes: a kind of caller, and its
// key within the kind.
type streamCaller struct {
	kind int
	key  string
}

// callerOf is the caller a stream counts as: a director (any of the
// director's pages), a tablet signed in for the stream's tournament
// (tournamentID; 0: any), else a spectator, counted by address.
func callerOf(a service.Actor, tournamentID int64, clientIP string) streamCaller {
	switch {
	case a.IsDirector():
		return streamCaller{kind: directorStreams}
	case a.Kind == service.CredTable && (tournamentID == 0 || a.TournamentID == tournamentID):
		return streamCaller{kind: tabletStreams, key: fmt.Sprint(a.Holder())}
	}
	return streamCaller{kind: spectatorStreams, key: addressKey(clientIP)}
}

// enter takes a place for a stream of the caller, or says why there is
// none; leave gives the place back (once, however often called).
func (g *streamGate) enter(who streamCaller) (leave func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	p := &g.pools[who.kind]
	if p.perKey > 0 && p.byKey[who.key] >= p.perKey {
		return nil, service.Errorf(service.KindRateLimited, "too-many-streams",
			"%s already has %d live-update streams open; close some pages and try again", p.per, p.perKey)
	}
	if p.open >= p.max {
		e := service.Errorf(service.KindUnavailable, "streams-full",
			"the server has all the %d live-update streams it takes for %s open; try again later", p.max, p.who)
		e.Detail = service.RetryAfter{Seconds: streamsRetryAfter}
		return nil, e
	}
	p.open++
	p.byKey[who.key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			p.open--
			if p.byKey[who.key]--; p.byKey[who.key] <= 0 {
				delete(p.byKey, who.key)
			}
		})
	}, nil
}

// count is how many streams are open, of every kind.
func (g *streamGate) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, p := range g.pools {
		n += p.open
	}
	return n
}

// addressKey is what the per-address limit counts: the IPv4 address, or
// the IPv6 /64 (one household's or one phone's network, whose addresses a
// client may change at will).
func addressKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, err := ip.WithZone("").Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}

// streamNotices streams the notices subscribe returns to the console
// (withStreamPlace). The subscription is given back when the client goes
// away.
func (s *Server) streamNotices(c *gin.Context, subscribe func(context.Context) (<-chan []service.Notice, error)) {
	s.withStreamPlace(c, callerOf(actorOf(c), 0, c.ClientIP()), func(func() func()) error {
		ctx, cancel := context.WithCancel(c.Request.Context())
		defer cancel() // ends the subscription even if the stream stopped first
		ch, err := subscribe(ctx)
		if err != nil {
			return err
		}
		stream(ctx, c, ch)
		return nil
	})
}

// streamPublic streams a tournament's public notices (publicCast,
// withStreamPlace). Where it can, it takes the connection over from the
// HTTP server (takeConn) and returns at once: the stream's writer owns
// it, and gives back its place and its room when a write to it fails or
// the room ends, so that a hall of spectators' phones keeps no goroutine
// each on the server. Otherwise (HTTP/2) it waits until the client goes
// away. A tablet signed in for the tournament (its cookie, tourney_table) and a
// director take their places apart from the spectators' (callerOf).
func (s *Server) streamPublic(c *gin.Context, tournamentID int64) {
	a, _ := s.pageActor(c)
	if a.Holder() == 0 {
		a, _ = s.tabletActor(c) // a tablet following the round (its own cookie)
	}
	s.withStreamPlace(c, callerOf(a, tournamentID, c.ClientIP()), func(keep func() func()) error {
		var conn net.Conn
		m, err := s.cast.join(tournamentID, func() castSink {
			if cs := takeConn(c); cs != nil {
				conn = cs.conn
				return cs
			}
			return openEventStream(c)
		})
		if err != nil {
			return err
		}
		if conn != nil {
			leave := keep()
			m.own(func() {
				conn.Close()
				s.cast.leave(m)
				leave()
			})
			return nil
		}
		defer s.cast.leave(m)
		select {
		case <-m.done:
		case <-c.Request.Context().Done():
		}
		return nil
	})
}

// withStreamPlace runs a stream holding one of its caller's places among
// the open streams, if the stream limits let one more in: refused at once otherwise, before
// anything is subscribed or allocated for it. An error open returns (one
// it meets before the stream opens) is the answer. The place is given
// back when open returns, unless open keeps it (keep returns the function
// that gives it back, for whoever then owns the stream).
func (s *Server) withStreamPlace(c *gin.Context, who streamCaller, open func(keep func() func()) error) {
	leave, err := s.streams.enter(who)
	if err == nil {
		kept := false
		err = open(func() func() { kept = true; return leave })
		if !kept {
			leave()
		}
	}
	if err != nil {
		writeProblem(c, s.log, err)
	}
}
