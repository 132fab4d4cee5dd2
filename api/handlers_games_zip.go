package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// gamesZip sends every game recorded turn by turn as GCG files in one zip
// (?round=N for one round): the director's at any time, everyone's once
// the game's round is complete.
func (s *Server) gamesZip(c *gin.Context) {
	p := parse(c)
	id, round := p.id("id"), p.queryRound("round")
	if s.failed(c, p) {
		return
	}
	data, err := s.svc.GamesZip(c.Request.Context(), actorOf(c), id, round)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="games.zip"`)
	c.Data(http.StatusOK, "application/zip", data)
}
