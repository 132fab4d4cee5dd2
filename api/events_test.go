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

// TestWatchTournament: the director's console receives a notice for each
// turn as it is entered, with what needs attention.
func TestWatchTournament(t *testing.T) {
	f := newFixture(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", f.URL+f.tpath("/events"), nil)
	req.Header.Set("Authorization", "Bearer "+f.Director)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	lines := bufio.NewScanner(res.Body)
	next := func() service.Notice {
		for lines.Scan() {
			if data, ok := strings.CutPrefix(lines.Text(), "data: "); ok {
				var n service.Notice
				if err := json.Unmarshal([]byte(data), &n); err != nil {
					t.Fatal(err)
				}
				return n
			}
		}
		t.Fatalf("stream ended: %v", lines.Err())
		return service.Notice{}
	}
	claimed := 30
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: &claimed}), http.StatusCreated)
	n := next()
	if n.GameID != f.game || n.Turn != 1 || n.Table != 1 || n.Flag != "score-disagreement" || n.Status != service.StatusInProgress {
		t.Fatalf("notice %+v", n)
	}
	must[service.GameView](t, f.post(gpath(f.game, "/undo"), f.table, map[string]any{"turn": 1, "reason": "wrong tiles"}), http.StatusOK)
	if n := next(); n.GameID != f.game {
		t.Fatalf("notice after undo %+v", n)
	}
	// Only the director watches.
	wantProblem(t, f.get(f.tpath("/events"), f.table), http.StatusForbidden, "director-only")
}
