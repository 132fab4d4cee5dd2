package reports

import (
	"testing"

	"tourney/service"
)

// "After round N" means rounds 1 to N are complete; a round whose results
// are coming in says how many are in.
func TestCaptionSaysWhereTheDivisionStands(t *testing.T) {
	for _, tc := range []struct {
		d    Division
		want string
	}{
		{Division{Division: "A"}, "A · before round 1"},
		{Division{Division: "A", Through: 1, InProgress: &service.RoundProgress{Round: 1, Results: 3, Games: 8}}, "A · round 1: 3 of 8 results"},
		{Division{Division: "A", Through: 2, Complete: 1, InProgress: &service.RoundProgress{Round: 2, Results: 12, Games: 15}}, "A · after round 1 · round 2: 12 of 15 results"},
		{Division{Through: 3, Complete: 3}, "after round 3"},
	} {
		if got := tc.d.caption(); got != tc.want {
			t.Errorf("caption %q, want %q", got, tc.want)
		}
	}
}
