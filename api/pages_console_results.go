package api

import (
	"encoding/json"
	"html/template"
	"net/http"
	"slices"
	"strconv"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// consoleResults is a round's results keyed by table, from the slips: the
// round's tables, those without a result first, each with two score
// boxes in seat order, typed without the mouse (console-results.js).
// ?round=N picks the round; the current one by default.
func (p *pages) consoleResults(c *gin.Context) {
	rp, ok := p.roundsPage(c, "/results", "Results by table")
	if !ok {
		return
	}
	round := rp.Tournament.CurrentRound
	if q := c.Query("round"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 1 || n > 1<<20 {
			p.pageError(c, service.Errorf(service.KindInvalid, "bad-query", "?round= must be a round number from 1, not %q", q))
			return
		}
		round = n
	}
	round = max(round, 1)
	if !slices.Contains(rp.Rounds, round) {
		rp.Rounds = append(rp.Rounds, round)
		slices.Sort(rp.Rounds)
	}
	tables, err := p.s.svc.RoundTables(c.Request.Context(), rp.Tournament.ID, round)
	if err != nil {
		p.pageError(c, err)
		return
	}
	data, err := json.Marshal(tables)
	if err != nil {
		p.pageError(c, err)
		return
	}
	rp.Styles = append(slices.Clone(rp.Styles), "console-results.css")
	p.render(c, http.StatusOK, "director_results", struct {
		roundsPage
		Round      int
		TablesJSON template.JS
	}{rp, round, template.JS(data)})
}
