package standings

import (
	"reflect"
	"testing"
)

// TestQuietlyAndReserveChangeNothing: a division loaded round by round
// with room reserved and inside Quietly (as the service loads one from its
// rows) has the same rounds, results and standings as one loaded plainly,
// and only the Changes differ: quietly, they are empty.
func TestQuietlyAndReserveChangeNothing(t *testing.T) {
	type step struct {
		round int
		ps    []Pairing
		es    []Entry
	}
	steps := []step{
		{1, []Pairing{{Player: 1, Opponent: 2, First: 1, Table: 1}, {Player: 3, Opponent: 4, Table: 2}, {Player: 5}},
			[]Entry{{Round: 1, Kind: EntryGame, Player: 1, Opponent: 2, Score: 400, OppScore: 350}, {Round: 1, Kind: EntryGame, Player: 3, Opponent: 4, Score: 300, OppScore: 300, TieBreakWinner: 4}}},
		{2, []Pairing{{Player: 1, Opponent: 3, Table: 1}, {Player: 2, Opponent: 5, Table: 2}, {Player: 4}},
			[]Entry{{Round: 2, Kind: EntryGame, Player: 1, Opponent: 3, Score: 420, OppScore: 380}, {Round: 2, Kind: EntryForfeit, Player: 5, Opponent: 2}}},
	}
	load := func(quiet bool) (*Division, []Change) {
		d := newTestDivision(t, 5)
		var changes []Change
		run := func() {
			for _, s := range steps {
				ch, err := d.ApplyPairings(s.round, s.ps)
				if err != nil {
					t.Fatal(err)
				}
				changes = append(changes, ch)
				for _, e := range s.es {
					ch, err := d.Enter(e)
					if err != nil {
						t.Fatal(err)
					}
					changes = append(changes, ch)
				}
			}
		}
		if quiet {
			d.Reserve(len(steps))
			d.Quietly(run)
		} else {
			run()
		}
		return d, changes
	}
	plain, plainChanges := load(false)
	quiet, quietChanges := load(true)
	if plain.Rounds() != quiet.Rounds() || !reflect.DeepEqual(plain.Standings(2), quiet.Standings(2)) {
		t.Fatalf("standings differ:\n%+v\n%+v", plain.Standings(2), quiet.Standings(2))
	}
	for id := 1; id <= 5; id++ {
		if !reflect.DeepEqual(plain.Results(id), quiet.Results(id)) {
			t.Errorf("player %d: results %+v, quietly %+v", id, plain.Results(id), quiet.Results(id))
		}
	}
	named := 0
	for i, ch := range quietChanges {
		if len(ch.Players) != 0 {
			t.Errorf("change %d names %d players quietly", i, len(ch.Players))
		}
		named += len(plainChanges[i].Players)
	}
	if named == 0 {
		t.Error("the plain changes name nobody: nothing was compared")
	}
	if quiet.quiet {
		t.Error("still quiet after Quietly")
	}
}
