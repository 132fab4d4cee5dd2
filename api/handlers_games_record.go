package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// endGame is the director's end of a game where it stands.
func (s *Server) endGame(c *gin.Context) {
	var in service.EndGameInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.EndGame(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, g, err)
}

// previewEnd is the game as ending it would leave it, nothing stored:
// the final scores the console shows before the director confirms.
func (s *Server) previewEnd(c *gin.Context) {
	var in service.EndGameInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.PreviewEnd(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, g, err)
}

// voidRecord sets a game's record aside, for a result entered by hand.
func (s *Server) voidRecord(c *gin.Context) {
	var in service.VoidInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.VoidRecord(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, g, err)
}
