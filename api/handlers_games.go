package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

func (s *Server) getGame(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		g, err := s.svc.GetGame(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, g, err)
	}
}

// gameReplay answers GET /games/:id/replay: the game step by step, each
// step's board from the engine (read as the game is: public once decided).
func (s *Server) gameReplay(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		r, err := s.svc.GameReplay(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, r, err)
	}
}

// enterTurn records one turn and answers with the computed score beside
// the claimed one.
func (s *Server) enterTurn(c *gin.Context) {
	var in service.TurnInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.EnterTurn(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, res, err)
}

func (s *Server) undoTurn(c *gin.Context) {
	var in service.UndoInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.UndoTurn(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, g, err)
}

// correctTurn is the director's change to any turn.
func (s *Server) correctTurn(c *gin.Context) {
	var in service.CorrectionInput
	p := parse(c)
	id, turn := p.id("id"), p.small("turn")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.CorrectTurn(c.Request.Context(), actorOf(c), id, turn, in)
	s.respond(c, http.StatusOK, g, err)
}

func (s *Server) gameAudit(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		as, err := s.svc.ListGameAudit(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, nonNil(as), err)
	}
}

// updateGame is the director moving a game or fixing its pairing.
func (s *Server) updateGame(c *gin.Context) {
	var in service.GameUpdate
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.UpdateGame(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, g, err)
}

// previewTurn scores a move without recording it.
func (s *Server) previewTurn(c *gin.Context) {
	var in service.PreviewInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.PreviewTurn(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, res, err)
}
