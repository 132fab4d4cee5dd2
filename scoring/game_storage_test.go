package scoring

import (
	"reflect"
	"testing"
)

// usedGame is a game that has been played a while: four seats, known
// racks, plays, an exchange, a withdrawn play, so that every piece of its
// storage holds something a Reset must not carry over.
func usedGame(t *testing.T) *Game {
	t.Helper()
	v, err := LookupVariant("wordchums")
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(v, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		"DINNVWY: 8D WINDY", "ADEEGIL: 7C GALE", "-3", "EIJOSTV: E4 JOE..", "withdraw", "-", "AEORSTU: 9C OUTS", "end", "rack 2 AEIKLMN", "time 1 5",
	} {
		if _, err := applyStep(g, s); err != nil {
			t.Fatalf("used game, %q: %v", s, err)
		}
	}
	return g
}

// Reset gives the game NewGame gives, whatever the game held before: the
// same events applied to each give the same turns, board and result.
func TestResetIsNewGame(t *testing.T) {
	for _, tc := range []struct {
		rules   string
		players int
		steps   []string
	}{
		{"naspa", 2, []string{"DINNVWY: 8D WINDY", "ADEEGIL: 7C GALE", "E3 JAVE..N", "withdraw", "-ABC", "F4 VOX.."}},
		{"naspa", 3, []string{"8D WINDY", "-", "7C GALE", "bonus 5"}},
		{"alphajax", 2, []string{"8H AT", "-", "-", "-", "-"}},
		{"hasbro", 4, []string{"8D WINDY", "7C GALE", "-7", "end", "rack 0 AEIKLMN", "time 1 10"}},
		{"wordchums", 2, []string{"CAT: 8G CAT", "ADEEGIL: 7E GALE", "lost"}},
	} {
		v, err := LookupVariant(tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := NewGame(v, tc.players)
		if err != nil {
			t.Fatal(err)
		}
		reused := usedGame(t)
		if err := reused.Reset(v, tc.players); err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.steps {
			t1, err1 := applyStep(fresh, s)
			t2, err2 := applyStep(reused, s)
			if !reflect.DeepEqual(err1, err2) || (err1 == nil) != (t2 != nil) || err1 == nil && !reflect.DeepEqual(*t1, *t2) {
				t.Errorf("%s %q: new game %+v %v, reset game %+v %v", tc.rules, s, t1, err1, t2, err2)
			}
		}
		if len(fresh.Turns()) != len(tc.steps) {
			t.Errorf("%s: %d of %d steps applied; the table should apply them all", tc.rules, len(fresh.Turns()), len(tc.steps))
		}
		if a, b := snapshot(fresh), snapshot(reused); a != b {
			t.Errorf("%s: new game %s\nreset game %s", tc.rules, a, b)
		}
		if !reflect.DeepEqual(fresh.Turns(), reused.Turns()) || !reflect.DeepEqual(fresh.Result(), reused.Result()) || !reflect.DeepEqual(fresh.Racks(), reused.Racks()) {
			t.Errorf("%s: turns, result or racks differ after Reset", tc.rules)
		}
	}
}

func TestResetRefusesPlayers(t *testing.T) {
	g := usedGame(t)
	before := snapshot(g)
	v, _ := LookupVariant("alphajax")
	if err := g.Reset(v, 3); err == nil {
		t.Fatal("alphajax for 3 players: want an error")
	}
	if after := snapshot(g); after != before {
		t.Errorf("a refused Reset changed the game:\n%s\n%s", before, after)
	}
}
