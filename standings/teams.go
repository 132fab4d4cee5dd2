package standings

import (
	"cmp"
	"slices"
)

// TeamRow is one team's line in a division's team standings: a team of
// two partners, counted on the rounds they played as a team (team games,
// each once) and the byes they were given together.
type TeamRow struct {
	Rank    int
	Players [2]int
	Names   [2]string
	// Wins and Losses count a tie as half of each; Spread is capped as the
	// division caps spread.
	Wins, Losses float64
	Spread       int
	Played       int
	Byes         int

	winsHalf, lossesHalf int
}

// TeamStandings ranks the given teams (each two partners) on rounds
// 1..through: wins, fewer losses, spread, then the first partner's id.
// Teams sharing wins, losses and spread share a rank.
func (d *Division) TeamStandings(through int, teams [][2]int) ([]TeamRow, error) {
	rows := make([]TeamRow, 0, len(teams))
	for _, t := range teams {
		for _, id := range t {
			if err := d.checkPlayer(id); err != nil {
				return nil, err
			}
		}
		row := TeamRow{Players: t, Names: [2]string{d.players[t[0]-1].Name, d.players[t[1]-1].Name}}
		for round := 1; round <= through && round <= len(d.slots[t[0]-1]); round++ {
			a, b := d.slotAt(t[0], round), d.slotAt(t[1], round)
			if a.state != slotScored || b.state != slotScored {
				continue
			}
			r := d.resultOf(a, round, t[0])
			switch {
			case r.Teams && r.Partner() == t[1]:
				row.Played++
			case r.IsBye() && d.resultOf(b, round, t[1]).IsBye() && r.Score > 0:
				row.Byes++
			default:
				continue // not a round of this team
			}
			for _, leg := range r.Legs() {
				w, l := leg.Outcome().halves()
				row.winsHalf += w
				row.lossesHalf += l
				spread := leg.Spread()
				if c := d.cfg.spreadCap(round); c > 0 {
					spread = max(-c, min(c, spread))
				}
				row.Spread += spread
			}
		}
		row.Wins, row.Losses = float64(row.winsHalf)/2, float64(row.lossesHalf)/2
		rows = append(rows, row)
	}
	key := func(r TeamRow) [3]int { return [3]int{r.winsHalf, -r.lossesHalf, r.Spread} }
	slices.SortStableFunc(rows, func(a, b TeamRow) int {
		ka, kb := key(a), key(b)
		return cmp.Or(cmp.Compare(kb[0], ka[0]), cmp.Compare(kb[1], ka[1]), cmp.Compare(kb[2], ka[2]),
			cmp.Compare(a.Players[0], b.Players[0]))
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && key(rows[i]) == key(rows[i-1]) {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return rows, nil
}
