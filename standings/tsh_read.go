package standings

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
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
// tie-break) and fixedboard. Every other field is kept in Player.Extra.

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

// splitLines splits at LF, CRLF or a lone CR, so that line numbers match
// what an editor shows whatever system wrote the file.
func splitLines(text string) []string {
	var out []string
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		text = text[i+1:]
	}
	return out
}

// decodeT turns the bytes into text: UTF-8 when valid (a BOM dropped),
// else ISO-8859-1, where every byte is the character of that number.
func decodeT(data []byte) string {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if utf8.Valid(data) {
		return string(data)
	}
	runes := make([]rune, len(data))
	for i, b := range data {
		runes[i] = rune(b)
	}
	return string(runes)
}

// field is a word and where it starts and ends in its line.
type field struct {
	text       string
	start, end int
}

// fieldsOf splits at ASCII white space, keeping positions.
func fieldsOf(s string) []field {
	var out []field
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isSpace(s[j]) {
			j++
		}
		if j > i {
			out = append(out, field{s[i:j], i, j})
		}
		i = j
	}
	return out
}

// parseTLine reads one player line (trimmed, not a comment).
func parseTLine(s string, lineNo int) (tLine, error) {
	l := tLine{line: lineNo}
	if !strings.Contains(s, ";") {
		s += ";"
	}
	s = dropCountAnnotation(s)
	head, tail, _ := strings.Cut(s, ";")

	// The name is as short as it can be: it ends before the first word
	// that is a rating followed only by numbers.
	words := fieldsOf(head)
	allDigitsFrom := make([]bool, len(words)+1)
	allDigitsFrom[len(words)] = true
	for i := len(words) - 1; i >= 0; i-- {
		allDigitsFrom[i] = allDigitsFrom[i+1] && isDigits(words[i].text)
	}
	k := -1
	for i := 1; i < len(words); i++ {
		if isRatingWord(words[i].text) && allDigitsFrom[i+1] {
			k = i
			break
		}
	}
	if k < 0 {
		return l, lineErr(lineNo, CodeMalformedLine, "no name followed by a rating in %q", clip(head))
	}
	l.name = head[:words[k-1].end]
	r := words[k].text
	if !isDigits(r) || len(r) > 9 {
		return l, lineErr(lineNo, CodeBadRating, "rating %q is not a whole number", r)
	}
	l.rating, _ = strconv.Atoi(r)
	if len(words)-k-1 > MaxRounds {
		return l, lineErr(lineNo, CodeTooManyRounds, "%d pairings; at most %d rounds are read", len(words)-k-1, MaxRounds)
	}
	for _, w := range words[k+1:] {
		if w.text == "00" {
			l.pairings = append(l.pairings, -1)
			continue
		}
		if len(w.text) > 9 {
			return l, lineErr(lineNo, CodeUnknownOpponent, "opponent %s is not a player number", w.text)
		}
		n, _ := strconv.Atoi(w.text)
		l.pairings = append(l.pairings, n)
	}

	scores, rest, _ := strings.Cut(tail, ";")
	for _, w := range fieldsOf(scores) {
		if w.text == "00" {
			l.scores = append(l.scores, nil)
			continue
		}
		n, err := parseInt(w.text)
		if err != nil {
			return l, lineErr(lineNo, CodeBadScore, "score %q is not a whole number", w.text)
		}
		l.scores = append(l.scores, &n)
	}
	if len(l.scores) > MaxRounds {
		return l, lineErr(lineNo, CodeTooManyRounds, "%d scores; at most %d rounds are read", len(l.scores), MaxRounds)
	}
	l.fields = parseFields(rest)
	for k, words := range l.fields {
		if len(words) > MaxRounds+1 {
			return l, lineErr(lineNo, CodeTooManyRounds, "field %s has %d values; at most %d rounds are read", k, len(words), MaxRounds)
		}
	}
	return l, nil
}

// dropCountAnnotation removes the "; # 12" some tools add at the end of a
// line, as tsh does.
func dropCountAnnotation(s string) string {
	i := strings.LastIndex(s, "; # ")
	if i < 0 {
		return s
	}
	backslashes := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		backslashes++
	}
	if backslashes%2 == 0 && isDigits(strings.TrimRight(s[i+4:], asciiSpace)) {
		return s[:i+1]
	}
	return s
}

// parseInt reads an optional '-' and up to nine digits.
func parseInt(w string) (int, error) {
	digits := strings.TrimPrefix(w, "-")
	if !isDigits(digits) || len(digits) > 9 {
		return 0, strconv.ErrSyntax
	}
	return strconv.Atoi(w)
}

// parseFields splits the extension fields at unescaped ';'s. A field
// given twice keeps its last value, as in tsh; a key with no words is
// dropped, as tsh drops it when writing.
func parseFields(s string) map[string][]string {
	out := map[string][]string{}
	var cur strings.Builder
	flush := func() {
		words := strings.FieldsFunc(cur.String(), func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
		cur.Reset()
		switch {
		case len(words) > 0 && strings.HasPrefix(words[0], "#"):
			// An annotation, not a field.
		case len(words) > 1:
			out[words[0]] = words[1:]
		case len(words) == 1:
			delete(out, words[0])
		}
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == ';'):
			cur.WriteByte(s[i+1])
			i++
		case s[i] == ';':
			flush()
		default:
			cur.WriteByte(s[i])
		}
	}
	flush()
	return out
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}

// tFields are the per-round fields of one line, decoded.
type tFields struct {
	p12, board, forfeit, tiebreak []int // -1: "00"
}

func at0(v []int, round int) int {
	if round < 1 || round > len(v) || v[round-1] < 0 {
		return 0
	}
	return v[round-1]
}

// intWords decodes a field's words, "00" as -1, each within lo..hi.
func intWords(l tLine, key string, words []string, lo, hi int) ([]int, error) {
	out := make([]int, len(words))
	for i, w := range words {
		if w == "00" {
			out[i] = -1
			continue
		}
		n, err := parseInt(w)
		if err != nil || n < lo || n > hi {
			return nil, lineErr(l.line, CodeBadField, "field %s: %q is not a number from %d to %d", key, w, lo, hi)
		}
		out[i] = n
	}
	return out, nil
}

// oneInt decodes a single-valued field ("00" is 0).
func oneInt(l tLine, key, w string, lo, hi int) (int, error) {
	if w == "00" {
		return 0, nil
	}
	n, err := parseInt(w)
	if err != nil || n < lo || n > hi {
		return 0, lineErr(l.line, CodeBadField, "field %s: %q is not a number from %d to %d", key, w, lo, hi)
	}
	return n, nil
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
