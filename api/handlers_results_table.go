package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Results keyed by table: the round's tables in seat order, and a
// result entered (or amended, with a reason) at one of them.

// enterTableResult records the scores of the game at a table, in seat
// order, and answers with both players' new records: 201 for a result
// entered, 200 for one amended.
func (s *Server) enterTableResult(c *gin.Context) {
	var in service.TableResultInput
	p := parse(c)
	id, round, table := p.id("id"), p.small("round"), p.small("table")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.EnterTableResult(c.Request.Context(), actorOf(c), id, round, table, in)
	status := http.StatusCreated
	if err == nil && res.Amended {
		status = http.StatusOK
	}
	s.respond(c, status, res, err)
}

// roundTables lists a round's tables with their players in seat order
// and their results (public).
func (s *Server) roundTables(c *gin.Context) {
	p := parse(c)
	id, round := p.id("id"), p.small("round")
	if s.failed(c, p) {
		return
	}
	ts, err := s.svc.RoundTables(c.Request.Context(), id, round)
	s.respond(c, http.StatusOK, ts, err)
}
