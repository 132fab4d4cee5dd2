package scoring

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The tables in this file prove the five seed rule documents sentence by
// sentence (000 NASPA play and scoring, 001 and 003 Hasbro scoring and end
// game, 002 AlphaJax, 004 Word Chums), one table per document, and then
// every refusal code. Every case plays real events through Game.Apply and
// states the numbers, worked out by hand, beside it; a play that recurs in
// several tables is worked out where it first appears (TestSeed000NASPA).
//
// Squares are named as players name them: columns A-O, rows 1-15; H8 is
// the centre. Premiums on the standard board: TW = triple word, DW =
// double word, TL/DL = triple/double letter.

// seedCase is one rule sentence proved by a game: a variant (with a
// director's board or tile file if given), tiles put on the board directly
// as a starting position, events applied in order, and what the last
// event or the game's result must be.
type seedCase struct {
	rule    string   // the seed sentence, quoted or paraphrased
	rules   string   // built-in variant
	board   string   // file in testdata/boards replacing the variant's board
	tiles   string   // file in testdata/tiles replacing the variant's tiles
	players int      // 2 when zero
	teams   bool     // Word Chums 2-vs-2
	setup   []string // words put on the board directly, no rule checked
	steps   []string // events in order, see applyStep
	place   []string // instead of a last step: PlaceTiles of "H8 A"-style squares

	err       Code           // the last step must be refused with this code
	score     int            // else the last turn's score (when result is nil)
	words     string         // and its words: "CON 9, JO 9, AN 3"
	bingo     int            // and its tiles-placed bonus
	irregular bool           // and whether it stands as an irregular play
	points    map[string]int // and the points of single tiles, by square
	result    *wantResult    // the game's result after the steps
	totals    []int          // the running totals after the steps
	check     func(t *testing.T, g *Game)
}

// wantResult is the part of a Result a case asserts. Nil adjustment
// slices mean zeros.
type wantResult struct {
	reason         EndReason
	needed         []int // racks still to be revealed; nil: complete
	before, adjust []int
	penalty, tie   []int
	final, teams   []int
	winner         int
	decided        string
}

func runSeedCases(t *testing.T, cases []seedCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.rules+": "+c.rule, c.run)
	}
}

func (c seedCase) run(t *testing.T) {
	g := newTestGame(t, c.rules, c.board, c.tiles, c.players, c.teams)
	placeDirect(t, g, c.setup...)
	steps := c.steps
	var lastStep string
	if c.place == nil && len(steps) > 0 {
		steps, lastStep = steps[:len(steps)-1], steps[len(steps)-1]
	}
	for i, s := range steps {
		if _, err := applyStep(g, s); err != nil {
			t.Fatalf("step %d %q: %v", i+1, s, err)
		}
	}
	var turn *Turn
	var err error
	before := snapshot(g)
	switch {
	case c.place != nil:
		_, err = PlaceTiles(g.Board(), g.Variant(), placedTiles(t, g, c.place))
	case lastStep != "":
		turn, err = applyStep(g, lastStep)
	}
	if c.err != "" {
		var re *RuleError
		if !errors.As(err, &re) || re.Code != c.err {
			t.Fatalf("got %v, want a refusal with code %s", err, c.err)
		}
		if re.Irregular {
			t.Errorf("refusal marked irregular")
		}
		if after := snapshot(g); after != before {
			t.Errorf("the refused event changed the game:\nbefore %s\nafter  %s", before, after)
		}
		return
	}
	if err != nil {
		t.Fatalf("%q: %v", lastStep, err)
	}
	if turn != nil && c.result == nil {
		c.checkTurn(t, turn)
	}
	if c.result != nil {
		c.result.check(t, g.Result(), g.Players())
	}
	if c.totals != nil && !reflect.DeepEqual(g.Totals(), c.totals) {
		t.Errorf("totals %v, want %v", g.Totals(), c.totals)
	}
	if c.check != nil {
		c.check(t, g)
	}
}

func (c seedCase) checkTurn(t *testing.T, turn *Turn) {
	t.Helper()
	if turn.Score != c.score {
		t.Errorf("score %d, want %d (%v)", turn.Score, c.score, breakdownText(turn))
	}
	if got := turn.Irregular != nil; got != c.irregular {
		t.Errorf("turn irregular = %v, want %v", got, c.irregular)
	} else if got && (turn.Irregular.Code != CodeMissedStart || !turn.Irregular.Irregular) {
		t.Errorf("irregular %+v, want a missed start", turn.Irregular)
	}
	if turn.Placement != nil && (turn.Placement.Irregular != nil) != c.irregular {
		t.Errorf("placement irregular = %v, want %v", turn.Placement.Irregular, c.irregular)
	}
	if turn.Breakdown == nil {
		return
	}
	if c.words != "" && wordsOf(turn.Breakdown) != c.words {
		t.Errorf("words %q, want %q", wordsOf(turn.Breakdown), c.words)
	}
	if turn.Breakdown.Bingo != c.bingo {
		t.Errorf("bonus %d, want %d", turn.Breakdown.Bingo, c.bingo)
	}
	for sq, want := range c.points {
		if got, ok := pointsAt(turn.Breakdown, sq); !ok || got != want {
			t.Errorf("tile on %s scores %d (found %v), want %d", sq, got, ok, want)
		}
	}
}

func (w *wantResult) check(t *testing.T, r Result, players int) {
	t.Helper()
	zeros := func(v []int) []int {
		if v == nil {
			return make([]int, players)
		}
		return v
	}
	if r.Reason != w.reason {
		t.Errorf("reason %q, want %q", r.Reason, w.reason)
	}
	if r.Complete != (w.needed == nil) || !reflect.DeepEqual(r.RacksNeeded, w.needed) {
		t.Errorf("complete %v, racks needed %v; want %v", r.Complete, r.RacksNeeded, w.needed)
	}
	for _, f := range []struct {
		name      string
		got, want []int
	}{
		{"before adjustments", r.BeforeAdjust, w.before},
		{"rack adjustments", r.RackAdjust, zeros(w.adjust)},
		{"time penalties", r.TimePenalty, zeros(w.penalty)},
		{"tie-break points", r.TieBreak, zeros(w.tie)},
		{"final", r.Final, w.final},
		{"team finals", r.TeamFinal, w.teams},
	} {
		if !reflect.DeepEqual(f.got, f.want) {
			t.Errorf("%s %v, want %v", f.name, f.got, f.want)
		}
	}
	if r.Winner != w.winner || r.DecidedBy != w.decided {
		t.Errorf("winner %d decided by %q, want %d by %q", r.Winner, r.DecidedBy, w.winner, w.decided)
	}
}

// newTestGame starts a game of a built-in variant, with a board and tile
// file from testdata if named.
func newTestGame(t *testing.T, rules, board, tiles string, players int, teams bool) *Game {
	t.Helper()
	v, err := LookupVariant(rules)
	if err != nil {
		t.Fatal(err)
	}
	if board != "" {
		v = v.WithBoard(loadLayout(t, board))
	}
	if tiles != "" {
		v = v.WithTiles(loadTiles(t, tiles))
	}
	if players == 0 {
		players = 2
	}
	g, err := NewGame(v, players)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SetTeams(teams); err != nil {
		t.Fatal(err)
	}
	return g
}

// placeDirect puts words on the board as a starting position, without any
// rule: the way to set up positions that take many plays to reach. Letters
// on occupied squares and '.' are left as they are.
func placeDirect(t *testing.T, g *Game, words ...string) {
	t.Helper()
	for _, w := range words {
		m, err := ParseMove(g.v.Tiles, w)
		if err != nil {
			t.Fatalf("setup %q: %v", w, err)
		}
		dr, dc := step(m.Down)
		for i, tile := range m.Word {
			r, c := m.Row+dr*i, m.Col+dc*i
			if tile != Through && g.board.At(r, c) == 0 {
				g.board.set(r, c, tile)
				g.onBoard[rackIndex(tile)]++
			}
		}
	}
}

