package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// heartbeat keeps idle event streams open through proxies and lets a
// console notice a dead connection.
const heartbeat = 15 * time.Second

// streamWriteWait is how long one write to an event stream may take: a
// client that stops reading without hanging up loses its stream then,
// rather than holding it for ever.
var streamWriteWait = 2 * heartbeat

// watch streams a tournament's notices to the director's console as
// server-sent events, one per change, named by its kind ("game",
// "result", "pairings", "players"), as JSON.
func (s *Server) watch(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	s.streamNotices(c, false, func(ctx context.Context) (<-chan service.Notice, error) {
		return s.svc.Watch(ctx, actorOf(c), id)
	})
}

// stream sends notices as server-sent events, each named by its kind,
// until the channel closes, ctx ends or the client goes away (a write
// fails, or takes longer than streamWriteWait). With a lane (a public
// stream), each notice is written holding a place in it, for at most
// laneWriteWait.
func stream(ctx context.Context, c *gin.Context, ch <-chan service.Notice, lane chan struct{}) {
	// Flush through the connection itself, whose flush reports a failed
	// write (gin's writer drops the error).
	w := http.ResponseWriter(c.Writer)
	if u, ok := w.(interface{ Unwrap() http.ResponseWriter }); ok {
		w = u.Unwrap()
	}
	rc := http.NewResponseController(w)
	// send writes and flushes what write writes.
	send := func(write func() error) bool {
		// A stream outlives the server's write timeout; each write has
		// its own.
		wait := streamWriteWait
		if lane != nil {
			lane <- struct{}{}
			defer func() { <-lane }()
			wait = min(wait, laneWriteWait)
		}
		_ = rc.SetWriteDeadline(time.Now().Add(wait))
		if err := write(); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	text := func(s string) func() error {
		return func() error { _, err := io.WriteString(c.Writer, s); return err }
	}
	notice := func(n service.Notice) error {
		data, _ := json.Marshal(n)
		_, err := fmt.Fprintf(c.Writer, "event: %s\ndata: %s\n\n", n.Kind, data)
		return err
	}
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	if !send(text(": watching\n\n")) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		var ok bool
		select {
		case n, open := <-ch:
			if !open {
				return // the service is closing, or the client went away
			}
			ok = send(func() error {
				if err := notice(n); err != nil {
					return err
				}
				// What came meanwhile (while waiting for the lane) goes
				// out in the same write.
				for more := len(ch); more > 0; more-- {
					if err := notice(<-ch); err != nil {
						return err
					}
				}
				return nil
			})
		case <-tick.C:
			ok = send(text(": heartbeat\n\n"))
		case <-ctx.Done():
			return
		}
		if !ok {
			return
		}
	}
}
