package api

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/service"
	"tourney/store"
)

// feedBenchT is a .t file of players playing rounds, paired by the circle
// method (player 1 fixed, the others turning), with p12 and board fields,
// every game scored.
func feedBenchT(players, rounds int) string {
	name := func(i int) string { // "Player, Abc": letters only
		return fmt.Sprintf("Player, %c%c%c", 'A'+i/676%26, 'a'+i/26%26, 'a'+i%26)
	}
	opp := make([][]int, players)
	first := make([][]int, players)
	board := make([][]int, players)
	for r := range rounds {
		ring := make([]int, players) // ring[k]: the player at place k this round
		ring[0] = 0
		for k := 1; k < players; k++ {
			ring[k] = 1 + (k-1+r)%(players-1)
		}
		for k := range players / 2 {
			a, b := ring[k], ring[players-1-k]
			opp[a], opp[b] = append(opp[a], b+1), append(opp[b], a+1)
			first[a], first[b] = append(first[a], 1), append(first[b], 2)
			board[a], board[b] = append(board[a], k+1), append(board[b], k+1)
		}
	}
	var sb strings.Builder
	for p := range players {
		ints := func(xs []int) string { return strings.Trim(fmt.Sprint(xs), "[]") }
		scores := make([]int, rounds)
		for r := range scores {
			scores[r] = 300 + (p*37+r*11)%200
		}
		fmt.Fprintf(&sb, "%s %d %s; %s; p12 %s; board %s\n", name(p), 2000-p, ints(opp[p]), ints(scores), ints(first[p]), ints(board[p]))
	}
	return sb.String()
}

// BenchmarkTourneyJS500x31 is the tsh feed of a division of 500 players
// after 31 rounds: built (the clock moved past feedFresh each time, so
// each request builds it again, from the division loaded anew and each
// round's ranks and estimates kept: the cost of a change; each request
// after the pause builds keep between them), and answered
// 304 to a reader holding it. first-build-ms is the first build, which
// computes every round.
//
//	go test -run '^$' -bench TourneyJS500x31 ./api/
func BenchmarkTourneyJS500x31(b *testing.B) {
	svc, _, imp := benchDivision(b, "Feed Open", 500, 31)
	now := time.Now()
	svc.Now = func() time.Time { return now }
	h := New(svc, slog.New(slog.DiscardHandler))
	path := fmt.Sprintf("/api/v1/tournaments/%d/tourney.js", imp.Division.TournamentID)
	get := func(etag string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if etag != "" {
			r.Header.Set("If-None-Match", etag)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	t0 := time.Now()
	first := get("")
	cold := time.Since(t0) // every round's ranks and estimates computed
	if first.Code != http.StatusOK || !strings.Contains(first.Body.String(), `"maxr":30`) {
		b.Fatalf("status %d: %.300s", first.Code, first.Body)
	}
	etag := first.Header().Get("ETag")

	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		pause := time.Duration(0)
		for range b.N {
			// Builds of one feed are kept at least their own cost apart
			// (builtCache): a reader comes once that pause is over, so
			// that what is timed is the request that builds.
			b.StopTimer()
			time.Sleep(pause)
			now = now.Add(time.Minute) // stale: built again
			b.StartTimer()
			t0 := time.Now()
			if w := get(""); w.Code != http.StatusOK {
				b.Fatalf("status %d", w.Code)
			}
			pause = time.Since(t0) + time.Millisecond
		}
		b.ReportMetric(float64(first.Body.Len()), "bytes")
		b.ReportMetric(cold.Seconds()*1000, "first-build-ms")
	})
	b.Run("304", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if w := get(etag); w.Code != http.StatusNotModified {
				b.Fatalf("status %d", w.Code)
			}
		}
	})
}

func ptrTo[T any](v T) *T { return &v }

// benchDivision is a service on a fresh SQLite file with a tournament
// whose division A has players playing rounds (feedBenchT),
// and the director's token and division.
func benchDivision(b *testing.B, name string, players, rounds int) (*service.Service, string, *service.ImportResult) {
	st, err := store.Open(filepath.Join(b.TempDir(), "tourney.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := service.New(st)
	ctx := context.Background()
	token, err := svc.EnsureDirector(ctx, "")
	if err != nil {
		b.Fatal(err)
	}
	director, err := svc.Authenticate(ctx, token)
	if err != nil {
		b.Fatal(err)
	}
	tour, err := svc.CreateTournament(ctx, director, service.TournamentInput{Name: &name, Variant: ptrTo("naspa")})
	if err != nil {
		b.Fatal(err)
	}
	imp, err := svc.ImportT(ctx, director, tour.ID, service.ImportInput{Text: feedBenchT(players, rounds), Division: "A"})
	if err != nil {
		b.Fatal(err)
	}
	return svc, token, imp
}