// applyStep applies one event written as a director would type it:
//
//	"8G CAT", "G5 DISC"    a play by the player to move ("." or the letter: a tile already there)
//	"CATERQS: 8G CAT"      the same, with the rack the player held
//	"[1] 8H AT"            a move by seat 1 (0-based), whoever is to move
//	"-", "-ABC", "-3"      a pass, an exchange
//	"withdraw"             the last play is taken back (its player's turn is lost)
//	"lost"                 the player to move loses the turn over a failed challenge
//	"bonus 5"              a challenge bonus to the player of the last move
//	"rack 1 AEI"           seat 1 reveals the tiles left at the end
//	"time 0 10"            seat 0 loses 10 points for overtime
//	"end"                  the director ends the game where it stands
func applyStep(g *Game, s string) (*Turn, error) {
	f := strings.Fields(s)
	arg := func(i int) int {
		n, _ := strconv.Atoi(f[i])
		return n
	}
	switch {
	case len(f) == 1 && f[0] == "withdraw":
		return g.Apply(Event{Kind: EventWithdraw, Player: lastMover(g)})
	case len(f) == 1 && f[0] == "end":
		return g.Apply(Event{Kind: EventEnd, Player: g.ToMove()})
	case len(f) == 1 && f[0] == "lost":
		return g.Apply(Event{Kind: EventLostTurn, Player: g.ToMove()})
	case len(f) == 2 && f[0] == "bonus":
		return g.Apply(Event{Kind: EventChallengeBonus, Player: lastMover(g), Points: arg(1)})
	case len(f) == 3 && f[0] == "time":
		return g.Apply(Event{Kind: EventTimePenalty, Player: arg(1), Points: arg(2)})
	case len(f) == 3 && f[0] == "rack":
		rack, err := ParseRack(g.v.Tiles, f[2])
		if err != nil {
			return nil, err
		}
		return g.Apply(Event{Kind: EventEndRack, Player: arg(1), Rack: rack})
	}
	e := Event{Kind: EventMove, Player: g.ToMove()}
	if len(f) > 1 && strings.HasPrefix(f[0], "[") {
		e.Player, _ = strconv.Atoi(strings.Trim(f[0], "[]"))
		s, f = strings.Join(f[1:], " "), f[1:]
	}
	if len(f) > 1 && strings.HasSuffix(f[0], ":") {
		rack, err := ParseRack(g.v.Tiles, strings.TrimSuffix(f[0], ":"))
		if err != nil {
			return nil, err
		}
		e.Rack, s = rack, strings.Join(f[1:], " ")
	}
	m, err := ParseMove(g.v.Tiles, s)
	if err != nil {
		return nil, err
	}
	e.Move = m
	return g.Apply(e)
}

// lastMover is the seat that made the latest move.
func lastMover(g *Game) int {
	turns := g.Turns()
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Event.Kind == EventMove {
			return turns[i].Event.Player
		}
	}
	return g.ToMove()
}

// placedTiles reads tiles placed square by square: "H8 A".
func placedTiles(t *testing.T, g *Game, squares []string) []Placed {
	t.Helper()
	var out []Placed
	for _, s := range squares {
		sq, letter, _ := strings.Cut(s, " ")
		row, col, _, err := ParsePosition(sq)
		tile, ok := g.v.Tiles.Tile([]rune(letter)[0])
		if err != nil || !ok {
			t.Fatalf("bad placed tile %q", s)
		}
		out = append(out, Placed{Row: row, Col: col, Tile: tile})
	}
	return out
}

// snapshot is everything a refused event must leave as it was.
func snapshot(g *Game) string {
	return fmt.Sprintf("%v totals=%v turns=%d to-move=%d bag=%d run=%d over=%v",
		g.board.Text(g.v.Tiles), g.Totals(), len(g.Turns()), g.ToMove(), g.Bag(), g.ScorelessTurns(), g.Over())
}

func wordsOf(bd *Breakdown) string {
	parts := make([]string, len(bd.Words))
	for i, w := range bd.Words {
		parts[i] = w.Word + " " + strconv.Itoa(w.Score)
	}
	return strings.Join(parts, ", ")
}

func pointsAt(bd *Breakdown, square string) (int, bool) {
	for _, w := range bd.Words {
		for _, l := range w.Letters {
			if l.Square == square {
				return l.Points, true
			}
		}
	}
	return 0, false
}

func breakdownText(turn *Turn) string {
	if turn.Breakdown == nil {
		return "no breakdown"
	}
	return turn.Breakdown.String()
}

// then returns steps followed by more, leaving steps as they were.
func then(steps []string, more ...string) []string {
	return append(append([]string(nil), steps...), more...)
}

// Games shared by several cases, with their scores worked out by hand.
// The end-game ones use small tile files (testdata/tiles/endgame*.txt):
// with the 100-tile English set two players leave 86 tiles in the bag, so
// going out takes a whole game; a file of 15 to 29 tiles leaves the bag
// empty after the first play and every rack's contents known.
var (
	// outGame (endgame17) ends with P1 going out:
	//	P0 8G CAT   (C3 A1 T1) x2, the star on H8         = 10; draws BUY, bag empty
	//	P1 G5 DISC  D2 I1 S1x2 (G7 DL) C3                  =  8
	//	P0 8G CATER C3 A1 T1 E1 R1                         =  7; keeps QSBUY = 10+1+3+1+4 = 19
	//	P1 K4 GONER (G2 O1 (K5 DW) N1 E1 R1) x2            = 12; out
	// Totals before the end: P0 17, P1 20.
	outGame = []string{"CATERQS: 8G CAT", "DISGONE: G5 DISC", "ERQSBUY: 8G CATER", "GONE: K4 GONER"}

	// tieGame (endgame15) ends with P1 going out two behind:
	//	P0 8G BOAT  (B3 O1 A1 T1) x2                       = 12; draws I, bag empty
	//	P1 J5 LOST  L1 O1x3 (J6 TL) S1 T1                  =  6
	//	P0 5G ROIL  R1 O1 I1 L1                            =  4; keeps E = 1
	//	P1 G1 ALDER A1 L1 D2x2 (G3 DL) E1 R1               =  8; out
	// Totals: P0 16, P1 14; before the last play P0 led 16-6. P0 is ahead by
	// twice the rack P1 collects, so every rule that moves 1 point from P0
	// to P1 (or gives P1 2) ends in a tie.
	tieGame = []string{"BOATROE: 8G BOAT", "LOSALDE: J5 LOST", "ROEI: 5G ROIL", "ALDE: G1 ALDER"}

	// threeGame (endgame22, three players) ends with P1 going out:
	//	P0 8G CAT   10; draws B, bag empty
	//	P1 G5 DISC   8
	//	P2 8G CATER  7; keeps HWKIU = 4+4+5+1+1 = 15
	//	P0 I8 TOE   T1 O1x2 (I9 DL) E1 = 4; keeps ZAB = 10+1+3 = 14
	//	P1 K4 GONER 12; out
	// Totals: P0 14, P1 20, P2 7.
	threeGame = []string{"CATOEZA: 8G CAT", "DISGONE: G5 DISC", "ERHWKIU: 8G CATER", "OEZAB: I8 TOE", "GONE: K4 GONER"}

	// teamGame (endgame29, four players, Word Chums) ends with P1 going out:
	//	P0 8E RETAINS (R1 E1 T1 A1 I1 N1 S1) x2 = 14, +40 for 7 tiles = 54; draws the last tile
	//	P1 K5 DOGS    (D2 (K5 DW) O1 G2 S1) x2 = 12
	//	P2 pass
	//	P3 H8 .X      A1 X8 = 9
	//	P0 pass
	//	P1 5G WOUND   W4 O1 U1 N1 D2 = 9; out
	// Totals: P0 54, P1 21, P2 0, P3 9; seats 0+2 have 54, seats 1+3 have 30.
	// Unseen at the end: ABCEFHIKLMNOTY, 1 tile with P0, 7 with P2, 6 with
	// P3; the reveals decide who holds what.
	teamGame = []string{"RETAINS: 8E RETAINS", "DOGWOUN: K5 DOGS", "-", "H8 .X", "-", "WOUN: 5G WOUND"}

	// blockedGame (English tiles) is two plays and six passes, three by each
	// player, ending with P1's pass; 81 tiles are still in the bag, so the
	// racks must be revealed.
	//	P0 8G CAT   10
	//	P1 H8 .XE   A1 X8 E1 = 10
	blockedGame = []string{"8G CAT", "H8 .XE", "-", "-", "-", "-", "-", "-"}

	// shortGame (endgame15) leaves P0 with six tiles and an empty bag:
	//	P0 8H SO    (S1 O1) x2 = 4; draws D: holds BLATED, bag empty
	//	P1 8F AL..  A1 L1 S1 O1 = 4
	shortGame = []string{"SOBLATE: 8H SO", "AEILOOR: 8F AL.."}

	// Racks revealed after a blocked or scoreless game. AEIKLNR = 1+1+1+5+1+1+1 = 11,
	// DEGORTU = 2+1+2+1+1+1+1 = 9.
	reveal11and9 = []string{"rack 0 AEIKLNR", "rack 1 DEGORTU"}
	reveal9and9  = []string{"rack 0 DEGORTU", "rack 1 DEGORTU"}
)

