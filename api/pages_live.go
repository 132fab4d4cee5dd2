package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
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
	board, err := p.liveBoard(c.Request.Context(), t)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "live_game", livePage{page: page{Title: "Game · " + t.Name, BodyClass: "live-page live-replay", Styles: []string{"live.css"}},
		TournamentID: t.ID, Name: t.Name, Game: game, Board: board})
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
	Board        string // the board's premium squares, as JSON (liveBoard)
}

// liveBoardData is the board the live pages draw the tables on: its
// columns and, row by row, each square's kind ("dl", "tw", "dw start":
// the tablet's classes, from the variant's layout) and its name on the
// score sheets ("DL", "L2", "★"), so that every variant's board is
// coloured from its own layout.
type liveBoardData struct {
	Cols   int      `json:"cols"`
	Kinds  []string `json:"kinds"`
	Labels []string `json:"labels"`
}

func (p *pages) liveBoard(ctx context.Context, t *service.Tournament) (string, error) {
	l, err := p.s.svc.BoardLayout(ctx, t.ID)
	if err != nil {
		return "", err
	}
	names := squareNames(t.Variant)
	d := liveBoardData{Cols: l.Cols, Kinds: premiumGrid(l)}
	for _, k := range d.Kinds {
		d.Labels = append(d.Labels, squareLabel(k, names))
	}
	b, err := json.Marshal(d)
	return string(b), err
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
	board, err := p.liveBoard(c.Request.Context(), t)
	if err != nil {
		p.pageError(c, err)
		return
	}
	v := livePage{page: page{Title: "Live · " + t.Name, BodyClass: "live-page", Styles: []string{"live.css"}},
		TournamentID: t.ID, Name: t.Name, Table: table, Overlay: c.Query("overlay") == "1", Board: board}
	if table > 0 {
		v.Title = fmt.Sprintf("Table %d · %s", table, t.Name)
		v.BodyClass = "live-page live-featured"
		if v.Overlay {
			v.BodyClass += " live-overlay"
		}
	}
	p.render(c, http.StatusOK, "live", v)
}
