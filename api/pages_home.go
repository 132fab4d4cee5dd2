package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// The page at /: every tournament with links to its public pages (the
// projector's standings, each division's, the live boards, the prize
// winners) and to what overlays and other sites read (the feed, the
// standings, prizes, statistics and highlights as JSON), and the
// director's sign-in.

type homePage struct {
	page
	Tournaments []homeTournament
}

type homeTournament struct {
	ID           int64
	Name, When   string
	Variant      string
	CurrentRound int
	Divisions    []divisionChoice // when there are several
}

func (p *pages) home(c *gin.Context) {
	list, err := p.s.svc.Directory(c.Request.Context())
	if err != nil {
		p.pageError(c, err)
		return
	}
	v := homePage{page: page{Title: "Tournaments", BodyClass: "home-page"}}
	for _, l := range list {
		h := homeTournament{ID: l.ID, Name: l.Name, When: l.StartDate, Variant: l.Variant, CurrentRound: l.CurrentRound}
		if l.EndDate != "" && l.EndDate != l.StartDate {
			h.When += " to " + l.EndDate
		}
		if len(l.Divisions) > 1 {
			for _, d := range l.Divisions {
				h.Divisions = append(h.Divisions, divisionChoice{ID: d.ID, Name: d.Name})
			}
		}
		v.Tournaments = append(v.Tournaments, h)
	}
	p.render(c, http.StatusOK, "home", v)
}
