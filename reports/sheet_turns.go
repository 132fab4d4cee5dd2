package reports

import (
	"encoding/json"
	"strconv"
	"strings"

	"tourney/challenges"
	"tourney/scoring"
	"tourney/service"
)

// turnMapper turns the game's list of events into score-sheet lines.
// Most events are a line of their own; rulings (challenges, withdrawals,
// bonuses) change the line of the play they are about, as a player
// amends the sheet at the table.
type turnMapper struct {
	g        *service.GameView
	rule     challenges.Rule
	turns    []SheetTurn
	endRacks map[int]string // tiles revealed at the end, by seat
}

func newTurnMapper(g *service.GameView) *turnMapper {
	m := &turnMapper{g: g, endRacks: map[int]string{}}
	m.rule, _ = challenges.LookupRule(g.ChallengeRule) // unknown: the zero rule, outcomes said plainly
	return m
}

func (m *turnMapper) name(seat int) string {
	if seat >= 1 && seat <= len(m.g.Players) {
		return m.g.Players[seat-1].Name
	}
	return "seat " + strconv.Itoa(seat)
}

func totalOf(e *service.TurnView, seat int) int {
	if seat >= 1 && seat <= len(e.Totals) {
		return e.Totals[seat-1]
	}
	return 0
}

// turn finds a line by the seq of its event.
func (m *turnMapper) turn(seq int) *SheetTurn {
	for i := len(m.turns) - 1; i >= 0; i-- {
		if m.turns[i].Seq == seq {
			return &m.turns[i]
		}
	}
	return nil
}

// lastPlay is a seat's latest play still standing.
func (m *turnMapper) lastPlay(seat int) *SheetTurn {
	for i := len(m.turns) - 1; i >= 0; i-- {
		if t := &m.turns[i]; t.Seat == seat && t.Kind == TurnPlay && !t.Withdrawn {
			return t
		}
	}
	return nil
}

func (m *turnMapper) add(e *service.TurnView) {
	if e.Undone {
		return
	}
	switch e.Kind {
	case service.EventMove:
		m.turns = append(m.turns, m.move(e))
	case service.EventChallenge:
		m.challenge(e)
	case service.EventWithdraw:
		if t := m.lastPlay(e.Seat); t != nil {
			t.Withdrawn, t.Total = true, totalOf(e, t.Seat)
			addNote(t, "withdrawn after a challenge")
		}
	case service.EventChallengeBonus:
		if t := m.lastPlay(e.Seat); t != nil {
			t.Bonus += e.Score
			t.Total = totalOf(e, t.Seat)
			addNote(t, "challenged, play stands: +"+strconv.Itoa(e.Score))
		}
	case service.EventLostTurn:
		m.turns = append(m.turns, SheetTurn{Number: e.Turn, Seq: e.Seq, Seat: e.Seat, Kind: TurnLost, Total: totalOf(e, e.Seat),
			Note: "lost to a failed challenge"})
	case service.EventEndRack:
		m.endRacks[e.Seat] = e.Rack
	}
	// accept and hold change nothing a sheet shows; time penalties are in
	// the result.
}

// move is the line of a placement, exchange or pass.
func (m *turnMapper) move(e *service.TurnView) SheetTurn {
	t := SheetTurn{Number: e.Turn, Seq: e.Seq, Seat: e.Seat, Rack: e.Rack, Score: e.Score, Total: totalOf(e, e.Seat)}
	if e.ClaimedScore != nil && *e.ClaimedScore != e.Score {
		claimed := *e.ClaimedScore
		t.Claimed = &claimed
	}
	move := strings.TrimSpace(e.Move)
	switch {
	case move == "-" || strings.EqualFold(move, "pass"):
		t.Kind = TurnPass
	case strings.HasPrefix(move, "-"):
		t.Kind, t.Word = TurnExchange, strings.TrimPrefix(move, "-")
	default:
		t.Kind = TurnPlay
		t.Position, t.Word = markedPlay(move, e.Breakdown, m.g.Board)
	}
	for _, flag := range strings.Split(e.Flag, ",") {
		if code, ok := strings.CutPrefix(flag, "irregular:"); ok {
			addNote(&t, "irregular play ("+code+")")
		}
	}
	return t
}