// scorelessSteps ends a NASPA game with six scoreless turns in a row of
// every kind (English tiles, so the bag still holds tiles):
//
//	P0 8G CAT 10, P1 H8 .XE 10, P0 8G ...S (CATS 3+1+1+1) 6: totals 16-10
//	P1 loses a turn challenging CATS          run 1
//	P0 J5 ZOO. (Z10 O1x3 O1 S1 = 15), withdrawn  run 2, P0 back to 16
//	P1 passes, P0 exchanges 3, P1 exchanges ABC  runs 3, 4, 5
//	P0 passes                                 run 6: the game is over
var scorelessSteps = []string{"8G CAT", "H8 .XE", "8G ...S", "lost", "J5 ZOO.", "withdraw", "-", "-3", "-ABC", "-"}

// TestSeed000NASPA proves seed 000 (NASPA: making a play, scoring) and the
// NASPA tournament rules the issue lists with it.
func TestSeed000NASPA(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "The first played word must be at least two letters long", rules: "naspa",
			steps: []string{"8H A"}, err: CodeFirstTooShort},
		{rule: "and cover H8 (the center square)", rules: "naspa",
			// (J8 A1 C3 K5) x2, H8 is a DW = 34
			steps: []string{"8H JACK"}, score: 34, words: "JACK 34"},
		{rule: "a first play missing the center stands unless challenged (valid under North American tournament rules)", rules: "naspa",
			// Q10 U1x2 (D8 DL) I1 R1 E1 = 15, marked irregular
			steps: []string{"8C QUIRE"}, score: 15, words: "QUIRE 15", irregular: true, totals: []int{15, 0}},
		{rule: "Adding one or more letters to an existing word, e.g. (JACK)S", rules: "naspa",
			// J8 A1 C3 K5 S1x2 (L8 DL) = 19: the H8 DW is not counted again
			steps: []string{"8H JACK", "8H ....S"}, score: 19, words: "JACKS 19"},
		{rule: "Adding one or more letters to an existing word, e.g. HI(JACK)", rules: "naspa",
			// H4 I1 J8 A1 C3 K5 = 22
			steps: []string{"8H JACK", "8F HI...."}, score: 22, words: "HIJACK 22"},
		{rule: "Adding one or more letters to an existing word, e.g. HI(JACK)ING", rules: "naspa",
			// H4 I1 J8 A1 C3 K5 I1x2 (L8 DL) N1 G2 = 27
			steps: []string{"8H JACK", "8F HI....ING"}, score: 27, words: "HIJACKING 27"},
		{rule: `"Hooking" a word: IONIZES with the S hooked on JACK to make (JACK)S`, rules: "naspa",
			// IONIZES L2-L8: (I1 O1 N1 (L4 DW) I1 Z10 E1 S1x2 (L8 DL)) x2 = 34;
			// JACKS = 8+1+3+5+2 = 19; 7 tiles +50: 103
			steps: []string{"8H JACK", "L2 IONIZES"}, score: 103, words: "IONIZES 34, JACKS 19", bingo: 50},
		{rule: "Playing perpendicular to a word, e.g. JACK, then YEU(K)Y through the K", rules: "naspa",
			// (Y4 (K5 DW) E1 U1 K5 Y4) x2 = 30
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "Playing parallel to a word(s) forming several short words, e.g. JACK, then CON played under that to make (J)O and (A)N", rules: "naspa",
			// CON: C3x2 (G9 DL) O1 N1x2 (I9 DL) = 9; JO 8+1 = 9; AN 1+2 = 3
			steps: []string{"8H JACK", "9G CON"}, score: 21, words: "CON 9, JO 9, AN 3"},
		{rule: "all the letters in each play lie on a straight line", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"G9 C", "H9 O", "H10 N"}, err: CodeNotInLine},
		{rule: "and are connected by a main word (no empty square inside it)", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"G9 O", "I9 N"}, err: CodeGap},
		{rule: "and are connected by a main word (touching the tiles on the board)", rules: "naspa",
			steps: []string{"8H JACK", "3C QUIT"}, err: CodeNotConnected},
		{rule: "Plays must read either left-right or top-bottom", rules: "naspa",
			// KITE down from the K: (K5 I1 T1 E1 (K11 DW)) x2 = 16
			steps: []string{"8H JACK", "K8 .ITE"}, score: 16, words: "KITE 16",
			check: func(t *testing.T, g *Game) {
				text := g.Board().Text(g.Variant().Tiles)
				if text[7] != ".......JACK...." || text[8][10] != 'I' || text[10][10] != 'E' {
					t.Errorf("board reads\n%s", strings.Join(text, "\n"))
				}
			}},
		{rule: "Diagonal plays are not allowed", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"L9 S", "M10 O"}, err: CodeNotInLine},
		{rule: "Each new word formed in a play is scored separately, and then those scores are added up", rules: "naspa",
			// AS down: A1 S1x2 (L8 DL) = 3; JACKS = 19
			steps: []string{"8H JACK", "L7 AS"}, score: 22, words: "AS 3, JACKS 19"},
		{rule: "The value of each tile is indicated on the tile, and blank tiles are worth 0 points", rules: "naspa",
			// (C3 a0 T1) x2 = 8
			steps: []string{"8G CaT"}, score: 8, words: "CaT 8", points: map[string]int{"H8": 0}},
		{rule: "tiles placed on DLS ... are doubled", rules: "naspa",
			// (J8x2 (D8 DL) A1 C3 K5 S1) x2 = 52
			steps: []string{"8D JACKS"}, score: 52, words: "JACKS 52", points: map[string]int{"D8": 16}},
		{rule: "tiles placed on ... TLS are ... tripled", rules: "naspa",
			// ARC down J6-J8: A1x3 (J6 TL) R1 C3 = 7
			steps: []string{"8H JACK", "J6 ARC"}, score: 7, words: "ARC 7", points: map[string]int{"J6": 3}},
		{rule: "Tiles placed on DWS ... double ... the value of the word(s) that include those tiles", rules: "naspa",
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "Tiles placed on ... TWS squares ... triple the value of the word(s) that include those tiles", rules: "naspa",
			// QUIXOTE: (Q10 U1 I1 X8 O1x2 T1 E1) x2 + 50 = 98; then S on O8:
			// (10+1+1+8+1+1+1+1) x3 = 72
			steps: []string{"8H QUIXOTE", "8H .......S"}, score: 72, words: "QUIXOTES 72"},
		{rule: "a TWS triples every word that includes the tile (21x21 board from a file, play at 21A)", rules: "naspa",
			board: "super21", setup: []string{"A14 QUIXOTE"},
			// S on A21 (TW) makes SEA (1+1+1) x3 = 9 and QUIXOTES 24 x3 = 72
			steps: []string{"21A SEA"}, score: 81, words: "SEA 9, QUIXOTES 72"},
		{rule: "Tiles placed on ... TWS squares triple the word (21x21 board from a file, play at U1)", rules: "naspa",
			board: "super21", setup: []string{"2O QUIXOTE"},
			// BEG down from U1 (TW) through the E of QUIXOTE: (B3 E1 G2) x3 = 18
			steps: []string{"U1 B.G"}, score: 18, words: "BEG 18"},
		{rule: "The first played word must cover the center square (K11 on a 21x21 board)", rules: "naspa",
			// (Q10 U1 I1 X8 (K11 DW) O1 T1 E1) x2 = 46, +50
			board: "super21", steps: []string{"11H QUIXOTE"}, score: 96, words: "QUIXOTE 46", bingo: 50},
		{rule: "The first played word must cover the center square (on a 21x21 board H8 is not it)", rules: "hasbro",
			board: "super21", steps: []string{"8H QUIT"}, err: CodeMissedStart},
		{rule: `If any "hook" words are played (e.g. playing ANEROID while "hooking" the A to BETTING to make ABETTING), the scores for each word are added separately`, rules: "naspa",
			// BETTING 8H: (B3 E1 T1 T1 I1x2 N1 G2) x2 + 50 = 72.
			// ANEROID G8-G14: A1 N1x2 (G9 DL) E1 R1 O1 I1x2 (G13 DL) D2 = 10;
			// ABETTING: A1 + 3+1+1+1+1+1+2 = 11; 7 tiles +50: 71
			steps: []string{"8H BETTING", "G8 ANEROID"}, score: 71, words: "ANEROID 10, ABETTING 11", bingo: 50},
		{rule: "Premium squares apply only when newly placed tiles cover them. Any subsequent plays do not count those premium squares", rules: "naspa",
			// JO: J8 on the used H8 star, O1 = 9, not doubled
			steps: []string{"8H JACK", "H8 .O"}, score: 9, words: "JO 9"},
		{rule: "If ... the main word covers two DWS squares, the value of that word is doubled, then redoubled (4x)", rules: "naspa",
			// ROSE H5-H8 = 4 x2 = 8; SPARING E5-K5 over the R, on E5 and K5 (DW):
			// S1 P3 A1 R1 I1 N1 G2 = 10 x4 = 40
			steps: []string{"H5 ROSE", "5E SPA.ING"}, score: 40, words: "SPARING 40"},
		{rule: "if the main word covers two TWS squares, the value of that word is tripled, then retripled (9x)", rules: "naspa",
			// WATER 8G = 8 x2 = 16; RETAINED K8-K15 = 9 x2 (K11 DW) +50 = 68;
			// HANDSOME H15-O15 through the D: H4 A1 N1 D2 S1x2 (L15 DL) O1 M3 E1 = 15,
			// x9 (H15 and O15 TW) = 135, +50 for 7 tiles = 185
			steps: []string{"8G WATER", "K8 .ETAINED", "15H HAN.SOME"}, score: 185, words: "HANDSOME 135", bingo: 50},
		{rule: "It is theoretically possible to achieve a play covering three TWS squares (a 27x word score)", rules: "naspa",
			// Row 1 holds X, HEN, UTA, O from earlier plays. OXYPHENBUTAZONE
			// adds O (A1 TW), Y, P (D1 DL), B (H1 TW), Z (L1 DL), N, E (O1 TW):
			// 1+8+4+3x2+4+1+1+3+1+1+1+10x2+1+1+1 = 54, x27 = 1458, +50 = 1508
			setup: []string{"1B X", "1E HEN", "1I UTA", "1M O"},
			steps: []string{"1A O.YP...B...Z.NE"}, score: 1508, words: "OXYPHENBUTAZONE 1458", bingo: 50},
		{rule: "Plays covering a DWS and a TWS simultaneously (6x the word value) are only possible if a player misses the center star on the first turn", rules: "naspa",
			// QUIRE C8-G8 misses H8 and stands (15); REQUIRED adds R (A8 TW),
			// E and D (H8 DW): R1 E1 Q10 U1 I1 R1 E1 D2 = 18 x6 = 108
			steps: []string{"8C QUIRE", "8A RE.....D"}, score: 108, words: "REQUIRED 108"},
		{rule: "or 18x if a DWS and two TWS squares are covered", rules: "naspa",
			// B8-G8 and I8-N8 hold XYPHEN and UTAZON, H8 still empty: O on A8
			// (TW), B on H8 (DW), E on O8 (TW); 41 at face value x18 = 738
			setup: []string{"8B XYPHEN", "8I UTAZON"},
			steps: []string{"8A O......B......E"}, score: 738, words: "OXYPHENBUTAZONE 738"},
		{rule: "if seven tiles have been laid on the board in one turn (a bingo) ... 50 bonus points are added", rules: "naspa",
			// (F4 A1 R1 M3 E1 R1 S1) x2 = 24, +50
			steps: []string{"8E FARMERS"}, score: 74, words: "FARMERS 24", bingo: 50},
		{rule: "if seven tiles have been laid (six tiles earn nothing)", rules: "naspa",
			// (F4 A1 R1 M3 E1 D2) x2 = 24
			steps: []string{"8E FARMED"}, score: 24, words: "FARMED 24"},
		{rule: "When the letters to be drawn have run out, the final play can often determine the winner (NASPA: going out scores twice the opponent's rack, the opponent loses nothing)", rules: "naspa",
			tiles: "endgame17", steps: outGame,
			// P1 gains 2 x 19 = 38: 20+38 = 58; P0 keeps 17
			result: &wantResult{reason: EndOut, before: []int{17, 20}, adjust: []int{0, 38},
				final: []int{17, 58}, winner: 1, decided: DecidedByScore}},
		{rule: "When the letters to be drawn have run out, the final play can often determine the winner (NASPA: a tie stands, half a win each)", rules: "naspa",
			tiles: "endgame15", steps: tieGame,
			// P1 gains 2 x 1: 14+2 = 16 = P0's 16
			result: &wantResult{reason: EndOut, before: []int{16, 14}, adjust: []int{0, 2},
				final: []int{16, 16}, winner: -1, decided: DecidedByScore}},
		{rule: "This is particularly the case in close games with more than two players (NASPA: twice every other rack)", rules: "naspa",
			tiles: "endgame22", players: 3, steps: threeGame,
			// P1 gains 2 x (14+15) = 58: 78
			result: &wantResult{reason: EndOut, before: []int{14, 20, 7}, adjust: []int{0, 58, 0},
				final: []int{14, 78, 7}, winner: 1, decided: DecidedByScore}},
		{rule: "NASPA: six scoreless turns in a row (passes, exchanges, withdrawn plays, lost turns) end the game; the racks must be revealed", rules: "naspa",
			steps: scorelessSteps,
			result: &wantResult{reason: EndScoreless, needed: []int{0, 1}, before: []int{16, 10},
				final: []int{16, 10}, winner: -1}},
		{rule: "NASPA: five scoreless turns in a row do not end the game", rules: "naspa",
			steps: scorelessSteps[:len(scorelessSteps)-1],
			check: func(t *testing.T, g *Game) {
				if g.Over() || g.ScorelessTurns() != 5 {
					t.Errorf("over %v after %d scoreless turns", g.Over(), g.ScorelessTurns())
				}
			}},
		{rule: "NASPA: after six scoreless turns each player loses the value of their own rack", rules: "naspa",
			steps: then(scorelessSteps, reveal11and9...),
			// 16-11 = 5, 10-9 = 1
			result: &wantResult{reason: EndScoreless, before: []int{16, 10}, adjust: []int{-11, -9},
				final: []int{5, 1}, winner: 0, decided: DecidedByScore}},
		{rule: "NASPA: a withdrawn play restores the board and the score and counts as a scoreless turn", rules: "naspa",
			// CATS scored 6 and is taken back: -6
			steps: []string{"8G CAT", "H8 .XE", "8G ...S", "withdraw"}, score: -6, totals: []int{10, 10},
			check: func(t *testing.T, g *Game) {
				if row := g.Board().Text(g.Variant().Tiles)[7]; row != "......CAT......" {
					t.Errorf("row 8 after the withdrawal: %s", row)
				}
				if g.ScorelessTurns() != 1 || g.ToMove() != 1 {
					t.Errorf("scoreless run %d, to move %d; want 1, 1", g.ScorelessTurns(), g.ToMove())
				}
			}},
		{rule: "NASPA: an overtime penalty is deducted after the game, after the rack adjustments", rules: "naspa",
			tiles: "endgame17", steps: then(outGame, "time 1 10"),
			// P1: 20 + 38 - 10 = 48
			result: &wantResult{reason: EndOut, before: []int{17, 20}, adjust: []int{0, 38}, penalty: []int{0, 10},
				final: []int{17, 48}, winner: 1, decided: DecidedByScore}},
		{rule: "if seven tiles have been laid ... 50 bonus points are added (WESPA too)", rules: "wespa",
			steps: []string{"8E FARMERS"}, score: 74, words: "FARMERS 24", bingo: 50},
		{rule: "WESPA: six scoreless turns end the game; each player loses the value of their own rack", rules: "wespa",
			steps: then(scorelessSteps, reveal11and9...),
			result: &wantResult{reason: EndScoreless, before: []int{16, 10}, adjust: []int{-11, -9},
				final: []int{5, 1}, winner: 0, decided: DecidedByScore}},
		{rule: "WESPA: a play challenged and found valid earns its player the challenge bonus", rules: "wespa",
			steps: []string{"8G CAT", "bonus 5"}, score: 5, totals: []int{15, 0}},
		{rule: "WESPA: going out adds the opponent's rack once and the opponent deducts it", rules: "wespa",
			tiles: "endgame17", steps: outGame,
			// P0 17-19 = -2, P1 20+19 = 39
			result: &wantResult{reason: EndOut, before: []int{17, 20}, adjust: []int{-19, 19},
				final: []int{-2, 39}, winner: 1, decided: DecidedByScore}},
		{rule: "WESPA: a tie stands", rules: "wespa",
			tiles: "endgame15", steps: tieGame,
			// 16-1 = 15, 14+1 = 15
			result: &wantResult{reason: EndOut, before: []int{16, 14}, adjust: []int{-1, 1},
				final: []int{15, 15}, winner: -1, decided: DecidedByScore}},
	})
}

