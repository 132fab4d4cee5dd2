package service

import (
	"context"
	"slices"

	"tourney/standings"
)

// How each prize type finds its winners. Every type lists candidates
// (prizeCand) best first; a prize goes to its place-th candidate not
// passed over (an exclusive prize passes over the players who already
// hold an exclusive prize) and to every candidate tied with it. The
// numbers come from the division as loadDivision builds it: the
// standings and results every other view shows.

// prizeCand is one candidate: the players it would make winners (two for
// a high-combined game), what ranks it (higher is better; equal keys
// tie), and what the answer shows.
type prizeCand struct {
	lines  []int
	key    [2]int64
	round  int
	value  *int
	wins   *float64
	spread *int
	detail string
}

// prizeAwards is one division's prizes being awarded in ceremony order.
type prizeAwards struct {
	s       *Service
	ctx     context.Context
	st      *divState
	through int
	rows    []standings.Row
	holders map[int]bool // lines holding an exclusive prize
	seeds   []int        // seed by line-1: place by rating before the event
	games   []prizeGame  // two-player games played over the board
	played  *recordedPlays
	err     error
}

// prizeGame is one game from its winner's side (either side for a tie).
type prizeGame struct {
	round                int
	winner, loser        int // lines
	winScore, loseScore  int
	tie                  bool
	winRating, oppRating int
}

func (s *Service) newPrizeAwards(ctx context.Context, st *divState) (*prizeAwards, error) {
	aw := &prizeAwards{s: s, ctx: ctx, st: st, through: st.d.Rounds(), holders: map[int]bool{}}
	aw.rows = st.d.Standings(aw.through)
	n := len(st.players)
	order := make([]int, n)
	for i := range order {
		order[i] = i + 1
	}
	// Seeds by rating before the event, highest first; equal ratings in
	// line (player id) order.
	slices.SortStableFunc(order, func(a, b int) int { return st.players[b-1].Rating - st.players[a-1].Rating })
	aw.seeds = make([]int, n)
	for i, line := range order {
		aw.seeds[line-1] = i + 1
	}
	for line := 1; line <= n; line++ {
		for round := 1; round <= aw.through; round++ {
			r, ok := st.d.Result(line, round)
			if !ok || !r.Played() || r.IsGroup() || r.Opponent < line {
				continue
			}
			g := prizeGame{round: round, winner: line, loser: r.Opponent, winScore: r.Score, loseScore: r.OppScore}
			switch r.Outcome() {
			case standings.Loss:
				g.winner, g.loser, g.winScore, g.loseScore = r.Opponent, line, r.OppScore, r.Score
			case standings.Tie:
				g.tie = true
			}
			g.winRating, g.oppRating = st.players[g.winner-1].Rating, st.players[g.loser-1].Rating
			aw.games = append(aw.games, g)
		}
	}
	return aw, nil
}

// award finds a prize's winners.
func (aw *prizeAwards) award(p Prize) PrizeResult {
	res := PrizeResult{Prize: p, Winners: []PrizeWinner{}, FromRecordedGames: prizeTypes[p.Type]}
	res.Prize.Winners = nil
	if p.Type == PrizeSignup {
		for _, id := range p.Winners {
			if line := aw.st.line[id]; line != 0 {
				res.Winners = append(res.Winners, PrizeWinner{PlayerID: id, Name: aw.st.name(line)})
				if p.exclusive() {
					aw.holders[line] = true
				}
			}
		}
		return res
	}
	cands := aw.candidates(p)
	if p.exclusive() {
		cands = slices.DeleteFunc(cands, func(c prizeCand) bool {
			return slices.ContainsFunc(c.lines, func(l int) bool { return aw.holders[l] })
		})
	}
	if p.Place < 1 || len(cands) < p.Place {
		return res
	}
	top := cands[p.Place-1]
	res.Value, res.Round, res.Wins, res.Spread, res.Detail = top.value, top.round, top.wins, top.spread, top.detail
	var won []int
	for _, c := range cands {
		if c.key != top.key {
			continue
		}
		for _, l := range c.lines {
			if slices.Contains(won, l) {
				continue
			}
			won = append(won, l)
			res.Winners = append(res.Winners, PrizeWinner{PlayerID: aw.st.id(l), Name: aw.st.name(l), Round: c.round})
		}
	}
	if p.exclusive() {
		for _, l := range won {
			aw.holders[l] = true
		}
	}
	return res
}

