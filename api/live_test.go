package api

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// liveGame is a game with an exchange and a bingo: what the public may
// never read before the game ends is the racks and the exchanged letters.
var liveGame = []turn{
	{Turn: 1, Player: 1, Rack: "DINNVWY", Move: "8D WINDY"},
	{Turn: 2, Player: 2, Rack: "AEIJOQZ", Move: "-QZJ"},
	{Turn: 3, Player: 1, Rack: "AEGINRS", Move: "D8 .EARINGS"},
}

// secrets are strings only a rack or an exchange would carry.
var liveSecrets = []string{"DINNVWY", "AEIJOQZ", "AEGINRS", "QZJ"}

func (f *fixture) setDelay(n any) response {
	f.t.Helper()
	return f.patch(f.tpath(""), f.Director, map[string]any{"settings": map[string]any{service.BroadcastDelaySetting: n}})
}

// publicAnswers reads every public answer about the tournament and its
// game, failing if one carries a rack or an exchange's letters.
func (f *fixture) noSecrets(where string) {
	f.t.Helper()
	for _, path := range []string{f.tpath("/live"), f.tpath("/highlights"), gpath(f.game, ""),
		fmt.Sprintf("/t/%d/live", f.tournament), fmt.Sprintf("/t/%d/live/1", f.tournament), fmt.Sprintf("/t/%d/standings", f.tournament)} {
		body := string(f.get(path, "").Body)
		for _, s := range liveSecrets {
			if strings.Contains(body, s) {
				f.t.Fatalf("%s: public %s carries %q:\n%s", where, path, s, body)
			}
		}
	}
}

func TestBroadcastDelaySetting(t *testing.T) {
	f := newFixture(t)
	for _, bad := range []any{-1, 21, 2.5, "two"} {
		wantProblem(t, f.setDelay(bad), http.StatusBadRequest, "bad-broadcast-delay")
	}
	for _, good := range []int{0, 20} {
		must[service.Tournament](t, f.setDelay(good), http.StatusOK)
	}
}

// The live boards, the highlights and the public game view hold back the
// newest broadcast_delay_turns plays of a game in play and never carry a
// rack or an exchange's letters; the director sees everything.
func TestLiveBoardsDelayAndSecrets(t *testing.T) {
	f := newFixture(t)
	must[service.Tournament](t, f.setDelay(2), http.StatusOK)
	for _, in := range liveGame {
		must[service.TurnResult](t, f.enter(f.game, f.table, in), http.StatusCreated)
		f.noSecrets(fmt.Sprintf("after turn %d", in.Turn))
	}
	wantProblem(t, f.get(gpath(f.game, ""), ""), http.StatusUnauthorized, "credentials-required")

	live := func() service.LiveTable {
		t.Helper()
		l := must[service.Live](t, f.get(f.tpath("/live"), ""), http.StatusOK)
		if len(l.Divisions) != 1 || len(l.Divisions[0].Tables) != 1 {
			t.Fatalf("live: %+v", l)
		}
		return l.Divisions[0].Tables[0]
	}
	cases := []struct {
		delay      int
		turns      int
		last       service.LivePlay
		scores     []int
		bingoShown bool
	}{
		{2, 1, service.LivePlay{Turn: 1, Seat: 1, Kind: "play", Position: "8D", Word: "WINDY", Score: 32}, []int{32, 0}, false},
		{1, 2, service.LivePlay{Turn: 2, Seat: 2, Kind: "exchange", Tiles: 3}, []int{32, 0}, false},
		{0, 3, service.LivePlay{Turn: 3, Seat: 1, Kind: "play", Position: "D8", Word: "WEARINGS", Bingo: true}, nil, true},
	}
	director := f.view(f.game)
	for _, c := range cases {
		must[service.Tournament](t, f.setDelay(c.delay), http.StatusOK)
		tb := live()
		if tb.Turns != c.turns || tb.LastPlay == nil || tb.Status != service.StatusInProgress || tb.At == nil {
			t.Fatalf("delay %d: %+v", c.delay, tb)
		}
		got := *tb.LastPlay
		if c.last.Score == 0 {
			got.Score = 0 // the bingo's score is the engine's; checked below
		}
		if got != c.last {
			t.Errorf("delay %d: last play %+v, want %+v", c.delay, got, c.last)
		}
		if c.scores != nil && (tb.Players[0].Score != c.scores[0] || tb.Players[1].Score != c.scores[1]) {
			t.Errorf("delay %d: scores %+v, want %v", c.delay, tb.Players, c.scores)
		}
		if c.delay == 2 && (!strings.Contains(strings.Join(tb.Board, "\n"), "WINDY") || strings.Contains(strings.Join(tb.Board, ""), "EARINGS")) {
			t.Errorf("delay 2: board shows more than the first play:\n%s", strings.Join(tb.Board, "\n"))
		}
		if c.delay == 0 && strings.Join(tb.Board, "\n") != strings.Join(director.Board, "\n") {
			t.Errorf("delay 0: board differs from the director's")
		}
		hs := must[[]service.Highlight](t, f.get(f.tpath("/highlights"), ""), http.StatusOK)
		if shown := len(hs) == 1 && hs[0].Kind == service.HighlightBingo; shown != c.bingoShown {
			t.Errorf("delay %d: highlights %+v, bingo shown %v", c.delay, hs, c.bingoShown)
		}
		if c.bingoShown && (hs[0].Round != 1 || hs[0].Table != 1 || len(hs[0].Players) != 2 || !strings.Contains(hs[0].Sentence, "WEARINGS")) {
			t.Errorf("bingo highlight %+v", hs[0])
		}
		// The director sees every turn whatever the delay.
		if v := f.view(f.game); len(v.Turns) != 3 {
			t.Errorf("delay %d: the director sees %d turns", c.delay, len(v.Turns))
		}
		f.noSecrets(fmt.Sprintf("delay %d", c.delay))
	}
	hs := must[[]service.Highlight](t, f.get(f.tpath("/highlights?since=2999-01-01T00:00:00Z"), ""), http.StatusOK)
	if len(hs) != 0 {
		t.Errorf("since the future: %+v", hs)
	}
	wantProblem(t, f.get(f.tpath("/highlights?since=yesterday"), ""), http.StatusBadRequest, "bad-since")
}

