package gcg

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

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
	return parseEventBody(n, ev, body)
}

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
