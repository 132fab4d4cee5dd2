package service

import (
	"encoding/json"
	"slices"
	"time"

	"tourney/scoring"
)

// SeatView is a player in a game.
type SeatView struct {
	Seat     int    `json:"seat"`
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Score    int    `json:"score"` // running total (final once the game is finished)
}

// TurnView is a stored event with its turn number and the totals after
// it.
type TurnView struct {
	// Turn is the number players count the event's turn by (see
	// TurnNumbers); the event's Seq is its place in storage.
	Turn int `json:"turn"`
	TurnEvent
	Totals []int `json:"totals"`
	// CorrectedFrom is, for a turn the director corrected, the turn as it
	// was first entered (director only: it comes from the audit log).
	CorrectedFrom *TurnOriginal `json:"corrected_from,omitempty"`
	// exchanged is, for an exchange, how many tiles went back: what
	// everyone but the director sees of it (see exchange_shown.go).
	exchanged int
}

// ResultView is a game's result with seats numbered from 1.
type ResultView struct {
	Over           bool   `json:"over"`
	Complete       bool   `json:"complete"`
	Reason         string `json:"reason,omitempty"`
	OutSeat        int    `json:"out_player,omitempty"`
	RacksNeeded    []int  `json:"racks_needed,omitempty"`
	BeforeAdjust   []int  `json:"before_adjust"`
	RackAdjust     []int  `json:"rack_adjust"`
	TimePenalty    []int  `json:"time_penalty"`
	TimeMinutes    []int  `json:"time_minutes,omitempty"` // minutes over time each penalty was charged for (0: none, or given in points)
	TieBreak       []int  `json:"tie_break"`
	Final          []int  `json:"final"`
	TeamFinal      []int  `json:"team_final,omitempty"`
	WinnerSeat     int    `json:"winner,omitempty"` // seat (or team 1/2), 0 for a tie or no result yet
	WinnerPlayerID *int64 `json:"winner_player_id,omitempty"`
	Tie            bool   `json:"tie"`
	DecidedBy      string `json:"decided_by,omitempty"`

	// RackLeft is, by seat, the tiles left on each rack at the end, as
	// revealed (or, when one of two players went out with the bag empty,
	// the other's: every unseen tile); "" where not known. Set once the
	// game is over.
	RackLeft []string `json:"rack_left,omitempty"`
}

// GameView is everything derived about a game.
type GameView struct {
	ID            int64      `json:"id"`
	TournamentID  int64      `json:"tournament_id"`
	DivisionID    *int64     `json:"division_id,omitempty"`
	Round         int        `json:"round"`
	Table         int        `json:"table"`
	Variant       string     `json:"variant"`
	ChallengeRule string     `json:"challenge_rule"`
	Lexicon       string     `json:"lexicon,omitempty"`
	CreatedAt     time.Time  `json:"created_at"` // when the game was set up (paired)
	Players       []SeatView `json:"players"`
	Teams         bool       `json:"teams,omitempty"` // seats 1 and 3 against 2 and 4
	Turns         []TurnView `json:"turns"`
	Board         []string   `json:"board"`
	Unseen        string     `json:"unseen"` // tiles neither on the board: bag and racks together
	Bag           int        `json:"bag"`
	Totals        []int      `json:"totals"`
	ToMove        int        `json:"to_move"`
	NextTurn      int        `json:"next_turn"`
	// NextPlay is the turn number people read, at the table and in the
	// room: the number of the play to be entered, as score sheets count
	// turns (plays that stand so far, plus one). Holds, challenges,
	// acceptances and the end of the game are not plays (see
	// TurnNumbers). NextTurn is the seq the next stored event will get,
	// which entries send back (their "turn") so that two tablets cannot
	// enter the same turn twice.
	NextPlay       int    `json:"next_play"`
	ScorelessTurns int    `json:"scoreless_turns"`
	Status         string `json:"status"`
	// RecordSetAside: the director set the game's record aside (voided
	// it); its result is the one entered by hand. The status says
	// "voided" only until that result is in, "finished" after.
	RecordSetAside bool        `json:"record_set_aside,omitempty"`
	Flags          []FlagView  `json:"flags"`
	Result         *ResultView `json:"result"`
	// Confirmed is, per seat in seat order, whether that player has
	// confirmed the finished game's result as it now stands.
	Confirmed []bool `json:"confirmed"`
	// Official is the result the standings count for this game (nil: none
	// yet): the one its record gives, or the one the director entered by
	// hand. Every view and printout of the game shows this one.
	Official *OfficialResult `json:"official_result"`
	// DirectorEntry is the director's latest entry in the game (nil:
	// none): a table's undo, correction or challenge stops at it (see
	// director_entry.go; the director's corrections are not shown here,
	// they are in the audit log, and the table's change is refused).
	DirectorEntry *DirectorEntry `json:"director_entry,omitempty"`
	// TimePenaltyPerMinute is what a minute (or part of one) over time
	// costs under the tournament's rules; 0: the rules have no time
	// penalty, and a penalty is entered in points.
	TimePenaltyPerMinute int `json:"time_penalty_per_minute"`
}

