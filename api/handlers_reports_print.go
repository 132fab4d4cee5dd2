package api

import (
	"fmt"
	"io"
	"net/url"
	"slices"

	"github.com/gin-gonic/gin"

	"tourney/reports"
	"tourney/service"
)

// The printouts of a round and a division: standings, pairings, the
// cross-table and scorecards are public, as the data they show; table
// cards carry credentials and are the director's.

// divisionRecord reads ?division=&round=&paper= and the division's record.
func (s *Server) divisionRecord(c *gin.Context) (*service.DivisionRecord, reports.Paper, bool) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	paper := p.paper()
	if s.failed(c, p) {
		return nil, "", false
	}
	rec, err := s.svc.Record(c.Request.Context(), id, q)
	if err != nil {
		writeProblem(c, s.log, err)
		return nil, "", false
	}
	return rec, paper, true
}

// standingsPDF prints the standings (public).
func (s *Server) standingsPDF(c *gin.Context) {
	rec, paper, ok := s.divisionRecord(c)
	if !ok {
		return
	}
	s.sendPDF(c, fmt.Sprintf("standings-%d.pdf", rec.Through), func(w io.Writer) error {
		return reports.WriteStandings(w, paper, reports.DivisionFromRecord(rec))
	})
}

// pairingsPDF prints a round's pairings by table and by name (public).
func (s *Server) pairingsPDF(c *gin.Context) {
	p := parse(c)
	id, round, q := p.id("id"), p.small("round"), p.standingsQuery()
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	ctx := c.Request.Context()
	rp, err := s.svc.Pairings(ctx, id, round, q)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	maker, err := s.sheetMaker(ctx, id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	if len(rp.Pairings) == 0 {
		writeProblem(c, s.log, service.Errorf(service.KindNotFound, "not-paired", "round %d is not paired yet", round))
		return
	}
	s.sendPDF(c, fmt.Sprintf("pairings-round-%d.pdf", round), func(w io.Writer) error {
		return reports.WritePairings(w, paper, reports.PairingsFromRound(maker.t.Name, maker.division(rp.DivisionID), rp))
	})
}

// division names a division by id; "" for none.
func (m *sheetMaker) division(id *int64) string {
	if id == nil {
		return ""
	}
	return m.divisions[*id]
}

// crossTablePDF prints a division's cross-table on landscape pages (public).
func (s *Server) crossTablePDF(c *gin.Context) {
	rec, paper, ok := s.divisionRecord(c)
	if !ok {
		return
	}
	s.sendPDF(c, fmt.Sprintf("crosstable-%d.pdf", rec.Through), func(w io.Writer) error {
		return reports.WriteCrossTable(w, paper, reports.DivisionFromRecord(rec))
	})
}

// scorecardsPDF prints a scorecard for every player of a division, one
// a page (public, as the results on them).
func (s *Server) scorecardsPDF(c *gin.Context) {
	rec, paper, ok := s.divisionRecord(c)
	if !ok {
		return
	}
	s.sendPDF(c, "scorecards.pdf", func(w io.Writer) error {
		return reports.WriteScorecards(w, paper, reports.DivisionFromRecord(rec), nil)
	})
}

// roundPrint is what the round printouts share: the round's pairings and
// the names of tournament and division.
type roundPrint struct {
	round    int
	paper    reports.Paper
	pairings *service.RoundPairings
	maker    *sheetMaker
}

func (s *Server) roundPrint(c *gin.Context) (*roundPrint, bool) {
	p := parse(c)
	id, round, q := p.id("id"), p.small("round"), p.standingsQuery()
	paper := p.paper()
	if s.failed(c, p) {
		return nil, false
	}
	ctx := c.Request.Context()
	rp, err := s.svc.Pairings(ctx, id, round, q)
	if err == nil && len(rp.Pairings) == 0 {
		err = service.Errorf(service.KindNotFound, "not-paired", "round %d is not paired yet", round)
	}
	if err != nil {
		writeProblem(c, s.log, err)
		return nil, false
	}
	maker, err := s.sheetMaker(ctx, id)
	if err != nil {
		writeProblem(c, s.log, err)
		return nil, false
	}
	return &roundPrint{round: round, paper: paper, pairings: rp, maker: maker}, true
}

// slipsPDF prints a result slip for every game of a round (public: it
// shows the pairings and leaves the scores blank).
func (s *Server) slipsPDF(c *gin.Context) {
	rp, ok := s.roundPrint(c)
	if !ok {
		return
	}
	var slips []reports.ResultSlip
	for _, pv := range rp.pairings.Pairings {
		if len(pv.Players) < 2 { // a bye, or a player alone who does not play
			continue
		}
		slip := reports.ResultSlip{Tournament: rp.maker.t.Name, Division: rp.maker.division(rp.pairings.DivisionID), Round: rp.round, Table: pv.Table, Teams: pv.Teams}
		for _, pl := range pv.Players {
			slip.Players = append(slip.Players, pl.Name)
		}
		slips = append(slips, slip)
	}
	s.sendPDF(c, fmt.Sprintf("slips-round-%d.pdf", rp.round), func(w io.Writer) error {
		return reports.WriteResultSlips(w, rp.paper, slips...)
	})
}

// blankScoreSheetPDF prints an empty score sheet headed with the
// tournament's name (public).
func (s *Server) blankScoreSheetPDF(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	paper := p.paper()
	if s.failed(c, p) {
		return
	}
	t, err := s.svc.GetTournament(c.Request.Context(), id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	s.sendPDF(c, "scoresheet-blank.pdf", func(w io.Writer) error {
		return reports.WriteBlankScoreSheet(w, paper, reports.BlankScoreSheet{Tournament: t.Name})
	})
}

// tableSheetsPDF prints a score sheet for every table of a round, to
// fill in by hand, with the names, the round, the table and who starts
// filled in (public, as the pairings it shows).
func (s *Server) tableSheetsPDF(c *gin.Context) {
	rp, ok := s.roundPrint(c)
	if !ok {
		return
	}
	sheets := reports.TableSheetsFromRound(rp.maker.t.Name, rp.maker.division(rp.pairings.DivisionID), rp.maker.t.Lexicon, rp.pairings)
	s.sendPDF(c, fmt.Sprintf("blank-scoresheets-round-%d.pdf", rp.round), func(w io.Writer) error {
		return reports.WriteTableSheets(w, rp.paper, sheets...)
	})
}

// tableCardsPDF prints a fold-over tent card for every table of a round
// (?table=N: that table's only) with a QR code for its score entry and
// the table's code to type. Each card carries its table's live code, the
// same however often the cards are printed (a table without one is given
// one): the cards are the director's. The QR code's link is
// BASE/table/N#code=CODE, the code in the fragment, which no server log
// or other site sees; BASE is ?base= if given, else the tablets' address
// (service.HallNetwork).
func (s *Server) tableCardsPDF(c *gin.Context) {
	actor := actorOf(c)
	if err := service.RequireDirector(actor); err != nil {
		writeProblem(c, s.log, err)
		return
	}
	p := parse(c)
	only := p.queryID("table")
	if s.failed(c, p) {
		return
	}
	base, given := c.GetQuery("base")
	if given {
		var ok bool
		if base, ok = service.ParseBaseURL(base); !ok {
			writeProblem(c, s.log, service.Errorf(service.KindInvalid, "bad-base", "?base= must be the address of the score-entry pages, such as https://host, not %q", c.Query("base")))
			return
		}
	}
	rp, ok := s.roundPrint(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	if !given {
		addr, err := s.svc.TabletAddress(ctx, actor, rp.maker.t.ID, s.hall, requestBase(c))
		if err != nil {
			writeProblem(c, s.log, err)
			return
		}
		base = addr.Base
	}
	var tables []int
	for _, pv := range rp.pairings.Pairings {
		if pv.Table >= 1 && (only == nil || int64(pv.Table) == *only) {
			tables = append(tables, pv.Table)
		}
	}
	if len(tables) == 0 {
		writeProblem(c, s.log, service.Errorf(service.KindNotFound, "no-such-table", "round %d has no game at table %d", rp.round, *only))
		return
	}
	codes, err := s.svc.TableCardCodes(ctx, actor, rp.maker.t.ID, tables)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	var cards []reports.TableCard
	for _, pv := range rp.pairings.Pairings {
		if !slices.Contains(tables, pv.Table) {
			continue
		}
		card := reports.TableCard{Tournament: rp.maker.t.Name, Division: rp.maker.division(rp.pairings.DivisionID), Round: rp.round, Table: pv.Table, Teams: pv.Teams}
		for _, pl := range pv.Players {
			card.Players = append(card.Players, reports.PlayerName(pl.Name, pl.Line))
		}
		card.Code = codes[pv.Table]
		card.URL = tableCardURL(base, pv.Table, card.Code)
		cards = append(cards, card)
	}
	c.Header("Cache-Control", "no-store") // the cards carry credentials
	name := fmt.Sprintf("tablecards-round-%d.pdf", rp.round)
	if only != nil {
		name = fmt.Sprintf("tablecard-round-%d-table-%d.pdf", rp.round, *only)
	}
	s.sendPDF(c, name, func(w io.Writer) error {
		return reports.WriteTableCards(w, rp.paper, cards...)
	})
}

// tableCardURL is the link a table card's QR code carries: the table's
// page with its code in the fragment, which the page's script signs in
// with and takes out of the address bar.
func tableCardURL(base string, table int, code string) string {
	return fmt.Sprintf("%s/table/%d#code=%s", base, table, url.QueryEscape(code))
}