// TestSeed001Hasbro proves seed 001 (Hasbro: scoring and unplayed letters).
func TestSeed001Hasbro(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "#1 The score value of a blank is zero", rules: "hasbro",
			// (J8 A1 c0 K5) x2 = 28
			steps: []string{"8H JAcK"}, score: 28, words: "JAcK 28", points: map[string]int{"J8": 0}},
		{rule: "#2 The score for each turn is the sum of the letter values in each word(s) formed or modified on that turn, plus the premium squares", rules: "hasbro",
			// AS = A1 S1x2 = 3, JACKS = 8+1+3+5+2 = 19
			steps: []string{"8H JACK", "L7 AS"}, score: 22, words: "AS 3, JACKS 19"},
		{rule: "#3 A light blue square doubles the score of a letter placed on it", rules: "hasbro",
			steps: []string{"8D JACKS"}, score: 52, words: "JACKS 52", points: map[string]int{"D8": 16}},
		{rule: "#3 a dark blue square triples the letter score", rules: "hasbro",
			steps: []string{"8H JACK", "J6 ARC"}, score: 7, words: "ARC 7", points: map[string]int{"J6": 3}},
		{rule: "#4 The score for an entire word is doubled when one of its letters is placed on a pink square", rules: "hasbro",
			// YEUKY with Y on K5 (DW): (4+1+1+5+4) x2 = 30
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "#4 it is tripled when one of its letters is placed on a red square", rules: "hasbro",
			steps: []string{"8H QUIXOTE", "8H .......S"}, score: 72, words: "QUIXOTES 72"},
		{rule: "#4 Include premiums for double or triple letter values, if any, before doubling or tripling the word score", rules: "hasbro",
			// (Q10 U1 I1 X8 O1x2 (L8 DL) T1 E1) = 24, x2 = 48, +50
			steps: []string{"8H QUIXOTE"}, score: 98, words: "QUIXOTE 48", bingo: 50, points: map[string]int{"L8": 2}},
		{rule: "#4 a word that covers two premium word squares is doubled and then re-doubled (4 times)", rules: "hasbro",
			steps: []string{"H5 ROSE", "5E SPA.ING"}, score: 40, words: "SPARING 40"},
		{rule: "#4 or tripled and then re-tripled (9 times)", rules: "hasbro",
			steps: []string{"8G WATER", "K8 .ETAINED", "15H HAN.SOME"}, score: 185, words: "HANDSOME 135", bingo: 50},
		{rule: "#4 NOTE: the center square is a pink square, which doubles the score for the first word", rules: "hasbro",
			steps: []string{"8H JACK"}, score: 34, words: "JACK 34"},
		{rule: "#4 the first word covers the centre: a first play that misses it is refused", rules: "hasbro",
			steps: []string{"8C QUIRE"}, err: CodeMissedStart},
		{rule: "#5 Letter and word premiums count only on the turn in which they are played. On later turns, letters already played on premium squares count at face value", rules: "hasbro",
			// JACKS 8D (J on D8 DL) = 52; then JO down from the J: 8+1 = 9
			steps: []string{"8D JACKS", "D8 .O"}, score: 9, words: "JO 9"},
		{rule: "#6 When a blank tile is played on a pink square, the value of the word is doubled, even though the blank itself has no score value", rules: "hasbro",
			steps: []string{"8G CaT"}, score: 8, words: "CaT 8", points: map[string]int{"H8": 0}},
		{rule: "#6 When a blank tile is played on a red square, the value of the word is tripled", rules: "hasbro",
			// (10+1+1+8+1+1+1+0) x3 = 69
			steps: []string{"8H QUIXOTE", "8H .......s"}, score: 69, words: "QUIXOTEs 69", points: map[string]int{"O8": 0}},
		{rule: "#7 When two or more words are formed in the same play, each is scored. The common letter is counted (with full premium value, if any) for each word", rules: "hasbro",
			// the S on L8 (DL) counts 2 in IONIZES and 2 in JACKS
			steps: []string{"8H JACK", "L2 IONIZES"}, score: 103, words: "IONIZES 34, JACKS 19", bingo: 50,
			points: map[string]int{"L8": 2}},
		{rule: "#7 (the N of CON on I9, a DL, counts double in CON and in AN)", rules: "hasbro",
			steps: []string{"8H JACK", "9G CON"}, score: 21, words: "CON 9, JO 9, AN 3"},
		{rule: "#8 BINGO! If you play seven tiles on a turn, it's a Bingo. You score a premium of 50 points after totaling your score for the turn", rules: "hasbro",
			steps: []string{"8E FARMERS"}, score: 74, words: "FARMERS 24", bingo: 50},
		{rule: "#9 each player's score is reduced by the sum of his or her unplayed letters; the player who used all letters adds the sum of the others'", rules: "hasbro",
			tiles: "endgame17", steps: outGame,
			result: &wantResult{reason: EndOut, before: []int{17, 20}, adjust: []int{-19, 19},
				final: []int{-2, 39}, winner: 1, decided: DecidedByScore}},
		{rule: "#9 the sum of the other players' unplayed letters is added (three players)", rules: "hasbro",
			tiles: "endgame22", players: 3, steps: threeGame,
			// P1 20+14+15 = 49, P0 14-14 = 0, P2 7-15 = -8
			result: &wantResult{reason: EndOut, before: []int{14, 20, 7}, adjust: []int{-14, 29, -15},
				final: []int{0, 49, -8}, winner: 1, decided: DecidedByScore}},
		{rule: "#9 When the game ends (blocked: six scoreless turns), each player's score is reduced by the sum of his or her unplayed letters", rules: "hasbro",
			steps: then(blockedGame, reveal11and9...),
			// 10-11 = -1, 10-9 = 1
			result: &wantResult{reason: EndScoreless, before: []int{10, 10}, adjust: []int{-11, -9},
				final: []int{-1, 1}, winner: 1, decided: DecidedByScore}},
		{rule: "#10 In case of a tie, the player with the highest score before adding or deducting unplayed letters wins", rules: "hasbro",
			tiles: "endgame15", steps: tieGame,
			// 16-1 = 15, 14+1 = 15; before the adjustments 16 > 14
			result: &wantResult{reason: EndOut, before: []int{16, 14}, adjust: []int{-1, 1},
				final: []int{15, 15}, winner: 0, decided: string(TiePreAdjustment)}},
		{rule: "#10 a tie with equal scores before the adjustments too stays a tie", rules: "hasbro",
			steps: then(blockedGame, reveal9and9...),
			// 10-9 = 1 each, 10 each before
			result: &wantResult{reason: EndScoreless, before: []int{10, 10}, adjust: []int{-9, -9},
				final: []int{1, 1}, winner: -1, decided: DecidedByScore}},
	})
}

