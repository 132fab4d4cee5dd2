package reports

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"tourney/scoring"
)

// ScoreSheet is one game as its printed score sheet shows it: who played
// whom and where, every turn of every player with the computed score and
// what was claimed, the rulings, the end-of-game adjustments, the result,
// the final board and the unseen tiles.
type ScoreSheet struct {
	Tournament    string
	Division      string // empty when the tournament has none
	Round, Table  int
	Game          int64 // the game's id, so a printed sheet leads back to the record
	Lexicon       string
	Variant       string // the rules: naspa, wespa, ...
	ChallengeRule string
	Players       []SheetPlayer // in seat order, 2 to 4
	// Teams: a team game of four, seats 1 and 3 against seats 2 and 4.
	Teams bool
	Turns []SheetTurn // in the order they were played
	// Result is the end of the game; nil while the game goes on, when
	// Status says where it stands and the sheet is marked provisional.
	Result *SheetResult
	Status string
	Board  SheetBoard
	Unseen string // tiles on neither the board nor a known rack: bag and racks; '?' for a blank
}

// SheetPlayer is a player at the table.
type SheetPlayer struct {
	Seat  int // 1-based: the order of play
	Name  string
	First bool // moved first
}

// TurnKind is what a player did with a turn.
type TurnKind string

// Turn kinds on a score sheet.
const (
	TurnPlay     TurnKind = "play"      // tiles placed (possibly withdrawn later)
	TurnExchange TurnKind = "exchange"  // tiles swapped with the bag
	TurnPass     TurnKind = "pass"      // nothing
	TurnLost     TurnKind = "lost-turn" // lost to a failed challenge
)

// SheetTurn is one line of a player's column.
type SheetTurn struct {
	Number   int // the turn number players know it by (service.TurnNumbers)
	Seq      int // the event it comes from, which rulings name
	Seat     int // 1-based
	Kind     TurnKind
	Rack     string // the rack before the turn, when entered
	Position string // "8D" across, "D8" down
	// Word is the play as written on a score sheet: blanks in lowercase,
	// letters already on the board in parentheses ("JAVE(LI)N"). For an
	// exchange: the tiles exchanged, or their number.
	Word  string
	Score int // computed score of the play itself
	Bonus int // points the play earned when a challenge of it failed
	// Claimed is the score the player announced, kept only where it
	// differs from the computed one.
	Claimed *int
	// Withdrawn: the play was taken back after a challenge and scored
	// nothing; Score still shows what it would have scored.
	Withdrawn bool
	Total     int    // the player's running total after the turn and any ruling on it
	Note      string // what else the reader must know: challenge and its outcome, irregular play
}

// Points is what the turn added to its player's total.
func (t *SheetTurn) Points() int {
	if t.Withdrawn || t.Kind != TurnPlay {
		return 0
	}
	return t.Score + t.Bonus
}

// SheetResult is the end of a game. Slices are indexed by seat - 1.
type SheetResult struct {
	Reason       string // why the game ended: scoring.EndReason ("out", "scoreless", "passes") or service.DecidedByChallenge
	OutSeat      int    // who went out; 0 if nobody did
	BeforeAdjust []int  // totals from play, time penalties not yet deducted
	RackAdjust   []int  // end-of-game rack adjustments
	RackLeft     []string
	TimePenalty  []int // points deducted for overtime (positive)
	TimeMinutes  []int // the minutes over time each penalty was for (0: given in points)
	TieBreak     []int // points given by a tie-break rule
	Final        []int
	TeamFinal    []int // team play (seats 1+3 against 2+4), else nil
	Winner       int   // seat (team in team play); 0 for a tie
	// DecidedBy names the rule that decided a tied game, or the triple
	// challenge that decided it whatever the scores; "" or "score" when
	// the scores alone did.
	DecidedBy string
	// ByHand: the director entered this result (the game has no record,
	// or its record was set aside); only Final and Winner are known.
	ByHand bool
	// Voided: the game's record was set aside for the hand result.
	Voided bool
}

