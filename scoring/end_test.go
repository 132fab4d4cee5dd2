package scoring

import "testing"

// TestDirectorEnd proves the director's end of a game (EventEnd): the
// totals stand, a rack revealed afterwards counts against its owner only,
// no rack is waited for, and the variant's tie-break still decides.
func TestDirectorEnd(t *testing.T) {
	runSeedCases(t, []seedCase{
		{rule: "ended where it stands: totals are the final scores, no racks needed", rules: "naspa",
			steps:  []string{"8G CAT", "7H AX", "end"},
			result: &wantResult{reason: EndDirector, before: []int{10, 36}, final: []int{10, 36}, winner: 1, decided: DecidedByScore}},
		{rule: "a rack revealed after the end is deducted from its owner alone", rules: "naspa",
			steps:  []string{"8G CAT", "7H AX", "end", "rack 1 AEIOUST"},
			result: &wantResult{reason: EndDirector, before: []int{10, 36}, adjust: []int{0, -7}, final: []int{10, 29}, winner: 1, decided: DecidedByScore}},
		{rule: "a time penalty after the end can take a final below zero", rules: "naspa",
			steps:  []string{"8G CAT", "end", "time 0 20"},
			result: &wantResult{reason: EndDirector, before: []int{10, 0}, penalty: []int{20, 0}, final: []int{-10, 0}, winner: 1, decided: DecidedByScore}},
		{rule: "no move after the end", rules: "naspa",
			steps: []string{"8G CAT", "end", "7H AX"}, err: CodeGameOver},
		{rule: "no second end", rules: "naspa",
			steps: []string{"8G CAT", "end", "end"}, err: CodeGameOver},
		{rule: "hasbro: a tie at the end is decided on the scores before rack adjustments", rules: "hasbro",
			steps:  []string{"8G CAT", "7H AX", "end", "rack 1 QZDAEIO"},
			result: &wantResult{reason: EndDirector, before: []int{10, 36}, adjust: []int{0, -26}, final: []int{10, 10}, winner: 1, decided: string(TiePreAdjustment)}},
	})
}
