package gcg

import (
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReadFile reads and parses the GCG record at path.
func ReadFile(path string) (*Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Read(data)
}

// Read parses one GCG record. It is lenient about form (see the package
// doc) and strict only where a line cannot be understood or would make the
// record ambiguous; then the error is a *SyntaxError. Read never panics.
//
// The #character-encoding line is not kept in Pragmas: it only says how
// the bytes were decoded, which Record.Encoding records.
func Read(data []byte) (*Record, error) {
	if len(data) > MaxRecordSize {
		return nil, tooLarge(string(data[:MaxRecordSize+1]))
	}
	text, enc, err := decodeRecordText(string(data))
	if err != nil {
		return nil, err
	}
	if len(text) > MaxRecordSize { // ISO-8859-1 grows in UTF-8
		return nil, tooLarge(text)
	}
	counts := countLineStarts(text)
	p := lineParser{
		rec:          &Record{Encoding: enc.name},
		encodingLine: enc.line,
		counts:       counts,
	}
	p.rec.Events = make([]Event, 0, min(counts.events, MaxEvents))
	// Most records end lines with "\n" alone; they need not be searched
	// for '\r' line by line.
	next := nextRawLine
	if strings.IndexByte(text, '\r') < 0 {
		next = nextLFLine
	}
	lineNo := 0
	for i := 0; i < len(text); {
		var line string
		line, i = next(text, i)
		lineNo++
		if err := p.line(lineNo, line); err != nil {
			return nil, err
		}
	}
	if err := p.finish(); err != nil {
		return nil, err
	}
	// Near the limit, measure the record as Write would write it (with an
	// encoding line, names written out...), so that what Read accepts can
	// be written and read again.
	if len(text)+writeSlack > MaxRecordSize {
		if b, err := appendRecord(nil, p.rec); err == nil && len(b) > MaxRecordSize {
			return nil, syntaxErr(1, CodeRecordTooLarge, "record is larger than %d bytes as written out", MaxRecordSize)
		}
	}
	if len(p.rec.Events) == 0 {
		p.rec.Events = nil // so that records compare equal however they were read
	}
	return p.rec, nil
}

// lineCounts estimates how many events, notes and other pragmas a record
// holds, so that the slices holding them are allocated once.
type lineCounts struct{ events, notes, pragmas int }

// countLineStarts counts lines by their first bytes: '>' for events, "#n"
// for notes, other '#' for pragmas. Indented lines are missed; the slices
// then grow as usual.
func countLineStarts(text string) lineCounts {
	c := lineCounts{1, 1, 1} // the first line has no '\n' before it
	for rest := text; ; {
		i := strings.IndexByte(rest, '\n')
		if i < 0 || i+2 >= len(rest) {
			return c
		}
		switch {
		case rest[i+1] == '>':
			c.events++
		case rest[i+1] != '#':
		case rest[i+2] == 'n' || rest[i+2] == 'N':
			c.notes++
		default:
			c.pragmas++
		}
		rest = rest[i+1:]
	}
}

// writeSlack bounds how many bytes Write adds to a record it rewrites.
const writeSlack = 64 << 10

// tooLarge reports the line at which text passes MaxRecordSize.
func tooLarge(text string) *SyntaxError {
	line := 1
	for i := 0; i < MaxRecordSize; line++ {
		_, i = nextRawLine(text, i)
	}
	return syntaxErr(line-1, CodeRecordTooLarge, "record is larger than %d bytes", MaxRecordSize)
}

// nextRawLine returns the line starting at s[i] without its terminator
// ("\n", "\r\n" or a lone "\r"), and the index just past the terminator.
func nextRawLine(s string, i int) (line string, next int) {
	rest := s[i:]
	end := strings.IndexByte(rest, '\n')
	if end < 0 {
		end = len(rest)
	}
	if cr := strings.IndexByte(rest[:end], '\r'); cr >= 0 {
		if cr+1 < len(rest) && rest[cr+1] == '\n' {
			return rest[:cr], i + cr + 2
		}
		return rest[:cr], i + cr + 1
	}
	if end < len(rest) {
		return rest[:end], i + end + 1
	}
	return rest, len(s)
}

// nextLFLine is nextRawLine for text without '\r'.
func nextLFLine(s string, i int) (line string, next int) {
	end := strings.IndexByte(s[i:], '\n')
	if end < 0 {
		return s[i:], len(s)
	}
	return s[i : i+end], i + end + 1
}

// lineParser holds the state of one Read.
type lineParser struct {
	rec          *Record
	encodingLine int  // line of the #character-encoding pragma, 0 if none
	noteOpen     bool // the last non-blank line was a #note or its continuation
	noteText     strings.Builder
	// headerSeen[i] is the line where headerPragmaNames[i] was given.
	headerSeen [len(headerPragmaNames)]int
	// dupNickLine is the #player line that repeated another player's nick.
	dupNickLine int
	gapChecked  bool
	counts      lineCounts // room to make for events, notes and pragmas
}

// headerPragmaNames describe the game as a whole: each may be given once, and
// only before the first event.
var headerPragmaNames = [...]string{
	"title", "description", "id", "lexicon", "game-type",
	"board-layout", "tile-set", "tile-distribution",
}

func (p *lineParser) line(n int, raw string) error {
	if len(raw) > MaxLineLength && utf8.RuneCountInString(raw) > MaxLineLength {
		return syntaxErr(n, CodeLineTooLong, "line is longer than %d characters", MaxLineLength)
	}
	t := trimGCGSpace(raw)
	if t == "" {
		return nil // blank lines are ignored, even inside a note
	}
	switch t[0] {
	case '#':
		p.closeNote()
		return p.pragma(n, t)
	case '>':
		p.closeNote()
		return p.event(n, t)
	}
	if !p.noteOpen {
		return syntaxErr(n, CodeStrayText, "line is neither a pragma ('#'), an event ('>') nor part of a #note")
	}
	// Continuation lines are gathered in a builder: appending to the
	// note's string each time would cost time quadratic in its length.
	if p.noteText.Len() == 0 {
		p.noteText.WriteString(p.rec.Notes[len(p.rec.Notes)-1].Text)
	}
	p.noteText.WriteByte('\n')
	p.noteText.WriteString(t)
	return nil
}

// closeNote stores the continuation lines gathered for the last note.
func (p *lineParser) closeNote() {
	p.noteOpen = false
	if p.noteText.Len() > 0 {
		p.rec.Notes[len(p.rec.Notes)-1].Text = p.noteText.String()
		p.noteText.Reset()
	}
}

func (p *lineParser) pragma(n int, t string) error {
	c := tokenCursor{s: t[1:]}
	name := c.next()
	value := c.rest()
	switch {
	case sameName(name, "note"):
		if p.rec.Notes == nil {
			p.rec.Notes = make([]Note, 0, p.counts.notes)
		}
		p.rec.Notes = append(p.rec.Notes, Note{AfterEvent: len(p.rec.Events), Text: value, Line: n})
		p.noteOpen = true
		return nil
	case sameName(name, "character-encoding"):
		if n != p.encodingLine {
			return syntaxErr(n, CodeEncodingNotFirst, "#character-encoding must be the first line")
		}
		return nil
	}
	if num, ok := numberedPragmaName(name, "player"); ok {
		return p.player(n, num, value)
	}
	if num, ok := numberedPragmaName(name, "rack"); ok {
		return p.finalRack(n, num, value)
	}
	for i, h := range headerPragmaNames {
		if !sameName(name, h) {
			continue
		}
		if len(p.rec.Events) > 0 {
			return syntaxErr(n, CodePragmaAfterEvents, "#%s after the first event", name)
		}
		if prev := p.headerSeen[i]; prev > 0 {
			return syntaxErr(n, CodeRedundantPragma, "#%s already given on line %d", name, prev)
		}
		p.headerSeen[i] = n
		break
	}
	if p.rec.Pragmas == nil {
		p.rec.Pragmas = make([]Pragma, 0, p.counts.pragmas)
	}
	p.rec.Pragmas = append(p.rec.Pragmas, Pragma{Name: name, Value: value, Line: n})
	return nil
}

// sameName compares a pragma name with a lower-case ASCII one, ignoring
// ASCII case; it is strings.EqualFold without the cost of Unicode folding.
func sameName(name, lower string) bool {
	if len(name) != len(lower) {
		return false
	}
	for i := 0; i < len(name); i++ {
		b := name[i]
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if b != lower[i] {
			return false
		}
	}
	return true
}

// numberedPragmaName reports whether name is prefix followed by nothing or by
// digits ("player", "player2"), and returns the number (-1 when missing or
// unreadable, which the caller reports).
func numberedPragmaName(name, prefix string) (int, bool) {
	if len(name) < len(prefix) || !sameName(name[:len(prefix)], prefix) {
		return 0, false
	}
	digits := name[len(prefix):]
	if !allASCIIDigits(digits) {
		return 0, false
	}
	if digits == "" || len(digits) > 2 {
		return -1, true
	}
	num, _ := strconv.Atoi(digits)
	if num == 0 {
		return -1, true
	}
	return num, true
}

func (p *lineParser) player(n, num int, value string) error {
	if num < 1 {
		return syntaxErr(n, CodeMalformedPlayer, "#playerN needs a number from 1 to 99")
	}
	if len(p.rec.Events) > 0 {
		return syntaxErr(n, CodePragmaAfterEvents, "#player%d after the first event", num)
	}
	c := tokenCursor{s: value}
	nick := c.next()
	if nick == "" {
		return syntaxErr(n, CodeMalformedPlayer, "#player%d has no nick", num)
	}
	name := c.rest()
	if name == "" {
		name = nick // Write writes it out, as Macondo and MAGPIE need a name
		if utf8.RuneCountInString(value)*2+len("#player99  ") > MaxLineLength {
			return syntaxErr(n, CodeLineTooLong, "nick %q is too long to write out twice on one line", nick)
		}
	}
	if p.rec.Players == nil {
		p.rec.Players = make([]Player, 0, 2)
	}
	at := len(p.rec.Players) // keep Players sorted by Number
	for i, pl := range p.rec.Players {
		if pl.Number == num {
			return syntaxErr(n, CodePlayerNumberRedundant, "#player%d already given on line %d", num, pl.Line)
		}
		if pl.Nick == nick && p.dupNickLine == 0 {
			p.dupNickLine = n
		}
		if pl.Number > num && at > i {
			at = i
		}
	}
	p.rec.Players = append(p.rec.Players, Player{})
	copy(p.rec.Players[at+1:], p.rec.Players[at:])
	p.rec.Players[at] = Player{Number: num, Nick: nick, Name: name, Line: n}
	return nil
}

// checkPlayerNumbers makes sure Players[i] is #player(i+1), as Record promises.
func (p *lineParser) checkPlayerNumbers() error {
	p.gapChecked = true
	for i, pl := range p.rec.Players {
		if pl.Number != i+1 {
			return syntaxErr(pl.Line, CodePlayerNumberGap, "#player%d given but no #player%d", pl.Number, i+1)
		}
	}
	return nil
}

func (p *lineParser) finalRack(n, num int, value string) error {
	if num < 1 {
		return syntaxErr(n, CodeMalformedRack, "#rackN needs a player number from 1 to 99")
	}
	c := tokenCursor{s: value}
	rack := c.next()
	if rack == "" || c.rest() != "" || !isRackText(rack) {
		return syntaxErr(n, CodeMalformedRack, "#rack%d %q is not a rack (letters and '?')", num, value)
	}
	if !p.hasPlayer(num) {
		return syntaxErr(n, CodeUnknownPlayer, "#rack%d but no #player%d", num, num)
	}
	for _, r := range p.rec.Racks {
		if r.Player == num {
			return syntaxErr(n, CodeRedundantPragma, "#rack%d already given on line %d", num, r.Line)
		}
	}
	p.rec.Racks = append(p.rec.Racks, FinalRack{Player: num, Rack: rack, Line: n})
	return nil
}

func (p *lineParser) hasPlayer(num int) bool {
	for _, pl := range p.rec.Players {
		if pl.Number == num {
			return true
		}
	}
	return false
}

func (p *lineParser) event(n int, t string) error {
	if len(p.rec.Players) < 2 {
		return syntaxErr(n, CodeEventBeforePlayers, "event before two #player lines")
	}
	if !p.gapChecked {
		if err := p.checkPlayerNumbers(); err != nil {
			return err
		}
	}
	if len(p.rec.Events) >= MaxEvents {
		return syntaxErr(n, CodeTooManyEvents, "more than %d events", MaxEvents)
	}
	nick, body, err := p.splitNick(n, t[1:])
	if err != nil {
		return err
	}
	// Parsed in place: an Event is big enough for the copy to show.
	p.rec.Events = append(p.rec.Events, Event{Line: n, Nick: nick})
	ev := &p.rec.Events[len(p.rec.Events)-1]
	if err := parseEventBody(n, ev, body); err != nil {
		return err
	}
	// Write may lengthen a line by a few characters (": " after the nick,
	// '+' before a score), so a line near the limit is measured as Write
	// would write it: what Read accepts, Write must write readably.
	if len(t)+canonicalSlack > MaxLineLength {
		if b, err := appendEvent(nil, ev); err == nil && utf8.RuneCount(b)-1 > MaxLineLength {
			return syntaxErr(n, CodeLineTooLong, "line is longer than %d characters as written out", MaxLineLength)
		}
	}
	return nil
}

// canonicalSlack bounds how much longer Write makes a line than it was.
const canonicalSlack = 8

// splitNick finds the player nick at the start of an event line. Nicks may
// hold any character but whitespace, ':' included, so instead of cutting at
// the first ':' it looks for a declared nick followed by ':', the longest
// if several fit.
func (p *lineParser) splitNick(n int, s string) (nick, body string, err error) {
	s = trimGCGSpace(s)
	for _, pl := range p.rec.Players {
		if len(pl.Nick) <= len(nick) || !strings.HasPrefix(s, pl.Nick) {
			continue
		}
		if after := trimGCGSpace(s[len(pl.Nick):]); after != "" && after[0] == ':' {
			nick, body = pl.Nick, after[1:]
		}
	}
	if nick != "" {
		return nick, body, nil
	}
	colon := strings.IndexByte(s, ':')
	if colon < 0 {
		return "", "", syntaxErr(n, CodeMalformedEvent, "event has no ':' after the nick")
	}
	unknown := trimGCGSpace(s[:colon])
	if p.dupNickLine > 0 {
		return "", "", syntaxErr(p.dupNickLine, CodeDuplicateNick,
			"this #player line repeats another player's nick, and line %d names %q, who is no player", n, unknown)
	}
	return "", "", syntaxErr(n, CodeUnknownPlayer, "no player has the nick %q", unknown)
}

// parseEventBody reads what follows "nick:" into ev. The form is told by the
// token after the (optional) rack: "(...)", "--", "-", "-TILES", "-N" or a
// position; then come the score, the cumulative score if present, and any
// trailing text.
func parseEventBody(n int, ev *Event, s string) error {
	c := tokenCursor{s: s}
	action := c.next()
	if action == "" {
		return syntaxErr(n, CodeMalformedEvent, "nothing after %q:", ev.Nick)
	}
	switch {
	case isRackText(action):
		ev.Rack = action
		if action = c.next(); action == "" {
			return syntaxErr(n, CodeMalformedEvent, "rack %q but no move after it", ev.Rack)
		}
	case action[0] == '-' || action[0] == '(' || isPositionToken(action):
		// the rack column was left empty
	default:
		return syntaxErr(n, CodeMalformedRack, "rack %q is not letters and '?'", action)
	}
	if err := parseEventAction(n, ev, action, &c); err != nil {
		return err
	}

	scoreTok := c.next()
	if scoreTok == "" {
		return syntaxErr(n, CodeMalformedScore, "missing score")
	}
	score, ok := parseScoreToken(scoreTok)
	if !ok {
		return syntaxErr(n, CodeMalformedScore, "score %q is not a number", scoreTok)
	}
	ev.Score = score
	before := c
	if cum, ok := parseScoreToken(c.next()); ok {
		ev.Cumulative, ev.HasCumulative = cum, true
	} else {
		c = before
	}
	ev.Trailing = c.rest()
	return nil
}

func parseEventAction(n int, ev *Event, action string, c *tokenCursor) error {
	switch {
	case action[0] == '(':
		inner, ok := strings.CutSuffix(action[1:], ")")
		if !ok {
			return syntaxErr(n, CodeMalformedEvent, "%q has no closing parenthesis", action)
		}
		// Only lower case: "(TIME)" is a rack of T, I, M and E.
		switch {
		case inner == "challenge":
			ev.Kind = ChallengeBonus
		case inner == "time":
			ev.Kind = TimePenalty
		case inner == "" || !isRackText(inner):
			return syntaxErr(n, CodeMalformedRack, "%q holds no rack (letters and '?')", action)
		case ev.Rack == "":
			ev.Kind, ev.EndRack = EndRackPoints, inner
		default:
			ev.Kind, ev.EndRack = EndRackPenalty, inner
		}
	case action == "--":
		ev.Kind = Withdrawn
	case action == "-":
		ev.Kind = Pass
	case action[0] == '-':
		return parseExchangeTiles(n, ev, action[1:])
	case isPositionToken(action):
		ev.Kind = Play
		ev.Position = upperPosition(action)
		ev.Word = c.next()
		if !isWordText(ev.Word) {
			return syntaxErr(n, CodeMalformedPlay, "word %q is not letters and '.'", ev.Word)
		}
	default:
		if _, ok := parseScoreToken(c.peek()); ok || c.peek() == "" {
			return syntaxErr(n, CodeMalformedEvent, "%q is not a position, exchange, pass or (...) event", action)
		}
		return syntaxErr(n, CodeMalformedPlay, "position %q is not like 8D or D8", action)
	}
	return nil
}

func parseExchangeTiles(n int, ev *Event, tiles string) error {
	ev.Kind = Exchange
	if allASCIIDigits(tiles) {
		count, _ := strconv.Atoi(tiles)
		if len(tiles) > 2 || count == 0 {
			return syntaxErr(n, CodeMalformedExchange, "exchange count %q is not 1 to 99", tiles)
		}
		ev.Count = count
		return nil
	}
	if !isRackText(tiles) {
		return syntaxErr(n, CodeMalformedExchange, "exchanged tiles %q are not letters and '?'", tiles)
	}
	ev.Exchanged, ev.Count = tiles, utf8.RuneCountInString(tiles)
	return nil
}

// isPositionToken reports whether s looks like a board coordinate: row digits
// then a column letter (across, "8D", "15A", "21U") or the reverse (down).
// Whether it lies on the board depends on the variant, so Check decides.
func isPositionToken(s string) bool {
	switch {
	case len(s) < 2 || len(s) > 3:
		return false
	case isASCIILetter(s[0]):
		return allASCIIDigits(s[1:])
	case isASCIILetter(s[len(s)-1]):
		return allASCIIDigits(s[:len(s)-1])
	}
	return false
}

// parseScoreToken reads the score dialects seen in real records: "+26",
// "26", "-5", "+-5", "0". Nine digits at most, so it cannot overflow.
func parseScoreToken(s string) (int, bool) {
	i := 0
	if i < len(s) && s[i] == '+' {
		i++
	}
	neg := i < len(s) && s[i] == '-'
	if neg {
		i++
	}
	if i == len(s) || len(s)-i > 9 {
		return 0, false
	}
	v := 0
	for ; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, false
		}
		v = v*10 + int(d)
	}
	if neg {
		v = -v
	}
	return v, true
}

