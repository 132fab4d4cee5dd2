package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// consolePrizes sets up the prize table, with its winners as they stand
// beside it (the page's script reads and writes /prizes).
func (p *pages) consolePrizes(c *gin.Context) {
	_, cp, ok := p.consoleFrame(c, "/prizes", "Prizes")
	if !ok {
		return
	}
	divs, err := p.s.svc.ListDivisions(c.Request.Context(), cp.Tournament.ID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "director_prizes", struct {
		consolePage
		Divisions []service.Division
	}{cp, divs})
}
