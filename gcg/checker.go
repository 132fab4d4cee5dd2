package gcg

import (
	"slices"

	"tourney/scoring"
)

// Checker checks records one after another, as Check does, reusing its
// storage from one record to the next: the game and its turns, the racks,
// the lists of the Report. A caller that checks many records, such as
// `tourney verify`, allocates little beyond the first.
//
// The Report a Checker returns, and the Game in it, are good until its
// next Check. A Checker's zero value is ready to use; it is not safe for
// concurrent use.
type Checker struct {
	c        checker
	rep      Report
	game     *scoring.Game
	problems []Problem // the Report's lists, with their room
	nicks    []string
}

// Check replays a record under a variant, as the package's Check does.
func (k *Checker) Check(rec *Record, v *scoring.Variant) *Report {
	n := len(rec.Players)
	kept := k.c
	k.c = checker{
		rec: rec, v: v, rep: &k.rep,
		recTotal: resize(kept.recTotal, n), endPoints: resize(kept.endPoints, n), endLine: resize(kept.endLine, n),
		lastPlay: resize(kept.lastPlay, n), outTiles: kept.outTiles[:0], tileBlock: kept.tileBlock[:0],
	}
	// One block big enough for every rack and word of the record (a byte
	// or more a tile), so that none is allocated mid-game.
	need := 0
	for i := range rec.Events {
		need += len(rec.Events[i].Rack) + len(rec.Events[i].Word)
	}
	k.c.tileRoom(need)
	k.rep = Report{Variant: v, Problems: k.problems[:0], Nicks: k.nicks[:0]}
	k.check()
	k.problems, k.nicks = k.rep.Problems, k.rep.Nicks
	if len(k.rep.Problems) == 0 {
		k.rep.Problems = nil // as a Report built afresh has it
	}
	if len(k.rep.Nicks) == 0 {
		k.rep.Nicks = nil
	}
	return &k.rep
}

func (k *Checker) check() {
	c, rec := &k.c, k.c.rec
	for _, p := range rec.Players {
		c.rep.Nicks = append(c.rep.Nicks, p.Nick)
	}
	var err error
	if k.game == nil {
		k.game, err = scoring.NewGame(c.v, len(rec.Players))
	} else {
		err = k.game.Reset(c.v, len(rec.Players))
	}
	if err != nil {
		c.problem(firstLine(rec), string(scoring.CodeBadEvent), "%s", err.Error())
		return
	}
	g := k.game
	g.SetBreakdowns(false) // only a disagreement needs one
	if rec.Teams != nil && !c.teams(g) {
		return
	}
	c.g = g
	c.rep.Game = g
	for i := range rec.Events {
		if !c.event(&rec.Events[i]) {
			break
		}
	}
	if !c.failed() {
		c.finish()
	}
	if c.haveResult {
		c.rep.Result = c.result
	} else {
		c.rep.Result = g.Result()
	}
}

// resize returns s with length n and every element zero, reusing its
// array when it is big enough.
func resize[T any](s []T, n int) []T {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}
