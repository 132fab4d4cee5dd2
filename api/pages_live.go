package api

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"
)

func (p *pages) liveRoutes(r *gin.Engine) {
	r.GET("/t/:id/live", p.liveBoards)
	r.GET("/t/:id/live/:table", p.liveTable)
	r.GET("/t/:id/games/:game", p.liveReplay)
}

// liveReplay steps through a finished game's record, turn by turn
// (public; a game in play is not shown, see canRead).
func (p *pages) liveReplay(c *gin.Context) {
	q := parse(c)
	id, game := q.id("id"), q.id("game")
	if q.err != nil {
		p.pageError(c, q.err)
		return
	}
	t, err := p.s.svc.GetTournament(c.Request.Context(), id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "live_game", livePage{page: page{Title: "Game · " + t.Name, BodyClass: "live-page live-replay", Styles: []string{"live.css"}},
		TournamentID: t.ID, Name: t.Name, Game: game})
}

// livePage is what the live pages need: live.js reads the boards from
// the API (behind the broadcast delay) and again on each update.
type livePage struct {
	page
	TournamentID int64
	Name         string
	Table        int  // the featured table (0: every table)
	Overlay      bool // a transparent background, for a stream's overlay
	Game         int64
}

// liveBoards is every table of the current round as a small board that
// updates in place (public).
func (p *pages) liveBoards(c *gin.Context) {
	p.renderLive(c, 0)
}

// liveTable is one table at 1920x1080 for a stream; ?overlay=1 leaves
// the background transparent, for OBS (public).
func (p *pages) liveTable(c *gin.Context) {
	q := parse(c)
	table := q.small("table")
	if q.err != nil {
		p.pageError(c, q.err)
		return
	}
	p.renderLive(c, table)
}

func (p *pages) renderLive(c *gin.Context, table int) {
	q := parse(c)
	id := q.id("id")
	if q.err != nil {
		p.pageError(c, q.err)
		return
	}
	t, err := p.s.svc.GetTournament(c.Request.Context(), id)
	if err != nil {
		p.pageError(c, err)
		return
	}
	v := livePage{page: page{Title: "Live · " + t.Name, BodyClass: "live-page", Styles: []string{"live.css"}},
		TournamentID: t.ID, Name: t.Name, Table: table, Overlay: c.Query("overlay") == "1"}
	if table > 0 {
		v.Title = fmt.Sprintf("Table %d · %s", table, t.Name)
		v.BodyClass = "live-page live-featured"
		if v.Overlay {
			v.BodyClass += " live-overlay"
		}
	}
	p.render(c, http.StatusOK, "live", v)
}
