package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// checkIn checks a player in at the registration desk (body optional:
// {"checked_in": false} undoes it).
func (s *Server) checkIn(c *gin.Context) {
	var in service.CheckInInput
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if p.optionalBody(&in); s.failed(c, p) {
		return
	}
	pl, err := s.svc.CheckIn(c.Request.Context(), actorOf(c), id, player, in)
	s.respond(c, http.StatusOK, pl, err)
}

// movePlayer moves a player to another division.
func (s *Server) movePlayer(c *gin.Context) {
	var in service.MoveInput
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if p.body(&in); s.failed(c, p) {
		return
	}
	pl, err := s.svc.MovePlayer(c.Request.Context(), actorOf(c), id, player, in)
	s.respond(c, http.StatusOK, pl, err)
}
