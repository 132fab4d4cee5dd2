package service

import (
	"context"
	"math"

	"tourney/standings"
)

// The statistics of an event (public, as the standings they come from):
// per division, the games, scores and who won them, from the division's
// record, the one place the standings and the cross-table come from; and
// from the games recorded turn by turn, their bingos, highest plays and
// challenges, from the same replay the game views use (stats_turns.go).
//
// What counts:
//   - A game is a two-player game played over the board with its result
//     in. Byes and forfeits are not games (they are counted apart);
//     tables of three or four and team games are left out.
//   - Winning and losing are as the standings count them: a tie the
//     variant broke is a win and a loss; ties are games the standings
//     count half each.
//   - The first player's and the higher-rated player's win percentages
//     count a tie as half a win. Who started is the division's record of
//     it (the game's first seat, the pairing's "first", p12 of an
//     imported .t); games where it is not known are left out. Ratings
//     are the players' ratings before the event; games between equal
//     ratings, or with an unrated player, are left out.

// StatsView is a tournament's statistics, a block per division.
type StatsView struct {
	TournamentID int64           `json:"tournament_id"`
	Tournament   string          `json:"tournament"`
	Divisions    []DivisionStats `json:"divisions"`
}

// DivisionStats is one division's statistics after every round so far.
type DivisionStats struct {
	DivisionID *int64 `json:"division_id"` // null: the players of a tournament without divisions
	Name       string `json:"name"`        // "" for a tournament without divisions
	Through    int    `json:"through"`     // the last round with pairings
	Complete   int    `json:"complete"`    // rounds 1 to this are complete
	// InProgress: the next round's results so far, when it is paired.
	InProgress *RoundProgress `json:"in_progress,omitempty"`
	Players    int            `json:"players"`
	Games      int            `json:"games"` // two-player games played over the board, result in
	Ties       int            `json:"ties"`
	Byes       int            `json:"byes"`
	Forfeits   int            `json:"forfeits"`
	// Averages over Games (null without games): every score, the
	// winners' scores and the losers' (ties left out of both).
	AverageScore        *float64 `json:"average_score"`
	AverageWinningScore *float64 `json:"average_winning_score"`
	AverageLosingScore  *float64 `json:"average_losing_score"`
	// FirstPlayerGames: games where who started is known;
	// FirstPlayerWinPct: the starter's wins among them, a tie half.
	FirstPlayerGames  int      `json:"first_player_games"`
	FirstPlayerWinPct *float64 `json:"first_player_win_pct"`
	// HigherRatedGames: games between two rated players of different
	// ratings before the event; HigherRatedWinPct: the higher-rated
	// player's wins among them, a tie half.
	HigherRatedGames  int      `json:"higher_rated_games"`
	HigherRatedWinPct *float64 `json:"higher_rated_win_pct"`
	// The ten highest of each (fewer when there are fewer games).
	HighWins     []GameStat `json:"high_wins"`
	HighLosses   []GameStat `json:"high_losses"`
	HighCombined []GameStat `json:"high_combined"`
	TurnStats
}

// GameStat is a game in a top-ten list. Value is the figure ranked: the
// winner's score (high_wins), the loser's (high_losses) or both added
// (high_combined). Players: the player whose score is ranked first (the
// winner; the loser in high_losses; in a tie the first seat), then the
// opponent.
type GameStat struct {
	Round   int          `json:"round"`
	Table   int          `json:"table,omitempty"` // 0: not known
	Value   int          `json:"value"`
	Players []PlayerStat `json:"players"`
}

// PlayerStat is a player of a game in a list, with their score.
type PlayerStat struct {
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Score    int    `json:"score"`
}

// topCount is how long the top lists are.
const topCount = 10

// Stats is a tournament's statistics (public): the division asked for,
// else every division (the players of a tournament without divisions).
func (s *Service) Stats(ctx context.Context, tournamentID int64, divisionID *int64) (*StatsView, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	divs, err := s.divisionsAsked(ctx, t, divisionID)
	if err != nil {
		return nil, err
	}
	v := &StatsView{TournamentID: t.ID, Tournament: t.Name, Divisions: []DivisionStats{}}
	for _, div := range divs {
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			return nil, err
		}
		ds := st.stats(st.d.Rounds())
		if ds.TurnStats, err = s.turnStats(ctx, st); err != nil {
			return nil, err
		}
		v.Divisions = append(v.Divisions, ds)
	}
	return v, nil
}

