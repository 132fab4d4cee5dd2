package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"tourney/service"
)

// The room view's first paint names everyone at a table of three and a
// team game's two pairs, with the teams' scores; the page's data says
// which game is a team game, for the script that keeps it current.
func TestConsoleRoomGroupsFirstPaint(t *testing.T) {
	f, games, _ := groupEvent(t)
	first := must[service.TurnResult](t, f.enter(games[2], f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	second := must[service.TurnResult](t, f.enter(games[2], f.Director, turn{Turn: 2, Player: 2, Move: "7C GALE"}), http.StatusCreated)
	third := must[service.TurnResult](t, f.enter(games[2], f.Director, turn{Turn: 3, Player: 3, Move: "9F AT"}), http.StatusCreated)
	b := directorSignIn(t, f)
	wantPage(t, b.get(fmt.Sprintf("/director/%d", f.tournament)), http.StatusOK,
		`>Ann – Bob – Cy</a>`, `>0 – 0 – 0</td>`,
		`>Di &amp; Fay vs Eve &amp; Gus</a>`, fmt.Sprintf(`>%d – %d</td>`, first.Score+third.Score, second.Score),
		`>Hal – Ivy</a>`, `"teams":true`)
}

// A finished game of three or four not yet confirmed by everyone: the
// attention list says "every player", not "both".
func TestConsoleAttentionGroupUnconfirmed(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	v := &service.GameView{ID: 7, Table: 3, Status: service.StatusFinished, Confirmed: []bool{true, false, true}}
	var got []string
	items, _ := attention(v, now)
	for _, a := range items {
		got = append(got, a.Text)
	}
	if want := []string{"game finished, result not confirmed by every player"}; !slices.Equal(got, want) {
		t.Errorf("attention %q, want %q", got, want)
	}
	v.Confirmed = []bool{true, false}
	if got, _ := attention(v, now); len(got) != 1 || got[0].Text != "game finished, result not confirmed by both players" {
		t.Errorf("a pair: %+v", got)
	}
}
