package service

import (
	"context"
	"slices"

	"tourney/standings"
)

// How each prize type finds its winners. Every type lists candidates
// (prizeCand); a prize goes to its place-th candidate, in order of
// merit, and every candidate tied with it. An exclusive prize passes over
// the players who already hold an exclusive prize: when the place-th
// holds one, the next player who does not takes it (as directors award
// them: 1st, then 2nd, then the class prizes). The numbers come from the division as loadDivision builds it: the
// standings and results every other view shows.

// prizeCand is one candidate: the players it would make winners (two for
// a high-combined game), what ranks it (higher is better; equal keys
// tie), and what the answer shows.
type prizeCand struct {
	lines  [2]int // lines; 0 for none
	key    [2]int64
	round  int
	value  int
	wins   float64
	spread int
	has    candHas
	detail string
}

// candHas says which of a candidate's figures the answer shows.
type candHas uint8

const (
	hasValue candHas = 1 << iota
	hasRecord
)

// one is a candidate of one player.
func one(line int) [2]int { return [2]int{line} }

// valued is a candidate with a value that ranks it.
func valued(lines [2]int, v int) prizeCand {
	return prizeCand{lines: lines, key: [2]int64{int64(v)}, value: v, has: hasValue}
}

// recordCand is a player's candidacy on a record: wins (ranked in halves)
// then spread.
func recordCand(line int, wins float64, spread int) prizeCand {
	return prizeCand{lines: one(line), key: [2]int64{int64(wins * 2), int64(spread)}, wins: wins, spread: spread, has: hasRecord}
}

// held reports whether one of the candidate's players is among holders.
func (c *prizeCand) held(holders map[int]bool) bool {
	return holders[c.lines[0]] || c.lines[1] != 0 && holders[c.lines[1]]
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
	// cands: each kind of prize's candidates, listed once
	// (a table has 1st, 2nd, 3rd of a kind).
	cands map[candKey]*rankedCands
}

// prizeGame is one game from its winner's side (either side for a tie).
type prizeGame struct {
	round                int
	winner, loser        int // lines
	winScore, loseScore  int
	tie                  bool
	winRating, oppRating int
}

