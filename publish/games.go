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

// game renders a game's record move by move, the end-of-game
// adjustments, and its final board. The heading's scores are the official
// result (the one the standings count), as every view of the game shows.
func (s *site) game(d *divisionSite, v *service.GameView, name string) error {
	heading := "Round " + strconv.Itoa(v.Round) + ", table " + strconv.Itoa(v.Table)
	gv := gameView{page: d.page(heading+" · "+d.title(), name), Heading: heading}
	gv.Crumbs = append(gv.Crumbs, link{roundFile(v.Round), "Round " + strconv.Itoa(v.Round)})
	names := map[int]string{}
	for i, p := range v.Players {
		names[p.Seat] = p.Name
		total := p.Score
		if o := v.Official; o != nil && i < len(o.Scores) {
			total = o.Scores[i]
		}
		gv.Players = append(gv.Players, seatLine{Player: link{playerFile(p.PlayerID), p.Name}, Score: total})
	}
	for _, t := range v.Turns {
		if t.Undone {
			continue
		}
		seat := v.ScoredSeat(t)
		line := turnLine{Player: names[seat], Move: t.Move, Score: spread(t.Score)}
		if t.Kind == service.EventMove {
			line.N = strconv.Itoa(t.Turn) // the turn number; what follows a play is its note
		} else {
			line.Kind = t.Kind
		}
		if seat >= 1 && seat <= len(t.Totals) {
			line.Total = score(t.Totals[seat-1])
		}
		gv.Turns = append(gv.Turns, line)
	}
	gv.Turns = append(gv.Turns, adjustments(v, names)...)
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

// adjustments are the end-of-game lines after the turns: each seat's
// tiles left, added or taken off, with the total it leaves (the final
// score: a time penalty is a turn of the record already).
func adjustments(v *service.GameView, names map[int]string) []turnLine {
	r := v.Result
	if r == nil || !r.Over || !r.Complete || len(r.RackAdjust) != len(v.Players) || len(r.Final) != len(v.Players) {
		return nil
	}
	var out []turnLine
	for i, n := range r.RackAdjust {
		if n != 0 {
			out = append(out, turnLine{Player: names[i+1], Kind: "tiles left", Score: spread(n), Total: score(r.Final[i])})
		}
	}
	return out
}
