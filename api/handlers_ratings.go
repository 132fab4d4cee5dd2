package api

import (
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/reports"
)

// Rating estimates (public, as the standings): ?division= picks one
// division, else every rated division is listed; ?round= stops after a
// round.

// ratings answers the estimates as JSON.
func (s *Server) ratings(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	v, err := s.svc.Ratings(c.Request.Context(), id, q)
	s.respond(c, http.StatusOK, v, err)
}

// ratingsPDF prints the estimates, each division from a new page.
func (s *Server) ratingsPDF(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	v, err := s.svc.Ratings(c.Request.Context(), id, q)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	s.sendPDF(c, fmt.Sprintf("ratings-%d.pdf", v.TournamentID), func(w io.Writer) error {
		return reports.WriteRatings(w, paper, v)
	})
}
