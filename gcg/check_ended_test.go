package gcg

import (
	"os"
	"slices"
	"testing"

	"tourney/scoring"
)

// A game the director ended where it stood (time ran out) is written with
// the racks deducted after its last play, as tourney exports it: a
// player's own rack line ends the game there, and the finals are the
// event's. A "(TILES) +N" line still needs a game that is over.
func TestCheckGameEndedWhereItStood(t *testing.T) {
	v, _ := scoring.LookupVariant("naspa")
	cases := []struct {
		name, tail string
		final      []int
		problem    string
	}{
		{"own rack deducted", ">Fay_García: AELLNST (AELLNST) -7 115\n", []int{221, 115}, ""},
		{"both racks deducted", ">Fay_García: AELLNST (AELLNST) -7 115\n>Cy_Able: EEIORST (EEIORST) -7 214\n", []int{214, 115}, ""},
		{"a rack of the wrong size", ">Cy_Able: AEIO (AEIO) -4 217\n", nil, CodeEndRackWrong},
		{"went out while the game is on", ">Cy_Able: (AELLNST) +14 235\n", nil, CodeEndRackNotOver},
	}
	base, err := os.ReadFile("testdata/director_ended.gcg")
	if err != nil {
		t.Fatal(err)
	}
	head := string(base[:len(base)-len(">Fay_García: AELLNST (AELLNST) -7 115\n")])
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec, err := Read([]byte(head + c.tail))
			if err != nil {
				t.Fatal(err)
			}
			rep := Check(rec, v)
			var codes []string
			for _, p := range rep.Problems {
				codes = append(codes, p.Code)
			}
			if c.problem != "" {
				if !slices.Contains(codes, c.problem) {
					t.Errorf("problems %v, want %s", codes, c.problem)
				}
				return
			}
			if len(codes) != 0 || !slices.Equal(rep.Result.Final, c.final) {
				t.Errorf("final %v problems %v, want %v and none", rep.Result.Final, rep.Problems, c.final)
			}
		})
	}
}