// isRackText reports whether s is a rack: letters of any script, and '?'
// for a blank. Racks are kept as written.
func isRackText(s string) bool { return lettersAnd(s, '?') }

// isWordText reports whether s is a played word: letters (lower case for a
// blank) and '.' for a tile already on the board.
func isWordText(s string) bool { return lettersAnd(s, '.') }

// lettersAnd reports whether s is non-empty and holds only letters of any
// script and the byte extra.
func lettersAnd(s string, extra byte) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); {
		if b := s[i]; b < utf8.RuneSelf {
			if !isASCIILetter(b) && b != extra {
				return false
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) {
			return false
		}
		i += size
	}
	return true
}

func isASCIILetter(b byte) bool { return 'A' <= b && b <= 'Z' || 'a' <= b && b <= 'z' }

func allASCIIDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// upperPosition upper-cases a position without allocating when it already is.
func upperPosition(s string) string {
	for i := 0; i < len(s); i++ {
		if 'a' <= s[i] && s[i] <= 'z' {
			return strings.ToUpper(s)
		}
	}
	return s
}

func (p *lineParser) finish() error {
	p.closeNote()
	r := p.rec
	if len(r.Players) == 0 && len(r.Events) == 0 && len(r.Pragmas) == 0 && len(r.Notes) == 0 && len(r.Racks) == 0 {
		return syntaxErr(1, CodeEmptyRecord, "record holds no players, pragmas or events")
	}
	if !p.gapChecked {
		return p.checkPlayerNumbers()
	}
	return nil
}

