package scoring

import (
	"strconv"
	"strings"
)

// Board holds the tiles on the squares, row-major; 0 is an empty square.
type Board struct {
	Rows, Cols int
	cells      []Tile
}

// NewBoard returns an empty board of a layout's size.
func NewBoard(l *Layout) Board {
	return Board{Rows: l.Rows, Cols: l.Cols, cells: make([]Tile, l.Rows*l.Cols)}
}

// At is the tile on a square, 0 when empty or outside the board.
func (b *Board) At(row, col int) Tile {
	if row < 0 || col < 0 || row >= b.Rows || col >= b.Cols {
		return 0
	}
	return b.cells[row*b.Cols+col]
}

func (b *Board) set(row, col int, t Tile) { b.cells[row*b.Cols+col] = t }

// Empty reports whether no tile has been placed.
func (b *Board) Empty() bool {
	for _, t := range b.cells {
		if t != 0 {
			return false
		}
	}
	return true
}

// Clone returns an independent copy.
func (b *Board) Clone() Board {
	c := *b
	c.cells = append([]Tile(nil), b.cells...)
	return c
}

// Rows of the board as text, one string per row: letters, lowercase for
// blanks, '.' for empty squares.
func (b *Board) Text(ts *TileSet) []string {
	out := make([]string, b.Rows)
	var sb strings.Builder
	for r := 0; r < b.Rows; r++ {
		sb.Reset()
		for c := 0; c < b.Cols; c++ {
			if t := b.At(r, c); t != 0 {
				sb.WriteRune(ts.Rune(t))
			} else {
				sb.WriteByte('.')
			}
		}
		out[r] = sb.String()
	}
	return out
}

// SquareName is a square's coordinate as players say it: "H8".
func SquareName(row, col int) string {
	return string(rune('A'+col)) + strconv.Itoa(row+1)
}

// PositionName is the notation coordinate of a play: "8D" across, "D8" down.
func PositionName(row, col int, down bool) string {
	if down {
		return string(rune('A'+col)) + strconv.Itoa(row+1)
	}
	return strconv.Itoa(row+1) + string(rune('A'+col))
}
