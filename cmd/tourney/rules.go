package main

import (
	"fmt"
	"io"

	"tourney/scoring"
)

// runRules prints every built-in variant with its description and the
// decisions it takes where its rule document is silent.
func runRules(w io.Writer) int {
	for _, v := range scoring.Variants() {
		fmt.Fprintf(w, "%s\n  %s\n", v.Name, v.Description)
		for _, d := range v.Decisions {
			fmt.Fprintf(w, "  - %s\n", d)
		}
	}
	return 0
}
