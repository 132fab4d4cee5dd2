// Package challenges settles word challenges: lexicons, the challenge
// rules a tournament can choose, and adjudication.
package challenges

import (
	"fmt"
	"strings"
)

// Penalty says what a failed challenge costs the challenger.
type Penalty string

const (
	PenaltyNone        Penalty = "none"         // single: nothing
	PenaltyLoseTurn    Penalty = "lose-turn"    // double: the challenger's next turn
	PenaltyPoints      Penalty = "points"       // a fixed bonus to the challenged player
	PenaltyPointsWord  Penalty = "points-word"  // a bonus per word challenged
	PenaltyLoseGame    Penalty = "lose-game"    // triple: the loser of the challenge loses the game
	PenaltyNotPossible Penalty = "not-possible" // void: invalid words are refused when played
)

// Rule is a challenge rule as data.
type Rule struct {
	Name        string
	Description string
	Penalty     Penalty
	Points      int // PenaltyPoints and PenaltyPointsWord
}

// Rules are the challenge rules a tournament can choose, by name.
func Rules() []Rule {
	return []Rule{
		{"void", "invalid words are refused when played; there is nothing to challenge (AlphaJax)", PenaltyNotPossible, 0},
		{"single", "a failed challenge costs nothing", PenaltyNone, 0},
		{"double", "a failed challenge costs the challenger their next turn (NASPA with NWL)", PenaltyLoseTurn, 0},
		{"five-point", "a failed challenge gives the challenged player 5 points", PenaltyPoints, 5},
		{"ten-point", "a failed challenge gives the challenged player 10 points", PenaltyPoints, 10},
		{"five-per-word", "a failed challenge gives the challenged player 5 points per word challenged (WESPA)", PenaltyPointsWord, 5},
		{"ten-per-word", "a failed challenge gives the challenged player 10 points per word challenged", PenaltyPointsWord, 10},
		{"triple", "the loser of the challenge loses the game", PenaltyLoseGame, 0},
	}
}

// LookupRule finds a challenge rule by name.
func LookupRule(name string) (Rule, error) {
	var names []string
	for _, r := range Rules() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return Rule{}, fmt.Errorf("unknown challenge rule %q (known: %s)", name, strings.Join(names, ", "))
}
