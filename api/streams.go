package api

import (
	"context"
	"net"
	"net/netip"
	"sync"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Open event streams are limited: each holds a connection, its goroutines
// and a subscription until the client hangs up, so without a limit a
// client could open streams until the server runs out of memory.
const (
	// DefaultMaxStreams is how many event streams (console, public
	// updates) may be open at once in all (serve --max-streams).
	DefaultMaxStreams = 1000
	// DefaultMaxStreamsPerAddress is how many of them one client address
	// may hold (serve --max-streams-per-address): enough for a hall's
	// consoles, projectors and spectators' phones behind one NAT.
	DefaultMaxStreamsPerAddress = 50
	// streamsRetryAfter is the Retry-After, in seconds, of a stream
	// refused because every place is taken.
	streamsRetryAfter = 30
)

// streamGate counts the open event streams, in all and by client address.
type streamGate struct {
	mu         sync.Mutex
	max        int
	perAddress int
	open       int
	byAddress  map[string]int
}

func newStreamGate(most, perAddress int) *streamGate {
	if most <= 0 {
		most = DefaultMaxStreams
	}
	if perAddress <= 0 {
		perAddress = DefaultMaxStreamsPerAddress
	}
	return &streamGate{max: most, perAddress: perAddress, byAddress: map[string]int{}}
}

// enter takes a place for a stream from the client at addr, or says why
// there is none; leave gives the place back (once, however often called).
func (g *streamGate) enter(addr string) (leave func(), err error) {
	key := addressKey(addr)
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.byAddress[key] >= g.perAddress {
		return nil, service.Errorf(service.KindRateLimited, "too-many-streams",
			"this address already has %d live-update streams open; close some pages and try again", g.perAddress)
	}
	if g.open >= g.max {
		e := service.Errorf(service.KindUnavailable, "streams-full",
			"the server has all the %d live-update streams it takes open; try again later", g.max)
		e.Detail = service.RetryAfter{Seconds: streamsRetryAfter}
		return nil, e
	}
	g.open++
	g.byAddress[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.open--
			if g.byAddress[key]--; g.byAddress[key] <= 0 {
				delete(g.byAddress, key)
			}
		})
	}, nil
}

// count is how many streams are open.
func (g *streamGate) count() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.open
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
	s.withStreamPlace(c, func(func() func()) error {
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
// away.
func (s *Server) streamPublic(c *gin.Context, tournamentID int64) {
	s.withStreamPlace(c, func(keep func() func()) error {
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

// withStreamPlace runs a stream holding a place among the open streams,
// if the stream limits let one more in: refused at once otherwise, before
// anything is subscribed or allocated for it. An error open returns (one
// it meets before the stream opens) is the answer. The place is given
// back when open returns, unless open keeps it (keep returns the function
// that gives it back, for whoever then owns the stream).
func (s *Server) withStreamPlace(c *gin.Context, open func(keep func() func()) error) {
	leave, err := s.streams.enter(c.ClientIP())
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
