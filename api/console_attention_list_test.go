package api

import (
	"fmt"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"tourney/service"
)

// A round in play whose missing results are slips to key is a line of
// the room's list; a round with a game still played at a missing table,
// or too few results in, is not.
func TestConsoleAttentionRounds(t *testing.T) {
	refs := func(names ...string) []service.PlayerRef {
		var out []service.PlayerRef
		for i, n := range names {
			out = append(out, service.PlayerRef{ID: int64(i + 1), Name: n})
		}
		return out
	}
	round := func(status string, games, results int, missing ...service.MissingTable) service.RoundStatus {
		return service.RoundStatus{Number: 2, Status: status, Games: games, Results: results, Missing: missing}
	}
	annBob := service.MissingTable{Table: 4, Players: refs("Ann", "Bob")}
	teams := service.MissingTable{Table: 2, Players: refs("Di", "Eve", "Fay", "Gus"), Teams: true}
	onPaper := service.MissingTable{Players: refs("Hal", "Ivy", "Jo")}
	playing := service.MissingTable{Table: 5, Players: refs("Kim", "Lou"), Status: service.StatusAwaitingRacks}
	inDivision := round(service.RoundInPlay, 4, 3, annBob)
	inDivision.Division = "A"
	for _, tc := range []struct {
		name  string
		round service.RoundStatus
		want  []string
	}{
		{"one slip to key", round(service.RoundInPlay, 4, 3, annBob), []string{"Round 2: 3 of 4 results in; missing table 4 (Ann v Bob)"}},
		{"a division, a team game, a table without a number", func() service.RoundStatus {
			r := round(service.RoundInPlay, 6, 3, teams, onPaper)
			r.Division = "B"
			return r
		}(), []string{"Round 2 of B: 3 of 6 results in; missing table 2 (Di & Fay vs Eve & Gus), Hal v Ivy v Jo"}},
		{"in a division", inDivision, []string{"Round 2 of A: 3 of 4 results in; missing table 4 (Ann v Bob)"}},
		{"a game still played at a missing table", round(service.RoundInPlay, 4, 2, annBob, playing), nil},
		{"fewer than half in", round(service.RoundInPlay, 5, 2, annBob, annBob, annBob), nil},
		{"nothing in", round(service.RoundInPlay, 1, 0, annBob), nil},
		{"a round only paired", round(service.RoundPaired, 4, 3, annBob), nil},
		{"a complete round", round(service.RoundComplete, 4, 4), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, it := range roundsAttention([]service.RoundStatus{tc.round}) {
				if it.Kind != "round-missing" || it.Round != 2 || it.Game != 0 {
					t.Errorf("item %+v, want round 2's round-missing", it)
				}
				got = append(got, it.Text)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// GET /tournaments/:id/attention and /games/:id/attention send the list
// the room and the game's page draw, with each line's kind, game, table
// and since, and when the clock alone changes it next; for the director
// only.
func TestConsoleAttentionJSON(t *testing.T) {
	ts := newTestServer(t)
	var clock atomic.Int64 // seconds after attentionT0
	ts.Svc.Now = func() time.Time { return attentionT0.Add(time.Duration(clock.Load()) * time.Second) }
	f := bareFixture(t, ts) // table 1, paired at attentionT0
	f.table = f.credential(1)
	room, game := f.tpath("/attention"), gpath(f.game, "/attention")
	at := func(min, sec int64) time.Time {
		return attentionT0.Add(time.Duration(min)*time.Minute + time.Duration(sec)*time.Second)
	}
	type line struct {
		Kind  string
		Game  int64
		Table int
		Text  string
		Since time.Time
	}
	lines := func(l attentionList) []line {
		out := []line{}
		for _, it := range l.Attention {
			ln := line{Kind: it.Kind, Game: it.Game, Table: it.Table, Text: it.Text}
			if it.Since != nil {
				ln.Since = *it.Since
			}
			out = append(out, ln)
		}
		return out
	}
	check := func(name, path string, wantNext time.Time, want ...line) {
		t.Helper()
		l := must[attentionList](t, f.get(path, f.Director), http.StatusOK)
		if got := lines(l); !slices.Equal(got, want) {
			t.Errorf("%s: %s lists %+v, want %+v", name, path, got, want)
		}
		if !l.Now.Equal(ts.Svc.Now()) {
			t.Errorf("%s: now %v, want the service's %v", name, l.Now, ts.Svc.Now())
		}
		if wantNext.IsZero() != (l.NextChange == nil) || l.NextChange != nil && !l.NextChange.Equal(wantNext) {
			t.Errorf("%s: next_change %v, want %v", name, l.NextChange, wantNext)
		}
	}
	clock.Store(9 * 60)
	check("nine minutes after the pairing", room, at(10, 0))
	check("nine minutes after the pairing", game, at(10, 0))
	clock.Store(10*60 + 30)
	quiet := line{Kind: "quiet-unstarted", Game: f.game, Table: 1, Text: "nothing entered, 10 minutes after the pairing", Since: attentionT0}
	check("ten and a half minutes after", room, at(11, 0), quiet)
	check("ten and a half minutes after", game, at(11, 0), quiet)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	disagreement := line{Kind: "disagreement", Game: f.game, Table: 1, Text: "score disagreement on turn 1", Since: at(10, 30)}
	check("a claim the board does not give", room, at(20, 30), disagreement)
	check("a claim the board does not give", game, at(20, 30), disagreement)

	for _, tc := range []struct {
		token string
		code  string
	}{{"", "credentials-required"}, {f.table, "director-only"}} {
		for _, path := range []string{room, game} {
			status := map[string]int{"credentials-required": http.StatusUnauthorized, "director-only": http.StatusForbidden}[tc.code]
			wantProblem(t, f.get(path, tc.token), status, tc.code)
		}
	}
	wantProblem(t, f.get(fmt.Sprintf("/api/v1/tournaments/%d/attention", f.tournament+99), f.Director), http.StatusNotFound, "not-found")
	wantProblem(t, f.get(gpath(f.game+99, "/attention"), f.Director), http.StatusNotFound, "not-found")
}