func (s *Service) newPrizeAwards(ctx context.Context, st *divState) *prizeAwards {
	aw := &prizeAwards{s: s, ctx: ctx, st: st, through: st.d.Rounds(), holders: map[int]bool{}, cands: map[candKey]*rankedCands{}}
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
	aw.games = make([]prizeGame, 0, n*aw.through/2)
	for round := 1; round <= aw.through; round++ {
		for line := 1; line <= n; line++ {
			// A game is taken from its lower line's side.
			if opp, _ := st.d.Opponent(line, round); opp <= line {
				continue
			}
			r, ok := st.d.Result(line, round)
			if !ok || !r.Played() || r.IsGroup() {
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
	return aw
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
	// The place-th candidate's key; an exclusive prize passes over those
	// who hold one and goes to the best not above it who do not.
	all := func(*prizeCand) bool { return true }
	at, ok := placeAt(cands, 0, p.Place, all)
	if !ok {
		return res
	}
	eligible := all
	if p.exclusive() {
		eligible = func(c *prizeCand) bool { return !c.held(aw.holders) }
		if at, ok = placeAt(cands, at, 1, eligible); !ok {
			return res
		}
	}
	// The best eligible candidate with the key is the at-th best: the
	// winners are the eligible ones of its run of equal keys.
	top := &cands.top[at]
	target := top.key
	res.Round, res.Detail = top.round, top.detail
	if top.has&hasValue != 0 {
		res.Value = ptr(top.value)
	}
	if top.has&hasRecord != 0 {
		res.Wins, res.Spread = ptr(top.wins), ptr(top.spread)
	}
	var won []int
	for i := at; i < len(cands.top) && cands.top[i].key == target; i++ {
		c := &cands.top[i]
		if !eligible(c) {
			continue
		}
		for _, l := range c.lines {
			if l == 0 || slices.Contains(won, l) {
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

// candKey names a kind of prize: the prizes of one kind share their
// candidates.
type candKey struct {
	typ, class  string
	first, last int
}

// candidates lists a prize's candidates, in the order that settles
// equal keys (round then line for games, the standings' order for
// players), once for each kind of prize, to be ranked as far as the
// prizes of the kind need; the list is the awards' own.
func (aw *prizeAwards) candidates(p Prize) *rankedCands {
	key := candKey{p.Type, p.Class, p.First, p.Last}
	if rc, ok := aw.cands[key]; ok {
		return rc
	}
	var rc *rankedCands
	switch p.Type {
	case PrizeHighWin, PrizeHighLoss, PrizeLowWin, PrizeLowLoss, PrizeHighCombined, PrizeUpset:
		rc = aw.gameCandidates(p.Type)
	default:
		rc = listed(aw.listCandidates(p))
	}
	aw.cands[key] = rc
	return rc
}

// listCandidates lists a prize's candidates (those of a game prize are
// gameCandidates).
func (aw *prizeAwards) listCandidates(p Prize) []prizeCand {
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
			c := recordCand(r.Player, r.Wins, r.Spread)
			c.key = [2]int64{-int64(r.Rank)} // the standings' rank: its chain decides
			cs = append(cs, c)
		}
	case PrizeBRLH:
		n := len(aw.st.players)
		for _, r := range aw.rows {
			if r.Withdrawn || aw.seeds[r.Player-1]*2 <= n || r.Played+r.Byes+r.Forfeits == 0 {
				continue
			}
			cs = append(cs, recordCand(r.Player, r.Wins, r.Spread))
		}
	case PrizeOverseed:
		for _, r := range aw.rows {
			if v := aw.seeds[r.Player-1] - r.Rank; !r.Withdrawn && r.Rank > 0 && v > 0 {
				cs = append(cs, valued(one(r.Player), v))
			}
		}
	case PrizeHighRatingChange:
		rules, ok := aw.st.ratingSystem().Rules()
		if !ok {
			return nil
		}
		// As the ratings view gives them, in standings order.
		est := aw.st.d.RatingEstimates(aw.through, rules, nil)
		for _, r := range aw.rows {
			if e := &est[r.Player-1]; !r.Withdrawn && !e.Newcomer && e.Games > 0 {
				cs = append(cs, valued(one(r.Player), e.Change()))
			}
		}
	case PrizeRoundRecord:
		cs = aw.roundRecords(p.First, min(p.Last, aw.through))
	case PrizeHighPlay, PrizeBestBingo, PrizeMostBingos:
		cs = aw.playCandidates(p.Type)
	}
	return cs
}

// gameCandidates are the games for a game prize, in round then line
// order: their keys, each candidate made when it is ranked (a division
// has many games, a prize needs the first few).
func (aw *prizeAwards) gameCandidates(typ string) *rankedCands {
	keys := make([][2]int64, 0, len(aw.games))
	games := make([]int32, 0, len(aw.games)) // the candidates' games
	low := typ == PrizeLowWin || typ == PrizeLowLoss
	for i := range aw.games {
		if _, v, ok := gameValue(typ, &aw.games[i]); ok {
			k := int64(v)
			if low {
				k = -k
			}
			keys = append(keys, [2]int64{k})
			games = append(games, int32(i))
		}
	}
	return &rankedCands{keys: keys, cand: func(i int) prizeCand {
		g := &aw.games[games[i]]
		lines, v, _ := gameValue(typ, g)
		c := valued(lines, v)
		c.key, c.round = keys[i], g.round
		return c
	}}
}

// gameValue is what a game is worth for a game prize and who would win
// it; false when it is no candidate. Byes and forfeits are not games; a
// tie is neither a win nor a loss. An upset needs both players rated.
func gameValue(typ string, g *prizeGame) (lines [2]int, v int, ok bool) {
	switch typ {
	case PrizeHighWin, PrizeLowWin:
		return one(g.winner), g.winScore, !g.tie
	case PrizeHighLoss, PrizeLowLoss:
		return one(g.loser), g.loseScore, !g.tie
	case PrizeHighCombined:
		return [2]int{g.winner, g.loser}, g.winScore + g.loseScore, true
	case PrizeUpset:
		return one(g.winner), g.oppRating - g.winRating, !g.tie && g.winRating != 0 && g.oppRating > g.winRating
	}
	return [2]int{}, 0, false
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
			cs = append(cs, recordCand(r.Player, float64(halves)/2, spread))
		}
	}
	return cs
}
