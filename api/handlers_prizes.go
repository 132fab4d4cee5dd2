package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// The prize table: set by the director, read by anyone with its winners.

// setPrizes replaces the prize table (PUT .../prizes).
func (s *Server) setPrizes(c *gin.Context) {
	var in service.PrizesInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	v, err := s.svc.SetPrizes(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, v, err)
}

// prizes is the prize table with its winners (GET .../prizes).
func (s *Server) prizes(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	v, err := s.svc.Prizes(c.Request.Context(), id)
	s.respond(c, http.StatusOK, v, err)
}