// A bingo reaches the public stream as a highlight once it is past the
// delay.
func TestHighlightOnPublicStream(t *testing.T) {
	f := newFixture(t)
	must[service.Tournament](t, f.setDelay(1), http.StatusOK)
	public := openStream(t, f.URL+"/t/"+itoa(f.tournament)+"/updates", "")
	for _, in := range liveGame {
		must[service.TurnResult](t, f.enter(f.game, f.table, in), http.StatusCreated)
		if e, n := public(); e != service.NoticeTurn {
			t.Fatalf("after turn %d the public heard %s %+v", in.Turn, e, n)
		}
	}
	// The bingo is held back until the next play.
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 4, Player: 2, Move: "-"}), http.StatusCreated)
	for range 3 {
		e, n := public()
		if e == service.NoticeTurn {
			continue
		}
		if e != service.NoticeHighlight || n.Highlight == nil || n.Highlight.Kind != service.HighlightBingo || n.Highlight.Turn != 3 {
			t.Fatalf("public heard %s %+v", e, n)
		}
		return
	}
	t.Fatal("no highlight")
}

// High games, upsets and streaks come from the results, hand-entered ones
// too, each in a plain sentence.
func TestHighlightsFromResults(t *testing.T) {
	f := newFixture(t)
	player := func(name string, rating int) int64 {
		return must[service.Player](t, f.post(f.tpath("/players"), f.Director, map[string]any{"name": name, "rating": rating}), http.StatusCreated).ID
	}
	low, high := player("Low", 1200), player("High", 1500)
	results := []struct {
		round        int
		other        int64
		scores       []int
		wantKinds    []string
		wantSentence string
	}{
		{1, high, []int{520, 300}, []string{service.HighlightHighGame, service.HighlightUpset}, "Low (rated 1200) beat High (rated 1500), 520 to 300."},
		{2, player("P2", 1200), []int{400, 300}, nil, ""},
		{3, player("P3", 1200), []int{400, 300}, nil, ""},
		{4, player("P4", 1200), []int{400, 300}, nil, ""},
		{5, player("P5", 1200), []int{400, 399}, []string{service.HighlightStreak}, "Low has won 5 games in a row (round 5)."},
		{6, player("P6", 1700), []int{300, 499}, nil, ""}, // a loss ends the streak; no upset, no high game
		{7, player("P7", 1200), []int{400, 300}, nil, ""},
	}
	seen := 0
	for _, r := range results {
		if r.round > 1 {
			must[service.Round](t, f.post(f.tpath("/rounds"), f.Director, map[string]any{"number": r.round}), http.StatusCreated)
		}
		must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
			map[string]any{"round": r.round, "players": []int64{low, r.other}, "scores": r.scores}), http.StatusCreated)
		hs := must[[]service.Highlight](t, f.get(f.tpath("/highlights"), ""), http.StatusOK)
		if len(hs) != seen+len(r.wantKinds) {
			t.Fatalf("round %d: %d highlights, want %d: %+v", r.round, len(hs), seen+len(r.wantKinds), hs)
		}
		var kinds []string
		sentences := ""
		for _, h := range hs {
			if h.Round == r.round {
				kinds = append(kinds, h.Kind)
				sentences += h.Sentence + "\n"
			}
		}
		slices.Sort(kinds)
		if want := slices.Sorted(slices.Values(r.wantKinds)); !slices.Equal(kinds, want) {
			t.Errorf("round %d: kinds %v, want %v", r.round, kinds, want)
		}
		if !strings.Contains(sentences, r.wantSentence) {
			t.Errorf("round %d: sentences %q, want %q", r.round, sentences, r.wantSentence)
		}
		if len(hs) > 0 && hs[0].Round < r.round && len(r.wantKinds) > 0 {
			t.Errorf("round %d: not newest first: %+v", r.round, hs)
		}
		seen = len(hs)
	}
}

// The live boards show the round the tournament is in, even when the next
// is paired ahead; then, once the director moves on, the next.
func TestLiveBoardsCurrentRound(t *testing.T) {
	f := newFixture(t)
	must[service.Round](t, f.post(f.tpath("/rounds"), f.Director, map[string]any{"number": 2}), http.StatusCreated)
	next := f.addGame(2, 1, f.players[1], f.players[0])
	for _, c := range []struct {
		current int
		game    int64
	}{{1, f.game}, {2, next}} {
		must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"current_round": c.current, "force": true, "reason": "test"}), http.StatusOK)
		l := must[service.Live](t, f.get(f.tpath("/live"), ""), http.StatusOK)
		if len(l.Divisions) != 1 || l.Divisions[0].Round != c.current || len(l.Divisions[0].Tables) != 1 || l.Divisions[0].Tables[0].GameID != c.game {
			t.Errorf("current round %d: live %+v", c.current, l)
		}
	}
	wantProblem(t, f.get("/api/v1/tournaments/999/live", ""), http.StatusNotFound, "not-found")
}
