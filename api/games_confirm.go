package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// confirmResult records a player's confirmation of a finished game's
// result: 201 when recorded, 200 when that seat had already confirmed
// this result (nothing recorded twice).
func (s *Server) confirmResult(c *gin.Context) {
	var in service.ConfirmInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, created, err := s.svc.ConfirmResult(c.Request.Context(), actorOf(c), id, in)
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	s.respond(c, status, g, err)
}
