package api

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/reports"
	"tourney/service"
)

func (p *pages) publicRoutes(r *gin.Engine) {
	r.GET("/", p.home)
	r.GET("/t/:id/standings", p.standings)
	readableStream(r, "/t/:id/updates", p.updates)
	p.s.readable(r, "/t/:id/html/tourney.js", p.s.tourneyJS)
	p.s.readable(r, "/t/:id/html/pix/*path", p.s.photo)
	p.liveRoutes(r)
}

// updates tells the public pages when what they show has changed (a
// result, pairings, a finished game): server-sent events with no detail,
// on which the page fetches itself again.
func (p *pages) updates(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a tournament id", c.Param("id")))
		return
	}
	if c.Request.Method == http.MethodHead { // the stream's head, without opening it
		if _, err := p.s.svc.GetTournament(c.Request.Context(), id); err != nil {
			writeProblem(c, p.s.log, err)
			return
		}
		setEventStreamHeaders(c.Writer.Header())
		c.Status(http.StatusOK)
		return
	}
	p.s.streamPublic(c, id)
}

// hallEvery is how many seconds the projector shows a page before the
// next one, unless ?every= says otherwise.
const hallEvery = 12

// standings is the page for the hall's projector: each division's
// standings and the pairings players look for, in large type, one screen
// at a time (public.js pages long lists and moves on by itself), with
// ?division=ID for one division and ?every=N seconds a screen.
func (p *pages) standings(c *gin.Context) {
	q := parse(c)
	id, division, every := q.id("id"), q.queryID("division"), q.seconds("every", hallEvery)
	if q.err != nil {
		p.pageError(c, q.err)
		return
	}
	ctx := c.Request.Context()
	t, err := p.s.svc.GetTournament(ctx, id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	hall, err := p.s.svc.Hall(ctx, id, division)
	if err != nil {
		p.pageError(c, err)
		return
	}
	all, err := p.s.svc.ListDivisions(ctx, id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	view := hallPage{page: page{Title: "Standings · " + t.Name, BodyClass: "projector-page", Refresh: 300},
		Tournament: t, Every: every, Updated: time.Now().Format("15:04:05")}
	onlyPrizes := c.Query("show") == "prizes"
	if view.Prizes, err = p.prizeScreen(ctx, id, all, onlyPrizes); err != nil {
		p.pageError(c, err)
		return
	}
	for _, h := range hall {
		if !onlyPrizes {
			view.Divisions = append(view.Divisions, hallView(h))
		}
	}
	if onlyPrizes {
		view.Title = "Prize winners · " + t.Name
	}
	if err := p.hallPhotos(ctx, id, view.Divisions); err != nil {
		p.pageError(c, err)
		return
	}
	if len(all) > 1 && !onlyPrizes {
		view.Choices = append(view.Choices, divisionChoice{Name: "All divisions", Chosen: division == nil})
		for _, d := range all {
			view.Choices = append(view.Choices, divisionChoice{ID: d.ID, Name: d.Name, Chosen: division != nil && *division == d.ID})
		}
	}
	p.render(c, http.StatusOK, "standings", view)
}

// seconds reads an optional number of seconds (1 to 600) from the query.
func (p *params) seconds(name string, otherwise int) int {
	v := p.c.Query(name)
	if v == "" {
		return otherwise
	}
	n, err := strconv.Atoi(v)
	if (err != nil || n < 1 || n > 600) && p.err == nil {
		p.err = service.Errorf(service.KindInvalid, "bad-query", "?%s= must be a number of seconds from 1 to 600, not %q", name, v)
	}
	return n
}

type hallPage struct {
	page
	Tournament *service.Tournament
	Divisions  []hallDivision
	Choices    []divisionChoice // links to each division, when there are several
	Every      int
	Updated    string
	Prizes     *hallPrizes // the prize screen, when shown
}

type divisionChoice struct {
	ID     int64 // 0: all divisions
	Name   string
	Chosen bool
}

// hallDivision is one division as the projector shows it.
type hallDivision struct {
	Key, Name     string
	Status        string // "After round 3", "Round 4 in progress: 12 of 15 results in"
	PairingsTitle string
	Classes       bool // the division has rating classes: a Class column
	Standings     []standingLine
	Pairings      []pairingLine
}

type standingLine struct {
	Rank           int // 0: none (a withdrawn player takes no rank: the page shows –)
	PlayerID       int64
	Photo          string // the player's photo's address ("": none), see hallPhotos
	Name           string
	Class          string
	Record, Spread string
	Withdrawn      bool
}

// pairingLine is a table of the round: its sides joined by Joiner (two
// players, two teams, or everyone at a table of three or four) and its
// result once in.
type pairingLine struct {
	Table  int
	Sides  []string
	Joiner string
	Result string
}

func hallView(h service.HallDivision) hallDivision {
	v := hallDivision{Name: h.Division, Status: roundWords(h.Complete, h.InProgress),
		PairingsTitle: "Round " + strconv.Itoa(h.Round) + " pairings"}
	if h.DivisionID != nil {
		v.Key = strconv.FormatInt(*h.DivisionID, 10)
	}
	for _, r := range h.Standings {
		v.Standings = append(v.Standings, standingLine{Rank: r.Rank, PlayerID: r.PlayerID, Name: r.Name, Class: r.Class,
			Record: reports.Record(r.Wins, r.Losses), Spread: reports.Signed(r.Spread), Withdrawn: r.Withdrawn})
		v.Classes = v.Classes || r.Class != ""
	}
	for _, pv := range h.Pairings {
		v.Pairings = append(v.Pairings, pairingOf(pv))
	}
	return v
}

// hallPhotos gives each standings line its player's photo, where the
// tsh feed names it under /t/{id}/html/.
func (p *pages) hallPhotos(ctx context.Context, id int64, divs []hallDivision) error {
	players, err := p.s.svc.ListPlayers(ctx, id)
	if err != nil {
		return err
	}
	photos := map[int64]string{}
	for _, pl := range players {
		if pl.Photo != "" {
			photos[pl.ID] = photoURL(id, pl.Photo)
		}
	}
	for i := range divs {
		for j := range divs[i].Standings {
			divs[i].Standings[j].Photo = photos[divs[i].Standings[j].PlayerID]
		}
	}
	return nil
}

// photoURL is the address of a player's photo (Player.Photo) on this
// server: under the tournament's html/ folder, as the tsh feed names it.
func photoURL(tournamentID int64, photo string) string {
	return "/t/" + strconv.FormatInt(tournamentID, 10) + "/html/" + photo
}

// roundWords says how far a division's rounds are: "After round 3" once
// rounds 1 to 3 have all their results, "Round 4 in progress: 12 of 15
// results in" while the next round's results come in (a bye is a result).
func roundWords(complete int, next *service.RoundProgress) string {
	switch {
	case next != nil && next.Results > 0:
		return "Round " + strconv.Itoa(next.Round) + " in progress: " + strconv.Itoa(next.Results) + " of " + strconv.Itoa(next.Games) + " results in"
	case complete > 0:
		return "After round " + strconv.Itoa(complete)
	}
	return "Before round 1"
}

// pairingOf writes a pairing as its sides: "Ann" vs "Bob"; a team game
// "Ann & Cat" vs "Bob & Dan"; a table of three or four everyone, each
// against each.
func pairingOf(pv service.PairingView) pairingLine {
	l := pairingLine{Table: pv.Table, Joiner: "vs"}
	alone, names := reports.AloneWord(pv), reports.PairingNames(pv)
	switch {
	case pv.Teams && len(names) == 4:
		l.Sides = []string{names[0] + " & " + names[2], names[1] + " & " + names[3]}
	case len(names) > 2:
		l.Sides, l.Joiner = names, "·"
	default:
		l.Sides = names
	}
	switch r := pv.Result; {
	case alone != "":
		l.Result = alone
	case r == nil:
	case r.Kind == service.ResultForfeit:
		l.Result = "forfeit"
	default:
		l.Result = scoresInSeatOrder(pv, r)
	}
	return l
}

// scoresInSeatOrder writes a result's scores in the pairing's order:
// "420–350"; a team game's two teams'; each score at a table of three or
// four.
func scoresInSeatOrder(pv service.PairingView, r *service.RoundResult) string {
	scores := r.Scores
	if !pv.Teams && len(pv.Players) == 2 && len(r.Players) == 2 && len(r.Scores) == 2 && r.Players[0] != pv.Players[0].ID {
		scores = []int{r.Scores[1], r.Scores[0]}
	}
	words := make([]string, len(scores))
	for i, s := range scores {
		words[i] = strings.ReplaceAll(strconv.Itoa(s), "-", "−")
	}
	return strings.Join(words, "–")
}