// candidates lists a prize's candidates, best first.
func (aw *prizeAwards) candidates(p Prize) []prizeCand {
	var cs []prizeCand
	switch p.Type {
	case PrizeRank, PrizeClassRank:
		for _, r := range aw.rows {
			if r.Withdrawn || r.Rank == 0 || r.Played+r.Byes+r.Forfeits == 0 {
				continue
			}
			if p.Type == PrizeClassRank && aw.st.classOf(r.Player) != p.Class {
				continue
			}
			cs = append(cs, prizeCand{lines: []int{r.Player}, key: [2]int64{-int64(r.Rank)}, wins: ptr(r.Wins), spread: ptr(r.Spread)})
		}
	case PrizeHighWin, PrizeHighLoss, PrizeLowWin, PrizeLowLoss, PrizeHighCombined, PrizeUpset:
		cs = aw.gameCandidates(p.Type)
	case PrizeBRLH:
		n := len(aw.st.players)
		for _, r := range aw.rows {
			if r.Withdrawn || aw.seeds[r.Player-1]*2 <= n || r.Played+r.Byes+r.Forfeits == 0 {
				continue
			}
			cs = append(cs, prizeCand{lines: []int{r.Player}, key: [2]int64{int64(r.Wins * 2), int64(r.Spread)}, wins: ptr(r.Wins), spread: ptr(r.Spread)})
		}
	case PrizeOverseed:
		for _, r := range aw.rows {
			if v := aw.seeds[r.Player-1] - r.Rank; !r.Withdrawn && r.Rank > 0 && v > 0 {
				cs = append(cs, prizeCand{lines: []int{r.Player}, key: [2]int64{int64(v)}, value: ptr(v)})
			}
		}
	case PrizeHighRatingChange:
		rules, ok := aw.st.ratingSystem().Rules()
		if !ok {
			return nil
		}
		for _, r := range aw.st.d.Ratings(aw.through, rules, nil) {
			if r.Withdrawn || r.Newcomer || r.Games == 0 {
				continue
			}
			v := r.Change()
			cs = append(cs, prizeCand{lines: []int{r.Player}, key: [2]int64{int64(v)}, value: ptr(v)})
		}
	case PrizeRoundRecord:
		cs = aw.roundRecords(p.First, min(p.Last, aw.through))
	case PrizeHighPlay, PrizeBestBingo, PrizeMostBingos:
		cs = aw.playCandidates(p.Type)
	}
	slices.SortStableFunc(cs, func(a, b prizeCand) int {
		for i := range a.key {
			if a.key[i] != b.key[i] {
				if a.key[i] > b.key[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	return cs
}

// gameCandidates are the games for a game prize, in round then line
// order before sorting. Byes and forfeits are not games; a tie is
// neither a win nor a loss. An upset needs both players rated.
func (aw *prizeAwards) gameCandidates(typ string) []prizeCand {
	var cs []prizeCand
	for _, g := range aw.games {
		c := prizeCand{round: g.round, lines: []int{g.winner}}
		var v int
		switch typ {
		case PrizeHighWin, PrizeLowWin:
			if g.tie {
				continue
			}
			v = g.winScore
		case PrizeHighLoss, PrizeLowLoss:
			if g.tie {
				continue
			}
			v, c.lines = g.loseScore, []int{g.loser}
		case PrizeHighCombined:
			v, c.lines = g.winScore+g.loseScore, []int{g.winner, g.loser}
		case PrizeUpset:
			if g.tie || g.winRating == 0 || g.oppRating <= g.winRating {
				continue
			}
			v = g.oppRating - g.winRating
		}
		c.value, c.key = ptr(v), [2]int64{int64(v)}
		if typ == PrizeLowWin || typ == PrizeLowLoss {
			c.key[0] = -c.key[0]
		}
		cs = append(cs, c)
	}
	slices.SortStableFunc(cs, func(a, b prizeCand) int { return a.round - b.round })
	return cs
}

// roundRecords are the players' records over rounds first..last: wins
// (a tie half), then spread; byes and forfeits count as in the standings.
func (aw *prizeAwards) roundRecords(first, last int) []prizeCand {
	var cs []prizeCand
	for _, r := range aw.rows {
		if r.Withdrawn {
			continue
		}
		halves, spread, any := 0, 0, false
		for round := first; round <= last; round++ {
			res, ok := aw.st.d.Result(r.Player, round)
			if !ok {
				continue
			}
			w, _ := res.Outcome().Halves()
			halves, spread, any = halves+w, spread+res.Spread(), true
		}
		if any {
			cs = append(cs, prizeCand{lines: []int{r.Player}, key: [2]int64{int64(halves), int64(spread)},
				wins: ptr(float64(halves) / 2), spread: ptr(spread)})
		}
	}
	return cs
}
