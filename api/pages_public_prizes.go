package api

import (
	"context"

	"tourney/reports"
	"tourney/service"
)

// The projector's prize screen: the prize winners in ceremony order, in
// large type, as GET /prizes gives them.

// hallPrizes is the prize screen.
type hallPrizes struct {
	Status string // while results are still to come
	Rows   []hallPrize
}

// hallPrize is a prize's line: what it is called, its type when it has a
// label, its winners (several share it) and what each won it with.
type hallPrize struct {
	Title, Detail string
	Winners       []hallWinner
	Shared        bool
}

type hallWinner struct{ Name, With string }

// prizeScreen is the prize screen when the projector shows it: asked for
// (?show=prizes), or once the prizes are final and at least one is set;
// nil otherwise.
func (p *pages) prizeScreen(ctx context.Context, id int64, divs []service.Division, asked bool) (*hallPrizes, error) {
	v, err := p.s.svc.Prizes(ctx, id)
	if err != nil {
		return nil, err
	}
	if !asked && (v.Provisional || len(v.Prizes) == 0) {
		return nil, nil
	}
	h := &hallPrizes{Rows: []hallPrize{}}
	if v.Provisional {
		h.Status = "Provisional: results still to come"
	}
	for _, pr := range v.Prizes {
		row := hallPrize{Shared: len(pr.Winners) > 1}
		row.Title, row.Detail = reports.PrizeTitle(pr.Prize, divs)
		for _, w := range pr.Winners {
			row.Winners = append(row.Winners, hallWinner{Name: w.Name, With: reports.PrizeValue(pr, w)})
		}
		h.Rows = append(h.Rows, row)
	}
	return h, nil
}
