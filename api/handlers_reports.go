package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"sort"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/reports"
	"tourney/scoring"
	"tourney/service"
)

// Printed reports: package reports draws them from what the service
// shows, so who may print what is exactly who may read what.

const mediaPDF = "application/pdf"

// pdfDeadline bounds the drawing of one printout: a report stops at its
// next page once the request is cancelled or the deadline passes.
var pdfDeadline = 60 * time.Second

// pdfBuffer collects a printout and tells the reports package (as a
// reports.Stopper) when to stop drawing.
type pdfBuffer struct {
	bytes.Buffer
	ctx context.Context
}

func (b *pdfBuffer) Err() error { return b.ctx.Err() }

// scoreSheet sends one game's score sheet; it is readable by whoever may
// read the game.
func (s *Server) scoreSheet(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	g, err := s.svc.GetGame(c.Request.Context(), actorOf(c), id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	s.sendPDF(c, printout{draft: func(ctx context.Context) (*pdfDraft, error) {
		maker, err := s.sheetMaker(ctx, g.TournamentID)
		if err != nil {
			return nil, err
		}
		return &pdfDraft{name: fmt.Sprintf("scoresheet-game-%d.pdf", id), write: func(w io.Writer) error {
			return reports.WriteScoreSheets(w, paper, maker.sheet(g))
		}}, nil
	}})
}

// roundScoreSheets sends every score sheet of a round in one PDF, by
// division and table, for the director to print at once (?division=:
// that division's only). Each game follows the rule for reading it: the
// director gets them all; a table or the public gets the finished games
// (and a table its own), and is refused only when it may read none of
// them.
func (s *Server) roundScoreSheets(c *gin.Context) {
	p := parse(c)
	id, round, division := p.id("id"), p.small("round"), p.queryID("division")
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	actor := actorOf(c)
	s.sendPDF(c, printout{draft: func(ctx context.Context) (*pdfDraft, error) {
		maker, err := s.sheetMaker(ctx, id)
		if err != nil {
			return nil, err
		}
		games, err := s.roundGames(ctx, maker, round, division)
		if err != nil {
			return nil, err
		}
		var sheets []reports.ScoreSheet
		var refused error
		for _, g := range games {
			v, err := s.svc.GetGame(ctx, actor, g.ID)
			if err == nil {
				sheets = append(sheets, maker.sheet(v))
				continue
			}
			if k := service.AsError(err).Kind; k != service.KindUnauthorized && k != service.KindForbidden {
				return nil, err
			}
			refused = err
		}
		if len(sheets) == 0 && refused != nil {
			return nil, refused
		}
		return &pdfDraft{name: fmt.Sprintf("scoresheets-round-%d.pdf", round), write: func(w io.Writer) error {
			return reports.WriteScoreSheets(w, paper, sheets...)
		}}, nil
	}})
}

// roundGames are a round's games in the divisions a printout covers (the
// one asked for, else all), by division and table; no-games when there
// are none.
func (s *Server) roundGames(ctx context.Context, m *sheetMaker, round int, division *int64) ([]service.Game, error) {
	only, err := s.svc.PrintDivisionIDs(ctx, m.t.ID, division)
	if err != nil {
		return nil, err
	}
	all, err := s.svc.ListGames(ctx, m.t.ID)
	if err != nil {
		return nil, err
	}
	var games []service.Game
	for _, g := range all {
		if g.Round == round && (only == nil || g.DivisionID != nil && only[*g.DivisionID]) {
			games = append(games, g)
		}
	}
	if len(games) == 0 {
		return nil, service.Errorf(service.KindNotFound, "no-games", "round %d of tournament %d has no games", round, m.t.ID)
	}
	sort.SliceStable(games, func(i, j int) bool {
		a, b := m.rank(games[i].DivisionID), m.rank(games[j].DivisionID)
		if a != b {
			return a < b
		}
		return games[i].Table < games[j].Table
	})
	return games, nil
}

// paper is the ?paper= query (a4 or letter, a4 by default).
func (p *params) paper() reports.Paper {
	paper, err := reports.ParsePaper(p.c.Query("paper"))
	if err != nil && p.err == nil {
		p.err = service.Errorf(service.KindInvalid, "bad-paper", "%v", err)
	}
	return paper
}

// sheetMaker holds what every sheet of one tournament shares: its name
// and rules, its board, its divisions' names.
type sheetMaker struct {
	t         *service.Tournament
	layout    *scoring.Layout
	divisions map[int64]string
	order     map[int64]int // the divisions' places in the tournament's order
}

// rank is a division's place in the tournament's order (none: last).
func (m *sheetMaker) rank(id *int64) int {
	if id == nil {
		return len(m.order)
	}
	if r, ok := m.order[*id]; ok {
		return r
	}
	return len(m.order)
}

func (s *Server) sheetMaker(ctx context.Context, tournamentID int64) (*sheetMaker, error) {
	t, err := s.svc.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	ds, err := s.svc.ListDivisions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	m := &sheetMaker{t: t, layout: reports.TournamentLayout(t), divisions: map[int64]string{}, order: map[int64]int{}}
	for i, d := range ds {
		m.divisions[d.ID] = d.Name
		m.order[d.ID] = i
	}
	return m, nil
}

func (m *sheetMaker) sheet(g *service.GameView) reports.ScoreSheet {
	sheet := reports.ScoreSheetFromGame(m.t, g, m.layout)
	if g.DivisionID != nil {
		sheet.Division = m.divisions[*g.DivisionID]
	}
	return sheet
}

// printout is a PDF a handler sends: draft reads its data; key names it
// when it shows what anyone may read, the same to every reader, so that
// it is drawn once and kept for all (pdf_cache.go).
type printout struct {
	key   *pdfKey
	draft func(ctx context.Context) (*pdfDraft, error)
}

// sendPDF sends a printout: the one kept, or a drawing of it, waiting
// for a place to draw (pdf_gate.go). The whole document is written
// before answering: gofpdf builds it in memory anyway, and a failure can
// then still be a problem document rather than half a PDF.
func (s *Server) sendPDF(c *gin.Context, p printout) {
	ctx := c.Request.Context()
	if ctx.Err() != nil {
		c.Abort() // the reader has gone: nobody to answer
		return
	}
	pr, actor := s.pdfs, actorOf(c)
	if pr.unbounded {
		pdf, err := drawPDF(ctx, p.draft)
		s.answerPDF(c, pdf, err, false)
		return
	}
	director, staff := actor.Kind == service.CredDirector, actor.Kind != ""
	var mark service.ChangeMark
	if p.key != nil {
		mark = pr.mark(p.key.tournament)
		if pdf, stale := pr.lookup(*p.key, mark); pdf != nil && !director {
			if stale {
				pr.again(ctx, *p.key, mark, p.draft)
			}
			s.answerPDF(c, pdf, nil, true)
			return
		}
	}
	f := pr.join(ctx, p.key, mark, staff, !director, p.draft)
	var late <-chan time.Time
	if !staff {
		t := time.NewTimer(pr.publicWait())
		defer t.Stop()
		late = t.C
	}
	select {
	case <-f.done:
	case <-ctx.Done():
		pr.leave(f)
		c.Abort()
		return
	case <-late:
		pr.leave(f)
		writeProblem(c, s.log, errPrintoutsBusy())
		return
	}
	if ctx.Err() != nil {
		c.Abort()
		return
	}
	s.answerPDF(c, f.pdf, f.err, p.key != nil)
}

// answerPDF sends a drawn printout, or why there is none. A kept one is
// revalidated rather than stored unchecked, and 304 to a reader holding
// it.
func (s *Server) answerPDF(c *gin.Context, pdf *printedPDF, err error, kept bool) {
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	if kept {
		h := c.Writer.Header()
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", pdf.etag)
		if etagMatches(c.GetHeader("If-None-Match"), pdf.etag) {
			c.Status(http.StatusNotModified)
			return
		}
	}
	c.Header("Content-Disposition", `inline; filename="`+pdf.name+`"`)
	c.Data(http.StatusOK, mediaPDF, pdf.body)
}
