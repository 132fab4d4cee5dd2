package api

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// liveBoards shows every table of each division's current round, behind
// the broadcast delay (public).
func (s *Server) liveBoards(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	live, err := s.svc.LiveBoardsJSON(c.Request.Context(), id)
	s.sendEncoded(c, mediaJSON, live, err)
}

// highlights lists the tournament's highlights, newest first, with
// ?since=RFC3339 for those after a time (public).
func (s *Server) highlights(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	var since time.Time
	if raw := c.Query("since"); raw != "" {
		t, err := time.Parse(time.RFC3339, raw)
		if err != nil && p.err == nil {
			p.err = service.Errorf(service.KindInvalid, "bad-since", "since is a time written like 2026-05-01T14:30:00Z, not %q", raw)
		}
		since = t
	}
	if s.failed(c, p) {
		return
	}
	list, err := s.svc.Highlights(c.Request.Context(), id, since)
	s.respond(c, http.StatusOK, list, err)
}
