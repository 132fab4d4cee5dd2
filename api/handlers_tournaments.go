package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// variantView is a rule variant as a director chooses one.
type variantView struct {
	Name          string   `json:"name"`
	Description   string   `json:"description"`
	Decisions     []string `json:"decisions"`
	ChallengeRule string   `json:"challenge_rule"`
	Lexicon       string   `json:"lexicon"`
	MinPlayers    int      `json:"min_players"`
	MaxPlayers    int      `json:"max_players"`
	Teams         bool     `json:"teams"`
	RackSize      int      `json:"rack_size"`
	TieBreak      string   `json:"tie_break"`
}

func (s *Server) listVariants(c *gin.Context) {
	out := []variantView{}
	for _, v := range s.svc.Variants() {
		out = append(out, variantView{
			Name: v.Name, Description: v.Description, Decisions: v.Decisions,
			ChallengeRule: v.ChallengeRule, Lexicon: v.Lexicon, MinPlayers: v.MinPlayers,
			MaxPlayers: v.MaxPlayers, Teams: v.Teams, RackSize: v.RackSize, TieBreak: string(v.TieBreak),
		})
	}
	writeJSON(c, s.log, http.StatusOK, out)
}

func (s *Server) createTournament(c *gin.Context) {
	var in service.TournamentInput
	p := parse(c)
	if p.body(&in); s.failed(c, p) {
		return
	}
	t, err := s.svc.CreateTournament(c.Request.Context(), actorOf(c), in)
	s.respond(c, http.StatusCreated, t, err)
}

func (s *Server) listTournaments(c *gin.Context) {
	ts, err := s.svc.ListTournaments(c.Request.Context())
	s.respond(c, http.StatusOK, nonNil(ts), err)
}

func (s *Server) getTournament(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		t, err := s.svc.GetTournament(c.Request.Context(), id)
		s.respond(c, http.StatusOK, t, err)
	}
}

func (s *Server) updateTournament(c *gin.Context) {
	var in service.TournamentInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	t, err := s.svc.UpdateTournament(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusOK, t, err)
}

func (s *Server) createDivision(c *gin.Context) {
	var in service.DivisionInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	d, err := s.svc.CreateDivision(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, d, err)
}

func (s *Server) listDivisions(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		ds, err := s.svc.DivisionsNext(c.Request.Context(), id)
		s.respond(c, http.StatusOK, nonNil(ds), err)
	}
}

func (s *Server) updateDivision(c *gin.Context) {
	var in service.DivisionChange
	p := parse(c)
	id, division := p.id("id"), p.id("division")
	if p.body(&in); s.failed(c, p) {
		return
	}
	d, err := s.svc.UpdateDivision(c.Request.Context(), actorOf(c), id, division, in)
	s.respond(c, http.StatusOK, d, err)
}

func (s *Server) createPlayer(c *gin.Context) {
	var in service.PlayerInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	pl, err := s.svc.CreatePlayer(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, pl, err)
}

func (s *Server) listPlayers(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		ps, err := s.svc.ListPlayers(c.Request.Context(), id)
		s.respond(c, http.StatusOK, nonNil(ps), err)
	}
}

func (s *Server) updatePlayer(c *gin.Context) {
	var in service.PlayerInput
	p := parse(c)
	id, player := p.id("id"), p.id("player")
	if p.body(&in); s.failed(c, p) {
		return
	}
	pl, err := s.svc.UpdatePlayer(c.Request.Context(), actorOf(c), id, player, in)
	s.respond(c, http.StatusOK, pl, err)
}

func (s *Server) createRound(c *gin.Context) {
	var in service.RoundInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	r, err := s.svc.CreateRound(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, r, err)
}

func (s *Server) listRounds(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		rs, err := s.svc.ListRounds(c.Request.Context(), id)
		s.respond(c, http.StatusOK, nonNil(rs), err)
	}
}

func (s *Server) createGame(c *gin.Context) {
	var in service.GameInput
	p := parse(c)
	id := p.id("id")
	if p.body(&in); s.failed(c, p) {
		return
	}
	g, err := s.svc.CreateGame(c.Request.Context(), actorOf(c), id, in)
	s.respond(c, http.StatusCreated, g, err)
}

func (s *Server) listGames(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		gs, err := s.svc.ListGames(c.Request.Context(), id)
		s.respond(c, http.StatusOK, nonNil(gs), err)
	}
}

// issueTableCredential answers with the token; it is never shown again.
// The table's live codes are revoked unless the body says "another".
func (s *Server) issueTableCredential(c *gin.Context) {
	var in service.TableCodeInput
	p := parse(c)
	id, table := p.id("id"), p.small("table")
	if p.optionalBody(&in); s.failed(c, p) {
		return
	}
	cred, err := s.svc.IssueTableCredential(c.Request.Context(), actorOf(c), id, table, in)
	s.respond(c, http.StatusCreated, cred, err)
}

func (s *Server) listTableCredentials(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		cs, err := s.svc.ListTableCredentials(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, nonNil(cs), err)
	}
}

// revokeTableCredential stops a table code from working, with a reason.
func (s *Server) revokeTableCredential(c *gin.Context) {
	var in service.RevokeInput
	p := parse(c)
	id, cred := p.id("id"), p.id("credential")
	if p.body(&in); s.failed(c, p) {
		return
	}
	out, err := s.svc.RevokeTableCredential(c.Request.Context(), actorOf(c), id, cred, in)
	s.respond(c, http.StatusOK, out, err)
}

func (s *Server) tournamentAudit(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		as, err := s.svc.ListAudit(c.Request.Context(), actorOf(c), id, nil)
		s.respond(c, http.StatusOK, nonNil(as), err)
	}
}

// nonNil renders an empty list as [] rather than null.
func nonNil[T any](xs []T) []T {
	if xs == nil {
		return []T{}
	}
	return xs
}
