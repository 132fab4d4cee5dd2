package api

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

// One game's audit log holds, beside the entries made on the game, those
// about its result entered and amended by hand (which the tournament's
// log keeps without a game), and none about another game's result.
func TestGameAuditHoldsItsHandResults(t *testing.T) {
	f := newFixture(t)
	p3, p4 := f.addPlayer("Cleo"), f.addPlayer("Dara")
	other := f.addGame(1, 2, p3, p4)
	entered := must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": f.players, "scores": []int{400, 350}}), http.StatusCreated)
	must[service.RoundResult](t, f.patch(f.tpath("/results/"+itoa(entered.ID)), f.Director,
		map[string]any{"scores": []int{410, 350}, "reason": "sheet added up again"}), http.StatusOK)
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": []int64{p3, p4}, "scores": []int{300, 299}}), http.StatusCreated)

	tests := []struct {
		game int64
		want []string // action: reason
	}{
		{f.game, []string{"enter-result: ", "amend-result: sheet added up again"}},
		{other, []string{"enter-result: "}},
	}
	for _, tc := range tests {
		var got []string
		for _, a := range must[[]service.AuditEntry](t, f.get(gpath(tc.game, "/audit"), f.Director), http.StatusOK) {
			got = append(got, a.Action+": "+a.Reason)
		}
		if strings.Join(got, "; ") != strings.Join(tc.want, "; ") {
			t.Errorf("game %d audit %q, want %q", tc.game, got, tc.want)
		}
	}
}

// The game page of a record set aside shows no partial score as the
// seats' scores and says the record was set aside; a game being recorded
// offers its ending, in plain words (no route of the API on the page).
func TestConsoleGamePageStates(t *testing.T) {
	f := newFixture(t)
	must[map[string]any](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(32)}), http.StatusCreated)
	b := directorSignIn(t, f)
	score := regexp.MustCompile(`<span class="score">([^<]*)</span>`)
	scores := func(body []byte) string {
		var out []string
		for _, m := range score.FindAllSubmatch(body, -1) {
			out = append(out, string(m[1]))
		}
		return strings.Join(out, ",")
	}
	r := b.get(gameConsolePath(f, f.game))
	wantPage(t, r, http.StatusOK, `id="end-form"`, `value="time"`, `value="abandoned"`, `value="adjudicated"`, `name="rack1"`, `name="rack2"`, `id="end-reason"`,
		`id="history"`, "/static/console-game-end.js", "/static/console-game-history.js", `id="turns-void" hidden`)
	if got := scores(r.Body); got != "32,0" {
		t.Errorf("seats %q, want the running scores 32,0", got)
	}
	must[service.GameView](t, f.post(gpath(f.game, "/void"), f.Director, map[string]any{"reason": "wrong game"}), http.StatusOK)
	r = b.get(gameConsolePath(f, f.game))
	wantPage(t, r, http.StatusOK, "This record was set aside")
	if strings.Contains(string(r.Body), `id="turns-void" hidden`) {
		t.Error("the set-aside note is hidden")
	}
	if got := scores(r.Body); got != "–,–" {
		t.Errorf("seats %q, want no partial score (–,–)", got)
	}
	if strings.Contains(string(r.Body), "/api/v1/games/"+itoa(f.game)+"/end") {
		t.Error("the page names the end route")
	}
	// The result keyed by hand is what the seats show.
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": f.players, "scores": []int{380, 402}}), http.StatusCreated)
	r = b.get(gameConsolePath(f, f.game))
	wantPage(t, r, http.StatusOK, "This record was set aside")
	if got := scores(r.Body); got != "380,402" {
		t.Errorf("seats %q, want the result keyed by hand (380,402)", got)
	}
}
