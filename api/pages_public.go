package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"
	"tourney/service"

	"github.com/gin-gonic/gin"
)

func (p *pages) publicRoutes(r *gin.Engine) {
	r.GET("/t/:id/standings", p.standings)
	r.GET("/t/:id/updates", p.updates)
}

// updates tells the public pages when what they show has changed (a
// result, pairings, a finished game): server-sent events with no detail,
// on which the page reloads itself.
func (p *pages) updates(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a tournament id", c.Param("id")))
		return
	}
	ch, err := p.s.svc.WatchPublic(c.Request.Context(), id)
	if err != nil {
		writeProblem(c, p.s.log, err)
		return
	}
	stream(c, ch)
}

type pairingLine struct {
	Table int
	Names string
}

// standings is the public page for the projector: standings and the
// current round's pairings, refreshing itself.
func (p *pages) standings(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		p.pageError(c, service.Errorf(service.KindInvalid, "bad-id", "%q is not a tournament id", c.Param("id")))
		return
	}
	ctx := c.Request.Context()
	t, err := p.s.svc.GetTournament(ctx, id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	rows, err := p.s.svc.Standings(ctx, id, service.StandingsQuery{})
	if err != nil && !isKind(err, service.KindNotFound) {
		p.pageError(c, err)
		return
	}
	var lines []pairingLine
	if rp, err := p.s.svc.Pairings(ctx, id, t.CurrentRound, service.StandingsQuery{}); err == nil {
		for _, pv := range rp.Pairings {
			var names []string
			for _, pl := range pv.Players {
				names = append(names, pl.Name)
			}
			n := strings.Join(names, " vs ")
			if pv.Bye {
				n += " (bye)"
			}
			lines = append(lines, pairingLine{Table: pv.Table, Names: n})
		}
	}
	p.render(c, http.StatusOK, "standings", struct {
		page
		Tournament *service.Tournament
		Standings  []service.StandingRow
		Round      int
		Pairings   []pairingLine
		Updated    string
	}{page{Title: "Standings · " + t.Name, BodyClass: "projector-page", Refresh: 300}, t, rows, t.CurrentRound, lines, time.Now().Format("15:04:05")})
}
