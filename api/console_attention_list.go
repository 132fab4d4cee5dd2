package api

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// This file is the attention list as the console's pages read it: the
// room's (addresses guessing codes, rounds waiting for slips to be keyed,
// the current round's tables) and one game's, each with the moment the
// clock alone next changes it, so that a page redraws what the server
// says without holding a rule of its own.

// attentionList is the list at the moment Now. NextChange, when set, is
// the moment the clock alone next changes it (a table going quiet, a
// quiet table's minutes, a ruling no longer news): the page reads the
// list again then, by the server's clock (NextChange less Now from when
// it got the list), and after an event.
type attentionList struct {
	Now        time.Time       `json:"now"`
	NextChange *time.Time      `json:"next_change,omitempty"`
	Attention  []attentionItem `json:"attention"`
}

// collect adds a game's lines to the list and keeps the earliest change.
func (l *attentionList) collect(v *service.GameView) {
	items, next := attention(v, l.Now)
	l.Attention = append(l.Attention, items...)
	if !next.IsZero() && (l.NextChange == nil || next.Before(*l.NextChange)) {
		at := next.UTC()
		l.NextChange = &at
	}
}

// gameAttentionList is one game's list, as its console page shows it.
func gameAttentionList(v *service.GameView, now time.Time) attentionList {
	l := attentionList{Now: now.UTC(), Attention: []attentionItem{}}
	l.collect(v)
	return l
}

// roomAttentionList is the room's list: the addresses guessing codes,
// the rounds whose missing results are slips to key, then the current
// round's games by table.
func roomAttentionList(games []*service.GameView, rounds []service.RoundStatus, guessers []service.Guesser, now time.Time) attentionList {
	l := attentionList{Now: now.UTC(), Attention: guessingAttention(guessers)}
	l.Attention = append(l.Attention, roundsAttention(rounds)...)
	byTable := slices.Clone(games)
	slices.SortStableFunc(byTable, func(a, b *service.GameView) int { return a.Table - b.Table })
	for _, v := range byTable {
		l.collect(v)
	}
	return l
}

// room reads the current round's games and the room's attention list
// (the director's only).
func (s *Server) room(ctx context.Context, a service.Actor, tournament int64) ([]*service.GameView, attentionList, error) {
	games, err := s.svc.RoundGames(ctx, a, tournament)
	if err != nil {
		return nil, attentionList{}, err
	}
	rounds, err := s.svc.ListRounds(ctx, tournament)
	if err != nil {
		return nil, attentionList{}, err
	}
	now := s.svc.Now()
	return games, roomAttentionList(games, rounds, s.svc.Guessers(now), now), nil
}

// roomAttention answers GET /tournaments/:id/attention (director).
func (s *Server) roomAttention(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		_, l, err := s.room(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, l, err)
	}
}

// gameAttention answers GET /games/:id/attention (director).
func (s *Server) gameAttention(c *gin.Context) {
	p := parse(c)
	if id := p.id("id"); !s.failed(c, p) {
		l, err := s.gameAttentionOf(c.Request.Context(), actorOf(c), id)
		s.respond(c, http.StatusOK, l, err)
	}
}

func (s *Server) gameAttentionOf(ctx context.Context, a service.Actor, game int64) (attentionList, error) {
	if err := service.RequireDirector(a); err != nil {
		return attentionList{}, err
	}
	v, err := s.svc.GetGame(ctx, a, game)
	if err != nil {
		return attentionList{}, err
	}
	return gameAttentionList(v, s.svc.Now()), nil
}

// guessingAttention lists, in words, the addresses guessing credentials
// (one line an address, whatever kinds it guesses).
func guessingAttention(gs []service.Guesser) []attentionItem {
	out := []attentionItem{}
	seen := map[string]bool{}
	for _, g := range gs {
		if !seen[g.Address] {
			seen[g.Address] = true
			out = append(out, attentionItem{Kind: "guessing", Text: say("guessing", "address", g.Address)})
		}
	}
	return out
}

// playingStatuses are a game's while it is being played at its tablet.
var playingStatuses = []string{service.StatusInProgress, service.StatusOnHold, service.StatusAwaitingAcceptance, service.StatusAwaitingRacks}

// roundsAttention lists the rounds in play, at least half their results
// in, whose missing results are all slips to key: no game still being
// played at those tables.
func roundsAttention(rounds []service.RoundStatus) []attentionItem {
	var out []attentionItem
	for _, r := range rounds {
		if r.Status != service.RoundInPlay || len(r.Missing) == 0 || r.Results == 0 || 2*r.Results < r.Games {
			continue
		}
		if slices.ContainsFunc(r.Missing, func(m service.MissingTable) bool { return slices.Contains(playingStatuses, m.Status) }) {
			continue
		}
		var tables []string
		for _, m := range r.Missing {
			who := tableNames(m.Players, m.Teams)
			if m.Table != 0 {
				who = "table " + strconv.Itoa(m.Table) + " (" + who + ")"
			}
			tables = append(tables, who)
		}
		division := ""
		if r.Division != "" {
			division = " of " + r.Division
		}
		out = append(out, attentionItem{Kind: "round-missing", Round: r.Number, Text: say("round-missing", "round", r.Number,
			"division", division, "count", r.Results, "games", r.Games, "tables", strings.Join(tables, ", "))})
	}
	return out
}

// tableNames says who plays at a table: "Ann v Bob", "Ann v Bob v Cy" at
// a table of three or four, "Ann & Cy vs Bob & Di" in a team game.
func tableNames(players []service.PlayerRef, teams bool) string {
	var n []string
	for _, p := range players {
		n = append(n, p.Name)
	}
	if teams && len(n) == 4 {
		return n[0] + " & " + n[2] + " vs " + n[1] + " & " + n[3]
	}
	return strings.Join(n, " v ")
}
