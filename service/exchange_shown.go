package service

import (
	"errors"

	"tourney/gcg"
	"tourney/scoring"
)

// Exchanged letters stay with their player (issue 37). The tablet is
// shared by both players, so whatever a table reads is read by the
// opponent too: everyone but the director (the table, the public, the
// live boards and the replay) sees an exchange by its count ("-3",
// "exchanged 3"), never its letters. The director's view and the GCG
// record keep the letters.

// tilesExchanged is how many tiles an engine turn exchanged (0: it is no
// exchange), whether the move named the tiles or only their number: the
// one count every view shows in place of the letters.
func tilesExchanged(t *scoring.Turn) int {
	if t == nil || t.Event.Move.Kind != scoring.MoveExchange {
		return 0
	}
	m := t.Event.Move
	if m.Count == 0 {
		return len(m.Exchange)
	}
	return m.Count
}

// exchangeByCount is an exchange of n tiles written by its count: "-3".
func exchangeByCount(n int) string {
	return scoring.FormatMove(nil, scoring.Move{Kind: scoring.MoveExchange, Count: n})
}

// hideExchanges writes a view's exchanges by their count, with no rack
// (an exchange's rack holds the letters it sent back): the view as
// everyone but the director sees it.
func hideExchanges(v *GameView) {
	for i := range v.Turns {
		if n := v.Turns[i].exchanged; n > 0 {
			v.Turns[i].Move, v.Turns[i].Rack = exchangeByCount(n), ""
		}
	}
}

// hideInProblem shows a refusal's game (a stale entry answers with the
// game as it stands) as a would see it.
func hideInProblem(err error, a Actor) error {
	var e *Error
	if errors.As(err, &e) {
		if v, ok := e.Detail.(*GameView); ok && v != nil {
			hideFromTables(v, a)
		}
	}
	return err
}

// gcgExchangesByCount writes a GCG record's exchanges by their count,
// with no rack: the record as a table reads it while its game is played.
func gcgExchangesByCount(rec *gcg.Record) {
	for i := range rec.Events {
		if e := &rec.Events[i]; e.Kind == gcg.Exchange {
			e.Exchanged, e.Rack = "", ""
		}
	}
}
