package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// The tablets' side of the director's work: the address they use, and
// replacing a table's code.

// tabletAddress answers where tablets reach the server (director): the
// base of the table cards' links, where it comes from, and a warning
// when no tablet can reach it.
func (s *Server) tabletAddress(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		out, err := s.svc.TabletAddress(c.Request.Context(), actorOf(c), id, s.hall, requestBase(c))
		s.respond(c, http.StatusOK, out, err)
	}
}

// requestBase is the scheme and host a request came to.
func requestBase(c *gin.Context) string {
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + c.Request.Host
}

// replaceTableCode gives a table a new code in place of its old ones,
// with the director's reason (audited); the answer has the new code.
func (s *Server) replaceTableCode(c *gin.Context) {
	var in service.RevokeInput
	p := parse(c)
	id, table := p.id("id"), p.small("table")
	if p.body(&in); s.failed(c, p) {
		return
	}
	cred, err := s.svc.ReplaceTableCode(c.Request.Context(), actorOf(c), id, table, in)
	s.respond(c, http.StatusCreated, cred, err)
}

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
	id, session := p.id("id"), p.id("session")
	if p.optionalBody(&struct{}{}); !s.failed(c, p) {
		out, err := s.svc.EndTabletSession(c.Request.Context(), actorOf(c), id, session)
		s.respond(c, http.StatusOK, out, err)
	}
}
