package gcg

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ReadFile reads and parses the GCG record at path. It reads no more of
// the file than MaxRecordSize allows: a bigger file is refused with
// CodeRecordTooLarge without being read whole.
func ReadFile(path string) (*Record, error) {
	data, err := readBounded(path, nil)
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
	rec := &Record{}
	if err := parseRecord(rec, data); err != nil {
		return nil, err
	}
	rec.dropEmpty()
	return rec, nil
}

// parseRecord reads data into rec, whose slices are empty but may have
// room to reuse (see Reader).
func parseRecord(rec *Record, data []byte) error {
	if len(data) > MaxRecordSize {
		return tooLarge(string(data[:MaxRecordSize+1]))
	}
	text, enc, err := decodeRecordText(string(data))
	if err != nil {
		return err
	}
	if len(text) > MaxRecordSize { // ISO-8859-1 grows in UTF-8
		return tooLarge(text)
	}
	counts := countLineStarts(text)
	rec.Encoding = enc.name
	p := lineParser{
		rec:          rec,
		encodingLine: enc.line,
		counts:       counts,
	}
	if want := min(counts.events, MaxEvents); cap(rec.Events) < want {
		rec.Events = make([]Event, 0, want)
	}
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
			return err
		}
	}
	if err := p.finish(); err != nil {
		return err
	}
	// Near the limit, measure the record as Write would write it (with an
	// encoding line, names written out...), so that what Read accepts can
	// be written and read again.
	if len(text)+writeSlack > MaxRecordSize {
		if b, err := appendRecord(nil, p.rec); err == nil && len(b) > MaxRecordSize {
			return syntaxErr(1, CodeRecordTooLarge, "record is larger than %d bytes as written out", MaxRecordSize)
		}
	}
	return nil
}

// dropEmpty makes empty lists nil, so that records compare equal however
// they were read.
func (r *Record) dropEmpty() {
	if len(r.Players) == 0 {
		r.Players = nil
	}
	if len(r.Pragmas) == 0 {
		r.Pragmas = nil
	}
	if len(r.Events) == 0 {
		r.Events = nil
	}
	if len(r.Notes) == 0 {
		r.Notes = nil
	}
	if len(r.Racks) == 0 {
		r.Racks = nil
	}
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
	if sameName(name, teamsPragma) {
		return p.teams(n, value)
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
	}
	// The line as Write writes it: "#playerN nick name".
	head := len("#player  ") + len(strconv.Itoa(num))
	if head+len(nick)+len(name) > MaxLineLength &&
		head+utf8.RuneCountInString(nick)+utf8.RuneCountInString(name) > MaxLineLength {
		return syntaxErr(n, CodeLineTooLong, "#player%d line is longer than %d characters as written out", num, MaxLineLength)
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

// teams reads the #teams extension (see teams.go); like a header pragma
// it is given once, before the first event.
func (p *lineParser) teams(n int, value string) error {
	if len(p.rec.Events) > 0 {
		return syntaxErr(n, CodePragmaAfterEvents, "#teams after the first event")
	}
	if p.rec.TeamsLine > 0 {
		return syntaxErr(n, CodeRedundantPragma, "#teams already given on line %d", p.rec.TeamsLine)
	}
	teams, err := parseTeams(n, value)
	if err != nil {
		return err
	}
	p.rec.Teams, p.rec.TeamsLine = teams, n
	return nil
}

func (p *lineParser) finish() error {
	p.closeNote()
	r := p.rec
	if len(r.Players) == 0 && len(r.Events) == 0 && len(r.Pragmas) == 0 && len(r.Notes) == 0 && len(r.Racks) == 0 {
		return syntaxErr(1, CodeEmptyRecord, "record holds no players, pragmas or events")
	}
	if !p.gapChecked {
		if err := p.checkPlayerNumbers(); err != nil {
			return err
		}
	}
	if r.Teams != nil {
		return checkTeams(r)
	}
	return nil
}
