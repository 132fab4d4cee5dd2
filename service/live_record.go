package service

import (
	"slices"
	"time"
)

// A liveRecord is what a table's record shows on the live boards: its
// board, scores, status, turns and last play, replayed behind the
// broadcast delay. Only a change to the record (Game.Version), to who
// sits there, to whether a result is stored, or to the rules it is
// replayed under changes it. Each build of the live boards keeps the
// records it showed, and the next one replays only the games whose
// record changed: the boards are built several times a second while
// spectators watch, and a turn changes one table at a time. Who sits at
// a table (their names and ratings) and a stored result's scores are
// read afresh at every build (liveTable).
type liveRecord struct {
	rules   liveRules
	version int64
	seats   []int64
	teams   bool
	decided bool // a result is stored (the delay no longer holds it back)

	status string
	board  []string
	totals []int // the scores so far
	final  []int // the final scores, once the record ends the game
	toMove int   // the seat to move, from 1
	turns  int
	last   *LivePlay
	at     *time.Time
}

// liveRules are what a record is replayed under.
type liveRules struct {
	variant, board, tiles, challengeRule string
	delay                                int
}

func liveRulesOf(t *Tournament) liveRules {
	return liveRules{variant: t.Variant, board: t.Board, tiles: t.Tiles, challengeRule: t.ChallengeRule, delay: broadcastDelay(t)}
}

// liveRecords are the records a build showed, by game.
type liveRecords map[int64]*liveRecord

// record is the game's record as kept, if it still holds (nil if the
// game is new to the boards or anything its record depends on changed).
func (k liveRecords) record(g *Game, rules liveRules, official *Result) *liveRecord {
	r := k[g.ID]
	if r == nil || r.version != g.Version || r.rules != rules || r.teams != g.Teams ||
		r.decided != (official != nil) || !slices.Equal(r.seats, g.Seats) {
		return nil
	}
	return r
}

// recordOf is a game's record as replayed for the hall (see hallGame).
func recordOf(l *loaded, rules liveRules) *liveRecord {
	eg := l.r.game
	rec := &liveRecord{rules: rules, version: l.g.Version, seats: slices.Clone(l.g.Seats), teams: l.g.Teams,
		decided: l.official != nil, status: l.r.status, board: eg.Board().Text(l.r.v.Tiles),
		totals: eg.Totals(), toMove: eg.ToMove() + 1}
	if res := eg.Result(); res.Over && res.Complete {
		rec.final = slices.Clone(res.Final)
	}
	nums := TurnNumbers(l.r.events)
	for i, e := range l.r.events {
		if e.Kind != EventMove {
			continue
		}
		rec.turns++
		if p := playOf(l.r, i, nums[i]); p != nil {
			p.Withdrawn = withdrawn(l.r.events, i)
			rec.last = p
			at := e.CreatedAt
			rec.at = &at
		}
	}
	return rec
}

// liveTable is a table as the live boards show it: its record (never a
// rack, never an exchange's letters), who sits there, and the stored
// result's scores once there is one.
func (h *hallGames) liveTable(g *Game, rec *liveRecord, official *Result) LiveTable {
	lt := LiveTable{GameID: g.ID, Round: g.Round, Table: g.Table, Status: rec.status, Board: rec.board,
		Turns: rec.turns, LastPlay: rec.last, At: rec.at, Players: []LiveSeat{}}
	if official != nil {
		lt.Status = StatusFinished
	}
	off := officialView(g, official)
	if off != nil {
		lt.EnteredByHand, lt.Forfeit = off.EnteredByHand, off.Kind == ResultForfeit
		lt.WinnerPlayerID, lt.Tie = off.WinnerPlayerID, off.Tie
	}
	for i, id := range g.Seats {
		score := rec.totals[i]
		switch {
		case off != nil:
			score = off.Scores[i]
		case rec.final != nil:
			score = rec.final[i]
		}
		lt.Players = append(lt.Players, LiveSeat{Seat: i + 1, PlayerID: id, Name: h.players[id].Name, Rating: h.players[id].Rating, Score: score,
			Photo: h.players[id].Photo})
	}
	if lt.Status != StatusFinished && lt.Status != StatusVoided {
		lt.ToMove = rec.toMove
	}
	return lt
}
