package scoring

import (
	"fmt"
	"sort"
)

// OutRule says what happens to rack values when a player goes out (plays
// their last tile with the bag empty).
type OutRule struct {
	// GainFactor multiplies the sum of the other players' racks added to
	// the player who went out: 2 under NASPA, 1 elsewhere.
	GainFactor int
	// OthersDeduct: each other player loses the value of their own rack.
	OthersDeduct bool
	// TeammateIgnored: in team play, the partner of the player who went
	// out neither loses nor gives away their rack (Word Chums).
	TeammateIgnored bool
}

// StalemateRule says when a game without anyone going out ends and how
// racks count then.
type StalemateRule struct {
	// TurnsPerPlayer consecutive qualifying turns by every player end the
	// game: 3 gives the "six scoreless turns" of two-player play.
	TurnsPerPlayer int
	// PassesOnly: only passes qualify; otherwise every scoreless turn
	// does (pass, exchange, withdrawn play, lost challenge, 0-point play).
	PassesOnly bool
	// GainOthers: each player also gains the sum of the other players'
	// racks (AlphaJax); otherwise each just loses their own.
	GainOthers bool
}

// TieBreak names the rule that separates equal final scores.
type TieBreak string

const (
	// TieStands: a tie is a tie, half a win each.
	TieStands TieBreak = "none"
	// TiePreAdjustment: the higher score before the end-of-game rack
	// adjustments wins (Hasbro).
	TiePreAdjustment TieBreak = "pre-adjustment-score"
	// TieLeaderBeforeFinalMove: the leader before the final play wins; after
	// a pass ending, the last player to pass (AlphaJax).
	TieLeaderBeforeFinalMove TieBreak = "leader-before-final-move"
	// TieOutPlayerPoint: the player who went out gets one extra point
	// (Word Chums).
	TieOutPlayerPoint TieBreak = "out-player-point"
)

// DecidedLastToPass is the decided_by value when AlphaJax's pass-ending
// tie rule names the winner.
const DecidedLastToPass = "last-to-pass"

// DecidedByScore is the decided_by value when the scores alone decide.
const DecidedByScore = "score"

// BingoBonus is the bonus for placing a number of tiles in one turn.
type BingoBonus struct {
	Tiles int
	Bonus int
}

// Variant is a complete rule set: board, tiles, bonuses, end of game and
// tie-break, plus the defaults a tournament gets when it picks it.
type Variant struct {
	Name        string
	Description string
	Layout      *Layout
	Tiles       *TileSet
	RackSize    int
	Bingos      []BingoBonus // by number of tiles placed
	MinPlayers  int
	MaxPlayers  int
	// Teams allows 2-vs-2 play: seats 1 and 3 against 2 and 4.
	Teams     bool
	Out       OutRule
	Stalemate StalemateRule
	TieBreak  TieBreak
	// TimePenaltyPerMinute is the overtime penalty per minute or part of
	// one (NASPA, WESPA: 10); 0 = no time rule (see time.go).
	TimePenaltyPerMinute int
	// Default challenge rule and lexicon for a tournament that picks the
	// variant; the tournament may override them.
	ChallengeRule string
	Lexicon       string
	// Irregular opening: a first play that misses the start square stands
	// unless challenged (seed 000); when false it is refused outright.
	MissedStartStands bool
	// Decisions records how the variant settles cases its rule document
	// leaves open, in words a director can read.
	Decisions []string
}

// BingoBonusFor is the bonus for placing n tiles in one turn.
func (v *Variant) BingoBonusFor(n int) int {
	for _, b := range v.Bingos {
		if b.Tiles == n {
			return b.Bonus
		}
	}
	return 0
}

// WithBoard returns a copy of the variant using another layout (a
// director's board file).
func (v *Variant) WithBoard(l *Layout) *Variant {
	c := *v
	c.Layout = l
	return &c
}

// WithTiles returns a copy of the variant using another tile set.
func (v *Variant) WithTiles(ts *TileSet) *Variant {
	c := *v
	c.Tiles = ts
	return &c
}

