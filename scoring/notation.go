package scoring

import (
	"strings"
)

// MoveKind is what a player did on their turn.
type MoveKind uint8

const (
	MovePlace    MoveKind = iota + 1 // tiles placed on the board
	MoveExchange                     // tiles exchanged with the bag
	MovePass                         // nothing
)

// Through marks, inside Move.Word, a square whose tile is already on the
// board ('.' in notation).
const Through Tile = 0

// Move is a parsed move: where and what for a placement, which tiles for an
// exchange. Letters in Word may be new tiles or tiles already on the board
// (a letter may be spelled through as well as written '.'); only the board
// can tell, so the distinction is made when the move is placed.
type Move struct {
	Kind     MoveKind
	Row, Col int // 0-based start square
	Down     bool
	Word     []Tile // Through for '.', else the tile (blank flag for lowercase)
	// Exchange holds the exchanged tiles when written out ("-ABC"); Count
	// is the number of tiles exchanged in either form ("-3").
	Exchange []Tile
	Count    int
}

// ParsePosition reads a coordinate: row digits then a column letter for an
// across play ("8D"), the letter first for a down play ("D8"). Case does
// not matter. Bounds are checked when the move is placed.
func ParsePosition(s string) (row, col int, down bool, err error) {
	if len(s) < 2 || len(s) > 3 {
		return 0, 0, false, ruleErr(CodeBadPosition, "%q is not a position: write 8D (across) or D8 (down)", s)
	}
	letter := func(c byte) (int, bool) {
		switch {
		case c >= 'A' && c <= 'Z':
			return int(c - 'A'), true
		case c >= 'a' && c <= 'z':
			return int(c - 'a'), true
		}
		return 0, false
	}
	digits := func(s string) (int, bool) {
		if s == "" || s[0] == '0' {
			return 0, false
		}
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return 0, false
			}
			n = n*10 + int(s[i]-'0')
		}
		return n, true
	}
	if c, ok := letter(s[0]); ok {
		if r, ok := digits(s[1:]); ok {
			return r - 1, c, true, nil
		}
	} else if c, ok := letter(s[len(s)-1]); ok {
		if r, ok := digits(s[:len(s)-1]); ok {
			return r - 1, c, false, nil
		}
	}
	return 0, 0, false, ruleErr(CodeBadPosition, "%q is not a position: write 8D (across) or D8 (down)", s)
}

// ParseMove reads a move as players write it: "8D QUIXOTE" (across from
// 8D), "D8 QUIXOTE" (down), lowercase for a blank, '.' or the letter itself
// for a tile already on the board; "-ABC" or "-3" to exchange; "-" or
// "pass" to pass.
func ParseMove(ts *TileSet, text string) (Move, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "-" || strings.EqualFold(text, "pass"):
		return Move{Kind: MovePass}, nil
	case strings.HasPrefix(text, "-"):
		return ParseExchange(ts, text[1:])
	}
	fields := strings.Fields(text)
	if len(fields) != 2 {
		return Move{}, ruleErr(CodeBadNotation, "%q is not a move: write a position and a word (8D QUIXOTE), -ABC to exchange, or - to pass", text)
	}
	return ParsePlace(ts, fields[0], fields[1])
}

// ParsePlace reads a placement from its position and word.
func ParsePlace(ts *TileSet, position, word string) (Move, error) {
	m, _, err := AppendPlace(make([]Tile, 0, len(word)), ts, position, word)
	return m, err
}

// AppendPlace is ParsePlace keeping the move's word at the end of dst
// (growing it as append does), for callers that keep many moves in one
// block. It returns dst with the word appended; m.Word is that word,
// capped so that appending to it cannot overwrite what follows.
func AppendPlace(dst []Tile, ts *TileSet, position, word string) (m Move, out []Tile, err error) {
	row, col, down, err := ParsePosition(position)
	if err != nil {
		return Move{}, dst, err
	}
	start := len(dst)
	out = dst
	for _, r := range word {
		if r == '.' {
			out = append(out, Through)
			continue
		}
		t, ok := ts.Tile(r)
		if !ok || t == Blank {
			return Move{}, dst, ruleErr(CodeUnknownLetter, "%q in %q is not a letter of the %s tile set", r, word, ts.Name)
		}
		out = append(out, t)
	}
	if len(out) == start {
		return Move{}, dst, ruleErr(CodeBadNotation, "the play at %s has no word", position)
	}
	return Move{Kind: MovePlace, Row: row, Col: col, Down: down, Word: out[start:len(out):len(out)]}, out, nil
}

// ParseExchange reads the tiles after "-": letters ("ABC", '?' for a
// blank) or a count ("3").
func ParseExchange(ts *TileSet, s string) (Move, error) {
	m := Move{Kind: MoveExchange}
	if s == "" {
		return Move{}, ruleErr(CodeBadNotation, "an exchange names the tiles (-ABC) or their number (-3)")
	}
	if n, ok := smallNumber(s); ok {
		if n < 1 {
			return Move{}, ruleErr(CodeBadNotation, "an exchange of %d tiles", n)
		}
		m.Count = n
		return m, nil
	}
	for _, r := range s {
		t, ok := ts.Tile(r)
		if !ok {
			return Move{}, ruleErr(CodeUnknownLetter, "%q in exchange %q is not a tile of the %s set", r, s, ts.Name)
		}
		if t != Blank {
			t = t.Letter() // exchanged tiles carry no blank designation
		}
		m.Exchange = append(m.Exchange, t)
	}
	m.Count = len(m.Exchange)
	return m, nil
}

func smallNumber(s string) (int, bool) {
	if len(s) == 0 || len(s) > 2 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// ParseRack reads a rack as written ("AEIRST?"); lowercase letters are
// taken as uppercase, '?' is a blank.
func ParseRack(ts *TileSet, s string) ([]Tile, error) {
	return AppendRack(make([]Tile, 0, len(s)), ts, s)
}

// AppendRack is ParseRack appending to dst, for callers that keep many
// racks in one block.
func AppendRack(dst []Tile, ts *TileSet, s string) ([]Tile, error) {
	for _, r := range s {
		t, ok := ts.Tile(r)
		if !ok {
			return dst, ruleErr(CodeUnknownLetter, "%q in rack %q is not a tile of the %s set", r, s, ts.Name)
		}
		if t != Blank {
			t = t.Letter()
		}
		dst = append(dst, t)
	}
	return dst, nil
}

// FormatMove writes a move in notation, the inverse of ParseMove.
func FormatMove(ts *TileSet, m Move) string {
	switch m.Kind {
	case MovePass:
		return "-"
	case MoveExchange:
		if m.Exchange == nil {
			return "-" + itoa(m.Count)
		}
		return "-" + TilesString(ts, m.Exchange)
	}
	var b strings.Builder
	b.WriteString(PositionName(m.Row, m.Col, m.Down))
	b.WriteByte(' ')
	for _, t := range m.Word {
		if t == Through {
			b.WriteByte('.')
		} else {
			b.WriteRune(ts.Rune(t))
		}
	}
	return b.String()
}

// TilesString writes tiles as letters ('?' for an undesignated blank).
func TilesString(ts *TileSet, tiles []Tile) string {
	var b strings.Builder
	for _, t := range tiles {
		b.WriteRune(ts.Rune(t))
	}
	return b.String()
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var buf [20]byte
	i := len(buf)
	for n > 0 {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}