// Spread is a seat's final score minus the best of the others' (team play:
// of the other team).
func (r *SheetResult) Spread(seat int) int {
	scores, me := r.Final, seat-1
	if r.TeamFinal != nil {
		scores, me = r.TeamFinal, (seat-1)%2
	}
	if me < 0 || me >= len(scores) {
		return 0
	}
	best, seen := 0, false
	for i, s := range scores {
		if i != me && (!seen || s > best) {
			best, seen = s, true
		}
	}
	return scores[me] - best
}

// SheetBoard is the final position.
type SheetBoard struct {
	// Rows are the board's rows as letters: uppercase for a tile,
	// lowercase for a blank, '.' for an empty square.
	Rows []string
	// Premiums gives each square's premium, row by row; nil draws a
	// plain grid.
	Premiums [][]scoring.Premium
	// Start is the square the first play had to cover; nil draws none.
	Start *Square
	// Names is what the variant calls its premium squares (Word Chums: L2,
	// W3); a premium not named prints as DL, TL, DW, TW (or L4, W4).
	Names map[scoring.Premium]string
}

// Square is a board position, 0-based.
type Square struct{ Row, Col int }

// WriteScoreSheets writes one PDF holding every sheet in order, each
// starting on a new page and taking one page, or two for a long game.
// A sheet the layout cannot print (fewer than two players, more than
// four) is an error and nothing useful is written.
func WriteScoreSheets(w io.Writer, paper Paper, sheets ...ScoreSheet) error {
	if paper == "" {
		paper = A4
	}
	pdf := newDocument(paper, w)
	c := newCanvas(pdf)
	title := "Score sheets"
	if len(sheets) == 1 {
		title = "Score sheet: " + sheets[0].caption()
	}
	pdf.SetTitle(title, true)
	for i := range sheets {
		s := &sheets[i]
		if n := len(s.Players); n < 2 || n > 4 {
			return fmt.Errorf("score sheet %d (%s): %d players; a sheet has room for 2 to 4", i+1, s.caption(), n)
		}
		writeSheet(c, paper, s)
		if err := pdf.Error(); err != nil {
			return fmt.Errorf("score sheet %d (%s): %w", i+1, s.caption(), err)
		}
	}
	return pdf.Output(w)
}

// unplayed: no turn is in and there is no result (a round's sheets
// printed before play). Such a game prints as the sheet to fill in by
// hand for its table (blank_sheet.go), not as an unfinished game; only a
// game with turns and no result is marked unfinished.
func (s *ScoreSheet) unplayed() bool { return len(s.Turns) == 0 && s.Result == nil }

// tableSheet is the hand sheet for the sheet's table: the players in
// their order of play, the one who goes first starting.
func (s *ScoreSheet) tableSheet() *TableSheet {
	t := &TableSheet{Tournament: s.Tournament, Division: s.Division, Round: s.Round, Table: s.Table, Lexicon: s.Lexicon, Teams: s.Teams}
	first := 0
	for i, p := range s.Players {
		if p.First && !s.Teams { // a team game's columns are its teams, in seat order
			first = i
		}
	}
	for i := range s.Players {
		t.Players = append(t.Players, s.Players[(first+i)%len(s.Players)].Name)
	}
	return t
}

// caption names a sheet in bookmarks and errors: "Round 3, table 5: Ann
// vs Bob".
func (s *ScoreSheet) caption() string {
	var where []string
	if s.Round > 0 {
		where = append(where, "Round "+strconv.Itoa(s.Round))
	}
	if s.Table > 0 {
		where = append(where, "table "+strconv.Itoa(s.Table))
	}
	if len(where) == 0 {
		return s.versus()
	}
	return strings.Join(where, ", ") + ": " + s.versus()
}

// versus is "Ann vs Bob" (or with more names; a team game "Ann & Cy vs
// Bob & Di").
func (s *ScoreSheet) versus() string {
	if p := s.Players; s.Teams && len(p) == 4 {
		return p[0].Name + " & " + p[2].Name + " vs " + p[1].Name + " & " + p[3].Name
	}
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = p.Name
	}
	return strings.Join(names, " vs ")
}