// challenge records a ruling on the line of the play challenged and,
// when the challenger pays with a turn, as a line of the challenger's.
func (m *turnMapper) challenge(e *service.TurnView) {
	target := m.turn(e.ChallengedTurn)
	challenger := m.name(e.Seat)
	note := "challenged by " + challenger
	if len(e.Words) > 0 {
		note += " (" + strings.Join(e.Words, ", ") + ")"
	}
	if e.DecidedBy == "director" {
		note += ", ruled by the director"
	}
	if e.Verdict == service.VerdictUnacceptable {
		note += ": unacceptable, play withdrawn"
		if len(e.InvalidWords) > 0 {
			note += "; not valid: " + strings.Join(e.InvalidWords, ", ")
		}
		if m.rule.Penalty == challenges.PenaltyLoseGame && target != nil {
			note += "; " + m.name(target.Seat) + " loses the game"
		}
		if target != nil {
			target.Withdrawn, target.Total = true, totalOf(e, target.Seat)
			addNote(target, note)
		}
		return
	}
	note += ": acceptable"
	var lost *SheetTurn
	switch m.rule.Penalty {
	case challenges.PenaltyNone:
		note += ", no penalty"
	case challenges.PenaltyLoseTurn:
		note += "; challenger loses a turn"
		what := "turn " + strconv.Itoa(e.Turn)
		if target != nil && target.Word != "" {
			what = target.Word
		}
		lost = &SheetTurn{Number: e.Turn, Seq: e.Seq, Seat: e.Seat, Kind: TurnLost, Total: totalOf(e, e.Seat),
			Note: "challenged " + what + ": acceptable"}
	case challenges.PenaltyPoints, challenges.PenaltyPointsWord:
		note += ", +" + strconv.Itoa(e.Score)
		if target != nil {
			target.Bonus += e.Score
		}
	case challenges.PenaltyLoseGame:
		note += "; challenger loses the game"
	}
	if target != nil {
		target.Total = totalOf(e, target.Seat)
		addNote(target, note)
	}
	// Appended last: target points into m.turns.
	if lost != nil {
		m.turns = append(m.turns, *lost)
	}
}

func addNote(t *SheetTurn, note string) {
	if t.Note != "" {
		t.Note += "; "
	}
	t.Note += note
}

// markedPlay is a placement's position and word as a score sheet writes
// them: blanks lowercase and the letters that were already on the board
// in parentheses. The breakdown knows which letters were new; without
// it, the letters written '.' are looked up on the final board.
func markedPlay(move string, breakdown json.RawMessage, board []string) (pos, word string) {
	pos, written, _ := strings.Cut(move, " ")
	written = strings.TrimSpace(written)
	var bd scoring.Breakdown
	if len(breakdown) > 0 && json.Unmarshal(breakdown, &bd) == nil {
		for _, w := range bd.Words {
			if w.Main {
				var b strings.Builder
				open := false
				for _, l := range w.Letters {
					if through := !l.New; through != open {
						b.WriteString(paren(through))
						open = through
					}
					b.WriteString(l.Letter)
				}
				if open {
					b.WriteByte(')')
				}
				return w.Position, b.String()
			}
		}
	}
	return pos, throughFromBoard(pos, written, board)
}

// paren opens or closes a run of letters already on the board.
func paren(open bool) string {
	if open {
		return "("
	}
	return ")"
}

// throughFromBoard fills in the '.' of a written play from the board.
func throughFromBoard(pos, written string, board []string) string {
	row, col, down, err := scoring.ParsePosition(pos)
	if err != nil || !strings.Contains(written, ".") {
		return written
	}
	var b strings.Builder
	open := false
	for i, r := range []rune(written) {
		through := r == '.'
		if through != open {
			b.WriteString(paren(through))
			open = through
		}
		if through {
			rr, cc := row, col+i
			if down {
				rr, cc = row+i, col
			}
			if rr < len(board) && cc < len([]rune(board[rr])) {
				r = []rune(board[rr])[cc]
			}
		}
		b.WriteRune(r)
	}
	if open {
		b.WriteByte(')')
	}
	return b.String()
}