// stats counts the division's results after a round, in one pass over
// its record.
func (st *divState) stats(through int) DivisionStats {
	ds := DivisionStats{DivisionID: st.divisionID(), Through: through, Players: len(st.players)}
	if st.div != nil {
		ds.Name = st.div.Name
	}
	ds.Complete, ds.InProgress = st.progress(through)
	var scores, winning, losing, decided int
	var firstHalves, ratedHalves int
	wins, losses, combined := newTop(), newTop(), newTop()
	for line := 1; line <= len(st.players); line++ {
		for round := 1; round <= through; round++ {
			r, ok := st.d.Result(line, round)
			switch {
			case !ok || r.IsGroup():
				continue
			case r.IsBye():
				ds.Byes++
				continue
			case r.Forfeit:
				if r.Opponent == 0 || line < r.Opponent {
					ds.Forfeits++
				}
				continue
			case r.Opponent < line:
				continue // counted from the other side
			}
			ds.Games++
			scores += r.Score + r.OppScore
			me := PlayerStat{PlayerID: st.id(line), Name: st.name(line), Score: r.Score}
			opp := PlayerStat{PlayerID: st.id(r.Opponent), Name: st.name(r.Opponent), Score: r.OppScore}
			g := GameStat{Round: round, Table: r.Table}
			o := r.Outcome()
			switch o {
			case standings.Tie:
				ds.Ties++
				combined.add(g, r.Score+r.OppScore, me, opp)
			case standings.Win:
				decided++
				winning, losing = winning+r.Score, losing+r.OppScore
				wins.add(g, r.Score, me, opp)
				losses.add(g, r.OppScore, opp, me)
				combined.add(g, r.Score+r.OppScore, me, opp)
			case standings.Loss:
				decided++
				winning, losing = winning+r.OppScore, losing+r.Score
				wins.add(g, r.OppScore, opp, me)
				losses.add(g, r.Score, me, opp)
				combined.add(g, r.Score+r.OppScore, opp, me)
			}
			// Halves won by this line's player: 2 a win, 1 a tie.
			mine, _ := o.Halves()
			switch r.Start {
			case standings.StartFirst:
				ds.FirstPlayerGames++
				firstHalves += mine
			case standings.StartSecond:
				ds.FirstPlayerGames++
				firstHalves += 2 - mine
			}
			ra, rb := st.players[line-1].Rating, st.players[r.Opponent-1].Rating
			if ra > 0 && rb > 0 && ra != rb {
				ds.HigherRatedGames++
				if ra > rb {
					ratedHalves += mine
				} else {
					ratedHalves += 2 - mine
				}
			}
		}
	}
	ds.AverageScore = average(scores, 2*ds.Games)
	ds.AverageWinningScore = average(winning, decided)
	ds.AverageLosingScore = average(losing, decided)
	ds.FirstPlayerWinPct = percent(firstHalves, 2*ds.FirstPlayerGames)
	ds.HigherRatedWinPct = percent(ratedHalves, 2*ds.HigherRatedGames)
	ds.HighWins, ds.HighLosses, ds.HighCombined = wins.list, losses.list, combined.list
	return ds
}

// average is sum/n to two places, nil when n is 0.
func average(sum, n int) *float64 {
	if n == 0 {
		return nil
	}
	return ptr(round2(float64(sum) / float64(n)))
}

// percent is 100·part/whole to two places, nil when whole is 0.
func percent(part, whole int) *float64 {
	if whole == 0 {
		return nil
	}
	return ptr(round2(100 * float64(part) / float64(whole)))
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// top keeps the topCount highest games: by value, then the earlier
// round, the lower table, the lower player id.
type top struct{ list []GameStat }

func newTop() *top { return &top{list: []GameStat{}} }

func (t *top) add(g GameStat, value int, first, second PlayerStat) {
	if len(t.list) == topCount && !gameBefore(value, g, first, &t.list[topCount-1]) {
		return // the common case: cheap, nothing allocated
	}
	g.Value, g.Players = value, []PlayerStat{first, second}
	i := len(t.list)
	for i > 0 && gameBefore(value, g, first, &t.list[i-1]) {
		i--
	}
	if len(t.list) < topCount {
		t.list = append(t.list, GameStat{})
	}
	copy(t.list[i+1:], t.list[i:])
	t.list[i] = g
}

// gameBefore: a game of value with first player first ranks before b.
func gameBefore(value int, g GameStat, first PlayerStat, b *GameStat) bool {
	switch {
	case value != b.Value:
		return value > b.Value
	case g.Round != b.Round:
		return g.Round < b.Round
	case g.Table != b.Table:
		return g.Table < b.Table
	}
	return first.PlayerID < b.Players[0].PlayerID
}
