package api

import (
	"context"
	"fmt"
	"io"

	"github.com/gin-gonic/gin"

	"tourney/reports"
)

// prizesPDF prints the prize ceremony sheet (public): the prize table
// with its winners, as GET .../prizes answers it.
func (s *Server) prizesPDF(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	key := &pdfKey{what: "prizes", tournament: id, paper: paper}
	s.sendPDF(c, printout{key: key, draft: func(ctx context.Context) (*pdfDraft, error) {
		v, err := s.svc.Prizes(ctx, id)
		if err != nil {
			return nil, err
		}
		t, err := s.svc.GetTournament(ctx, id)
		if err != nil {
			return nil, err
		}
		divs, err := s.svc.ListDivisions(ctx, id)
		if err != nil {
			return nil, err
		}
		return &pdfDraft{name: fmt.Sprintf("prizes-%d.pdf", id), write: func(w io.Writer) error {
			return reports.WritePrizes(w, paper, reports.PrizeSheet{Tournament: t.Name, Divisions: divs, Prizes: v})
		}}, nil
	}})
}
