package publish

import (
	"strconv"

	"tourney/service"
)

// games renders the replay of each recorded game of the division whose
// round is complete, read as the public reads it (a game still in play
// is refused there, and its round is not complete anyway).
func (s *site) games(d *divisionSite) error {
	d.games = map[int64]string{}
	all, err := s.svc.ListGames(s.ctx, d.ts.t.ID)
	if err != nil {
		return err
	}
	for _, g := range all {
		if g.Round > d.rec.Complete || !sameDivision(g.DivisionID, d.id) {
			continue
		}
		v, err := s.svc.GetGame(s.ctx, service.Public, g.ID)
		if err != nil {
			continue // not public: nothing to show
		}
		if len(v.Turns) == 0 || v.RecordSetAside || v.Status != service.StatusFinished {
			continue
		}
		name := gameName(g.Round, g.Table)
		if err := s.game(d, v, name); err != nil {
			return err
		}
		d.games[g.ID] = name
	}
	return nil
}

// sameDivision: a game belongs to the division (nil: a tournament
// without divisions).
func sameDivision(g, d *int64) bool {
	if d == nil {
		return true
	}
	return g != nil && *g == *d
}

type gameView struct {
	page
	Heading string
	Players []seatLine
	Turns   []turnLine
	Board   [][]string
	Columns []string
}

type seatLine struct {
	Player link
	Score  int
}

type turnLine struct {
	N            string
	Player, Kind string
	Move         string
	Score, Total string
}

// game renders a game's record move by move and its final board.
func (s *site) game(d *divisionSite, v *service.GameView, name string) error {
	heading := "Round " + strconv.Itoa(v.Round) + ", table " + strconv.Itoa(v.Table)
	gv := gameView{page: d.page(heading+" · "+d.title(), name), Heading: heading}
	gv.Crumbs = append(gv.Crumbs, link{roundFile(v.Round), "Round " + strconv.Itoa(v.Round)})
	names := map[int]string{}
	for i, p := range v.Players {
		names[p.Seat] = p.Name
		total := p.Score
		if i < len(v.Totals) {
			total = v.Totals[i]
		}
		gv.Players = append(gv.Players, seatLine{Player: link{playerFile(p.PlayerID), p.Name}, Score: total})
	}
	for _, t := range v.Turns {
		if t.Undone {
			continue
		}
		line := turnLine{Player: names[t.Seat], Move: t.Move, Score: spread(t.Score)}
		if t.Kind == service.EventMove {
			line.N = strconv.Itoa(t.Turn) // the turn number; what follows a play is its note
		} else {
			line.Kind = t.Kind
		}
		if t.Seat >= 1 && t.Seat <= len(t.Totals) {
			line.Total = score(t.Totals[t.Seat-1])
		}
		gv.Turns = append(gv.Turns, line)
	}
	for r, row := range v.Board {
		cells := []string{strconv.Itoa(r + 1)}
		for _, c := range row {
			if c == '.' {
				cells = append(cells, "")
			} else {
				cells = append(cells, string(c))
			}
		}
		gv.Board = append(gv.Board, cells)
		if r == 0 {
			for c := range []rune(row) {
				gv.Columns = append(gv.Columns, string(rune('A'+c)))
			}
		}
	}
	return s.render(d.path(name), "game", gv)
}