// TestSeed002AlphaJax proves seed 002 (AlphaJax: placement, scoring, end game).
func TestSeed002AlphaJax(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "The first word must be placed so that 1 of the tiles is on the center tile of the board", rules: "alphajax",
			steps: []string{"8H JACK"}, score: 34, words: "JACK 34"},
		{rule: "The first word must be placed on the center tile (else refused)", rules: "alphajax",
			steps: []string{"8C QUIRE"}, err: CodeMissedStart},
		{rule: "After the first word, every word must have at least 1 tile shared from an existing word on the board", rules: "alphajax",
			steps: []string{"8H JACK", "3C QUIT"}, err: CodeNotConnected},
		{rule: "After the first word, every word must share a tile with the board (YEU(K)Y)", rules: "alphajax",
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "Tiles can only be placed along the same line vertically or horizontally each turn", rules: "alphajax",
			steps: []string{"8H JACK"}, place: []string{"H9 O", "I10 N"}, err: CodeNotInLine},
		{rule: "Tiles can be placed so that multiple new words are formed simultaneously using neighboring letters", rules: "alphajax",
			steps: []string{"8H JACK", "9G CON"}, score: 21, words: "CON 9, JO 9, AN 3"},
		{rule: "Words cannot be placed if they create an invalid word (the void rule: the words are checked before the play is placed)", rules: "alphajax",
			check: func(t *testing.T, g *Game) {
				if v := g.Variant(); v.ChallengeRule != "void" {
					t.Errorf("challenge rule %q, want void", v.ChallengeRule)
				}
			}},
		{rule: "Double the value of any tiles that were played this turn on a DL space", rules: "alphajax",
			steps: []string{"8D JACKS"}, score: 52, words: "JACKS 52", points: map[string]int{"D8": 16}},
		{rule: "and triple the value of any tile that was played on a TL space this turn", rules: "alphajax",
			steps: []string{"8H JACK", "J6 ARC"}, score: 7, words: "ARC 7", points: map[string]int{"J6": 3}},
		{rule: "Do not double the value of tiles on DL and TL spaces for tiles that were played on previous rounds (DL)", rules: "alphajax",
			steps: []string{"8D JACKS", "D8 .O"}, score: 9, words: "JO 9"},
		{rule: "Do not ... triple ... tiles on TL spaces played on previous rounds (TL)", rules: "alphajax",
			// AH across from the A on J6 (TL, used by ARC): A1 H4 = 5
			steps: []string{"8H JACK", "J6 ARC", "6J .H"}, score: 5, words: "AH 5"},
		{rule: "Add up the values of all letters in the word, even if some were played on a previous turn", rules: "alphajax",
			steps: []string{"8H JACK", "8H ....S"}, score: 19, words: "JACKS 19"},
		{rule: "Double the value of the word if any tiles this turn were played on a DW space", rules: "alphajax",
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "(and double it again in the case were 2 DW spaces were played upon)", rules: "alphajax",
			steps: []string{"H5 ROSE", "5E SPA.ING"}, score: 40, words: "SPARING 40"},
		{rule: "Triple the value of the word if any tiles this turn were played on a TW space", rules: "alphajax",
			steps: []string{"8H QUIXOTE", "8H .......S"}, score: 72, words: "QUIXOTES 72"},
		{rule: "(and triple it again if 2 TW spaces were used)", rules: "alphajax",
			// HANDSOME 15 x9 = 135, +40 for 7 tiles
			steps: []string{"8G WATER", "K8 .ETAINED", "15H HAN.SOME"}, score: 175, words: "HANDSOME 135", bingo: 40},
		{rule: "Do not multiply words if tiles on DW or TW spaces were used from a previous turn (DW)", rules: "alphajax",
			steps: []string{"8H JACK", "H8 .O"}, score: 9, words: "JO 9"},
		{rule: "Do not multiply words if tiles on DW or TW spaces were used from a previous turn (TW)", rules: "alphajax",
			// SH down from the S on O8 (TW, used by QUIXOTES): S1 H4 = 5
			steps: []string{"8H QUIXOTE", "8H .......S", "O8 .H"}, score: 5, words: "SH 5"},
		{rule: "It is possible to create multiple words with the same play. In this case, score each new word separately, including bonuses, and sum all of the new words together", rules: "alphajax",
			// IONIZES 34 + JACKS 19 + 40
			steps: []string{"8H JACK", "L2 IONIZES"}, score: 93, words: "IONIZES 34, JACKS 19", bingo: 40},
		{rule: "40 bonus points are awarded whenever a player uses all 7 tiles on their rack in a single turn", rules: "alphajax",
			steps: []string{"8E FARMERS"}, score: 64, words: "FARMERS 24", bingo: 40},
		{rule: "40 bonus points ... all 7 tiles (six earn nothing)", rules: "alphajax",
			steps: []string{"8E FARMED"}, score: 24, words: "FARMED 24"},
		{rule: "The game ends when one player plays every tile in his rack, and there are no tiles remaining to draw from. After the last tile is played, the opposing player will lose points equal to the sum of the value of his remaining tiles. This amount is then awarded to the player who placed the last tile", rules: "alphajax",
			tiles: "endgame17", steps: outGame,
			result: &wantResult{reason: EndOut, before: []int{17, 20}, adjust: []int{-19, 19},
				final: []int{-2, 39}, winner: 1, decided: DecidedByScore}},
		{rule: "Alternatively, the game ends in the event of three continuous passes from each player (five do not end it)", rules: "alphajax",
			steps: blockedGame[:len(blockedGame)-1],
			check: func(t *testing.T, g *Game) {
				if g.Over() || g.ScorelessTurns() != 5 {
					t.Errorf("over %v after %d passes", g.Over(), g.ScorelessTurns())
				}
			}},
		{rule: "three continuous passes from each player: an exchange breaks the run", rules: "alphajax",
			steps: []string{"8G CAT", "H8 .XE", "-", "-", "-", "-", "-3"},
			check: func(t *testing.T, g *Game) {
				if g.ScorelessTurns() != 0 {
					t.Errorf("pass run %d after an exchange, want 0", g.ScorelessTurns())
				}
			}},
		{rule: "In the event of a continuous pass triggered end game, both players will lose points equal to the sum of their remaining tiles. The sum of each player's opponent will be added to their score", rules: "alphajax",
			steps: then(blockedGame, reveal11and9...),
			// P0 10-11+9 = 8, P1 10-9+11 = 12
			result: &wantResult{reason: EndPasses, before: []int{10, 10}, adjust: []int{-2, 2},
				final: []int{8, 12}, winner: 1, decided: DecidedByScore}},
		{rule: "In the case of a tie, the player who was in the lead before the final move was played will be made the winner", rules: "alphajax",
			tiles: "endgame15", steps: tieGame,
			// 15-15 after the rack; before ALDER P0 led 16-6
			result: &wantResult{reason: EndOut, before: []int{16, 14}, adjust: []int{-1, 1},
				final: []int{15, 15}, winner: 0, decided: string(TieLeaderBeforeFinalMove)}},
		{rule: "(or in the event of a continuous pass end game scenario, the last player to pass)", rules: "alphajax",
			steps: then(blockedGame, reveal9and9...),
			// 10-9+9 = 10 each; P1 passed last
			result: &wantResult{reason: EndPasses, before: []int{10, 10}, adjust: []int{0, 0},
				final: []int{10, 10}, winner: 1, decided: DecidedLastToPass}},
		{rule: "Alphajax uses The Enhanced North American Benchmark Lexicon (ENABLE)", rules: "alphajax",
			check: func(t *testing.T, g *Game) {
				if g.Variant().Lexicon != "ENABLE" {
					t.Errorf("lexicon %q, want ENABLE", g.Variant().Lexicon)
				}
			}},
	})
}