// OfficialResult is a game's result as stored for the standings, with
// scores in seat order.
type OfficialResult struct {
	ResultID int64  `json:"result_id"`
	Kind     string `json:"kind"`   // game or forfeit
	Source   string `json:"source"` // recorded, entered, imported, ...
	// EnteredByHand: the director typed this result (the game has no
	// record, or its record was set aside).
	EnteredByHand  bool   `json:"entered_by_hand"`
	Scores         []int  `json:"scores"` // by seat; a forfeit's are 0 and its spread
	WinnerPlayerID *int64 `json:"winner_player_id,omitempty"`
	Tie            bool   `json:"tie"`
}

// officialView shows a game's stored result in the game's seat order.
func officialView(g *Game, r *Result) *OfficialResult {
	if r == nil {
		return nil
	}
	o := &OfficialResult{ResultID: r.ID, Kind: r.Kind, Source: r.Source, EnteredByHand: r.Source != SourceRecorded, Scores: make([]int, len(g.Seats))}
	if r.Group != nil {
		return officialTable(g, r, o)
	}
	for i, id := range g.Seats {
		switch {
		case id == r.Player1:
			o.Scores[i] = r.Score1
		case r.Player2 != nil && id == *r.Player2:
			o.Scores[i] = r.Score2
		}
	}
	switch spread := r.Score1 - r.Score2; {
	case spread > 0:
		o.WinnerPlayerID = ptr(r.Player1)
	case spread < 0:
		o.WinnerPlayerID = copyID(r.Player2)
	case r.TieBreakWinner != nil:
		o.WinnerPlayerID = copyID(r.TieBreakWinner)
	default:
		o.Tie = r.Kind == ResultGame
	}
	return o
}

// officialTable shows a table's result (three or four seats, or a team
// game) in the game's seat order: each seat's score (a team game: its
// team's), the top scorer as winner (a team game: the winning team's
// first seat), a tie when the top is shared.
func officialTable(g *Game, r *Result, o *OfficialResult) *OfficialResult {
	for i, id := range g.Seats {
		k := slices.Index(r.Group, id)
		switch {
		case k < 0:
		case r.Teams && len(r.GroupScores) == 2:
			o.Scores[i] = r.GroupScores[k%2]
		case k < len(r.GroupScores):
			o.Scores[i] = r.GroupScores[k]
		}
	}
	if r.Teams && len(r.GroupScores) == 2 {
		switch {
		case r.GroupScores[0] > r.GroupScores[1]:
			o.WinnerPlayerID = ptr(r.Group[0])
		case r.GroupScores[0] < r.GroupScores[1]:
			o.WinnerPlayerID = ptr(r.Group[1])
		default:
			o.Tie = true
		}
		return o
	}
	o.WinnerPlayerID = topScorer(r.Group, r.GroupScores)
	o.Tie = o.WinnerPlayerID == nil
	return o
}

// DecidedByChallenge names a result decided by a lost triple challenge.
const DecidedByChallenge = "triple-challenge"

// hideFromTables removes what only the director sees: which words of a
// challenged play failed (a table hears only the verdict, as from a word
// judge), corrected turns as first entered (the audit log's), and the
// letters of exchanges (hideExchanges).
func hideFromTables(v *GameView, a Actor) *GameView {
	if a.IsDirector() {
		return v
	}
	for i := range v.Turns {
		v.Turns[i].InvalidWords = nil
		v.Turns[i].CorrectedFrom = nil
	}
	hideExchanges(v)
	return v
}

// FlagView is a turn the director should look at: its turn number and
// the flagged event's seq.
type FlagView struct {
	Turn int    `json:"turn"`
	Seq  int    `json:"seq"`
	Flag string `json:"flag"`
}

func resultView(r scoring.Result, g *Game) *ResultView {
	seatList := func(xs []int) []int {
		out := make([]int, len(xs))
		for i, x := range xs {
			out[i] = x + 1
		}
		return out
	}
	rv := &ResultView{
		Over: r.Over, Complete: r.Complete, Reason: string(r.Reason), RacksNeeded: seatList(r.RacksNeeded),
		BeforeAdjust: r.BeforeAdjust, RackAdjust: r.RackAdjust, TimePenalty: r.TimePenalty,
		TieBreak: r.TieBreak, Final: r.Final, TeamFinal: r.TeamFinal, DecidedBy: r.DecidedBy,
	}
	if r.OutPlayer >= 0 {
		rv.OutSeat = r.OutPlayer + 1
	}
	if r.Over && r.Complete {
		if r.Winner >= 0 {
			rv.WinnerSeat = r.Winner + 1
			if r.TeamFinal == nil && r.Winner < len(g.Seats) {
				id := g.Seats[r.Winner]
				rv.WinnerPlayerID = &id
			}
		} else {
			rv.Tie = true
		}
	}
	return rv
}

