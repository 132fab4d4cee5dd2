package api

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

// openStream opens a server-sent event stream and returns a function that
// reads its next notice.
func openStream(t *testing.T, url, token string) func() (event string, n service.Notice) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("%s: status %d, type %q", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	lines := bufio.NewScanner(res.Body)
	return func() (string, service.Notice) {
		event := ""
		for lines.Scan() {
			if e, ok := strings.CutPrefix(lines.Text(), "event: "); ok {
				event = e
			}
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var n service.Notice
				if err := json.Unmarshal([]byte(data), &n); err != nil {
					t.Fatal(err)
				}
				return event, n
			}
		}
		t.Fatalf("stream ended: %v", lines.Err())
		return "", service.Notice{}
	}
}

// The public pages hear of results, pairings and finished games, with no
// detail, and of a game in play only that its table moved (the live
// boards, issue 27); the director hears of all.
func TestPublicUpdates(t *testing.T) {
	f := newFixture(t)
	public := openStream(t, f.URL+"/t/"+itoa(f.tournament)+"/updates", "")
	director := openStream(t, f.URL+f.tpath("/events"), f.Director)

	// A turn of a game in play: the director hears of it; the public
	// only that table 1 of round 1 moved.
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	if e, n := director(); e != service.NoticeGame || n.GameID != f.game {
		t.Fatalf("director heard %s %+v", e, n)
	}
	if e, n := public(); e != service.NoticeTurn || n.Round != 1 || n.Table != 1 || n.GameID != 0 || n.Turn != 0 || n.Status != "" {
		t.Fatalf("public heard %s %+v, want only that table 1 of round 1 moved", e, n)
	}

	// A result entered for two other players.
	a, b := f.addPlayer("Cat"), f.addPlayer("Dan")
	must[service.RoundResult](t, f.post(f.tpath("/results"), f.Director,
		map[string]any{"round": 1, "players": []int64{a, b}, "scores": []int{400, 350}}), http.StatusCreated)
	e, n := public()
	if e != service.NoticeResult || n.Kind != service.NoticeResult || n.Round != 1 || n.GameID != 0 || n.Table != 0 {
		t.Fatalf("public heard %s %+v, want the result of round 1 and nothing more", e, n)
	}
	if e, n := director(); e != service.NoticeResult || n.TournamentID != f.tournament {
		t.Fatalf("director heard %s %+v", e, n)
	}

	// A page for a tournament that does not exist.
	wantProblem(t, f.get("/t/999/updates", ""), http.StatusNotFound, "not-found")
}
