package api

import (
	"context"
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

// Without ?division= a printout covers every division of the
// tournament, one after the other; with it, exactly that division.

// printQuery is what a printout of a tournament asks for: the path's
// round (a round's printouts), ?division=, ?round= (the standings after
// a round) and ?paper=.
type printQuery struct {
	tournament int64
	round      int
	q          service.StandingsQuery
	paper      reports.Paper
}

// printQuery reads a printout's query, and the path's round when
// withRound; false when the request is refused.
func (s *Server) printQuery(c *gin.Context, withRound bool) (printQuery, bool) {
	p := parse(c)
	pq := printQuery{tournament: p.id("id")}
	if withRound {
		pq.round = p.small("round")
	}
	pq.q = p.standingsQuery()
	pq.paper = p.paper()
	return pq, !s.failed(c, p)
}

// key names the public printout what for the query (pdf_cache.go).
func (pq printQuery) key(what string) *pdfKey {
	k := &pdfKey{what: what, tournament: pq.tournament, round: pq.round, asOf: pq.q.Round, paper: pq.paper}
	if pq.q.DivisionID != nil {
		k.division = *pq.q.DivisionID
	}
	return k
}

// sendRecordsPDF sends a public printout of the records of the divisions
// asked for, named by name and drawn by write.
func (s *Server) sendRecordsPDF(c *gin.Context, what string, name func([]reports.Division) string, write func(io.Writer, reports.Paper, []reports.Division) error) {
	pq, ok := s.printQuery(c, false)
	if !ok {
		return
	}
	s.sendPDF(c, printout{key: pq.key(what), draft: func(ctx context.Context) (*pdfDraft, error) {
		recs, err := s.svc.Records(ctx, pq.tournament, pq.q)
		if err != nil {
			return nil, err
		}
		ds, _ := divisionsFromRecords(recs)
		return &pdfDraft{name: name(ds), write: func(w io.Writer) error { return write(w, pq.paper, ds) }}, nil
	}})
}

// divisionsFromRecords maps the service's records onto the page's, with
// how many players they have in all.
func divisionsFromRecords(recs []*service.DivisionRecord) ([]reports.Division, int) {
	ds := make([]reports.Division, len(recs))
	n := 0
	for i, rec := range recs {
		ds[i] = reports.DivisionFromRecord(rec)
		n += len(rec.Players)
	}
	return ds, n
}

// printName names a printout's file: what, the division's name when it
// is one division's, and the round when there is one.
func printName(what string, ds []reports.Division) string {
	name := what
	if len(ds) == 1 && ds[0].Division != "" {
		name += "-" + service.TSHFileName(ds[0].Division)
	}
	if len(ds) > 0 && ds[0].Through > 0 {
		name += fmt.Sprintf("-%d", ds[0].Through)
	}
	return name + ".pdf"
}

// standingsPDF prints the standings (public).
func (s *Server) standingsPDF(c *gin.Context) {
	s.sendRecordsPDF(c, "standings", func(ds []reports.Division) string { return printName("standings", ds) },
		func(w io.Writer, paper reports.Paper, ds []reports.Division) error {
			return reports.WriteStandings(w, paper, ds...)
		})
}

// pairingsPDF prints a round's pairings by table and by name (public).
func (s *Server) pairingsPDF(c *gin.Context) {
	s.sendRoundPDF(c, "pairings", func(rp *roundPrint) (*pdfDraft, error) {
		var ps []reports.Pairings
		for _, r := range rp.pairings {
			ps = append(ps, reports.PairingsFromRound(rp.maker.t.Name, rp.maker.division(r.DivisionID), r))
		}
		return &pdfDraft{name: fmt.Sprintf("pairings-round-%d.pdf", rp.round), write: func(w io.Writer) error {
			return reports.WritePairings(w, rp.paper, ps...)
		}}, nil
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
	s.sendRecordsPDF(c, "crosstable", func(ds []reports.Division) string { return printName("crosstable", ds) },
		func(w io.Writer, paper reports.Paper, ds []reports.Division) error {
			return reports.WriteCrossTable(w, paper, ds...)
		})
}

// scorecardsPDF prints a scorecard for every player of a division, one
// a page (public, as the results on them).
func (s *Server) scorecardsPDF(c *gin.Context) {
	s.sendRecordsPDF(c, "scorecards", func([]reports.Division) string { return "scorecards.pdf" },
		func(w io.Writer, paper reports.Paper, ds []reports.Division) error {
			return reports.WriteDivisionsScorecards(w, paper, ds, nil)
		})
}

// roundPrint is what the round printouts share: the round's pairings in
// each division printed and the names of tournament and divisions.
type roundPrint struct {
	round    int
	paper    reports.Paper
	pairings []*service.RoundPairings
	maker    *sheetMaker
}

// roundPrint reads what a round's printout shows.
func (s *Server) roundPrint(ctx context.Context, pq printQuery) (*roundPrint, error) {
	rps, err := s.svc.PrintPairings(ctx, pq.tournament, pq.round, pq.q)
	if err != nil {
		return nil, err
	}
	maker, err := s.sheetMaker(ctx, pq.tournament)
	if err != nil {
		return nil, err
	}
	return &roundPrint{round: pq.round, paper: pq.paper, pairings: rps, maker: maker}, nil
}

// sendRoundPDF sends a public printout of a round, named what, drafted
// from the round by draft.
func (s *Server) sendRoundPDF(c *gin.Context, what string, draft func(*roundPrint) (*pdfDraft, error)) {
	pq, ok := s.printQuery(c, true)
	if !ok {
		return
	}
	s.sendPDF(c, printout{key: pq.key(what), draft: func(ctx context.Context) (*pdfDraft, error) {
		rp, err := s.roundPrint(ctx, pq)
		if err != nil {
			return nil, err
		}
		return draft(rp)
	}})
}

// slipsPDF prints a result slip for every game of a round (public: it
// shows the pairings and leaves the scores blank).
func (s *Server) slipsPDF(c *gin.Context) {
	s.sendRoundPDF(c, "slips", func(rp *roundPrint) (*pdfDraft, error) {
		var slips []reports.ResultSlip
		for _, r := range rp.pairings {
			for _, pv := range r.Pairings {
				if len(pv.Players) < 2 { // a bye, or a player alone who does not play
					continue
				}
				slip := reports.ResultSlip{Tournament: rp.maker.t.Name, Division: rp.maker.division(r.DivisionID), Round: rp.round, Table: pv.Table, Teams: pv.Teams}
				for _, pl := range pv.Players {
					slip.Players = append(slip.Players, pl.Name)
				}
				slips = append(slips, slip)
			}
		}
		return &pdfDraft{name: fmt.Sprintf("slips-round-%d.pdf", rp.round), write: func(w io.Writer) error {
			return reports.WriteResultSlips(w, rp.paper, slips...)
		}}, nil
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
	key := &pdfKey{what: "blank-scoresheet", tournament: id, paper: paper}
	s.sendPDF(c, printout{key: key, draft: func(ctx context.Context) (*pdfDraft, error) {
		t, err := s.svc.GetTournament(ctx, id)
		if err != nil {
			return nil, err
		}
		return &pdfDraft{name: "scoresheet-blank.pdf", write: func(w io.Writer) error {
			return reports.WriteBlankScoreSheet(w, paper, reports.BlankScoreSheet{Tournament: t.Name})
		}}, nil
	}})
}

// tableSheetsPDF prints a score sheet for every table of a round, to
// fill in by hand, with the names, the round, the table and who starts
// filled in (public, as the pairings it shows).
func (s *Server) tableSheetsPDF(c *gin.Context) {
	s.sendRoundPDF(c, "blank-scoresheets", func(rp *roundPrint) (*pdfDraft, error) {
		var sheets []reports.TableSheet
		for _, r := range rp.pairings {
			sheets = append(sheets, reports.TableSheetsFromRound(rp.maker.t.Name, rp.maker.division(r.DivisionID), rp.maker.t.Lexicon, r)...)
		}
		return &pdfDraft{name: fmt.Sprintf("blank-scoresheets-round-%d.pdf", rp.round), write: func(w io.Writer) error {
			return reports.WriteTableSheets(w, rp.paper, sheets...)
		}}, nil
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
	pq, ok := s.printQuery(c, true)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	rp, err := s.roundPrint(ctx, pq)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	if !given {
		addr, err := s.svc.TabletAddress(ctx, actor, rp.maker.t.ID, s.hall, requestBase(c))
		if err != nil {
			writeProblem(c, s.log, err)
			return
		}
		base = addr.Base
	}
	var tables []int
	for _, r := range rp.pairings {
		for _, pv := range r.Pairings {
			if pv.Table >= 1 && (only == nil || int64(pv.Table) == *only) && !slices.Contains(tables, pv.Table) {
				tables = append(tables, pv.Table)
			}
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
	for _, r := range rp.pairings {
		for _, pv := range r.Pairings {
			if !slices.Contains(tables, pv.Table) {
				continue
			}
			card := reports.TableCard{Tournament: rp.maker.t.Name, Division: rp.maker.division(r.DivisionID), Round: rp.round, Table: pv.Table, Teams: pv.Teams}
			for _, pl := range pv.Players {
				card.Players = append(card.Players, reports.PlayerName(pl.Name, pl.Line))
			}
			card.Code = codes[pv.Table]
			card.URL = tableCardURL(base, pv.Table, card.Code)
			cards = append(cards, card)
		}
	}
	c.Header("Cache-Control", "no-store") // the cards carry credentials
	name := fmt.Sprintf("tablecards-round-%d.pdf", rp.round)
	if only != nil {
		name = fmt.Sprintf("tablecard-round-%d-table-%d.pdf", rp.round, *only)
	}
	s.sendPDF(c, printout{draft: func(context.Context) (*pdfDraft, error) {
		return &pdfDraft{name: name, write: func(w io.Writer) error {
			return reports.WriteTableCards(w, rp.paper, cards...)
		}}, nil
	}})
}

// tableCardURL is the link a table card's QR code carries: the table's
// page with its code in the fragment, which the page's script signs in
// with and takes out of the address bar.
func tableCardURL(base string, table int, code string) string {
	return fmt.Sprintf("%s/table/%d#code=%s", base, table, url.QueryEscape(code))
}
