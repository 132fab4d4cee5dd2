package reports

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"

	"tourney/scoring"
)

// play is a turn of a fixture: what a player wrote down.
type play struct {
	seat      int
	kind      TurnKind
	rack, pos string
	word      string
	score     int
	claimed   int // 0: agreed
	bonus     int
	withdrawn bool
	note      string
}

// turnsOf numbers the plays and keeps each player's running total.
func turnsOf(players int, plays ...play) []SheetTurn {
	totals := make([]int, players)
	var out []SheetTurn
	n := 0 // the turn number: a turn lost to a challenge is the challenged play's
	for i, p := range plays {
		kind := p.kind
		if kind == "" {
			kind = TurnPlay
		}
		if kind != TurnLost {
			n++
		}
		t := SheetTurn{Number: n, Seq: i + 1, Seat: p.seat, Kind: kind, Rack: p.rack, Position: p.pos, Word: p.word,
			Score: p.score, Bonus: p.bonus, Withdrawn: p.withdrawn, Note: p.note}
		if p.claimed != 0 {
			c := p.claimed
			t.Claimed = &c
		}
		totals[p.seat-1] += t.Points()
		t.Total = totals[p.seat-1]
		out = append(out, t)
	}
	return out
}

// boardOfTurns lays every standing play on a standard board, so that the
// fixture's board shows the words of its turns.
func boardOfTurns(turns []SheetTurn) SheetBoard {
	grid := make([][]rune, 15)
	for i := range grid {
		grid[i] = []rune(strings.Repeat(".", 15))
	}
	for _, t := range turns {
		if t.Kind != TurnPlay || t.Withdrawn {
			continue
		}
		row, col, down, err := scoring.ParsePosition(t.Position)
		if err != nil {
			continue
		}
		for _, r := range strings.NewReplacer("(", "", ")", "").Replace(t.Word) {
			if row < 15 && col < 15 {
				grid[row][col] = r
			}
			if down {
				row++
			} else {
				col++
			}
		}
	}
	rows := make([]string, 15)
	for i, g := range grid {
		rows[i] = string(g)
	}
	return boardOf(rows, scoring.StandardLayout())
}

// polishOpen is a finished game between players whose names need more
// than ASCII, with a wrong claim, a challenged play that stood (the
// challenger lost a turn), a phony taken off, an exchange, a pass and a
// time penalty.
func polishOpen() ScoreSheet {
	turns := turnsOf(2,
		play{seat: 1, rack: "ADEHRST", pos: "8D", word: "THREADS", score: 76, claimed: 74},
		play{seat: 2, rack: "EIKNQRU", pos: "F5", word: "QUI(R)K", score: 42},
		play{seat: 1, rack: "AEIOOSZ", pos: "J6", word: "ZO(S)", score: 32,
			note: "challenged by Łukasz Żółw (ZOS): acceptable; Łukasz Żółw loses a turn"},
		play{seat: 2, kind: TurnLost, note: "challenged ZO(S): acceptable"},
		play{seat: 1, kind: TurnExchange, rack: "AEIOUUV", word: "UUV"},
		play{seat: 2, rack: "EIJNOTW", pos: "9F", word: "(K)WIJO", score: 35, withdrawn: true,
			note: "challenged by Élodie Müller (KWIJO): unacceptable, play withdrawn"},
		play{seat: 1, rack: "AEIOLNT", pos: "9F", word: "(K)ETO", score: 14},
		play{seat: 2, rack: "EIJNOTW", pos: "10E", word: "JO(T)", score: 26},
		play{seat: 1, rack: "?AILNTE", pos: "K2", word: "ENTAIL(S)e", score: 64},
		play{seat: 2, kind: TurnPass, rack: "EINOTWY"},
		play{seat: 1, rack: "BDGMORU", pos: "12B", word: "GUMBO", score: 28, claimed: 30},
		play{seat: 2, rack: "EINOTWY", pos: "D3", word: "TOWNIE", score: 30},
	)
	s := ScoreSheet{
		Tournament: "Mistrzostwa Polski — Kraków", Division: "Élite", Round: 7, Table: 12, Game: 4711,
		Lexicon: "CSW21", Variant: "wespa", ChallengeRule: "double",
		Players: []SheetPlayer{{Seat: 1, Name: "Élodie Müller", First: true}, {Seat: 2, Name: "Łukasz Żółw"}},
		Turns:   turns,
		Unseen:  "AEI",
		Status:  "finished",
	}
	s.Board = boardOfTurns(turns)
	s.Result = &SheetResult{
		Reason: "out", OutSeat: 1, BeforeAdjust: []int{214, 98}, RackAdjust: []int{3, -3}, RackLeft: []string{"", "AEI"},
		TimePenalty: []int{0, 10}, TieBreak: []int{0, 0}, Final: []int{217, 85}, Winner: 1, DecidedBy: "score",
	}
	return s
}

