package standings

import (
	"bytes"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteT writes the division as tsh writes a .t file: for each player in
// id order, the name left-aligned in 22 characters, a space, the rating
// right-aligned in 5, a space, the opponents, "; ", the scores, then each
// extension field whose list is not empty, in key order, as "; key words".
// "00" stands for a round not yet paired or scored. Output is UTF-8
// (set tsh's tfile_encoding to utf8 to read it); names are padded by
// characters, as tsh does with that setting.
//
// A forfeit between two players is written tsh's way, as a bye for each
// (+spread and -spread), with a forfeit field naming the opponent so that
// this package reads it back as the forfeit it was; tsh keeps the field
// and otherwise sees two byes, which is also what it rates (nothing).
func WriteT(w io.Writer, d *Division) error {
	_, err := w.Write(MarshalT(d))
	return err
}

// MarshalT is WriteT into a byte slice.
func MarshalT(d *Division) []byte { return MarshalTNamed(d, nil) }

// MarshalTNamed is MarshalT with each line's name as names has it (by
// line-1; nil or "": the division's).
func MarshalTNamed(d *Division, names []string) []byte {
	var buf bytes.Buffer
	anyTable, anyStart := false, d.TrackFirsts
	for _, slots := range d.slots {
		for _, s := range slots {
			anyTable = anyTable || s.table > 0
			anyStart = anyStart || (s.start != StartUnknown && s.opp != 0 && !s.forfeit)
		}
	}
	for i := range d.players {
		name := d.players[i].Name
		if i < len(names) && names[i] != "" {
			name = names[i]
		}
		buf.WriteString(d.formatTLine(i+1, name, anyTable, anyStart))
	}
	return buf.Bytes()
}

func (d *Division) formatTLine(id int, name string, withBoards, withStarts bool) string {
	p := d.players[id-1]
	slots := d.slots[id-1]
	var b strings.Builder
	b.WriteString(name)
	for n := utf8.RuneCountInString(name); n < 22; n++ {
		b.WriteByte(' ')
	}
	b.WriteByte(' ')
	rating := strconv.Itoa(p.Rating)
	for n := len(rating); n < 5; n++ {
		b.WriteByte(' ')
	}
	b.WriteString(rating)
	b.WriteByte(' ')

	var pairings, scores []string
	lastScored := 0
	for i, s := range slots {
		if s.state == slotScored {
			lastScored = i + 1
		}
	}
	fields := map[string][]string{}
	for k, v := range p.Extra {
		fields[k] = v
	}
	var p12, boards, forfeits, tiebreaks []string
	lastForfeit, lastTieBreak := 0, 0
	for i, s := range slots {
		round := i + 1
		if s.state == slotEmpty {
			pairings = append(pairings, "00")
			p12 = append(p12, "00")
			boards = append(boards, "00")
			forfeits = append(forfeits, "0")
			tiebreaks = append(tiebreaks, "0")
		} else {
			opp := s.opp
			if s.forfeit {
				opp = 0
			}
			pairings = append(pairings, strconv.Itoa(opp))
			code := 0
			if opp != 0 {
				code = int(s.start)
				if s.start == StartUnknown {
					code = 4
				}
			}
			p12 = append(p12, strconv.Itoa(code))
			boards = append(boards, strconv.Itoa(s.table))
			forfeits = append(forfeits, "0")
			if s.forfeit && s.opp != 0 {
				forfeits[i] = strconv.Itoa(s.opp)
				lastForfeit = round
			}
			tiebreaks = append(tiebreaks, strconv.Itoa(int(s.tieBreak)))
			if s.tieBreak != TieBreakNone {
				lastTieBreak = round
			}
		}
		if round <= lastScored {
			switch {
			case s.state != slotScored:
				scores = append(scores, "00")
			case s.opp != 0 && !s.forfeit:
				scores = append(scores, strconv.Itoa(s.score))
			default:
				// A bye or forfeit is written as its spread, against nobody.
				scores = append(scores, strconv.Itoa(s.score-s.oppScore))
			}
		}
	}
	b.WriteString(strings.Join(pairings, " "))
	b.WriteString("; ")
	b.WriteString(strings.Join(scores, " "))

	if withStarts {
		fields["p12"] = p12
	}
	if withBoards {
		fields["board"] = boards
	}
	if lastForfeit > 0 {
		fields["forfeit"] = forfeits[:lastForfeit]
	}
	if lastTieBreak > 0 {
		fields["tiebreak"] = tiebreaks[:lastTieBreak]
	}
	if p.Withdrawn {
		fields["off"] = []string{strconv.Itoa(p.UnplayedSpread)}
	}
	if p.FixedTable > 0 {
		fields["fixedboard"] = []string{strconv.Itoa(p.FixedTable)}
	}
	if p.Class != "" {
		fields["class"] = []string{p.Class}
	}
	if p.Team != "" {
		fields["team"] = strings.Fields(p.Team)
	}
	if p.CareerGames > 0 {
		fields["lifeg"] = []string{strconv.Itoa(p.CareerGames)}
	}
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys) // Perl's sort: byte order
	for _, k := range keys {
		words := fields[k]
		if len(words) == 0 {
			continue
		}
		b.WriteString("; ")
		b.WriteString(escapeField(k))
		for _, w := range words {
			b.WriteByte(' ')
			b.WriteString(escapeField(w))
		}
	}
	b.WriteByte('\n')
	return b.String()
}

// escapeField puts a '\' before '\' and ';', as tsh does.
func escapeField(w string) string {
	if !strings.ContainsAny(w, `\;`) {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] == '\\' || w[i] == ';' {
			b.WriteByte('\\')
		}
		b.WriteByte(w[i])
	}
	return b.String()
}
