package scoring

import (
	"fmt"
	"strings"
)

// Premium is what a square multiplies when a tile is newly placed on it.
type Premium struct {
	Letter int // letter multiplier: 1, 2 (L2/DL), 3 (L3/TL), 4 (L4)
	Word   int // word multiplier: 1, 2 (W2/DW), 3 (W3/TW)
}

// Layout is a board: its size, the premium of every square and the square
// the first play must cover.
type Layout struct {
	Name       string
	Rows, Cols int
	Squares    []Premium // row-major, Rows*Cols
	StartRow   int       // 0-based
	StartCol   int       // 0-based
	// names caches square and position names so that breakdowns do not
	// build the same strings over and over.
	names *squareNames
}

type squareNames struct{ square, across, down []string }

func (l *Layout) nameTables() *squareNames {
	if l.names == nil {
		n := &squareNames{}
		for r := 0; r < l.Rows; r++ {
			for c := 0; c < l.Cols; c++ {
				n.square = append(n.square, SquareName(r, c))
				n.across = append(n.across, PositionName(r, c, false))
				n.down = append(n.down, PositionName(r, c, true))
			}
		}
		l.names = n
	}
	return l.names
}

// At returns the premium of a square (0-based row and column).
func (l *Layout) At(row, col int) Premium { return l.Squares[row*l.Cols+col] }

// layoutLegend maps the grid symbols of a board file to premiums. The
// symbols follow the colours of a printed board: '-' pink (DW), '=' red
// (TW), '\” light blue (DL), '"' dark blue (TL); digits and letters are
// accepted too because directors type whatever their keyboard makes easy.
var layoutLegend = map[rune]Premium{
	'.':  {1, 1},
	'\'': {2, 1}, 'd': {2, 1}, '2': {2, 1},
	'"': {3, 1}, 't': {3, 1}, '3': {3, 1},
	'^': {4, 1}, 'q': {4, 1}, '4': {4, 1},
	'-': {1, 2}, 'D': {1, 2},
	'=': {1, 3}, 'T': {1, 3},
	'~': {1, 4}, 'Q': {1, 4},
}

// LayoutFormat documents the board file format for directors.
const LayoutFormat = `A board file is a text grid, one line per row, one symbol per square:
  .  plain square
  '  or d or 2   double letter (L2, DL)
  "  or t or 3   triple letter (L3, TL)
  ^  or q or 4   quadruple letter (L4)
  -  or D        double word (W2, DW)
  =  or T        triple word (W3, TW)
  ~  or Q        quadruple word
  *  start square, double word (the usual centre star)
  +  start square, no premium
Blank lines and lines starting with # are ignored; spaces between symbols
are allowed. Every row must have the same length, at most 26 columns; the
grid must have exactly one start square.`

// ParseLayout reads a board file (see LayoutFormat).
func ParseLayout(name, text string) (*Layout, error) {
	l := &Layout{Name: name, StartRow: -1}
	for n, raw := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.Join(strings.Fields(line), "")
		row := make([]Premium, 0, len(line))
		for _, r := range line {
			switch r {
			case '*':
				if l.StartRow >= 0 {
					return nil, fmt.Errorf("board %q line %d: a second start square", name, n+1)
				}
				l.StartRow, l.StartCol = l.Rows, len(row)
				row = append(row, Premium{1, 2})
				continue
			case '+':
				if l.StartRow >= 0 {
					return nil, fmt.Errorf("board %q line %d: a second start square", name, n+1)
				}
				l.StartRow, l.StartCol = l.Rows, len(row)
				row = append(row, Premium{1, 1})
				continue
			}
			p, ok := layoutLegend[r]
			if !ok {
				return nil, fmt.Errorf("board %q line %d: unknown square symbol %q", name, n+1, r)
			}
			row = append(row, p)
		}
		if l.Rows == 0 {
			l.Cols = len(row)
		} else if len(row) != l.Cols {
			return nil, fmt.Errorf("board %q line %d: row has %d squares, earlier rows have %d", name, n+1, len(row), l.Cols)
		}
		l.Squares = append(l.Squares, row...)
		l.Rows++
	}
	switch {
	case l.Rows == 0:
		return nil, fmt.Errorf("board %q: no rows", name)
	case l.Cols > 26 || l.Rows > 99:
		return nil, fmt.Errorf("board %q: %dx%d is larger than notation can address (26 columns, 99 rows)", name, l.Rows, l.Cols)
	case l.Rows < 2 || l.Cols < 2:
		return nil, fmt.Errorf("board %q: %dx%d is too small", name, l.Rows, l.Cols)
	case l.StartRow < 0:
		return nil, fmt.Errorf("board %q: no start square ('*' or '+')", name)
	}
	l.nameTables()
	return l, nil
}

// String draws the layout in the board file format, so that a layout can
// be written out, edited and read back.
func (l *Layout) String() string {
	var b strings.Builder
	for r := 0; r < l.Rows; r++ {
		for c := 0; c < l.Cols; c++ {
			p := l.At(r, c)
			switch {
			case r == l.StartRow && c == l.StartCol && p == (Premium{1, 2}):
				b.WriteByte('*')
			case r == l.StartRow && c == l.StartCol && p == (Premium{1, 1}):
				b.WriteByte('+')
			default:
				b.WriteByte(premiumSymbol(p))
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func premiumSymbol(p Premium) byte {
	switch p {
	case Premium{2, 1}:
		return '\''
	case Premium{3, 1}:
		return '"'
	case Premium{4, 1}:
		return '^'
	case Premium{1, 2}:
		return '-'
	case Premium{1, 3}:
		return '='
	case Premium{1, 4}:
		return '~'
	}
	return '.'
}
