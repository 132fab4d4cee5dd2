package api

import (
	"context"
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/reports"
)

// The event's statistics (public, as the standings): ?division= picks
// one division, else every division is shown.

// stats answers the statistics as JSON.
func (s *Server) stats(c *gin.Context) {
	p := parse(c)
	id, div := p.id("id"), p.queryID("division")
	if s.failed(c, p) {
		return
	}
	v, err := s.svc.Stats(c.Request.Context(), id, div)
	s.respond(c, http.StatusOK, v, err)
}

// statsPDF prints the statistics sheet, each division from a new page.
func (s *Server) statsPDF(c *gin.Context) {
	p := parse(c)
	id, div := p.id("id"), p.queryID("division")
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	key := &pdfKey{what: "stats", tournament: id, paper: paper}
	if div != nil {
		key.division = *div
	}
	s.sendPDF(c, printout{key: key, draft: func(ctx context.Context) (*pdfDraft, error) {
		v, err := s.svc.Stats(ctx, id, div)
		if err != nil {
			return nil, err
		}
		return &pdfDraft{name: fmt.Sprintf("stats-%d.pdf", v.TournamentID), write: func(w io.Writer) error {
			return reports.WriteStats(w, paper, v)
		}}, nil
	}})
}
