package service

import (
	"context"
	"sync"

	"tourney/scoring"
)

// Statistics of the games recorded turn by turn: a division's finished
// records (a record the director set aside is not one), each replayed
// once by the engine, as the game's own view is, and summed up. A game's
// summary is kept by its version (see gameCache), so asking again costs
// nothing until a game changes.
//
// What counts:
//   - A turn is a play, an exchange or a pass, or a turn lost to a
//     failed challenge (as a pass); average_turn_score is the points of
//     the turns over their number, a play challenged off counting 0.
//     Challenge bonuses, time penalties and the end-of-game adjustments
//     are not turns.
//   - A bingo is a play that stood (was not challenged off) and earned
//     the variant's bonus for playing a full rack (RackSize tiles; Word
//     Chums' bonuses for five and six tiles are not bingos).
//   - A challenge is a challenge entered as such, or its effect entered
//     by itself (a play withdrawn, a challenge bonus, a lost turn, as an
//     imported record has them); it is upheld when it took the play off.

// TurnStats are a division's statistics from its recorded games.
type TurnStats struct {
	RecordedGames    int        `json:"recorded_games"`
	Bingos           int        `json:"bingos"`
	BingosPerGame    *float64   `json:"bingos_per_game"` // per recorded game; null without one
	Turns            int        `json:"turns"`
	AverageTurnScore *float64   `json:"average_turn_score"`
	Challenges       int        `json:"challenges"`
	ChallengesUpheld int        `json:"challenges_upheld"`
	HighPlays        []PlayStat `json:"high_plays"` // the ten highest plays that stood
}

// PlayStat is a play in the list of the highest.
type PlayStat struct {
	Round    int    `json:"round"`
	Table    int    `json:"table,omitempty"`
	GameID   int64  `json:"game_id"`
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Move     string `json:"move"` // as entered: "8D QUIXOTE"
	Word     string `json:"word"` // the main word formed, through letters included
	Score    int    `json:"score"`
	Bingo    bool   `json:"bingo"`
}

// gameTurns is one recorded game summed up.
type gameTurns struct {
	finished              bool
	turns, points, bingos int
	challenges, upheld    int
	plays                 []gamePlay // its topCount highest plays that stood
	variant               *scoring.Variant
	rule                  string
	version               int64
}

// gamePlay is a play of a game that stood.
type gamePlay struct {
	seq, seat  int // seat 0-based
	move, word string
	score      int
	bingo      bool
	withdrawn  bool
}

// turnStatsCache keeps each game's summary by id, for its version,
// variant and challenge rule.
type turnStatsCache struct {
	mu    sync.Mutex
	games map[int64]*gameTurns
}

// turnStatsCacheSize bounds the summaries: the games of a few of the
// largest events.
const turnStatsCacheSize = 50_000

func (c *turnStatsCache) get(g *Game, v *scoring.Variant, rule string) *gameTurns {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.games[g.ID]
	if s == nil || s.version != g.Version || s.variant != v || s.rule != rule {
		return nil
	}
	return s
}

func (c *turnStatsCache) put(id int64, s *gameTurns) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = map[int64]*gameTurns{}
	}
	if _, ok := c.games[id]; !ok && len(c.games) >= turnStatsCacheSize {
		for k := range c.games {
			delete(c.games, k)
			break
		}
	}
	c.games[id] = s
}

// turnStats sums up the division's recorded games.
func (s *Service) turnStats(ctx context.Context, st *divState) (TurnStats, error) {
	ts := TurnStats{HighPlays: []PlayStat{}}
	v, err := s.variantFor(st.t)
	if err != nil {
		return ts, err
	}
	points := 0
	for i := range st.games {
		g := &st.games[i]
		if g.Version == 0 {
			continue // no turns
		}
		gt := s.recorded.get(g, v, st.t.ChallengeRule)
		if gt == nil {
			if gt, err = s.summarize(ctx, g, v, st.t.ChallengeRule); err != nil {
				return ts, err
			}
			s.recorded.put(g.ID, gt)
		}
		if !gt.finished {
			continue
		}
		ts.RecordedGames++
		ts.Bingos += gt.bingos
		ts.Turns += gt.turns
		points += gt.points
		ts.Challenges += gt.challenges
		ts.ChallengesUpheld += gt.upheld
		for _, p := range gt.plays {
			ts.HighPlays = addPlay(ts.HighPlays, PlayStat{Round: g.Round, Table: g.Table, GameID: g.ID,
				PlayerID: g.Seats[p.seat], Name: st.name(st.line[g.Seats[p.seat]]), Move: p.move, Word: p.word, Score: p.score, Bingo: p.bingo})
		}
	}
	ts.BingosPerGame = average(ts.Bingos, ts.RecordedGames)
	ts.AverageTurnScore = average(points, ts.Turns)
	return ts, nil
}

