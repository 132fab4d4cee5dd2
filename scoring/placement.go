package scoring

// Placed is one new tile on a square (0-based row and column).
type Placed struct {
	Row, Col int
	Tile     Tile
}

// Placement is a play that fits the board: its new tiles and the extent of
// its main word (the word along the line of play, with any tiles it passes
// through or touches).
type Placement struct {
	Tiles    []Placed
	Row, Col int // first square of the main word
	Down     bool
	Length   int // squares in the main word (1 for a lone tile across no word)
	// Irregular is set when the play breaks a rule that the variant lets
	// stand unless challenged (a first play missing the start square).
	Irregular *RuleError
}

// Position is the main word's notation coordinate ("8D" or "D8").
func (p *Placement) Position() string { return PositionName(p.Row, p.Col, p.Down) }

func step(down bool) (dr, dc int) {
	if down {
		return 1, 0
	}
	return 0, 1
}

// PlaceMove fits a notation move to the board: each letter of the word on
// an empty square is a new tile, each '.' or letter on an occupied square
// must match the tile there, and the word must be written whole.
func PlaceMove(b *Board, v *Variant, m Move) (Placement, error) {
	return placeMove(b, v, m, make([]Placed, 0, len(m.Word)))
}

// placeMove is PlaceMove keeping the new tiles in room, which has space
// for one tile per square of the word.
func placeMove(b *Board, v *Variant, m Move, room []Placed) (Placement, error) {
	if m.Kind != MovePlace {
		return Placement{}, ruleErr(CodeBadEvent, "not a placement")
	}
	dr, dc := step(m.Down)
	n := len(m.Word)
	endRow, endCol := m.Row+dr*(n-1), m.Col+dc*(n-1)
	if m.Row < 0 || m.Col < 0 || m.Row >= b.Rows || m.Col >= b.Cols || endRow >= b.Rows || endCol >= b.Cols {
		return Placement{}, ruleErr(CodeOffBoard, "%s %s runs off the %dx%d board", PositionName(m.Row, m.Col, m.Down), wordText(v.Tiles, m.Word), b.Rows, b.Cols)
	}
	p := Placement{Row: m.Row, Col: m.Col, Down: m.Down, Length: n, Tiles: room}
	for i, t := range m.Word {
		r, c := m.Row+dr*i, m.Col+dc*i
		on := b.At(r, c)
		switch {
		case t == Through && on == 0:
			return Placement{}, ruleErr(CodeGap, "%s is empty, but the word marks a tile already there ('.')", SquareName(r, c))
		case t == Through:
		case on != 0 && on.Letter() != t.Letter():
			return Placement{}, ruleErr(CodeThroughMismatch, "%s already holds %c, not %c", SquareName(r, c), v.Tiles.Rune(on), v.Tiles.Rune(t))
		case on != 0:
		default:
			p.Tiles = append(p.Tiles, Placed{Row: r, Col: c, Tile: t})
		}
	}
	if b.At(m.Row-dr, m.Col-dc) != 0 && m.Row-dr >= 0 && m.Col-dc >= 0 {
		return Placement{}, ruleErr(CodeWordContinues, "the word continues before %s: write the whole word, with '.' for tiles already on the board", SquareName(m.Row, m.Col))
	}
	if b.At(endRow+dr, endCol+dc) != 0 {
		return Placement{}, ruleErr(CodeWordContinues, "the word continues after %s: write the whole word, with '.' for tiles already on the board", SquareName(endRow, endCol))
	}
	if len(p.Tiles) == 0 {
		return Placement{}, ruleErr(CodeNoTiles, "%s %s places no new tile", PositionName(m.Row, m.Col, m.Down), wordText(v.Tiles, m.Word))
	}
	if n == 1 {
		p.Down = lineOfLoneTile(b, p.Tiles[0])
		p.Row, p.Col, p.Length = extent(b, p.Tiles, p.Down)
	}
	return p, checkGeometry(b, v, &p)
}

