package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// heartbeat keeps idle event streams open through proxies and lets a
// console notice a dead connection.
const heartbeat = 15 * time.Second

// watch streams a tournament's notices to the director's console as
// server-sent events, one per change, named by its kind ("game",
// "result", "pairings", "players"), as JSON.
func (s *Server) watch(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	ch, err := s.svc.Watch(c.Request.Context(), actorOf(c), id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	stream(c, ch)
}

// stream sends notices as server-sent events, each named by its kind,
// until the channel closes or the client goes away.
func stream(c *gin.Context, ch <-chan service.Notice) {
	// A stream outlives the server's write timeout.
	rc := http.NewResponseController(c.Writer)
	_ = rc.SetWriteDeadline(time.Time{})
	h := c.Writer.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	c.Status(http.StatusOK)
	fmt.Fprint(c.Writer, ": watching\n\n")
	_ = rc.Flush()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case n, ok := <-ch:
			if !ok {
				return // the service is closing, or the client went away
			}
			data, _ := json.Marshal(n)
			fmt.Fprintf(c.Writer, "event: %s\ndata: %s\n\n", n.Kind, data)
		case <-tick.C:
			fmt.Fprint(c.Writer, ": heartbeat\n\n")
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}
