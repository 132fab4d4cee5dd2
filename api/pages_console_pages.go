package api

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// The console's pages beyond the room view. Each is a frame the server
// renders (forms, choices, the board) whose lists the page's script
// reads from the JSON API and keeps current from the event stream.

// consoleSetup configures the tournament, its divisions and players.
func (p *pages) consoleSetup(c *gin.Context) {
	_, cp, ok := p.consoleFrame(c, "/setup", "Setup")
	if !ok {
		return
	}
	divs, err := p.s.svc.ListDivisions(c.Request.Context(), cp.Tournament.ID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "director_setup", struct {
		consolePage
		Divisions []service.Division
		Choices   tournamentChoices
	}{cp, divs, p.choices()})
}

// roundsPage is what the rounds and standings pages choose from.
type roundsPage struct {
	consolePage
	Divisions []service.Division
	NextRound int   // the first round with no games yet (of the first division)
	Rounds    []int // rounds with games, and the current one
	Recorded  bool  // some game has turns: the game records can be downloaded
	Systems   []string
}

func (p *pages) roundsPage(c *gin.Context, tab, title string) (roundsPage, bool) {
	_, cp, ok := p.consoleFrame(c, tab, title)
	if !ok {
		return roundsPage{}, false
	}
	ctx := c.Request.Context()
	divs, err := p.s.svc.ListDivisions(ctx, cp.Tournament.ID)
	if err != nil {
		p.pageError(c, err)
		return roundsPage{}, false
	}
	games, err := p.s.svc.ListGames(ctx, cp.Tournament.ID)
	if err != nil {
		p.pageError(c, err)
		return roundsPage{}, false
	}
	last, next, recorded := 0, 0, false // next: after the last round of the division the form shows first
	for _, g := range games {
		last = max(last, g.Round)
		recorded = recorded || g.Version > 0
		if len(divs) == 0 || g.DivisionID != nil && *g.DivisionID == divs[0].ID {
			next = max(next, g.Round)
		}
	}
	rp := roundsPage{consolePage: cp, Divisions: divs, NextRound: next + 1, Recorded: recorded,
		Systems: []string{"swiss", "koth", "rr", "random"}}
	for r := 1; r <= max(last, cp.Tournament.CurrentRound); r++ {
		rp.Rounds = append(rp.Rounds, r)
	}
	return rp, true
}

// consoleRounds pairs rounds, shows pairings and issues table codes.
func (p *pages) consoleRounds(c *gin.Context) {
	if rp, ok := p.roundsPage(c, "/rounds", "Rounds"); ok {
		p.render(c, http.StatusOK, "director_rounds", rp)
	}
}

// consoleStandings shows standings and results, and every report.
func (p *pages) consoleStandings(c *gin.Context) {
	if rp, ok := p.roundsPage(c, "/standings", "Standings"); ok {
		p.render(c, http.StatusOK, "director_standings", rp)
	}
}

// consoleGame is one game as the director sees it: the board, every
// turn with its claimed and computed score, and the result.
func (p *pages) consoleGame(c *gin.Context) {
	a, cp, ok := p.consoleFrame(c, "/games", "Game") // no tab is this page
	if !ok {
		return
	}
	id, err := strconv.ParseInt(c.Param("game"), 10, 64)
	if err != nil || id < 1 {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a game id", c.Param("game")))
		return
	}
	ctx := c.Request.Context()
	v, err := p.s.svc.GetGame(ctx, a, id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	if v.TournamentID != cp.Tournament.ID {
		p.pageError(c, service.Errorf(service.KindNotFound, "no-such-game", "game %d is not in this tournament", id))
		return
	}
	layout, err := p.s.svc.BoardLayout(ctx, cp.Tournament.ID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	cp.Title = fmt.Sprintf("Table %d, round %d · %s", v.Table, v.Round, cp.Tournament.Name)
	p.render(c, http.StatusOK, "director_game", struct {
		consolePage
		Game     *service.GameView
		Status   string // in plain words
		Board    boardView
		SetAside bool // the record is set aside: its partial scores are no result
	}{cp, v, gameStatusWords(v), newBoardView(layout, v.Board, squareNames(v.Variant)), v.RecordSetAside})
}
