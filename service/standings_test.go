package service

import (
	"testing"

	"tourney/standings"
)

func TestTSHName(t *testing.T) {
	for in, want := range map[string]string{
		"Nowak, Łukasz": "Nowak, Łukasz",
		"Player 2":      "Player #2",
		"Table 1500.5":  "Table #1500.5",
		"#1 seed":       "1 seed",
		"a;b":           "a,b",
		"  ":            "Player",
		"two\nlines":    "two lines",
	} {
		if got := tshName(in); got != want {
			t.Errorf("tshName(%q) = %q, want %q", in, got, want)
		}
		d, _ := standings.NewDivision("A", standings.DefaultConfig(standings.RealmNASPA))
		if _, err := d.AddPlayer(standings.Player{Name: tshName(in)}); err != nil {
			t.Errorf("%q: %v", in, err)
		}
	}
}

func TestSettingsConfig(t *testing.T) {
	c, err := DivisionSettings{}.config("wespa")
	if err != nil || c.ByeSpread != 100 || c.ForfeitSpread != 100 {
		t.Fatalf("wespa defaults: %+v %v", c, err)
	}
	c, err = DivisionSettings{ByeSpread: ptr(0), Chain: []string{"wins", "h2h", "spread"}, Gibson: &GibsonSettings{Enabled: true}}.config("naspa")
	if err != nil || c.ByeSpread != 0 || c.ForfeitSpread != 50 || len(c.Chain) != 3 || !c.Gibson.Enabled || c.Gibson.SpreadPerRound != 250 {
		t.Fatalf("naspa with changes: %+v %v", c, err)
	}
	if c, err = (DivisionSettings{Starts: "score-groups"}).config(""); err != nil || c.Starts != standings.StartsScoreGroups {
		t.Fatalf("starts: %+v %v", c, err)
	}
	for _, bad := range []DivisionSettings{{Realm: "abc"}, {Chain: []string{"luck"}}, {Pairing: "chess"}, {ForfeitSpread: ptr(0)}, {Withdrawal: "later"}, {Starts: "alternate"}} {
		if _, err := bad.config(""); AsError(err).Type != "bad-settings" {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}

func TestUnplayedOf(t *testing.T) {
	if unplayedOf(-50) != standings.UnplayedForfeit || unplayedOf(50) != standings.UnplayedBye || unplayedOf(0) != standings.UnplayedNone {
		t.Fatal("off spreads")
	}
}
