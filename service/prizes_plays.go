package service

import (
	"tourney/scoring"
)

// Prizes from games recorded turn by turn: the highest play, the best
// bingo and the most bingos. A bingo is a play of the whole rack (the
// variant's full-rack bonus: 7 tiles in Scrabble, the rack's size in
// Word Chums, whose 5- and 6-tile bonuses are not bingos). A play
// withdrawn after a challenge does not count; a record the director set
// aside counts for nothing.

// recordedPlays are a division's plays from its recorded games.
type recordedPlays struct {
	plays []recordedPlay
}

type recordedPlay struct {
	line, round, score int
	word               string
	bingo              bool
}

// recorded loads the plays once, on the first prize that needs them.
func (aw *prizeAwards) recorded() *recordedPlays {
	if aw.played != nil || aw.err != nil {
		return aw.played
	}
	rp := &recordedPlays{}
	for _, g := range aw.st.games {
		if g.Version == 0 {
			continue // no turns
		}
		l, err := aw.s.load(aw.ctx, g.ID)
		if err != nil {
			aw.err = err
			return nil
		}
		if l.r.voided {
			continue
		}
		rp.add(l, aw.st)
	}
	aw.played = rp
	return rp
}

// add takes one game's plays.
func (rp *recordedPlays) add(l *loaded, st *divState) {
	var mine []recordedPlay
	for i, t := range l.r.turns {
		if t == nil {
			continue
		}
		seat := l.r.events[i].Seat - 1
		if seat < 0 || seat >= len(l.g.Seats) {
			continue
		}
		line := st.line[l.g.Seats[seat]]
		switch t.Event.Kind {
		case scoring.EventMove:
			if t.Placement == nil || t.Breakdown == nil || line == 0 {
				continue
			}
			p := recordedPlay{line: line, round: l.g.Round, score: t.Score,
				bingo: t.Breakdown.Bingo > 0 && t.Breakdown.TilesPlaced == l.r.v.RackSize}
			for _, w := range t.Breakdown.Words {
				if w.Main || p.word == "" {
					p.word = w.Word
				}
			}
			mine = append(mine, p)
		case scoring.EventWithdraw:
			// The play taken back is the player's latest.
			for j := len(mine) - 1; j >= 0; j-- {
				if mine[j].line == line {
					mine = append(mine[:j], mine[j+1:]...)
					break
				}
			}
		}
	}
	rp.plays = append(rp.plays, mine...)
}

// playCandidates are the candidates of a recorded-game prize.
func (aw *prizeAwards) playCandidates(typ string) []prizeCand {
	rp := aw.recorded()
	if rp == nil {
		return nil
	}
	var cs []prizeCand
	counts := map[int]int{}
	for _, p := range rp.plays {
		switch {
		case typ == PrizeHighPlay, typ == PrizeBestBingo && p.bingo:
			c := valued(one(p.line), p.score)
			c.round, c.detail = p.round, p.word
			cs = append(cs, c)
		case typ == PrizeMostBingos && p.bingo:
			counts[p.line]++
		}
	}
	for line := 1; line <= len(aw.st.players); line++ {
		if n := counts[line]; n > 0 {
			cs = append(cs, valued(one(line), n))
		}
	}
	return cs
}
