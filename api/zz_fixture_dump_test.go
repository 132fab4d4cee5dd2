package api

import (
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"tourney/service"
)

func TestZZDumpFixtures(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		t.Skip()
	}
	f := newFixture(t)
	for i, tc := range dougVEmely {
		token := f.table
		if tc.byDirector {
			token = f.Director
		}
		c := claim(tc.score)
		if i == 2 {
			c = claim(36)
		}
		must[service.TurnResult](t, f.enter(f.game, token, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack, ClaimedScore: c}), http.StatusCreated)
	}
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Player: 1, Move: "-"}), http.StatusCreated)
	v := f.view(f.game)
	b, _ := json.MarshalIndent(v, "", "  ")
	os.WriteFile("/tmp/doug_v_emely.json", b, 0o644)
	tr := must[service.Tournament](t, f.get(f.tpath(""), ""), http.StatusOK)
	b, _ = json.MarshalIndent(tr, "", "  ")
	os.WriteFile("/tmp/tournament.json", b, 0o644)

	g := challengeGame(t, "double", nil)
	g.play("8D WINDY", "7C GALE")
	must[service.ChallengeResult](t, g.challenge(g.table, map[string]any{"turn": 2, "challenger": 1}), http.StatusCreated)
	g.play("8D WINDYX")
	must[service.ChallengeResult](t, g.challenge(g.table, map[string]any{"turn": 4, "challenger": 1}), http.StatusCreated)
	v = g.view(g.game)
	b, _ = json.MarshalIndent(v, "", "  ")
	os.WriteFile("/tmp/challenges.json", b, 0o644)
}