// tiedGame is a Hasbro-rules game tied on final scores and decided by
// the scores before the rack adjustments.
func tiedGame() ScoreSheet {
	turns := turnsOf(2,
		play{seat: 1, pos: "8H", word: "OXEN", score: 200},
		play{seat: 2, pos: "I7", word: "JE(E)R", score: 210},
		play{seat: 1, pos: "K4", word: "WAVE", score: 170},
		play{seat: 2, pos: "12A", word: "FIZ", score: 170},
	)
	s := ScoreSheet{
		Tournament: "Club Night", Round: 2, Table: 3, Variant: "hasbro", ChallengeRule: "single",
		Players: []SheetPlayer{{Seat: 1, Name: "Ann", First: true}, {Seat: 2, Name: "Bob"}},
		Turns:   turns, Status: "finished", Unseen: "DE",
	}
	s.Board = boardOfTurns(turns)
	s.Result = &SheetResult{
		Reason: "out", OutSeat: 1, BeforeAdjust: []int{370, 380}, RackAdjust: []int{5, -5}, RackLeft: []string{"", "DE"},
		TimePenalty: []int{0, 0}, TieBreak: []int{0, 0}, Final: []int{375, 375}, Winner: 2, DecidedBy: "pre-adjustment-score",
	}
	return s
}

var fixtureWords = strings.Fields(`QUIXOTE JAVELIN zebra OXEN FJORD GLYPH WALTZ BANJO KAYAK VEXING
	SPHINX QUARTZ JUMBO ZEPHYR BOXCAR FROWZY JOCKEY GAZEBO MIXTURE DWARF CRYPT NYMPH
	ABSOLUTe REtAINS ETERNAL OUTRIDE SENATOR aNESTRI LATRINES TOENAIL`)

// syntheticSheet is a plausible game for layout and timing tests: random
// words, racks and scores, some claims that differ, the odd exchange and
// challenge, and a board holding its plays.
func syntheticSheet(r *rand.Rand, game, turnsPerPlayer int) ScoreSheet {
	var plays []play
	for i := range 2 * turnsPerPlayer {
		seat := i%2 + 1
		word := fixtureWords[r.IntN(len(fixtureWords))]
		if k := r.IntN(len(word)); r.IntN(3) == 0 && !unicode.IsLower(rune(word[k])) {
			word = word[:k] + "(" + word[k:k+1] + ")" + word[k+1:]
		}
		pos := string(rune('A'+r.IntN(8))) + strconv.Itoa(1+r.IntN(15))
		if r.IntN(2) == 0 {
			pos = strconv.Itoa(1+r.IntN(15)) + string(rune('A'+r.IntN(8)))
		}
		p := play{seat: seat, rack: randomRack(r), pos: pos, word: word, score: 5 + r.IntN(80)}
		switch n := r.IntN(20); {
		case n == 0:
			p = play{seat: seat, kind: TurnExchange, rack: p.rack, word: p.rack[:3]}
		case n == 1:
			p.claimed = p.score + 2
		case n == 2:
			p.withdrawn, p.note = true, "challenged: unacceptable, play withdrawn"
		}
		plays = append(plays, p)
	}
	turns := turnsOf(2, plays...)
	s := ScoreSheet{
		Tournament: "Synthetic Open", Division: "A", Round: 5, Table: game, Game: int64(1000 + game),
		Lexicon: "NWL2023", Variant: "naspa", ChallengeRule: "double",
		Players: []SheetPlayer{{Seat: 1, Name: "Player " + strconv.Itoa(2*game-1), First: true}, {Seat: 2, Name: "Zoë Ångström " + strconv.Itoa(2*game)}},
		Turns:   turns, Status: "finished", Unseen: "EGOP",
	}
	s.Board = boardOfTurns(turns)
	last := lastTotals(&s)
	s.Result = &SheetResult{
		Reason: "out", OutSeat: 2, BeforeAdjust: last, RackAdjust: []int{0, 14}, RackLeft: []string{"EGOP", ""},
		TimePenalty: []int{0, 0}, TieBreak: []int{0, 0}, Final: []int{last[0], last[1] + 14}, DecidedBy: "score",
	}
	s.Result.Winner = 1
	if s.Result.Final[1] > s.Result.Final[0] {
		s.Result.Winner = 2
	}
	return s
}

func randomRack(r *rand.Rand) string {
	const bag = "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPPQRRRRRRSSSSTTTTTTUUUUVVWWXYYZ??"
	b := make([]byte, 7)
	for i := range b {
		b[i] = bag[r.IntN(len(bag))]
	}
	return string(b)
}