// TestSeed003Hasbro proves seed 003 (Hasbro: adding up Scrabble points).
func TestSeed003Hasbro(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "This must be a legal move creating legitimate words with all of the tiles that are already in play (it must touch them)", rules: "hasbro",
			steps: []string{"8H JACK", "3C QUIT"}, err: CodeNotConnected},
		{rule: "creating legitimate words with all of the tiles already in play (the word written must be the whole word)", rules: "hasbro",
			steps: []string{"8H JACK", "8I ACKS"}, err: CodeWordContinues},
		{rule: "Add up the basic score: the tiles placed during the move, and those that were already in play that became part of the new word", rules: "hasbro",
			steps: []string{"8H JACK", "8F HI...."}, score: 22, words: "HIJACK 22"},
		{rule: "Multiply the number on any tile that covers a new double or triple letter square by the appropriate amount", rules: "hasbro",
			steps: []string{"8H JACK", "J6 ARC"}, score: 7, words: "ARC 7", points: map[string]int{"J6": 3}},
		{rule: "Only premium squares that were covered during the player's current move count", rules: "hasbro",
			steps: []string{"8D JACKS", "D8 .O"}, score: 9, words: "JO 9"},
		{rule: "If the letter on the square was used to create multiple new words, it is multiplied once for each word", rules: "hasbro",
			steps: []string{"8H JACK", "L7 AS"}, score: 22, words: "AS 3, JACKS 19", points: map[string]int{"L8": 2}},
		{rule: "Blank tiles ... can be placed on letter bonus squares ... but have a value of zero points, so they are not able to be doubled or tripled", rules: "hasbro",
			// QUITE with the E a blank on L8 (DL): (10+1+1+1+0) x2 = 26
			steps: []string{"8H QUITe"}, score: 26, words: "QUITe 26", points: map[string]int{"L8": 0}},
		{rule: "Word bonuses ... the bonus applies to all tiles in the word instead of just a single letter", rules: "hasbro",
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "In the case of multiple premium tiles being covered, letter bonuses are applied first, then word bonuses are applied to the adjusted value", rules: "hasbro",
			steps: []string{"8D JACKS"}, score: 52, words: "JACKS 52", points: map[string]int{"D8": 16}},
		{rule: "Multiple word bonuses also stack ... A double double becomes times four", rules: "hasbro",
			steps: []string{"H5 ROSE", "5E SPA.ING"}, score: 40, words: "SPARING 40"},
		{rule: "A double and triple word bonus becomes times six (a director's board where they share a line)", rules: "hasbro",
			// chums15: STORE H4-H8 on H4 (W3), H5 (L3), H6 (W2), H7 (L4), H8 (start):
			// S1 T1x3 O1 R1x4 E1 = 10, x6 = 60; Hasbro has no 5-tile bonus
			board: "chums15", steps: []string{"H4 STORE"}, score: 60, words: "STORE 60"},
		{rule: "A double and triple word bonus (on the standard board only after a first play off the centre, which Hasbro refuses)", rules: "hasbro",
			steps: []string{"8C QUIRE"}, err: CodeMissedStart},
		{rule: "Blank tiles can be used to gain a double or triple word bonus, but don't count for any points when calculating the value of the word", rules: "hasbro",
			steps: []string{"8G CaT"}, score: 8, words: "CaT 8", points: map[string]int{"H8": 0}},
		{rule: `If a player uses all seven of their tiles in a round, he or she gets a "BINGO!". This adds 50 points`, rules: "hasbro",
			steps: []string{"8E FARMERS"}, score: 74, words: "FARMERS 24", bingo: 50},
		{rule: "If a player has less than seven tiles for any reason, they cannot earn a bingo bonus (all six tiles played: no bonus)", rules: "hasbro",
			// BLOATED I6-I12 through the O: B3 L1x2 (I7 DL) O1 A1x2 (I9 DL) T1 E1 D2 = 12
			tiles: "endgame15", steps: then(shortGame, "BLATED: I6 BL.ATED"), score: 12, words: "BLOATED 12"},
		{rule: "If a player has less than seven tiles for any reason, they cannot earn a bingo bonus (seven cannot be placed)", rules: "hasbro",
			tiles: "endgame15", steps: then(shortGame, "BLATED: 9C BLOATED"), err: CodeTooManyTiles},
		{rule: "a bingo uses all seven tiles: six of seven earn nothing", rules: "hasbro",
			steps: []string{"8E FARMED"}, score: 24, words: "FARMED 24"},
	})
}

