package scoring

import (
	"sort"
	"strconv"
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
	// Sources name where the rules come from: the seed documents, the
	// published rules, and what the variant had to make up.
	Sources []string
	Layout  *Layout
	Tiles   *TileSet
	// Squares is what the variant calls its premium squares ("DL", "L2");
	// see SquareName.
	Squares    map[Premium]string
	RackSize   int
	Bingos     []BingoBonus // by number of tiles placed
	MinPlayers int
	MaxPlayers int
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

// SquareName is what the variant calls a premium square: its own name
// (Word Chums' L2, W3), else DL, TL, DW, TW, else the canonical L4, W4;
// "" for a plain square.
func (v *Variant) SquareName(p Premium) string {
	if name, ok := v.Squares[p]; ok {
		return name
	}
	return DefaultSquareName(p)
}

// DefaultSquareName names a premium as tournament players do: DL, TL, DW,
// TW; a premium they have no name for by its canonical code (L4, W4).
func DefaultSquareName(p Premium) string {
	switch p {
	case Premium{Letter: 2, Word: 1}:
		return "DL"
	case Premium{Letter: 3, Word: 1}:
		return "TL"
	case Premium{Letter: 1, Word: 2}:
		return "DW"
	case Premium{Letter: 1, Word: 3}:
		return "TW"
	}
	return PremiumCode(p)
}

// premiumWords are the multipliers in words, for legends.
var premiumWords = map[int]string{2: "double", 3: "triple", 4: "quadruple"}

// PremiumDescription says what a premium does: "triple word", "quadruple
// letter"; "" for a plain square.
func PremiumDescription(p Premium) string {
	kind, n := "letter", p.Letter
	if p.Word > 1 {
		kind, n = "word", p.Word
	}
	if n <= 1 {
		return ""
	}
	w, ok := premiumWords[n]
	if !ok {
		w = strconv.Itoa(n) + "x"
	}
	return w + " " + kind
}

// LegendPremiums lists the distinct premiums among squares (a layout's
// Squares), word premiums before letter premiums, higher before lower:
// the order of a legend.
func LegendPremiums(squares []Premium) []Premium {
	seen := map[Premium]bool{}
	var out []Premium
	for _, p := range squares {
		if PremiumCode(p) != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Word != b.Word {
			return a.Word > b.Word
		}
		return a.Letter > b.Letter
	})
	return out
}
