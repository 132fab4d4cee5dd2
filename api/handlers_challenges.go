package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// challenge settles a challenge of the latest play.
func (s *Server) challenge(c *gin.Context) {
	var in service.ChallengeInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.Challenge(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, res, err)
}

// reverseChallenge is the director turning a ruling round.
func (s *Server) reverseChallenge(c *gin.Context) {
	var in service.ReverseInput
	p := parse(c)
	id, turn := p.id("id"), p.small("turn")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.ReverseChallenge(c.Request.Context(), actorOf(c), id, turn, in)
	s.respond(c, http.StatusOK, g, err)
}

// hold records that the opponent holds the latest play.
func (s *Server) hold(c *gin.Context) {
	var in service.HoldInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.Hold(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, g, err)
}

// judge is the word judge: words looked up, no game touched.
func (s *Server) judge(c *gin.Context) {
	var in service.JudgeInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.JudgeWords(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, res, err)
}

// exportGCG sends the game as a GCG record.
func (s *Server) exportGCG(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	data, err := s.svc.ExportGCG(c.Request.Context(), actorOf(c), id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	c.Data(http.StatusOK, "text/plain; charset=utf-8", data)
}
