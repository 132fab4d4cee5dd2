package api

import (
	"net/http"
	"os"
	"slices"
	"testing"
)

// A game whose record the director imported (kept on paper, no tablet)
// is nobody's to confirm at the table: the Room does not ask for it,
// while a game played out at the tablet and not confirmed is asked for.
// Found by the event simulator (seed 2, "round 2 complete").
func TestAttentionImportedRecordNotToConfirm(t *testing.T) {
	f := newFixture(t)
	data, err := os.ReadFile("testdata/gcg/doug_v_emely.gcg")
	if err != nil {
		t.Fatal(err)
	}
	r := f.send(req{method: "POST", path: gpath(f.game, "/import.gcg?players=any"), token: f.Director, body: data,
		header: map[string]string{"Content-Type": "text/plain"}})
	if r.Status != http.StatusOK && r.Status != http.StatusCreated {
		t.Fatalf("import: %d %s", r.Status, r.Body)
	}
	kinds := func(game int64) []string {
		l := must[attentionList](t, f.get(gpath(game, "/attention"), f.Director), http.StatusOK)
		var out []string
		for _, it := range l.Attention {
			out = append(out, it.Kind)
		}
		return out
	}
	if k := kinds(f.game); slices.Contains(k, "unconfirmed") {
		t.Errorf("imported record: attention %v, want no unconfirmed", k)
	}

	// The same game played at the table and not confirmed is asked for.
	p3, p4 := f.addPlayer("Ann"), f.addPlayer("Bob")
	g := f.addGame(1, 2, p3, p4)
	table := f.credential(2)
	for i, tc := range dougVEmely {
		token := table
		if tc.byDirector {
			token = f.Director
		}
		must[map[string]any](t, f.enter(g, token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	must[map[string]any](t, f.enter(g, table, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}), http.StatusCreated)
	if k := kinds(g); !slices.Contains(k, "unconfirmed") {
		t.Errorf("played at the table, not confirmed: attention %v, want unconfirmed", k)
	}
}
