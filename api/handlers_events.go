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
	s.streamNotices(c, func(ctx context.Context) (<-chan []service.Notice, error) {
		return s.svc.Watch(ctx, actorOf(c), id)
	})
}

// stream sends the console batches of notices as server-sent events
// until the channel closes, ctx ends or the client goes away (a write
// fails, or takes longer than streamWriteWait).
func stream(ctx context.Context, c *gin.Context, ch <-chan []service.Notice) {
	es := openEventStream(c)
	if !es.send(watchingLine, streamWriteWait) {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		var ok bool
		select {
		case batch, open := <-ch:
			if !open {
				return // the service is closing, or the client went away
			}
			ok = es.send(encodeNotices(nil, batch), streamWriteWait)
		case <-tick.C:
			ok = es.send(heartbeatLine, streamWriteWait)
		case <-ctx.Done():
			return
		}
		if !ok {
			return
		}
	}
}

// What an event stream says first, and while nothing happens.
var (
	watchingLine  = []byte(": watching\n\n")
	heartbeatLine = []byte(": heartbeat\n\n")
)

// eventStream is an open stream of server-sent events.
type eventStream struct {
	w  io.Writer
	rc *http.ResponseController
}

// openEventStream sets the headers of an event stream; they go out with
// its first write.
func openEventStream(c *gin.Context) *eventStream {
	setEventStreamHeaders(c.Writer.Header())
	c.Status(http.StatusOK)
	// Flush through the connection itself, whose flush reports a failed
	// write (gin's writer drops the error).
	w := http.ResponseWriter(c.Writer)
	if u, ok := w.(interface{ Unwrap() http.ResponseWriter }); ok {
		w = u.Unwrap()
	}
	return &eventStream{w: c.Writer, rc: http.NewResponseController(w)}
}

// setEventStreamHeaders sets an event stream's headers.
func setEventStreamHeaders(h http.Header) {
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
}

// send writes p and flushes it, within wait (a stream outlives the
// server's write timeout; each write has its own); false: the client is
// gone or does not read.
func (e *eventStream) send(p []byte, wait time.Duration) bool {
	_ = e.rc.SetWriteDeadline(time.Now().Add(wait))
	if _, err := e.w.Write(p); err != nil {
		return false
	}
	return e.rc.Flush() == nil
}

// encodeNotices appends a batch of notices to buf as server-sent events,
// each named by its kind, its data the notice as JSON.
func encodeNotices(buf []byte, batch []service.Notice) []byte {
	for _, n := range batch {
		data, _ := json.Marshal(n)
		buf = fmt.Appendf(buf, "event: %s\ndata: %s\n\n", n.Kind, data)
	}
	return buf
}
