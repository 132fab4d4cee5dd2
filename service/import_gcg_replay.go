package service

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tourney/challenges"
	"tourney/gcg"
)

// gcgReplay is one record's replay into a loaded game: each line becomes
// the entry a table or the director would make for it, through the same
// steps (turnStep, challengeStep).
type gcgReplay struct {
	s     *Service
	a     Actor
	l     *loaded
	rec   *gcg.Record
	seats *gcgSeats
	n     int
	nicks map[string][]int // nick to the seats (1-based) of the players who have it
	first int              // index in l.events of the first imported event
	lines map[int]int      // the record's line of each imported event, by Seq
	// lastOf[i] is the index in l.events of the latest event made at or
	// before the record's event i.
	lastOf   []int
	revealed map[int]bool // seats whose tiles left an end-rack line revealed
	// endPoints are the points each seat's end-of-game lines give it, and
	// endLine the line of its last one (0: none).
	endPoints, endLine []int
	warnings           []ImportWarning
}

func newGCGReplay(s *Service, a Actor, l *loaded, rec *gcg.Record, seats *gcgSeats) *gcgReplay {
	n := len(l.g.Seats)
	r := &gcgReplay{s: s, a: a, l: l, rec: rec, seats: seats, n: n, nicks: map[string][]int{}, first: len(l.events),
		lines: map[int]int{}, lastOf: make([]int, len(rec.Events)), revealed: map[int]bool{},
		endPoints: make([]int, n), endLine: make([]int, n)}
	for k, i := range seats.player {
		nick := rec.Players[i].Nick
		r.nicks[nick] = append(r.nicks[nick], k+1)
	}
	return r
}

// run replays every line, then has the opponent accept a play that went
// out (a record does not write the acceptance), keeps the notes with
// their turns and compares the end-of-game points.
func (r *gcgReplay) run() error {
	for i := range r.rec.Events {
		e := &r.rec.Events[i]
		if err := r.event(e); err != nil {
			return atLine(err, e)
		}
		r.lastOf[i] = len(r.l.events) - 1
	}
	if err := r.accept(); err != nil {
		return atLine(err, &r.rec.Events[len(r.rec.Events)-1])
	}
	if len(r.l.events) == r.first {
		return &Error{Kind: KindRule, Type: "no-turns", Msg: "no line of the record makes a turn: there is nothing to import",
			Detail: ImportProblem{Code: "no-turns"}}
	}
	r.keepNotes()
	r.compareEndPoints()
	// The replay's copies of the events (which the game's view shows)
	// were taken before the computed score, flags and notes were filled
	// in.
	bySeq := map[int]TurnEvent{}
	for _, e := range r.l.events[r.first:] {
		bySeq[e.Seq] = e
	}
	for i := range r.l.r.events {
		if e, ok := bySeq[r.l.r.events[i].Seq]; ok {
			r.l.r.events[i] = e
		}
	}
	return nil
}

// seat is the game's seat of a line's player. Players may share a nick
// (Quackle writes "NoName" for both): then a turn is the player to
// move's, anything else the player who moved last's, as gcg.Check does.
func (r *gcgReplay) seat(e *gcg.Event) int {
	seats := r.nicks[e.Nick]
	if len(seats) == 1 {
		return seats[0]
	}
	want := r.l.r.game.ToMove() + 1
	if e.Kind != gcg.Play && e.Kind != gcg.Exchange && e.Kind != gcg.Pass {
		want = (want+r.n-2)%r.n + 1
	}
	if slices.Contains(seats, want) || len(seats) == 0 {
		return want // none: the reader lets no unknown nick through
	}
	return seats[0]
}

// event makes one line's entry.
func (r *gcgReplay) event(e *gcg.Event) error {
	seat := r.seat(e)
	claim := e.Score
	in := TurnInput{Player: seat, Rack: e.Rack, ClaimedScore: &claim}
	switch e.Kind {
	case gcg.Play:
		in.Move = e.Position + " " + e.Word
	case gcg.Exchange:
		in.Move = "-" + e.Exchanged
		if e.Exchanged == "" {
			in.Move = "-" + strconv.Itoa(e.Count)
		}
	case gcg.Pass:
		in.Move = "-" // after a play that went out: the opponent accepts it
	case gcg.Withdrawn:
		return r.challenge(e, seat, VerdictUnacceptable)
	case gcg.ChallengeBonus:
		if p := r.l.r.rule.Penalty; p == challenges.PenaltyPoints || p == challenges.PenaltyPointsWord {
			return r.challenge(e, seat, VerdictAcceptable)
		}
		// The tournament's rule gives no points for a failed challenge:
		// the record's bonus is kept as it stands, as the director would
		// enter it, and the director is told.
		r.warnings = append(r.warnings, ImportWarning{Code: "challenge-bonus-kept", Line: e.Line,
			Msg: fmt.Sprintf("Line %d gives %s %+d for a failed challenge, which this tournament's challenge rule (%s) does not give; the bonus is kept as the record has it.", e.Line, e.Nick, e.Score, r.l.t.ChallengeRule)})
		in = TurnInput{Player: seat, Kind: EventChallengeBonus, Points: e.Score, ClaimedScore: &claim}
	case gcg.TimePenalty:
		if e.Score == 0 {
			return nil
		}
		if err := r.accept(); err != nil {
			return err
		}
		in = TurnInput{Player: seat, Kind: EventTimePenalty, Points: -e.Score, ClaimedScore: &claim}
	case gcg.EndRackPoints, gcg.EndRackPenalty:
		return r.endRack(e, seat)
	default:
		return Errorf(KindRule, "malformed-event", "a line the import does not know")
	}
	return r.enter(e.Line, in)
}