// variantDefs builds the built-in variants; each call returns fresh values.
func variantDefs() []*Variant {
	english, _ := BuiltinTileSet("english")
	std := StandardLayout()
	naspa := &Variant{
		Name: "naspa",
		Description: "NASPA tournament play (North America): 15x15 board, English tiles, " +
			"7-tile bingo +50; going out scores twice the opponent's rack and the " +
			"opponent loses nothing; six consecutive scoreless turns end the game " +
			"with each player losing their own rack; a tie is half a win. " +
			"Double challenge by default.",
		Layout: std, Tiles: english, RackSize: 7,
		Bingos:     []BingoBonus{{7, 50}},
		MinPlayers: 2, MaxPlayers: 4,
		Out:                  OutRule{GainFactor: 2},
		Stalemate:            StalemateRule{TurnsPerPlayer: 3},
		TieBreak:             TieStands,
		TimePenaltyPerMinute: 10,
		ChallengeRule:        "double",
		MissedStartStands:    true,
		Decisions: []string{
			"A scoreless turn is any turn that adds nothing: pass, exchange, withdrawn play, turn lost to a failed challenge, or a play scoring 0.",
			"With more than two players, going out scores twice the sum of all other racks, and the game ends after three scoreless turns by every player in a row.",
		},
	}
	wespa := *naspa
	wespa.Name = "wespa"
	wespa.Description = "WESPA tournament play (world rules): as naspa, but going out adds " +
		"the opponent's rack once and the opponent deducts it. Five-points-per-word " +
		"challenge by default."
	wespa.Out = OutRule{GainFactor: 1, OthersDeduct: true}
	wespa.ChallengeRule = "five-per-word"
	wespa.Decisions = []string{naspa.Decisions[0]}

	hasbro := &Variant{
		Name: "hasbro",
		Description: "Hasbro's published rules for the home game: 15x15 board, English " +
			"tiles, 7-tile bingo +50; at the end each player deducts their unplayed " +
			"tiles and a player who went out adds the sum of everyone else's; a tie goes " +
			"to the higher score before those adjustments.",
		Layout: std, Tiles: english, RackSize: 7,
		Bingos:     []BingoBonus{{7, 50}},
		MinPlayers: 2, MaxPlayers: 4,
		Out:                  OutRule{GainFactor: 1, OthersDeduct: true},
		Stalemate:            StalemateRule{TurnsPerPlayer: 3},
		TieBreak:             TiePreAdjustment,
		TimePenaltyPerMinute: 0, // the box rules have no clock: no time rule
		ChallengeRule:        "single",
		MissedStartStands:    false,
		Decisions: []string{
			"Hasbro ends a blocked game 'when all possible plays have been made'; the service ends it, as clubs do, after three scoreless turns by every player in a row, each player deducting their own rack.",
			"If the scores before the rack adjustments are equal too, the game is a tie.",
			"A first play that misses the centre square is refused: Hasbro's rules require it.",
		},
	}
	alphajax := &Variant{
		Name: "alphajax",
		Description: "AlphaJax: the built-in variant uses the standard 15x15 board and English " +
			"tiles because AlphaJax does not publish its own (supply them as board and tile " +
			"files); 7-tile bonus +40; going out takes the opponent's rack sum from them; " +
			"three passes in a row by each player end the game, each player losing their own " +
			"rack and gaining the opponent's; a tie goes to the leader before the final move, " +
			"or after a pass ending to the last player to pass. ENABLE lexicon and the void " +
			"rule (invalid words refused at placement) by default.",
		Layout: std, Tiles: english, RackSize: 7,
		Bingos:     []BingoBonus{{7, 40}},
		MinPlayers: 2, MaxPlayers: 2,
		Out:               OutRule{GainFactor: 1, OthersDeduct: true},
		Stalemate:         StalemateRule{TurnsPerPlayer: 3, PassesOnly: true, GainOthers: true},
		TieBreak:          TieLeaderBeforeFinalMove,
		ChallengeRule:     "void",
		Lexicon:           "ENABLE",
		MissedStartStands: false,
		Decisions: []string{
			"Only passes count toward the pass ending; an exchange resets the count.",
			"If the players were also level before the final move, the game is a tie.",
			"A first play that misses the centre square is refused: AlphaJax does not allow it.",
		},
	}
	wordchums := &Variant{
		Name: "wordchums",
		Description: "Word Chums: L2/L3/L4 letter and W2/W3 word squares (the built-in variant " +
			"uses the standard 15x15 board and English tiles because Word Chums does not " +
			"publish its own; supply the real ones as board and tile files); +10/+20/+40 for " +
			"5/6/7 tiles in a turn; the player who goes out gains the other players' rack " +
			"points and they lose them; on a tie the player who went out gets one tie-breaker " +
			"point; 2 to 4 players, or 2 against 2 in teams.",
		Layout: std, Tiles: english, RackSize: 7,
		Bingos:     []BingoBonus{{5, 10}, {6, 20}, {7, 40}},
		MinPlayers: 2, MaxPlayers: 4,
		Teams:             true,
		Out:               OutRule{GainFactor: 1, OthersDeduct: true, TeammateIgnored: true},
		Stalemate:         StalemateRule{TurnsPerPlayer: 3, PassesOnly: true},
		TieBreak:          TieOutPlayerPoint,
		ChallengeRule:     "void",
		MissedStartStands: false,
		Decisions: []string{
			"'Players pass for 3 consecutive turns' is read as three passes in a row by every player; then each player loses their own rack value and nobody gains.",
			"After a pass ending nobody went out, so there is no tie-breaker point and a tie stands.",
			"Team play: seats 1 and 3 play seats 2 and 4; a team's score is the sum of its players'. When a player goes out, their team gains both opponents' racks, each opponent loses their own, and the partner's rack is not counted. A team tie goes to the team of the player who went out (+1 point).",
		},
	}
	return []*Variant{naspa, &wespa, hasbro, alphajax, wordchums}
}

// Variants returns the built-in variants, sorted by name.
func Variants() []*Variant {
	vs := variantDefs()
	sort.Slice(vs, func(i, j int) bool { return vs[i].Name < vs[j].Name })
	return vs
}

// LookupVariant returns a built-in variant by name.
func LookupVariant(name string) (*Variant, error) {
	for _, v := range variantDefs() {
		if v.Name == name {
			return v, nil
		}
	}
	names := ""
	for i, v := range Variants() {
		if i > 0 {
			names += ", "
		}
		names += v.Name
	}
	return nil, fmt.Errorf("unknown rules %q (known: %s)", name, names)
}
