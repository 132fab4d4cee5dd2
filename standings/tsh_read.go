package standings

import (
	"io"
	"strings"
)

// A .t file (tsh's division data file) has one line per player; the
// player's id is their line's place among the player lines. A line is
//
//	Last, First   rating opp opp opp; score score score; key word word; key word
//
// The name runs up to the rating: the first word that is a rating (digits,
// perhaps with '.' or '+' groups) followed by nothing but numbers. Then
// come the opponents (0 a bye), a ';', the player's scores (negative for
// a game that ended below zero, or a forfeit loss), and extension fields
// after further ';'s, each a key and words. "00" stands for "not yet" in
// any of these. Inside fields '\' escapes ';' and '\'.
// Lines starting with '#' are comments; blank lines are ignored; lines
// end with LF, CRLF or CR. A trailing "; # 12" annotation is dropped.
//
// Fields read into the division: p12 (who started: 1 first, 2 second,
// 3 to draw, 4 not known, 0 bye), board (table per round), off (withdrawn;
// the spread each unplayed round gets), and this package's own, which
// tsh keeps untouched: forfeit (per round, the opponent of a forfeit
// recorded tsh's way, as two byes), tiebreak (per round: 1 won, 2 lost a
// tie-break) and fixedboard; class (the rating class) goes to
// Player.Class. Every other field is kept in Player.Extra.

// ReadT reads a .t file into a division with the given rules. The file
// may be UTF-8 or, failing that, ISO-8859-1 (tsh's default encoding).
// Errors are *Error with the line number.
func ReadT(r io.Reader, name string, cfg Config) (*Division, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxTFileSize+1))
	if err != nil {
		return nil, err
	}
	return ParseT(data, name, cfg)
}

// tLine is one player line, parsed but not yet checked against the others.
type tLine struct {
	line     int
	name     string
	rating   int
	pairings []int  // -1: "00"
	scores   []*int // nil: "00"
	fields   map[string][]string
}

// ParseT is ReadT on bytes.
func ParseT(data []byte, name string, cfg Config) (*Division, error) {
	if len(data) > MaxTFileSize {
		return nil, lineErr(1, CodeTooLarge, "the file is larger than %d bytes", MaxTFileSize)
	}
	d, err := NewDivision(name, cfg)
	if err != nil {
		return nil, err
	}
	var lines []tLine
	for i, raw := range splitLines(decodeT(data)) {
		lineNo := i + 1
		s := strings.Trim(raw, asciiSpace)
		if s == "" || s[0] == '#' {
			continue
		}
		if len(lines) >= MaxPlayers {
			return nil, lineErr(lineNo, CodeTooManyPlayers, "a division holds at most %d players", MaxPlayers)
		}
		l, err := parseTLine(s, lineNo)
		if err != nil {
			return nil, err
		}
		lines = append(lines, l)
	}
	if err := d.loadT(lines); err != nil {
		return nil, err
	}
	return d, nil
}

// loadT builds the players and their rounds from parsed lines, checking
// that the lines agree with each other.
func (d *Division) loadT(lines []tLine) error {
	n := len(lines)
	fields := make([]tFields, n)
	hadP12 := false
	for i, l := range lines {
		p := Player{ID: i + 1, Name: l.name, Rating: l.rating}
		f := &fields[i]
		for key, words := range l.fields {
			var err error
			switch key {
			case "p12":
				hadP12 = true
				f.p12, err = intWords(l, key, words, 0, 4)
			case "board":
				f.board, err = intWords(l, key, words, 0, 1_000_000)
			case "forfeit":
				f.forfeit, err = intWords(l, key, words, 0, MaxPlayers)
			case "tiebreak":
				f.tiebreak, err = intWords(l, key, words, 0, 2)
			case "off":
				p.Withdrawn = true
				p.UnplayedSpread, err = oneInt(l, key, words[0], -d.cfg.MaxScore, d.cfg.MaxScore)
			case "fixedboard":
				p.FixedTable, err = oneInt(l, key, words[0], 0, 1_000_000)
			case "class":
				p.Class = words[0]
			case "team":
				p.Team = strings.Join(words, " ")
			case "lifeg":
				p.CareerGames, err = oneInt(l, key, words[0], 0, 1_000_000)
			default:
				if p.Extra == nil {
					p.Extra = map[string][]string{}
				}
				p.Extra[key] = words
			}
			if err != nil {
				return err
			}
		}
		d.players = append(d.players, p)
		d.slots = append(d.slots, nil)
	}
	pairing := func(id, round int) int {
		pp := lines[id-1].pairings
		if round > len(pp) {
			return -1
		}
		return pp[round-1]
	}
	score := func(id, round int) *int {
		sc := lines[id-1].scores
		if round > len(sc) {
			return nil
		}
		return sc[round-1]
	}
	// Opponents out of range first, so that they are not reported as a
	// pairing the other line does not confirm.
	for i, l := range lines {
		for r, opp := range l.pairings {
			if opp > n {
				e := lineErr(l.line, CodeUnknownOpponent, "round %d: opponent %d, but there are only %d players", r+1, opp, n)
				e.Round, e.Player = r+1, i+1
				return e
			}
		}
	}
	anySlots := false
	for i, l := range lines {
		id := i + 1
		f := fields[i]
		for r := len(l.pairings) + 1; r <= max(len(l.scores), len(f.forfeit)); r++ {
			if score(id, r) != nil {
				return lineErr(l.line, CodeScoreWithoutPairing, "a score in round %d, which has no pairing", r)
			}
			if at0(f.forfeit, r) != 0 {
				return lineErr(l.line, CodeForfeitMismatch, "a forfeit in round %d, which has no pairing", r)
			}
		}
		slots := make([]slot, len(l.pairings))
		for r := 1; r <= len(l.pairings); r++ {
			s, err := d.loadSlot(lines, fields, id, r, pairing, score)
			if err != nil {
				return err
			}
			slots[r-1] = s
		}
		for len(slots) > 0 && slots[len(slots)-1].state == slotEmpty {
			slots = slots[:len(slots)-1]
		}
		d.slots[i] = slots
		anySlots = anySlots || len(slots) > 0
	}
	d.rounds = d.countRounds()
	d.TrackFirsts = hadP12 && anySlots
	return nil
}