// enter takes one entry through the table's step.
func (r *gcgReplay) enter(line int, in TurnInput) error {
	e, err := r.s.turnStep(r.a, r.l, in)
	if err != nil {
		return err
	}
	r.add(e, line)
	return nil
}

func (r *gcgReplay) add(e *TurnEvent, line int) {
	r.l.events = append(r.l.events, *e)
	r.lines[e.Seq] = line
}

// challenge takes a "--" line (the play challenged off) or a
// "(challenge) +N" line (the play stood) through the challenge step: the
// latest play, challenged by the next player, with the record's verdict;
// the record's score is the claim beside what the rule gives.
func (r *gcgReplay) challenge(e *gcg.Event, seat int, verdict string) error {
	turn := 0
	if ev := r.l.r.events; len(ev) > 0 && ev[len(ev)-1].Kind == EventMove && ev[len(ev)-1].Seat == seat {
		turn = ev[len(ev)-1].Seq
	}
	if turn == 0 {
		return Errorf(KindRule, "not-a-play", "%s has no play just made that this line could be about", e.Nick)
	}
	ev, _, err := r.s.challengeStep(r.a, r.l, ChallengeInput{Turn: turn, Challenger: seat%r.n + 1, Verdict: verdict})
	if err != nil {
		return err
	}
	claim := e.Score
	ev.ClaimedScore, ev.DecidedBy = &claim, "record"
	fillComputed(ev, r.l.r.turns[len(r.l.r.turns)-1])
	r.add(ev, e.Line)
	return nil
}

// accept has the opponent accept a play that went out, when the game
// waits for it: the record goes on to the end of the game.
func (r *gcgReplay) accept() error {
	if r.l.r.status != StatusAwaitingAcceptance {
		return nil
	}
	out := r.l.r.game.Result().OutPlayer
	return r.enter(0, TurnInput{Player: (out+1)%r.n + 1, Kind: EventAccept})
}

// endRack takes an end-of-game rack line: the tiles it shows are revealed
// (once for each player; with more than two players a "(TILES) +N" line
// sums several racks, and their own lines reveal them), and its points
// are compared with the rules' at the end.
func (r *gcgReplay) endRack(e *gcg.Event, seat int) error {
	r.endPoints[seat-1] += e.Score
	r.endLine[seat-1] = e.Line
	owner := seat
	if e.Kind == gcg.EndRackPoints {
		if r.n != 2 {
			return nil
		}
		owner = 3 - seat
	}
	if err := r.accept(); err != nil {
		return err
	}
	if r.revealed[owner] || r.l.r.game.RackCount(owner-1) == 0 {
		return nil
	}
	r.revealed[owner] = true
	return r.enter(e.Line, TurnInput{Player: owner, Kind: EventEndRack, Rack: e.EndRack})
}

// keepNotes puts each #note with the turn it follows (a note before the
// first turn with the first); notes after one turn are kept together,
// a line apart.
func (r *gcgReplay) keepNotes() {
	for _, note := range r.rec.Notes {
		idx := r.first
		if note.AfterEvent > 0 {
			idx = max(r.first, r.lastOf[note.AfterEvent-1])
		}
		e := &r.l.events[idx]
		if e.Note != "" {
			e.Note += "\n"
		}
		e.Note += note.Text
	}
}

// compareEndPoints tells the director where the record's end-of-game
// points are not the rules' (the rules' stand).
func (r *gcgReplay) compareEndPoints() {
	res := r.l.r.game.Result()
	if !res.Over || !res.Complete || !slices.ContainsFunc(r.endLine, func(l int) bool { return l > 0 }) {
		return
	}
	last := r.rec.Events[len(r.rec.Events)-1].Line
	for i, got := range r.endPoints {
		if want := res.RackAdjust[i]; got != want {
			line := r.endLine[i]
			if line == 0 {
				line = last
			}
			who := r.l.names[r.l.g.Seats[i]]
			r.warnings = append(r.warnings, ImportWarning{Code: "end-rack-points", Line: line,
				Msg: fmt.Sprintf("The record gives %s %+d for the tiles left at the end; the rules give %+d, which count.", who, got, want)})
		}
	}
}

// fill completes an import's answer from the game's view: the imported
// turns with their lines, the flags, totals, status and result.
func (r *gcgReplay) fill(imp *GCGImport, v *GameView) *GCGImport {
	imp.Game, imp.Totals, imp.Status, imp.Result = v, v.Totals, v.Status, v.Result
	imp.Turns, imp.Flagged = []ImportedTurn{}, 0
	for _, t := range v.Turns {
		line, ok := r.lines[t.Seq]
		if !ok {
			continue
		}
		imp.Turns = append(imp.Turns, ImportedTurn{TurnView: t, Line: line})
		if strings.TrimSpace(t.Flag) != "" {
			imp.Flagged++
		}
	}
	return imp
}
