package service_test

import (
	"encoding/json"
	"testing"

	"tourney/service"
)

// TestHighlightsReplayOnlyWhatMayBeOne: after a turn of a game in play,
// the game is replayed for highlights only while it holds a play not
// told of yet that scored BigPlay or more or may be a bingo; the
// highlights told are the same as without that shortcut (the bingo, once).
func TestHighlightsReplayOnlyWhatMayBeOne(t *testing.T) {
	e := newImportEnv(t)
	tid := e.tournament("naspa", "double", "")
	g := e.game(tid, "Ann", "Bob")
	steps := []struct {
		seat     int
		move     string
		replayed bool
		told     string // the kind of highlight told, if any
	}{
		{1, "8G CAT", false, ""},
		{2, "-ABC", false, ""},
		{1, "J7 RETAINS", true, service.HighlightBingo},
		{2, "-", false, ""}, // the bingo is told: nothing left to find
		{1, "K8 AX", false, ""},
	}
	for i, st := range steps {
		if _, err := e.svc.EnterTurn(e.ctx, director, g, service.TurnInput{Player: st.seat, Move: st.move}); err != nil {
			t.Fatalf("turn %d %s: %v", i+1, st.move, err)
		}
		told, replayed := service.TellHighlights(e.ctx, e.svc, tid, g)
		if replayed != st.replayed {
			t.Errorf("turn %d %s: replayed %v, want %v", i+1, st.move, replayed, st.replayed)
		}
		var kinds string
		for _, x := range told {
			kinds += x.Kind
		}
		if kinds != st.told {
			t.Errorf("turn %d %s: told %q (%+v), want %q", i+1, st.move, kinds, told, st.told)
		}
	}
}

// TestMayBeBingo: a stored breakdown rules a bingo out only when it says
// so plainly; anything else is read, and what cannot be read may be one.
func TestMayBeBingo(t *testing.T) {
	for _, c := range []struct {
		breakdown string
		want      bool
	}{
		{"", false},
		{`{"words":[],"tiles_placed":3,"bingo":0,"total":12}`, false},
		{`{"tiles_placed":7,"total":74,"bingo":0}`, false},
		{`{"tiles_placed":7,"bingo":50,"total":86}`, true},
		{`{"tiles_placed":3, "bingo": 0, "total":12}`, false},
		{`{"tiles_placed":7, "bingo": 35}`, true},
		{`{"tiles_placed":7`, true},
	} {
		if got := service.MayBeBingo(json.RawMessage(c.breakdown)); got != c.want {
			t.Errorf("%s: %v, want %v", c.breakdown, got, c.want)
		}
	}
}
