package service

import (
	"testing"

	"tourney/gcg"
)

func TestSplitName(t *testing.T) {
	for _, tc := range []struct{ typed, surname, given, tsh, spoken string }{
		{"Gruzd, Nathan", "Gruzd", "Nathan", "Gruzd, Nathan", "Nathan Gruzd"},
		{"Nathan Gruzd", "Gruzd", "Nathan", "Gruzd, Nathan", "Nathan Gruzd"},
		{"Daniel, Robin Pollock", "Daniel", "Robin Pollock", "Daniel, Robin Pollock", "Robin Pollock Daniel"},
		{"Robin  Pollock Daniel ", "Daniel", "Robin Pollock", "Daniel, Robin Pollock", "Robin Pollock Daniel"},
		{"Cher", "Cher", "", "Cher", "Cher"},
		{"Player 4", "Player 4", "", "Player 4", "Player 4"},
		{"Smith,", "Smith", "", "Smith", "Smith"},
		{", Ann", "Ann", "", "Ann", "Ann"},
		{"van der Berg, Jan", "van der Berg", "Jan", "van der Berg, Jan", "Jan van der Berg"},
		{"金 美", "美", "金", "美, 金", "金 美"},
	} {
		last, first := SplitName(tc.typed)
		if last != tc.surname || first != tc.given {
			t.Errorf("SplitName(%q) = %q, %q; want %q, %q", tc.typed, last, first, tc.surname, tc.given)
		}
		p := Player{Name: tc.typed}
		if got := p.TSHName(); got != tc.tsh {
			t.Errorf("%q: TSHName %q, want %q", tc.typed, got, tc.tsh)
		}
		if got := p.SpokenName(); got != tc.spoken {
			t.Errorf("%q: SpokenName %q, want %q", tc.typed, got, tc.spoken)
		}
	}
	p := Player{Name: "Robin Pollock Daniel", Surname: "Pollock Daniel", GivenNames: "Robin"}
	if got := p.TSHName(); got != "Pollock Daniel, Robin" {
		t.Errorf("a corrected split: TSHName %q", got)
	}
}

// A GCG record's player is the tournament's player however either name
// is ordered.
func TestSamePlayerAnyOrder(t *testing.T) {
	for _, tc := range []struct {
		nick, name, player string
		want               bool
	}{
		{"NGruzd", "Nathan Gruzd", "Gruzd, Nathan", true},
		{"ng", "Gruzd, Nathan", "Nathan Gruzd", true},
		{"Nathan_Gruzd", "", "Nathan Gruzd", true},
		{"ng", "Nathan Gruzd", "Nathan Grudz", false},
		{"ng", "", "Gruzd, Nathan", false},
		{"x", "Robin Pollock Daniel", "Daniel, Robin Pollock", true},
	} {
		if got := samePlayer(gcg.Player{Nick: tc.nick, Name: tc.name}, tc.player); got != tc.want {
			t.Errorf("%q/%q vs %q: %v, want %v", tc.nick, tc.name, tc.player, got, tc.want)
		}
	}
}
