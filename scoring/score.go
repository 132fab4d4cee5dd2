package scoring

import (
	"strconv"
	"strings"
)

// LetterScore is one tile's part in a word's score.
type LetterScore struct {
	Letter           string `json:"letter"` // lowercase for a blank
	Square           string `json:"square"` // "H8"
	New              bool   `json:"new"`    // placed this turn: only then do premiums count
	Value            int    `json:"value"`  // face value (0 for a blank)
	LetterMultiplier int    `json:"letter_multiplier"`
	WordMultiplier   int    `json:"word_multiplier"` // of this square, when new
	Points           int    `json:"points"`          // Value x LetterMultiplier
}

// WordScore is one word formed by a play and how it scored.
type WordScore struct {
	Word           string        `json:"word"`
	Position       string        `json:"position"` // notation of the word: "8D" or "D8"
	Main           bool          `json:"main"`     // the word along the line of play
	Letters        []LetterScore `json:"letters"`
	LetterSum      int           `json:"letter_sum"`
	WordMultiplier int           `json:"word_multiplier"`
	Score          int           `json:"score"`
}

// Breakdown explains a play's score: every word, every letter, every
// premium, the bingo bonus and the total.
type Breakdown struct {
	Words       []WordScore   `json:"words"`
	TilesPlaced int           `json:"tiles_placed"`
	Bingo       int           `json:"bingo"`
	Total       int           `json:"total"`
	letters     []LetterScore // backing array of the words' letters
}

// String explains the score in one line a player can check by hand:
// "QUIXOTE 8D: Q10 U1 I1 X8x2 O1 T1 E1 = 38 x3 = 114; bingo +50; total 164".
func (bd *Breakdown) String() string {
	var b strings.Builder
	for i, w := range bd.Words {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(w.Word)
		b.WriteByte(' ')
		b.WriteString(w.Position)
		b.WriteByte(':')
		for _, l := range w.Letters {
			b.WriteByte(' ')
			b.WriteString(l.Letter)
			b.WriteString(strconv.Itoa(l.Value))
			if l.LetterMultiplier > 1 {
				b.WriteString("x" + strconv.Itoa(l.LetterMultiplier))
			}
			if l.WordMultiplier > 1 {
				b.WriteString("(W" + strconv.Itoa(l.WordMultiplier) + ")")
			}
		}
		b.WriteString(" = " + strconv.Itoa(w.LetterSum))
		if w.WordMultiplier > 1 {
			b.WriteString(" x" + strconv.Itoa(w.WordMultiplier) + " = " + strconv.Itoa(w.Score))
		}
	}
	if bd.Bingo > 0 {
		b.WriteString("; " + strconv.Itoa(bd.TilesPlaced) + "-tile bonus +" + strconv.Itoa(bd.Bingo))
	}
	b.WriteString("; total " + strconv.Itoa(bd.Total))
	return b.String()
}

// Score computes a placement's score on a board that does not yet hold its
// tiles, with the breakdown when bd is not nil. The board is left as it was.
func Score(b *Board, v *Variant, p *Placement, bd *Breakdown) int {
	for _, t := range p.Tiles {
		b.set(t.Row, t.Col, t.Tile)
	}
	total := scorePlaced(b, v, p, bd)
	for _, t := range p.Tiles {
		b.set(t.Row, t.Col, 0)
	}
	return total
}

// scorePlaced scores a placement whose tiles are already on the board:
// the main word and every cross-word of two or more letters, each with
// premiums of the new tiles only, plus the bonus for the number of tiles.
func scorePlaced(b *Board, v *Variant, p *Placement, bd *Breakdown) int {
	total := 0
	if bd != nil {
		*bd = Breakdown{Words: bd.Words[:0], letters: bd.letters[:0]}
	}
	if p.Length >= 2 {
		total += scoreWord(b, v, p, p.Row, p.Col, p.Down, p.Length, true, bd)
	}
	cdr, cdc := step(!p.Down)
	for _, t := range p.Tiles {
		r, c := t.Row, t.Col
		for b.At(r-cdr, c-cdc) != 0 {
			r, c = r-cdr, c-cdc
		}
		n := 1
		for b.At(r+cdr*n, c+cdc*n) != 0 {
			n++
		}
		if n >= 2 {
			total += scoreWord(b, v, p, r, c, !p.Down, n, false, bd)
		}
	}
	bonus := v.BingoBonusFor(len(p.Tiles))
	total += bonus
	if bd != nil {
		bd.TilesPlaced = len(p.Tiles)
		bd.Bingo = bonus
		bd.Total = total
	}
	return total
}

func scoreWord(b *Board, v *Variant, p *Placement, row, col int, down bool, n int, main bool, bd *Breakdown) int {
	dr, dc := step(down)
	sum, mult := 0, 1
	var ws *WordScore
	var names *squareNames
	if bd != nil {
		names = v.Layout.nameTables()
		pos := names.across[row*b.Cols+col]
		if down {
			pos = names.down[row*b.Cols+col]
		}
		// All words of a breakdown share one backing array of letters.
		if cap(bd.letters)-len(bd.letters) < n {
			bd.letters = make([]LetterScore, 0, max(p.Length+3*len(p.Tiles), 2*n))
		}
		start := len(bd.letters)
		bd.Words = append(bd.Words, WordScore{Position: pos, Main: main, Letters: bd.letters[start:start]})
		ws = &bd.Words[len(bd.Words)-1]
	}
	var word [32]byte
	wordLen := 0
	ascii := true
	for i := 0; i < n; i++ {
		r, c := row+dr*i, col+dc*i
		t := b.At(r, c)
		value := v.Tiles.Value(t)
		lm, wm := 1, 1
		isNew := placedAt(p.Tiles, r, c)
		if isNew {
			prem := v.Layout.At(r, c)
			lm, wm = prem.Letter, prem.Word
		}
		sum += value * lm
		mult *= wm
		if ws != nil {
			l := v.Tiles.letterString(t)
			if len(l) == 1 && wordLen < len(word) {
				word[wordLen] = l[0]
				wordLen++
			} else {
				ascii = false
			}
			ws.Letters = append(ws.Letters, LetterScore{
				Letter: l, Square: names.square[r*b.Cols+c], New: isNew,
				Value: value, LetterMultiplier: lm, WordMultiplier: wm, Points: value * lm,
			})
		}
	}
	if ws != nil {
		bd.letters = bd.letters[:len(bd.letters)+n]
		if ascii {
			ws.Word = string(word[:wordLen])
		} else {
			var w strings.Builder
			for _, l := range ws.Letters {
				w.WriteString(l.Letter)
			}
			ws.Word = w.String()
		}
		ws.LetterSum, ws.WordMultiplier, ws.Score = sum, mult, sum*mult
	}
	return sum * mult
}
