package api

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Results, standings, pairings and tsh files. Reading is public, as on
// the wall of a tournament hall; changing is the director's.

const (
	mediaCSV  = "text/csv; charset=utf-8"
	mediaText = "text/plain; charset=utf-8"
)

// queryID reads an optional positive id from the query string.
func (p *params) queryID(name string) *int64 {
	v := p.c.Query(name)
	if v == "" {
		return nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if (err != nil || n < 1) && p.err == nil {
		p.err = service.Errorf(service.KindInvalid, "bad-query", "?%s= must be a whole number from 1, not %q", name, v)
	}
	return &n
}

// queryRound reads an optional round number (0 when absent).
func (p *params) queryRound(name string) int {
	v := p.c.Query(name)
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if (err != nil || n < 1 || n > 1<<20) && p.err == nil {
		p.err = service.Errorf(service.KindInvalid, "bad-query", "?%s= must be a round number from 1, not %q", name, v)
	}
	return n
}

// standingsQuery reads ?division=ID&round=N.
func (p *params) standingsQuery() service.StandingsQuery {
	return service.StandingsQuery{DivisionID: p.queryID("division"), Round: p.queryRound("round")}
}

// enterResult records a scorecard: a game's scores, a bye or a forfeit.
func (s *Server) enterResult(c *gin.Context) {
	var in service.ResultInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.EnterResult(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, res, err)
}

// amendResult changes a result already entered, with a reason.
func (s *Server) amendResult(c *gin.Context) {
	var in service.AmendInput
	p := parse(c)
	id, result := p.id("id"), p.id("result")
	if p.body(&in); s.failed(c, p) {
		return
	}
	res, err := s.svc.AmendResult(c.Request.Context(), actorOf(c), id, result, in)
	s.respond(c, http.StatusOK, res, err)
}

func (s *Server) listResults(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	rs, err := s.svc.ListResults(c.Request.Context(), id, q)
	s.respond(c, http.StatusOK, rs, err)
}

// standings answers the standings in rank order (public).
func (s *Server) standings(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	rows, err := s.svc.Standings(c.Request.Context(), id, q)
	s.respond(c, http.StatusOK, nonNil(rows), err)
}

// teamStandings ranks a team division's teams (public).
func (s *Server) teamStandings(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	rows, err := s.svc.TeamStandings(c.Request.Context(), id, q)
	s.respond(c, http.StatusOK, nonNil(rows), err)
}

func (s *Server) standingsCSV(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	data, err := s.svc.StandingsCSV(c.Request.Context(), id, q)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="standings.csv"`)
	c.Data(http.StatusOK, mediaCSV, data)
}

func (s *Server) gibson(c *gin.Context) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	rep, err := s.svc.Gibson(c.Request.Context(), id, q)
	s.respond(c, http.StatusOK, rep, err)
}

// pairRound pairs a round with a pairing system.
func (s *Server) pairRound(c *gin.Context) {
	var in service.PairInput
	p := parse(c)
	id, round := p.id("id"), p.small("round")
	if p.optionalBody(&in); s.failed(c, p) {
		return
	}
	if in.DivisionID == nil {
		in.DivisionID = p.queryID("division")
	}
	if s.failed(c, p) {
		return
	}
	res, err := s.svc.PairRound(c.Request.Context(), actorOf(c), id, round, in)
	s.respond(c, http.StatusCreated, res, err)
}

// getPairings shows a round's pairings with their reasons (public).
func (s *Server) getPairings(c *gin.Context) {
	p := parse(c)
	id, round, q := p.id("id"), p.small("round"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	res, err := s.svc.Pairings(c.Request.Context(), id, round, q)
	s.respond(c, http.StatusOK, res, err)
}

// changePairings changes some of a round's pairings by hand.
func (s *Server) changePairings(c *gin.Context) {
	var in service.PairingChange
	p := parse(c)
	id, round := p.id("id"), p.small("round")
	if p.body(&in); s.failed(c, p) {
		return
	}
	if in.DivisionID == nil {
		in.DivisionID = p.queryID("division")
	}
	if s.failed(c, p) {
		return
	}
	res, err := s.svc.ChangePairings(c.Request.Context(), actorOf(c), id, round, in)
	s.respond(c, http.StatusOK, res, err)
}

func (s *Server) withdrawPlayer(c *gin.Context) {
	var in service.WithdrawInput
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if p.optionalBody(&in); s.failed(c, p) {
		return
	}
	pl, err := s.svc.WithdrawPlayer(c.Request.Context(), actorOf(c), id, player, in)
	s.respond(c, http.StatusOK, pl, err)
}

func (s *Server) reinstatePlayer(c *gin.Context) {
	var in service.ReinstateInput
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if p.optionalBody(&in); s.failed(c, p) {
		return
	}
	pl, err := s.svc.ReinstatePlayer(c.Request.Context(), actorOf(c), id, player, in)
	s.respond(c, http.StatusOK, pl, err)
}

func (s *Server) lateEntry(c *gin.Context) {
	var in service.LateEntryInput
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if p.optionalBody(&in); s.failed(c, p) {
		return
	}
	rs, err := s.svc.LateEntry(c.Request.Context(), actorOf(c), id, player, in)
	s.respond(c, http.StatusOK, rs, err)
}

// exportT sends a division as tsh writes its .t file; without
// ?division=, a tournament of several divisions as tsh's archive file.
func (s *Server) exportT(c *gin.Context) {
	s.sendText(c, func(ctx context.Context, id int64, q service.StandingsQuery) ([]byte, string, error) {
		return s.svc.ExportT(ctx, id, q)
	})
}

// exportTSHConfig sends a division's config.tsh: its settings, which the
// .t file cannot hold, for import to read back.
func (s *Server) exportTSHConfig(c *gin.Context) {
	s.sendText(c, func(ctx context.Context, id int64, q service.StandingsQuery) ([]byte, string, error) {
		data, _, err := s.svc.ExportTSHConfig(ctx, id, q)
		return data, "config.tsh", err
	})
}

// sendText sends a division's text file as an attachment.
func (s *Server) sendText(c *gin.Context, make func(context.Context, int64, service.StandingsQuery) ([]byte, string, error)) {
	p := parse(c)
	id, q := p.id("id"), p.standingsQuery()
	if s.failed(c, p) {
		return
	}
	data, file, err := make(c.Request.Context(), id, q)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, file))
	c.Data(http.StatusOK, mediaText, data)
}

// importT reads a .t file: the file itself as text/plain (with
// ?division=ID, ?name=, ?roster_only=true), or JSON {"text": ...}.
func (s *Server) importT(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	in := service.ImportInput{DivisionID: p.queryID("division"), Division: c.Query("name")}
	switch v := c.Query("roster_only"); v {
	case "", "false", "0":
	case "true", "1":
		in.RosterOnly = true
	default:
		p.err = service.Errorf(service.KindInvalid, "bad-query", "?roster_only= is true or false, not %q", v)
	}
	if s.failed(c, p) {
		return
	}
	body, err := requestBody(c)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	ct := c.GetHeader("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	isJSON := mt == mediaJSON || strings.HasSuffix(mt, "+json") || ct == "" && bytes.HasPrefix(bytes.TrimSpace(body), []byte("{"))
	switch {
	case isJSON:
		var j service.ImportInput
		if err := decodeJSON(c, &j, false); err != nil {
			writeProblem(c, s.log, err)
			return
		}
		if j.DivisionID == nil {
			j.DivisionID = in.DivisionID
		}
		if j.Division == "" {
			j.Division = in.Division
		}
		j.RosterOnly = j.RosterOnly || in.RosterOnly
		in = j
	case mt == "text/plain" || mt == "application/octet-stream" || ct == "":
		in.Text = string(body)
	default:
		writeProblem(c, s.log, service.Errorf(kindUnsupportedMedia, "unsupported-media-type", "send the .t file as text/plain, or JSON {\"text\": ...}, not %q", ct))
		return
	}
	res, err := s.svc.ImportT(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, res, err)
}