// tokenCursor walks the whitespace-separated tokens of a line.
type tokenCursor struct {
	s string
	i int
}

func (c *tokenCursor) next() string {
	for c.i < len(c.s) && isGCGSpace(c.s[c.i]) {
		c.i++
	}
	start := c.i
	for c.i < len(c.s) && !isGCGSpace(c.s[c.i]) {
		c.i++
	}
	return c.s[start:c.i]
}

func (c *tokenCursor) peek() string {
	saved := *c
	return saved.next()
}

// rest is what the tokenCursor has not read, trimmed.
func (c *tokenCursor) rest() string { return trimGCGSpace(c.s[c.i:]) }

// isGCGSpace is ASCII horizontal whitespace only: nicks and racks may hold
// any other character, and Read and Write must agree on what splits them.
func isGCGSpace(b byte) bool {
	return b <= ' ' && (b == ' ' || b == '\t' || b == '\v' || b == '\f') // most bytes fail the first test
}

func trimGCGSpace(s string) string {
	start, end := 0, len(s)
	for start < end && isGCGSpace(s[start]) {
		start++
	}
	for end > start && isGCGSpace(s[end-1]) {
		end--
	}
	return s[start:end]
}

// Encodings a record may be written in. Text in a Record is always UTF-8.
const (
	encodingUTF8   = "UTF-8"
	encodingLatin1 = "ISO-8859-1"
)

