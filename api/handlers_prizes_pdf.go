package api

import (
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
	ctx := c.Request.Context()
	v, err := s.svc.Prizes(ctx, id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	t, err := s.svc.GetTournament(ctx, id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	divs, err := s.svc.ListDivisions(ctx, id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	s.sendPDF(c, fmt.Sprintf("prizes-%d.pdf", id), func(w io.Writer) error {
		return reports.WritePrizes(w, paper, reports.PrizeSheet{Tournament: t.Name, Divisions: divs, Prizes: v})
	})
}
