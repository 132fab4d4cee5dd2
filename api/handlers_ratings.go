package api

import (
	"context"
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
	pq, ok := s.printQuery(c, false)
	if !ok {
		return
	}
	s.sendPDF(c, printout{key: pq.key("ratings"), draft: func(ctx context.Context) (*pdfDraft, error) {
		v, err := s.svc.Ratings(ctx, pq.tournament, pq.q)
		if err != nil {
			return nil, err
		}
		return &pdfDraft{name: fmt.Sprintf("ratings-%d.pdf", v.TournamentID), write: func(w io.Writer) error {
			return reports.WriteRatings(w, pq.paper, v)
		}}, nil
	}})
}