// TestSeed004WordChums proves seed 004 (Word Chums: scoring, bingos, winning).
func TestSeed004WordChums(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "Every letter has a point value in the lower left corner. Blank letters are worth 0 points", rules: "wordchums",
			steps: []string{"8G CaT"}, score: 8, words: "CaT 8", points: map[string]int{"H8": 0}},
		{rule: "first applying any letter multipliers to letters placed on a letter multiplier square (L4: a 6-point letter is worth 24)", rules: "wordchums",
			// chums15, chums tiles (V = 6): V6x4 (G8 L4) A1 (H8) T1x4 (I8 L4) = 29
			board: "chums15", tiles: "chums", steps: []string{"8G VAT"}, score: 29, words: "VAT 29",
			points: map[string]int{"G8": 24, "I8": 4}},
		{rule: "A 6 point letter is worth 18 if it's on an L3 square", rules: "wordchums",
			// V6x3 (E8 L3) O1 (F8 W2) T1x4 (G8 L4) E1 = 24, x2 = 48
			board: "chums15", tiles: "chums", steps: []string{"8E VOTE"}, score: 48, words: "VOTE 48",
			points: map[string]int{"E8": 18}},
		{rule: "The letter multiplier only applies the first time a letter is placed on the square", rules: "wordchums",
			// VAN down from the V on G8 (L4, used): 6+1+1 = 8
			board: "chums15", tiles: "chums", steps: []string{"8G VAT", "G8 .AN"}, score: 8, words: "VAN 8",
			points: map[string]int{"G8": 6}},
		{rule: "The points are then added up for each word formed", rules: "wordchums",
			steps: []string{"8H JACK", "9G CON"}, score: 21, words: "CON 9, JO 9, AN 3"},
		{rule: "If a newly placed letter covers a word multiplier (W2) then the points for that word are multiplied by the word multiplier", rules: "wordchums",
			steps: []string{"8H JACK", "K5 YEU.Y"}, score: 30, words: "YEUKY 30"},
		{rule: "If a newly placed letter covers a word multiplier (W3) then the points for that word are multiplied by the word multiplier", rules: "wordchums",
			steps: []string{"8H QUIXOTE", "8H .......S"}, score: 72, words: "QUIXOTES 72"},
		{rule: "When letters cover multiple word multiplier squares they are all applied. For example a W2 and W3 would multiply the points by 2 first and then by 3 to end up with a 6X multiplier", rules: "wordchums",
			// STORE = 10 x6 = 60, +10 for 5 tiles
			board: "chums15", steps: []string{"H4 STORE"}, score: 70, words: "STORE 60", bingo: 10},
		{rule: "When letters cover multiple word multiplier squares they are all applied (W2 and W2: 4X)", rules: "wordchums",
			// SPARING 10 x4 = 40, +20 for 6 tiles
			steps: []string{"H5 ROSE", "5E SPA.ING"}, score: 60, words: "SPARING 40", bingo: 20},
		{rule: "Playing letters adjacent to a current word on the board can create numerous words in one play. Letters are counted twice if they form words both vertically and horizontally", rules: "wordchums",
			steps: []string{"8H JACK", "L7 AS"}, score: 22, words: "AS 3, JACKS 19", points: map[string]int{"L8": 2}},
		{rule: "You earn a point bonus when you play 5 or more letters in a turn (4 letters: nothing)", rules: "wordchums",
			// (F4 A1 R1 M3) x2 = 18
			steps: []string{"8E FARM"}, score: 18, words: "FARM 18"},
		{rule: "Play 5 letters +10 points", rules: "wordchums",
			// (4+1+1+3+1) x2 = 20, +10
			steps: []string{"8E FARMS"}, score: 30, words: "FARMS 20", bingo: 10},
		{rule: "Play 6 letters +20 points", rules: "wordchums",
			steps: []string{"8E FARMED"}, score: 44, words: "FARMED 24", bingo: 20},
		{rule: "Play 6 letters +20 points (also with only six tiles left)", rules: "wordchums",
			tiles: "endgame15", steps: then(shortGame, "BLATED: I6 BL.ATED"), score: 32, words: "BLOATED 12", bingo: 20},
		{rule: "Play 7 letters +40 points", rules: "wordchums",
			steps: []string{"8E FARMERS"}, score: 64, words: "FARMERS 24", bingo: 40},
		{rule: "The game ends when one player plays all their letters and there are no letters left to draw. The player who plays all of their letters receives all the points left in their opponent's letters and those same points are subtracted from the opponents score", rules: "wordchums",
			// the 19 points of QSBUY move from P0 to P1: the spread swings by 38
			tiles: "endgame17", steps: outGame,
			result: &wantResult{reason: EndOut, before: []int{17, 20}, adjust: []int{-19, 19},
				final: []int{-2, 39}, winner: 1, decided: DecidedByScore}},
		{rule: "or when players pass for 3 consecutive turns (each loses their own rack, nobody gains)", rules: "wordchums",
			steps: then(blockedGame, reveal11and9...),
			result: &wantResult{reason: EndPasses, before: []int{10, 10}, adjust: []int{-11, -9},
				final: []int{-1, 1}, winner: 1, decided: DecidedByScore}},
		{rule: "If the score is tied after the letter adjustment then the player that used all of their letters receives one tie-breaker point", rules: "wordchums",
			// 16-1 = 15, 14+1 = 15, +1 for P1
			tiles: "endgame15", steps: tieGame,
			result: &wantResult{reason: EndOut, before: []int{16, 14}, adjust: []int{-1, 1}, tie: []int{0, 1},
				final: []int{15, 16}, winner: 1, decided: string(TieOutPlayerPoint)}},
		{rule: "the tie-breaker point goes to a player who used all letters: after a pass ending a tie stands", rules: "wordchums",
			steps: then(blockedGame, reveal9and9...),
			result: &wantResult{reason: EndPasses, before: []int{10, 10}, adjust: []int{-9, -9},
				final: []int{1, 1}, winner: -1, decided: DecidedByScore}},
		{rule: "Multiplayer: First player to play all letters when none are left to draw receives the points of letters in all of the other players' racks. Each opponent loses the points left in their rack", rules: "wordchums",
			tiles: "endgame22", players: 3, steps: threeGame,
			// P1 20+14+15 = 49, P0 14-14 = 0, P2 7-15 = -8
			result: &wantResult{reason: EndOut, before: []int{14, 20, 7}, adjust: []int{-14, 29, -15},
				final: []int{0, 49, -8}, winner: 1, decided: DecidedByScore}},
		{rule: "Multiplayer: ... receives the points of letters in all of the other players' racks (four players, no teams)", rules: "wordchums",
			// P0 E = 1, P2 AIKLNOT = 11, P3 the rest BCFHMY = 21: P1 21+33 = 54
			tiles: "endgame29", players: 4, steps: then(teamGame, "rack 0 E", "rack 2 AIKLNOT"),
			result: &wantResult{reason: EndOut, before: []int{54, 21, 0, 9}, adjust: []int{-1, 33, -11, -21},
				final: []int{53, 54, -11, -12}, winner: 1, decided: DecidedByScore}},
		{rule: "Team Game: The team with the first player to play all letters receives the points for any letters left in the 2 opponents racks. The remaining points in the winning teammates hand are not counted", rules: "wordchums",
			// P0 Y = 4, P2 ABCEFHM = 19: P1 21+23 = 44; P3's IKLNOT is not counted.
			// Teams: 50-19 = 31 against 44+9 = 53
			tiles: "endgame29", players: 4, teams: true, steps: then(teamGame, "rack 0 Y", "rack 2 ABCEFHM"),
			result: &wantResult{reason: EndOut, before: []int{54, 21, 0, 9}, adjust: []int{-4, 23, -19, 0},
				final: []int{50, 44, -19, 9}, teams: []int{31, 53}, winner: 1, decided: DecidedByScore}},
		{rule: "Team Game: a team tie goes to the team of the player who went out (+1 point)", rules: "wordchums",
			// P0 E = 1, P2 AIKLNOT = 11: teams 53-11 = 42 and 33+9 = 42; P1 +1
			tiles: "endgame29", players: 4, teams: true, steps: then(teamGame, "rack 0 E", "rack 2 AIKLNOT"),
			result: &wantResult{reason: EndOut, before: []int{54, 21, 0, 9}, adjust: []int{-1, 12, -11, 0},
				tie: []int{0, 1, 0, 0}, final: []int{53, 34, -11, 9}, teams: []int{42, 43}, winner: 1,
				decided: string(TieOutPlayerPoint)}},
	})
}

