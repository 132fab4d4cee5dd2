package gcg

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Write writes r as a UTF-8 GCG record with LF line endings, in the
// canonical form Macondo and Woogles write:
//
//	#character-encoding UTF-8
//	#lexicon CSW21                      (pragmas, in order)
//	#player1 nick Full Name             (players)
//	#teams 1,3 2,4                      (team play only: an extension)
//	>nick: RACK 8D WORD +26 126         (events, each followed by its notes)
//	>nick: RACK -ABC +0 126             (or "-3" when only the count is known)
//	>nick: RACK - +0 126
//	>nick: RACK -- -26 100
//	>nick: RACK (challenge) +5 131
//	>nick: RACK (time) -10 121
//	>nick:  (RACK) +14 345              (end rack points: rack column empty)
//	>nick: RACK (RACK) -14 331          (end rack penalty)
//	#rack1 RACK                         (racks last)
//
// Reading what Write wrote gives back the same record, line numbers and
// encoding aside. Write refuses a record that GCG cannot hold, such as a
// nick with a space or a value with a line break, rather than write a
// record that would read back as something else.
func Write(w io.Writer, r *Record) error {
	b, err := appendRecord(nil, r)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Marshal returns r written as by Write, or nil if Write would refuse it.
func Marshal(r *Record) []byte {
	b, err := appendRecord(nil, r)
	if err != nil {
		return nil
	}
	return b
}

func appendRecord(b []byte, r *Record) ([]byte, error) {
	b = append(b, "#character-encoding "+encodingUTF8+"\n"...)
	for _, p := range r.Pragmas {
		// A nameless pragma is a bare "#": "# lexicon X" reads as #lexicon.
		if p.Name == "" && p.Value != "" || p.Name != "" && !isToken(p.Name) || isRoutedPragma(p.Name) || !isOneLine(p.Value) {
			return nil, fmt.Errorf("gcg: cannot write pragma %q %q", p.Name, p.Value)
		}
		b = appendPragma(b, p.Name, p.Value)
	}
	for _, p := range r.Players {
		if p.Number < 1 || p.Number > 99 || !isToken(p.Nick) || !isOneLine(p.Name) {
			return nil, fmt.Errorf("gcg: cannot write player %d nick %q name %q", p.Number, p.Nick, p.Name)
		}
		name := p.Name
		if name == "" {
			name = p.Nick // Macondo and MAGPIE need a name; Read makes it the nick
		}
		b = appendPragma(b, "player"+strconv.Itoa(p.Number), p.Nick+" "+name)
	}
	if r.Teams != nil {
		if err := checkTeams(r); err != nil {
			return nil, fmt.Errorf("gcg: cannot write #teams %v: %w", r.Teams, err)
		}
		b = appendTeams(b, r.Teams)
	}
	// Notes are kept in file order, so one pass places each after the
	// event it follows.
	notes := r.Notes
	var err error
	for i := 0; i <= len(r.Events); i++ {
		for len(notes) > 0 && (notes[0].AfterEvent <= i || i == len(r.Events)) {
			if b, err = appendNote(b, notes[0].Text); err != nil {
				return nil, err
			}
			notes = notes[1:]
		}
		if i < len(r.Events) {
			if b, err = appendEvent(b, &r.Events[i]); err != nil {
				return nil, err
			}
		}
	}
	for _, fr := range r.Racks {
		if fr.Player < 1 || fr.Player > 99 || !isRackText(fr.Rack) {
			return nil, fmt.Errorf("gcg: cannot write #rack%d %q", fr.Player, fr.Rack)
		}
		b = appendPragma(b, "rack"+strconv.Itoa(fr.Player), fr.Rack)
	}
	return b, nil
}

func appendPragma(b []byte, name, value string) []byte {
	b = append(b, '#')
	b = append(b, name...)
	if value != "" {
		b = append(b, ' ')
		b = append(b, value...)
	}
	return append(b, '\n')
}

// appendNote writes a note and its continuation lines. A continuation
// line cannot start with '#' or '>': it would read back as a pragma or an
// event.
func appendNote(b []byte, text string) ([]byte, error) {
	first, more, _ := strings.Cut(text, "\n")
	if !isOneLine(first) {
		return nil, fmt.Errorf("gcg: cannot write note %q", text)
	}
	b = appendPragma(b, "note", first)
	for more != "" {
		var line string
		line, more, _ = strings.Cut(more, "\n")
		t := trimGCGSpace(line)
		if !isOneLine(line) || t != "" && (t[0] == '#' || t[0] == '>') {
			return nil, fmt.Errorf("gcg: cannot write note line %q: it would not read back as part of the note", line)
		}
		b = append(b, line...)
		b = append(b, '\n')
	}
	return b, nil
}

func appendEvent(b []byte, e *Event) ([]byte, error) {
	if !isToken(e.Nick) || e.Rack != "" && !isRackText(e.Rack) || !isOneLine(e.Trailing) {
		return nil, fmt.Errorf("gcg: cannot write event nick %q rack %q", e.Nick, e.Rack)
	}
	if !fitsScore(e.Score) || !fitsScore(e.Cumulative) {
		return nil, fmt.Errorf("gcg: cannot write score %d / %d: more than 9 digits", e.Score, e.Cumulative)
	}
	if _, isScore := parseScoreToken((&tokenCursor{s: e.Trailing}).next()); isScore && !e.HasCumulative {
		return nil, fmt.Errorf("gcg: cannot write trailing %q without a cumulative score: it would read as one", e.Trailing)
	}
	b = append(b, '>')
	b = append(b, e.Nick...)
	b = append(b, ": "...)
	b = append(b, e.Rack...)
	b = append(b, ' ')
	switch e.Kind {
	case Play:
		if !isPositionToken(e.Position) || !isWordText(e.Word) {
			return nil, fmt.Errorf("gcg: cannot write play %q %q", e.Position, e.Word)
		}
		b = append(b, e.Position...)
		b = append(b, ' ')
		b = append(b, e.Word...)
	case Exchange:
		b = append(b, '-')
		switch {
		case isRackText(e.Exchanged) && e.Count == utf8.RuneCountInString(e.Exchanged):
			b = append(b, e.Exchanged...)
		case e.Exchanged == "" && e.Count > 0 && e.Count < 100:
			b = strconv.AppendInt(b, int64(e.Count), 10)
		default:
			return nil, fmt.Errorf("gcg: cannot write exchange %q of %d tiles", e.Exchanged, e.Count)
		}
	case Pass:
		b = append(b, '-')
	case Withdrawn:
		b = append(b, "--"...)
	case ChallengeBonus:
		b = append(b, "(challenge)"...)
	case TimePenalty:
		b = append(b, "(time)"...)
	case EndRackPoints, EndRackPenalty:
		// Which of the two it is shows in the rack column, which Read uses
		// to tell them apart.
		if !isRackText(e.EndRack) || e.EndRack == "time" || e.EndRack == "challenge" ||
			(e.Kind == EndRackPoints) != (e.Rack == "") {
			return nil, fmt.Errorf("gcg: cannot write end rack %q with rack column %q", e.EndRack, e.Rack)
		}
		b = append(b, '(')
		b = append(b, e.EndRack...)
		b = append(b, ')')
	default:
		return nil, fmt.Errorf("gcg: cannot write event of kind %d", e.Kind)
	}
	b = append(b, ' ')
	if e.Score >= 0 {
		b = append(b, '+')
	}
	b = strconv.AppendInt(b, int64(e.Score), 10)
	if e.HasCumulative {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(e.Cumulative), 10)
	}
	if e.Trailing != "" {
		b = append(b, ' ')
		b = append(b, e.Trailing...)
	}
	return append(b, '\n'), nil
}

// isToken reports whether s can stand as one whitespace-separated column.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if isGCGSpace(s[i]) || s[i] == '\n' || s[i] == '\r' {
			return false
		}
	}
	return true
}

// fitsScore reports whether Read can read n back (nine digits at most).
func fitsScore(n int) bool { return n > -1e9 && n < 1e9 }

// isRoutedPragma reports whether Read would take a pragma of this name
// for something other than a Pragma (a note, a player, a rack, the
// encoding), so writing it as one would not read back.
func isRoutedPragma(name string) bool {
	if sameName(name, "note") || sameName(name, "character-encoding") || sameName(name, teamsPragma) {
		return true
	}
	_, player := numberedPragmaName(name, "player")
	_, rack := numberedPragmaName(name, "rack")
	return player || rack
}

func isOneLine(s string) bool { return !strings.ContainsAny(s, "\r\n") }