// view builds a game's view from its replay.
func (s *Service) view(t *Tournament, g *Game, names map[int64]string, all []TurnEvent, r *replayed) *GameView {
	eg := r.game
	v := &GameView{
		ID: g.ID, TournamentID: g.TournamentID, DivisionID: g.DivisionID, Round: g.Round, Table: g.Table, Teams: g.Teams,
		Variant: t.Variant, ChallengeRule: t.ChallengeRule, Lexicon: t.Lexicon, CreatedAt: g.CreatedAt,
		Board: eg.Board().Text(r.v.Tiles), Bag: eg.Bag(), Totals: eg.Totals(),
		ToMove: eg.ToMove() + 1, NextTurn: nextSeq(all), NextPlay: nextPlay(r.events), ScorelessTurns: eg.ScorelessTurns(),
		Status: r.status, RecordSetAside: r.voided, Flags: []FlagView{}, Turns: []TurnView{},
	}
	res := eg.Result()
	v.Result = resultView(res, g)
	if r.lostBy >= 0 {
		// Triple challenge: the loser of the challenge loses the game,
		// whatever the scores.
		v.Result.Over, v.Result.Complete, v.Result.Tie = true, true, false
		v.Result.WinnerSeat, v.Result.DecidedBy = r.wonBy+1, DecidedByChallenge
		id := g.Seats[r.wonBy]
		v.Result.WinnerPlayerID = &id
	}
	for i, id := range g.Seats {
		score := v.Totals[i]
		if res.Over && res.Complete {
			score = res.Final[i]
		}
		v.Players = append(v.Players, SeatView{Seat: i + 1, PlayerID: id, Name: names[id], Score: score})
	}
	v.Unseen = unseenLetters(r.v.Tiles, eg.Unseen())
	totals := make([]int, len(g.Seats))
	nums := TurnNumbers(r.events)
	for i, e := range r.events {
		if t := r.turns[i]; t != nil {
			totals = t.Totals
		}
		v.Turns = append(v.Turns, TurnView{Turn: nums[i], TurnEvent: e, Totals: totals, exchanged: tilesExchanged(r.turns[i])})
		if e.Flag != "" {
			v.Flags = append(v.Flags, FlagView{Turn: nums[i], Seq: e.Seq, Flag: e.Flag})
		}
	}
	v.Confirmed = confirmedSeats(v, r.events)
	v.DirectorEntry = directorEntry(r.events)
	v.TimePenaltyPerMinute = r.v.TimePenaltyPerMinute
	if res.Over {
		v.Result.TimeMinutes = timeMinutes(r.events, len(g.Seats))
		v.Result.RackLeft = racksLeft(r.events, v)
	}
	return v
}

// racksLeft is each seat's rack at the end of a game (ResultView.RackLeft).
func racksLeft(events []TurnEvent, v *GameView) []string {
	out := make([]string, len(v.Players))
	for _, e := range events {
		if e.Kind == EventEndRack && e.Seat >= 1 && e.Seat <= len(out) {
			out[e.Seat-1] = e.Rack
		}
	}
	if o := v.Result.OutSeat; len(out) == 2 && o > 0 && v.Bag == 0 && out[2-o] == "" {
		out[2-o] = v.Unseen
	}
	return out
}

func unseenLetters(ts *scoring.TileSet, counts []int) string {
	var out []rune
	for t := 1; t < len(counts); t++ {
		for n := 0; n < counts[t]; n++ {
			out = append(out, ts.Rune(scoring.Tile(t)))
		}
	}
	for n := 0; n < counts[0]; n++ {
		out = append(out, '?')
	}
	return string(out)
}

// nextSeq is the number the next event will get: one past the highest
// ever used, undone events included, so numbers are never reused.
func nextSeq(all []TurnEvent) int {
	n := 0
	for _, e := range all {
		n = max(n, e.Seq)
	}
	return n + 1
}

// nextPlay is the turn number of the play to be entered (see
// TurnNumbers): the plays among a game's events, plus one.
func nextPlay(events []TurnEvent) int {
	if len(events) == 0 {
		return 1
	}
	nums := TurnNumbers(events)
	return slices.Max(nums) + 1
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}

// ScoredSeat is the seat (from 1) whose score an event changed: a
// challenge's ruling changes the challenged player's (their play taken
// off, or a bonus for it standing), unless it cost the challenger a turn;
// every other event its own seat's.
func (v *GameView) ScoredSeat(e TurnView) int {
	if e.Kind != EventChallenge || (e.Verdict != VerdictUnacceptable && e.Score == 0) {
		return e.Seat
	}
	for _, t := range v.Turns {
		if t.Seq == e.ChallengedTurn && t.Kind == EventMove && !t.Undone {
			return t.Seat
		}
	}
	return e.Seat
}