// TestRefusals proves that every way a move or event can break the rules
// is refused with its own code and leaves the game as it was.
func TestRefusals(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "off-board: QUIXOTE from L8 runs past O8", rules: "naspa",
			steps: []string{"8L QUIXOTE"}, err: CodeOffBoard},
		{rule: "off-board: 21A is not on a 15x15 board", rules: "naspa",
			steps: []string{"21A SEA"}, err: CodeOffBoard},
		{rule: "off-board: a tile placed on P8", rules: "naspa",
			place: []string{"O8 A", "P8 B"}, err: CodeOffBoard},
		{rule: "occupied: a tile placed on a square that has one", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"H8 S"}, err: CodeOccupied},
		{rule: "occupied: two tiles placed on one square", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"G9 A", "G9 B"}, err: CodeOccupied},
		{rule: "gap: '.' marks an empty square", rules: "naspa",
			steps: []string{"8G C.T"}, err: CodeGap},
		{rule: "gap: tiles placed with an empty square between them", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"G9 O", "I9 N"}, err: CodeGap},
		{rule: "not-in-line: tiles placed in two rows and two columns", rules: "naspa",
			steps: []string{"8H JACK"}, place: []string{"G9 C", "H10 O"}, err: CodeNotInLine},
		{rule: "not-connected: a later play touching nothing", rules: "naspa",
			steps: []string{"8H JACK", "3C QUIT"}, err: CodeNotConnected},
		{rule: "missed-start: Hasbro refuses a first play off the centre", rules: "hasbro",
			steps: []string{"8C QUIRE"}, err: CodeMissedStart},
		{rule: "missed-start: Word Chums refuses a first play off the centre", rules: "wordchums",
			steps: []string{"8C QUIRE"}, err: CodeMissedStart},
		{rule: "first-too-short: a one-letter first play", rules: "naspa",
			steps: []string{"8H A"}, err: CodeFirstTooShort},
		{rule: "first-too-short: a one-tile first play placed square by square", rules: "naspa",
			place: []string{"H8 A"}, err: CodeFirstTooShort},
		{rule: "through-mismatch: COT written over CAT", rules: "naspa",
			steps: []string{"8G CAT", "8G COT"}, err: CodeThroughMismatch},
		{rule: "word-continues: AT written for CAT", rules: "naspa",
			steps: []string{"8G CAT", "8H AT"}, err: CodeWordContinues},
		{rule: "word-continues: SCA written for SCAT", rules: "naspa",
			steps: []string{"8G CAT", "8F SCA"}, err: CodeWordContinues},
		{rule: "no-tiles: a play of tiles already there", rules: "naspa",
			steps: []string{"8G CAT", "8G CAT"}, err: CodeNoTiles},
		{rule: "too-many-tiles: eight tiles in one play", rules: "naspa",
			steps: []string{"8D QUIXOTES"}, err: CodeTooManyTiles},
		{rule: "too-many-tiles: more tiles than the rack still holds near the end", rules: "naspa",
			tiles: "endgame15", steps: then(shortGame, "9C BLOATED"), err: CodeTooManyTiles},
		{rule: "too-many-tiles: exchanging more tiles than the rack holds", rules: "naspa",
			steps: []string{"-8"}, err: CodeTooManyTiles},
		{rule: "not-on-rack: a Z played from CATERQS", rules: "naspa",
			steps: []string{"CATERQS: 8H ZA"}, err: CodeNotOnRack},
		{rule: "not-on-rack: a Z exchanged from CATERQS", rules: "naspa",
			steps: []string{"CATERQS: -Z"}, err: CodeNotOnRack},
		{rule: "exceeds-distribution: a third blank", rules: "naspa",
			// aXe: (0+8+0) x2 = 16 uses both blanks
			steps: []string{"8G aXe", "H8 .i"}, err: CodeExceedsBag},
		{rule: "exceeds-distribution: a second Z", rules: "naspa",
			steps: []string{"8H ZA", "H7 Z."}, err: CodeExceedsBag},
		{rule: "rack-not-in-bag: a rack with three blanks", rules: "naspa",
			steps: []string{"???ABCD: 8H AB"}, err: CodeRackNotInBag},
		{rule: "rack-not-in-bag: the only K revealed in both racks", rules: "naspa",
			steps: then(blockedGame, "rack 0 AEIKLNR", "rack 1 DEGKRTU"), err: CodeRackNotInBag},
		{rule: "rack-count: a rack of eight tiles", rules: "naspa",
			steps: []string{"AEINORST: 8H AT"}, err: CodeRackCount},
		{rule: "rack-count: P0 reveals two tiles but holds five", rules: "naspa",
			tiles: "endgame17", steps: then(outGame, "rack 0 QS"), err: CodeRackCount},
		{rule: "exchange-bag-too-small: no exchange with fewer than 7 tiles in the bag", rules: "naspa",
			tiles: "endgame17", steps: then(outGame[:1], "-3"), err: CodeBagTooSmall},
		{rule: "bad-notation: a position without a word", rules: "naspa",
			steps: []string{"8H"}, err: CodeBadNotation},
		{rule: "bad-notation: three words", rules: "naspa",
			steps: []string{"8H QUIT NOW"}, err: CodeBadNotation},
		{rule: "bad-notation: an exchange of nothing", rules: "naspa",
			steps: []string{"-0"}, err: CodeBadNotation},
		{rule: "bad-position: H without a row", rules: "naspa",
			steps: []string{"H QUIT"}, err: CodeBadPosition},
		{rule: "bad-position: 8H8", rules: "naspa",
			steps: []string{"8H8 QUIT"}, err: CodeBadPosition},
		{rule: "unknown-letter: a digit in the word", rules: "naspa",
			steps: []string{"8H QU1T"}, err: CodeUnknownLetter},
		{rule: "unknown-letter: a letter the English set does not have", rules: "naspa",
			steps: []string{"8H STRAßE"}, err: CodeUnknownLetter},
		{rule: "unknown-letter: an undesignated blank on the board", rules: "naspa",
			steps: []string{"8H QU?T"}, err: CodeUnknownLetter},
		{rule: "wrong-player: seat 1 moves first", rules: "naspa",
			steps: []string{"[1] 8H AT"}, err: CodeWrongPlayer},
		{rule: "wrong-player: seat 0 moves twice", rules: "naspa",
			steps: []string{"8H AT", "[0] H8 .X"}, err: CodeWrongPlayer},
		{rule: "game-over: a pass after P1 went out", rules: "naspa",
			tiles: "endgame17", steps: then(outGame, "-"), err: CodeGameOver},
		{rule: "game-over: a play after six scoreless turns", rules: "naspa",
			steps: then(scorelessSteps, "9G ON"), err: CodeGameOver},
		{rule: "nothing-to-withdraw: no play yet", rules: "naspa",
			steps: []string{"withdraw"}, err: CodeNothingToUndo},
		{rule: "nothing-to-withdraw: the opponent has moved since", rules: "naspa",
			steps: []string{"8G CAT", "-", "withdraw"}, err: CodeNothingToUndo},
		{rule: "game-not-over: a time penalty during the game", rules: "naspa",
			steps: []string{"8G CAT", "time 0 10"}, err: CodeGameNotOver},
		{rule: "game-not-over: a rack revealed during the game", rules: "naspa",
			steps: []string{"8G CAT", "rack 1 ABC"}, err: CodeGameNotOver},
		{rule: "duplicate: a second time penalty for one player", rules: "naspa",
			tiles: "endgame17", steps: then(outGame, "time 0 10", "time 0 20"), err: CodeDuplicate},
		{rule: "bad-event: a negative challenge bonus", rules: "wespa",
			steps: []string{"8G CAT", "bonus -5"}, err: CodeBadEvent},
	})
}