// recordEncoding is what decodeRecordText learned about the bytes.
type recordEncoding struct {
	name string // encodingUTF8 or encodingLatin1
	line int    // line of the #character-encoding pragma, 0 if none
}

// decodeRecordText returns the record as UTF-8. The encoding is the one
// the first non-blank line declares ("#character-encoding UTF-8"), else
// UTF-8 when the bytes are valid UTF-8, else ISO-8859-1, which older tools
// wrote without saying so.
func decodeRecordText(s string) (string, recordEncoding, error) {
	s = strings.TrimPrefix(s, "\uFEFF") // byte order mark
	if strings.HasPrefix(s, "\xFF\xFE") || strings.HasPrefix(s, "\xFE\xFF") {
		return "", recordEncoding{}, syntaxErr(1, CodeUnsupportedEncoding, "record is UTF-16; save it as UTF-8")
	}
	var enc recordEncoding
	declared := ""
	// The encoding name is ASCII, so it can be read before decoding.
	for i, n := 0, 1; i < len(s); n++ {
		var line string
		line, i = nextRawLine(s, i)
		t := trimGCGSpace(line)
		if t == "" {
			continue
		}
		c := tokenCursor{s: t}
		if sameName(c.next(), "#character-encoding") {
			enc.line, declared = n, c.rest()
		}
		break
	}
	valid := utf8.ValidString(s)
	switch {
	case enc.line == 0 && valid, canonicalEncoding(declared) == encodingUTF8:
		if !valid {
			return "", enc, syntaxErr(firstInvalidUTF8Line(s), CodeInvalidUTF8,
				"bytes that are not UTF-8, though #character-encoding says UTF-8")
		}
		enc.name = encodingUTF8
		return s, enc, nil
	case enc.line == 0, canonicalEncoding(declared) == encodingLatin1:
		enc.name = encodingLatin1
		return latin1ToUTF8(s), enc, nil
	}
	return "", enc, syntaxErr(enc.line, CodeUnsupportedEncoding,
		"#character-encoding %q is not supported (UTF-8 or ISO-8859-1)", declared)
}

// canonicalEncoding maps the spellings seen in the wild ("utf8",
// "ISO 8859-1", "latin1") to one name, or "" when unsupported.
func canonicalEncoding(name string) string {
	key := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == ' ' {
			return -1
		}
		return unicode.ToLower(r)
	}, name)
	switch key {
	case "utf8":
		return encodingUTF8
	case "iso88591", "latin1":
		return encodingLatin1
	}
	return ""
}

func firstInvalidUTF8Line(s string) int {
	n := 1
	for i := 0; i < len(s); n++ {
		var line string
		line, i = nextRawLine(s, i)
		if !utf8.ValidString(line) {
			return n
		}
	}
	return n
}

// latin1ToUTF8 decodes ISO-8859-1, where each byte is the code point.
func latin1ToUTF8(s string) string {
	var b strings.Builder
	b.Grow(len(s) * 2)
	for i := 0; i < len(s); i++ {
		if s[i] < utf8.RuneSelf {
			b.WriteByte(s[i])
		} else {
			b.WriteRune(rune(s[i]))
		}
	}
	return b.String()
}
