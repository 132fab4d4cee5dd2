package challenges

import "testing"

func TestLookupRule(t *testing.T) {
	cases := []struct {
		name    string
		penalty Penalty
		points  int
	}{
		{"void", PenaltyNotPossible, 0},
		{"single", PenaltyNone, 0},
		{"double", PenaltyLoseTurn, 0},
		{"five-point", PenaltyPoints, 5},
		{"ten-point", PenaltyPoints, 10},
		{"five-per-word", PenaltyPointsWord, 5},
		{"ten-per-word", PenaltyPointsWord, 10},
		{"triple", PenaltyLoseGame, 0},
	}
	for _, tc := range cases {
		r, err := LookupRule(tc.name)
		if err != nil || r.Penalty != tc.penalty || r.Points != tc.points || r.Description == "" {
			t.Errorf("%s: got %+v, %v", tc.name, r, err)
		}
	}
	if _, err := LookupRule("quadruple"); err == nil {
		t.Error("an unknown rule must be refused")
	}
	if len(Rules()) != len(cases) {
		t.Errorf("%d rules, the table tests %d", len(Rules()), len(cases))
	}
}
