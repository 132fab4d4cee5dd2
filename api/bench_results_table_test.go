package api

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"tourney/service"
)

// BenchmarkKeyResultsByTable is a director keying a whole round from the
// slips: a division of 300 players paired (150 tables), then the 150
// results entered one after another by table over HTTP, on the production
// store settings (WAL, synchronous=FULL). Each POST's answer carries both
// players' records from the division's standings, recomputed with the
// result in; a console that also shows the whole standings reads them
// after each result, so each result is followed by GET standings.
//
// It reports the p50 and p99 of one result (the POST, whose answer has
// the new records) and of one result with the standings read after it
// (POST + GET), over every result of every round keyed:
//
//	go test -run '^$' -bench KeyResultsByTable -benchtime 1x ./api/
func BenchmarkKeyResultsByTable(b *testing.B) {
	const players = 300
	bc := newBenchClient(b, 2)

	var post, withStandings []time.Duration
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		tour := benchDo[service.Tournament](bc, "POST", "/api/v1/tournaments", map[string]any{"name": fmt.Sprintf("Bench Open %d", i), "variant": "naspa"})
		tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
		div := benchDo[service.Division](bc, "POST", tpath+"/divisions", map[string]any{"name": "A", "settings": map[string]any{"rounds": 7}})
		for p := range players {
			benchDo[service.Player](bc, "POST", tpath+"/players", map[string]any{"name": fmt.Sprintf("Player %d", p+1), "rating": 2200 - p, "division_id": div.ID})
		}
		rp := benchDo[service.RoundPairings](bc, "POST", tpath+"/rounds/1/pairings", map[string]any{"system": "koth"})
		var tables []int
		for _, p := range rp.Pairings {
			if !p.Bye {
				tables = append(tables, p.Table)
			}
		}
		if len(tables) != players/2 {
			b.Fatalf("%d tables, want %d", len(tables), players/2)
		}
		b.StartTimer()
		for k, table := range tables {
			in := map[string]any{"scores": []int{350 + k%90, 400 - k%70}}
			t0 := time.Now()
			status, body, err := bc.send("POST", fmt.Sprintf("%s/rounds/1/tables/%d/result", tpath, table), in)
			t1 := time.Now()
			if err != nil || status != http.StatusCreated {
				b.Fatalf("table %d: %d %v %s", table, status, err, body)
			}
			status, body, err = bc.send("GET", tpath+"/standings", nil)
			if err != nil || status != http.StatusOK {
				b.Fatalf("standings after table %d: %d %v %s", table, status, err, body)
			}
			post = append(post, t1.Sub(t0))
			withStandings = append(withStandings, time.Since(t0))
		}
	}
	b.StopTimer()
	slices.Sort(post)
	slices.Sort(withStandings)
	b.ReportMetric(benchPercentile(post, 50).Seconds()*1000, "p50-ms")
	b.ReportMetric(benchPercentile(post, 99).Seconds()*1000, "p99-ms")
	b.ReportMetric(benchPercentile(withStandings, 50).Seconds()*1000, "p50+standings-ms")
	b.ReportMetric(benchPercentile(withStandings, 99).Seconds()*1000, "p99+standings-ms")
	b.ReportMetric(float64(len(post))/float64(b.N), "results/op")
}
