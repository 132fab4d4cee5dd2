package main

import (
	"fmt"
	"io"
	"strings"

	"tourney/scoring"
)

// runRules prints every built-in variant with its description, its
// defaults, the sources its rules come from and the decisions it takes
// where its rule document is silent. A rules file that does not read is
// reported and makes the exit status 1.
func runRules(w io.Writer) int {
	vs, err := scoring.LoadVariants()
	for _, v := range vs {
		fmt.Fprintf(w, "%s\n  %s\n", v.Name, v.Description)
		lexicon := v.Lexicon
		if lexicon == "" {
			lexicon = "none (challenges judged by hand)"
		}
		fmt.Fprintf(w, "  defaults: challenge rule %s, lexicon %s\n", v.ChallengeRule, lexicon)
		fmt.Fprintf(w, "  board %s (squares %s), tiles %s\n", v.Layout.Name, squareNames(v), v.Tiles.Name)
		for _, s := range v.Sources {
			fmt.Fprintf(w, "  source: %s\n", s)
		}
		for _, d := range v.Decisions {
			fmt.Fprintf(w, "  - %s\n", d)
		}
	}
	if err != nil {
		fmt.Fprintf(w, "error: %v\n", err)
		return 1
	}
	return 0
}

// squareNames lists the premiums on the variant's board by the names the
// variant gives them, word premiums first: "TW DW TL DL".
func squareNames(v *scoring.Variant) string {
	var names []string
	for _, p := range scoring.LegendPremiums(v.Layout.Squares) {
		names = append(names, v.SquareName(p))
	}
	return strings.Join(names, " ")
}
