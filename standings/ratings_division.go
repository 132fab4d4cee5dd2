package standings

// RatingRow is one player's rating estimate in a division, in standings
// order.
type RatingRow struct {
	Rank      int // the standings' (0 for a withdrawn player: no rank, see Row.Rank)
	Tied      bool
	Player    int
	Name      string
	Withdrawn bool
	RatingEstimate
}

// Ratings estimates every player's rating after rounds 1..through by the
// rules, in the order and with the ranks of the standings after the same
// round (one truth: the games are the standings' games). careerGames[id-1]
// is a player's rated games before the event, 0 or missing for the
// player's own (Player.CareerGames; 0 there too when not known).
//
// A game is rated as the standings count it: each game played over the
// board, a tie as half a win, a tie decided by the variant's tie-break as
// the win and loss it counts as; a table of three or four as one game
// against each other player there (its legs). Byes, forfeits and team
// games are not rated.
func (d *Division) Ratings(through int, rules RatingRules, careerGames []int) []RatingRow {
	through = min(max(through, 0), d.Rounds())
	est := d.RatingEstimates(through, rules, careerGames)
	rows := d.Standings(through)
	out := make([]RatingRow, len(rows))
	for i, r := range rows {
		out[i] = RatingRow{Rank: r.Rank, Tied: r.Tied, Player: r.Player, Name: r.Name, Withdrawn: r.Withdrawn,
			RatingEstimate: est[r.Player-1]}
	}
	return out
}

// RatingEstimates are Ratings' estimates by player (id-1), for a caller
// that has the standings after the same round already.
func (d *Division) RatingEstimates(through int, rules RatingRules, careerGames []int) []RatingEstimate {
	through = min(max(through, 0), d.Rounds())
	entrants := make([]RatedEntrant, len(d.players))
	for i, p := range d.players {
		entrants[i] = RatedEntrant{Rating: p.Rating, CareerGames: p.CareerGames}
		if i < len(careerGames) && careerGames[i] > 0 {
			entrants[i].CareerGames = careerGames[i]
		}
		entrants[i].Games = d.ratedGames(p.ID, through)
	}
	return rules.EstimatePlanned(entrants, through, d.cfg.Rounds)
}

// ratedGames are a player's rated games in rounds 1..through, opponents
// as 0-based indexes.
func (d *Division) ratedGames(id, through int) []RatedGame {
	slots := d.slots[id-1]
	out := make([]RatedGame, 0, min(len(slots), through)) // a game a round, but for tables
	for i := 0; i < len(slots) && i < through; i++ {
		s := slots[i]
		if s.state != slotScored {
			continue
		}
		r := d.slotResult(s, i+1, id)
		if r.Teams {
			continue
		}
		forLegs(r, r.Group, r.GroupScores, r.Teams, func(leg Result) {
			if leg.Opponent == 0 || leg.Forfeit {
				return
			}
			var score float64
			switch leg.Outcome() {
			case Win:
				score = 1
			case Tie:
				score = 0.5
			case Loss:
			default:
				return
			}
			out = append(out, RatedGame{Round: i + 1, Opponent: leg.Opponent - 1, Score: score})
		})
	}
	return out
}