// PlaceTiles fits tiles placed square by square (as on a tablet) to the
// board.
func PlaceTiles(b *Board, v *Variant, tiles []Placed) (Placement, error) {
	if len(tiles) == 0 {
		return Placement{}, ruleErr(CodeNoTiles, "no tiles placed")
	}
	for i, t := range tiles {
		if t.Row < 0 || t.Col < 0 || t.Row >= b.Rows || t.Col >= b.Cols {
			return Placement{}, ruleErr(CodeOffBoard, "a tile is off the %dx%d board", b.Rows, b.Cols)
		}
		if b.At(t.Row, t.Col) != 0 {
			return Placement{}, ruleErr(CodeOccupied, "%s already has a tile", SquareName(t.Row, t.Col))
		}
		if t.Tile == 0 || t.Tile == Blank {
			return Placement{}, ruleErr(CodeUnknownLetter, "the tile on %s has no letter (a blank must be given one)", SquareName(t.Row, t.Col))
		}
		for _, u := range tiles[:i] {
			if u.Row == t.Row && u.Col == t.Col {
				return Placement{}, ruleErr(CodeOccupied, "two tiles on %s", SquareName(t.Row, t.Col))
			}
		}
	}
	sameRow, sameCol := true, true
	for _, t := range tiles[1:] {
		sameRow = sameRow && t.Row == tiles[0].Row
		sameCol = sameCol && t.Col == tiles[0].Col
	}
	var down bool
	switch {
	case len(tiles) == 1:
		down = lineOfLoneTile(b, tiles[0])
	case sameRow:
		down = false
	case sameCol:
		down = true
	default:
		return Placement{}, ruleErr(CodeNotInLine, "the tiles are not in one row or one column")
	}
	// Every square between the first and last new tile must be filled.
	lo, hi := tiles[0], tiles[0]
	for _, t := range tiles {
		if t.Row+t.Col < lo.Row+lo.Col {
			lo = t
		}
		if t.Row+t.Col > hi.Row+hi.Col {
			hi = t
		}
	}
	dr, dc := step(down)
	for r, c := lo.Row, lo.Col; r != hi.Row || c != hi.Col; r, c = r+dr, c+dc {
		if b.At(r, c) == 0 && !placedAt(tiles, r, c) {
			return Placement{}, ruleErr(CodeGap, "%s is left empty between the new tiles", SquareName(r, c))
		}
	}
	p := Placement{Tiles: append([]Placed(nil), tiles...), Down: down}
	p.Row, p.Col, p.Length = extent(b, p.Tiles, down)
	return p, checkGeometry(b, v, &p)
}

// lineOfLoneTile picks the line of a one-tile play: across when it makes
// an across word, else down (so that the main word is a real word).
func lineOfLoneTile(b *Board, t Placed) bool {
	return b.At(t.Row, t.Col-1) == 0 && b.At(t.Row, t.Col+1) == 0 &&
		(b.At(t.Row-1, t.Col) != 0 || b.At(t.Row+1, t.Col) != 0)
}

// extent finds the main word: from the first new tile back over board
// tiles, to the last new tile and on over board tiles.
func extent(b *Board, tiles []Placed, down bool) (row, col, length int) {
	dr, dc := step(down)
	row, col = tiles[0].Row, tiles[0].Col
	last := 0
	for _, t := range tiles {
		if t.Row+t.Col < row+col {
			row, col = t.Row, t.Col
		}
		if t.Row+t.Col > last {
			last = t.Row + t.Col
		}
	}
	for b.At(row-dr, col-dc) != 0 {
		row, col = row-dr, col-dc
	}
	r, c := row, col
	length = 1
	for r+c < last || b.At(r+dr, c+dc) != 0 {
		r, c = r+dr, c+dc
		length++
	}
	return row, col, length
}

func placedAt(tiles []Placed, r, c int) bool {
	for _, t := range tiles {
		if t.Row == r && t.Col == c {
			return true
		}
	}
	return false
}

// checkGeometry applies the rules that depend on the board as a whole:
// rack size, the first play, connection.
func checkGeometry(b *Board, v *Variant, p *Placement) error {
	if len(p.Tiles) > v.RackSize {
		return ruleErr(CodeTooManyTiles, "%d tiles placed, but a rack holds %d", len(p.Tiles), v.RackSize)
	}
	if b.Empty() {
		if p.Length < 2 {
			return ruleErr(CodeFirstTooShort, "the first play must be a word of at least two letters")
		}
		l := v.Layout
		if !placedAt(p.Tiles, l.StartRow, l.StartCol) {
			e := ruleErr(CodeMissedStart, "the first play must cover the start square %s", SquareName(l.StartRow, l.StartCol))
			if !v.MissedStartStands {
				return e
			}
			e.Irregular = true
			p.Irregular = e
		}
		return nil
	}
	if p.Length > len(p.Tiles) {
		return nil // the main word runs through a board tile
	}
	for _, t := range p.Tiles {
		if b.At(t.Row-1, t.Col) != 0 || b.At(t.Row+1, t.Col) != 0 || b.At(t.Row, t.Col-1) != 0 || b.At(t.Row, t.Col+1) != 0 {
			return nil
		}
	}
	return ruleErr(CodeNotConnected, "the play does not touch any tile already on the board")
}

func wordText(ts *TileSet, word []Tile) string {
	out := make([]rune, len(word))
	for i, t := range word {
		if t == Through {
			out[i] = '.'
		} else {
			out[i] = ts.Rune(t)
		}
	}
	return string(out)
}