// summarize replays a game's events and sums it up. A record that no
// longer replays (the rules changed under it) counts as not finished.
func (s *Service) summarize(ctx context.Context, g *Game, v *scoring.Variant, rule string) (*gameTurns, error) {
	gt := &gameTurns{variant: v, rule: rule, version: g.Version}
	events, err := s.gameEvents(ctx, g)
	if err != nil {
		return nil, err
	}
	r, _, err := replay(v, g, events, rule)
	if err != nil || r.status != StatusFinished {
		return gt, nil
	}
	gt.finished = true
	var plays []gamePlay
	last := make([]int, len(g.Seats)) // each seat's latest play in plays, -1: none
	for i := range last {
		last[i] = -1
	}
	for i, t := range r.turns {
		e := &r.events[i]
		switch e.Kind {
		case EventChallenge:
			gt.challenges++
			if e.Verdict == VerdictUnacceptable {
				gt.upheld++
			}
		case EventWithdraw:
			gt.challenges++
			gt.upheld++
		case EventChallengeBonus, EventLostTurn:
			gt.challenges++
		}
		if t == nil {
			continue
		}
		seat := t.Event.Player
		switch t.Event.Kind {
		case scoring.EventMove:
			gt.turns++
			gt.points += t.Score
			last[seat] = -1 // only the seat's latest move can be withdrawn
			if t.Event.Move.Kind == scoring.MovePlace && t.Breakdown != nil {
				last[seat] = len(plays)
				plays = append(plays, gamePlay{seq: e.Seq, seat: seat, move: e.Move, word: mainWord(t.Breakdown), score: t.Score,
					bingo: t.Breakdown.Bingo > 0 && t.Breakdown.TilesPlaced >= v.RackSize})
			}
		case scoring.EventLostTurn:
			gt.turns++
		case scoring.EventWithdraw:
			if k := last[seat]; k >= 0 {
				plays[k].withdrawn = true
				gt.points -= plays[k].score
				last[seat] = -1
			}
		}
	}
	for _, p := range plays {
		if p.withdrawn {
			continue
		}
		if p.bingo {
			gt.bingos++
		}
		if len(gt.plays) < topCount || p.score > gt.plays[len(gt.plays)-1].score {
			gt.plays = insertPlay(gt.plays, p)
		}
	}
	return gt, nil
}

// insertPlay puts p into a game's plays, highest first (the earlier on
// equal scores), keeping topCount.
func insertPlay(ps []gamePlay, p gamePlay) []gamePlay {
	i := len(ps)
	for i > 0 && p.score > ps[i-1].score {
		i--
	}
	ps = append(ps, gamePlay{})
	copy(ps[i+1:], ps[i:])
	ps[i] = p
	return ps[:min(len(ps), topCount)]
}

// addPlay puts p into the division's highest plays: by score, then
// round, table and game; a game's plays come in turn order and equal ones
// keep it.
func addPlay(ps []PlayStat, p PlayStat) []PlayStat {
	before := func(b *PlayStat) bool {
		switch {
		case p.Score != b.Score:
			return p.Score > b.Score
		case p.Round != b.Round:
			return p.Round < b.Round
		case p.Table != b.Table:
			return p.Table < b.Table
		}
		return p.GameID < b.GameID
	}
	i := len(ps)
	for i > 0 && before(&ps[i-1]) {
		i--
	}
	if i >= topCount {
		return ps
	}
	ps = append(ps, PlayStat{})
	copy(ps[i+1:], ps[i:])
	ps[i] = p
	return ps[:min(len(ps), topCount)]
}

// mainWord is the word a play formed along its line, else its first.
func mainWord(b *scoring.Breakdown) string {
	for _, w := range b.Words {
		if w.Main {
			return w.Word
		}
	}
	if len(b.Words) > 0 {
		return b.Words[0].Word
	}
	return ""
}