// loadSlot reads one player's round.
func (d *Division) loadSlot(lines []tLine, fields []tFields, id, r int,
	pairing func(id, round int) int, score func(id, round int) *int) (slot, error) {
	l, f := lines[id-1], fields[id-1]
	n := len(lines)
	bad := func(code Code, format string, args ...any) (slot, error) {
		e := lineErr(l.line, code, format, args...)
		e.Round, e.Player = r, id
		return slot{}, e
	}
	opp, sc := pairing(id, r), score(id, r)
	if opp < 0 {
		if sc != nil {
			return bad(CodeScoreWithoutPairing, "a score in round %d, which has no pairing", r)
		}
		if at0(f.forfeit, r) != 0 || at0(f.tiebreak, r) != 0 {
			return bad(CodeForfeitMismatch, "a forfeit or tie-break in round %d, which has no pairing", r)
		}
		return slot{}, nil
	}
	if opp > n {
		return bad(CodeUnknownOpponent, "round %d: opponent %d, but there are only %d players", r, opp, n)
	}
	if opp == id {
		return bad(CodeSelfPairing, "round %d: paired with themself", r)
	}
	table := at0(f.board, r)
	if opp == 0 {
		if at0(f.tiebreak, r) != 0 {
			return bad(CodeBadField, "round %d: a tie-break for a bye", r)
		}
		if sc != nil && abs(*sc) > d.cfg.MaxScore {
			return bad(CodeScoreOutOfRange, "round %d: bye score %d is out of range", r, *sc)
		}
		winner := at0(f.forfeit, r)
		if winner == 0 {
			if sc == nil {
				return slot{state: slotPaired, table: table}, nil
			}
			return unplayedSlot(*sc, table), nil
		}
		if winner > n || winner == id || pairing(winner, r) != 0 || at0(fields[winner-1].forfeit, r) != id {
			return bad(CodeForfeitMismatch, "round %d: a forfeit against player %d, whose line does not show it", r, winner)
		}
		osc := score(winner, r)
		if sc == nil || osc == nil || *sc != -*osc || *sc == 0 {
			return bad(CodeForfeitMismatch, "round %d: a forfeit needs scores +s and -s on both lines", r)
		}
		return slot{state: slotScored, opp: winner, table: table, forfeit: true, score: max(*sc, 0), oppScore: max(-*sc, 0)}, nil
	}
	ol, of := lines[opp-1], fields[opp-1]
	if pairing(opp, r) != id {
		return bad(CodeAsymmetricPairing, "round %d: paired with %d (%s), whose line does not name this player", r, opp, ol.name)
	}
	if at0(f.forfeit, r) != 0 {
		return bad(CodeForfeitMismatch, "round %d: a forfeit field on a game with an opponent", r)
	}
	osc := score(opp, r)
	if (sc == nil) != (osc == nil) {
		return bad(CodeHalfScored, "round %d: only one of the two players has a score", r)
	}
	if ot := at0(of.board, r); ot != 0 {
		if table != 0 && table != ot {
			return bad(CodeTableMismatch, "round %d: table %d, but the opponent's line says %d", r, table, ot)
		}
		table = ot
	}
	mine, theirs := startCode(at0(f.p12, r)), startCode(at0(of.p12, r))
	if mine != StartUnknown && theirs != StartUnknown && theirs != mine.opposite() {
		return bad(CodeStartMismatch, "round %d: both players marked as going %s", r, map[bool]string{true: "first", false: "second"}[mine == StartFirst])
	}
	if mine == StartUnknown {
		mine = theirs.opposite()
	}
	s := slot{state: slotPaired, opp: opp, table: table, start: mine}
	tb, otb := TieBreak(at0(f.tiebreak, r)), TieBreak(at0(of.tiebreak, r))
	if sc == nil {
		if tb != TieBreakNone || otb != TieBreakNone {
			return bad(CodeBadField, "round %d: a tie-break for a game not yet played", r)
		}
		return s, nil
	}
	// Each line's own score, so that the error names the line holding it:
	// the opponent's line is loaded too.
	if d.cfg.checkGameScore(*sc) != nil {
		return bad(CodeImplausibleScore, "round %d: a game score of %d is implausible: this division takes %d to %d", r, *sc, d.cfg.MinScore, d.cfg.MaxScore)
	}
	if (tb != TieBreakNone || otb != TieBreakNone) && (*sc != *osc || tb == TieBreakNone || otb != tb.opposite()) {
		return bad(CodeBadField, "round %d: a tie-break needs a tied game won by one player and lost by the other", r)
	}
	s.state, s.score, s.oppScore, s.tieBreak = slotScored, *sc, *osc, tb
	return s, nil
}

// startCode reads a p12 value; 0 (bye) and 4 (not known) say nothing.
func startCode(c int) Start {
	switch c {
	case 1, 2, 3:
		return Start(c)
	}
	return StartUnknown
}
