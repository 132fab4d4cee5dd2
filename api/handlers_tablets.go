package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// listTablets lists the tablets signed in to a tournament (director).
func (s *Server) listTablets(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		ts, err := s.svc.TabletSessions(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, nonNil(ts), err)
	}
}

// endTablet signs one tablet out; the table's code still works.
func (s *Server) endTablet(c *gin.Context) {
	p := parse(c)
	if id, session := p.id("id"), p.id("session"); !s.failed(c, p) {
		out, err := s.svc.EndTabletSession(c.Request.Context(), actorOf(c), id, session)
		s.respond(c, http.StatusOK, out, err)
	}
}
