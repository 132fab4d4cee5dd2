package scoring

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tile is one tile as the engine holds it: 1..n index a letter of the tile
// set; BlankBit marks a blank, alone on a rack (Blank) or together with
// the letter it was designated as on the board. 0 is "no tile".
type Tile uint8

const (
	// BlankBit flags a blank tile.
	BlankBit Tile = 0x80
	// Blank is an undesignated blank, as it sits on a rack.
	Blank Tile = BlankBit
	// maxLetters is how many distinct letters a tile set may have.
	maxLetters = 63
)

// Letter strips the blank flag: the letter a tile shows.
func (t Tile) Letter() Tile { return t &^ BlankBit }

// IsBlank reports whether the tile is a blank (designated or not).
func (t Tile) IsBlank() bool { return t&BlankBit != 0 }

// TileSet is a bag's contents: each letter, how many of it, what it is
// worth, and how many blanks (worth 0).
type TileSet struct {
	Name   string
	runes  []rune // runes[i] is the letter of Tile(i); runes[0] unused
	values []int
	counts []int
	Blanks int
	ascii  [128]Tile
	other  map[rune]Tile
	// strs caches each tile's letter as a string, blanks (lowercase) at
	// index t|BlankBit, for breakdowns.
	strs [256]string
}

// letterString is the tile's letter as a one-letter string.
func (ts *TileSet) letterString(t Tile) string {
	if s := ts.strs[t]; s != "" {
		return s
	}
	return string(ts.Rune(t))
}

// TileSetFormat documents the tile file format for directors.
const TileSetFormat = `A tile file has one line per letter: the letter, how many tiles of it
the bag holds, and its value, separated by spaces ("A 9 1"). The blank
is written "?" ("? 2 0"). Blank lines and lines starting with # are ignored.`

// ParseTileSet reads a tile file (see TileSetFormat).
func ParseTileSet(name, text string) (*TileSet, error) {
	ts := &TileSet{Name: name, runes: []rune{0}, values: []int{0}, counts: []int{0}}
	blankSeen := false
	for n, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("tiles %q line %d: want \"LETTER COUNT VALUE\", got %q", name, n+1, line)
		}
		count, err1 := strconv.Atoi(f[1])
		value, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || count < 0 || count > 99 || value < 0 || value > 99 {
			return nil, fmt.Errorf("tiles %q line %d: count and value must be whole numbers 0-99", name, n+1)
		}
		if f[0] == "?" {
			if blankSeen {
				return nil, fmt.Errorf("tiles %q line %d: blank listed twice", name, n+1)
			}
			blankSeen = true
			ts.Blanks = count
			continue
		}
		r, size := utf8.DecodeRuneInString(f[0])
		if size != len(f[0]) || !unicode.IsLetter(r) {
			return nil, fmt.Errorf("tiles %q line %d: %q is not a single letter", name, n+1, f[0])
		}
		r = unicode.ToUpper(r)
		if lower := unicode.ToLower(r); lower == r || unicode.ToUpper(lower) != r {
			// Lowercase marks a blank in notation: a letter without a
			// lowercase of its own could not be told from its blank.
			return nil, fmt.Errorf("tiles %q line %d: %c has no lowercase of its own, so a blank played as it could not be written", name, n+1, r)
		}
		if _, dup := ts.Tile(r); dup {
			return nil, fmt.Errorf("tiles %q line %d: letter %c listed twice", name, n+1, r)
		}
		if len(ts.runes) > maxLetters {
			return nil, fmt.Errorf("tiles %q: more than %d letters", name, maxLetters)
		}
		t := Tile(len(ts.runes))
		ts.runes = append(ts.runes, r)
		ts.values = append(ts.values, value)
		ts.counts = append(ts.counts, count)
		if r < 128 {
			ts.ascii[r] = t
		} else {
			if ts.other == nil {
				ts.other = map[rune]Tile{}
			}
			ts.other[r] = t
		}
	}
	if len(ts.runes) == 1 {
		return nil, fmt.Errorf("tiles %q: no letters", name)
	}
	for t := 1; t < len(ts.runes); t++ {
		ts.strs[t] = string(ts.Rune(Tile(t)))
		ts.strs[Tile(t)|BlankBit] = string(ts.Rune(Tile(t) | BlankBit))
	}
	return ts, nil
}

// Letters is the number of distinct letters (blank not included).
func (ts *TileSet) Letters() int { return len(ts.runes) - 1 }

// Tile converts a written letter: uppercase is that letter, lowercase a
// blank designated as it, '?' an undesignated blank.
func (ts *TileSet) Tile(r rune) (Tile, bool) {
	if r == '?' {
		return Blank, ts.Blanks > 0
	}
	up := r
	switch {
	case 'a' <= r && r <= 'z':
		up = r - ('a' - 'A')
	case r >= utf8.RuneSelf:
		up = unicode.ToUpper(r)
	}
	var t Tile
	if up < 128 {
		t = ts.ascii[up]
	} else {
		t = ts.other[up]
	}
	if t == 0 {
		return 0, false
	}
	if up != r {
		t |= BlankBit
	}
	return t, true
}

// Rune is the letter of a tile as written: lowercase for a designated
// blank, '?' for an undesignated one.
func (ts *TileSet) Rune(t Tile) rune {
	if t == Blank {
		return '?'
	}
	l := t.Letter()
	if int(l) >= len(ts.runes) || l == 0 {
		return '?'
	}
	if t.IsBlank() {
		return unicode.ToLower(ts.runes[l])
	}
	return ts.runes[l]
}

// Value is what a tile scores before premiums: 0 for a blank.
func (ts *TileSet) Value(t Tile) int {
	if t.IsBlank() || int(t) >= len(ts.values) {
		return 0
	}
	return ts.values[t]
}

// Count is how many tiles of a letter the bag holds at the start; the
// blank's count for Blank.
func (ts *TileSet) Count(t Tile) int {
	if t.IsBlank() {
		return ts.Blanks
	}
	if int(t) >= len(ts.counts) {
		return 0
	}
	return ts.counts[t]
}

// Total is the number of tiles in a full bag.
func (ts *TileSet) Total() int {
	n := ts.Blanks
	for _, c := range ts.counts {
		n += c
	}
	return n
}

// String writes the tile set in the tile file format.
func (ts *TileSet) String() string {
	var b strings.Builder
	for t := 1; t < len(ts.runes); t++ {
		fmt.Fprintf(&b, "%c %d %d\n", ts.runes[t], ts.counts[t], ts.values[t])
	}
	if ts.Blanks > 0 {
		fmt.Fprintf(&b, "? %d 0\n", ts.Blanks)
	}
	return b.String()
}
