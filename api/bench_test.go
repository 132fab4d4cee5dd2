package api

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/service"
	"tourney/store"
	"tourney/store/pgtest"
)

// BenchmarkTurnEntry is sustained turn entry over HTTP on loopback with
// durable commits: the API on an httptest server over a SQLite file opened
// with store.Open (the production settings: WAL, synchronous=FULL, one
// writer), and N tables, each a client goroutine entering the turns of its
// own games one after another, as fast as the answers come. Every turn is
// a legal move the engine replays and scores; each game is a 24-turn game
// (plays with an exchange every fourth turn), and a table moves on to its
// next game when one is done, so no game ends early or grows past a real
// game's length.
//
// Beside ns/op it reports turns/s, the p50 and p99 latency of one entry
// (the client's whole round trip) and the peak resident memory of the
// process (server and clients) during the run. Compare the rate with
// store's BenchmarkRawInsert on the same machine:
//
//	go test -run '^$' -bench TurnEntry -benchtime 2000x ./api/
//	TOURNEY_TEST_STORE=postgres TOURNEY_TEST_POSTGRES=postgres://... go test -run '^$' -bench TurnEntry -benchtime 2000x ./api/
//	go test -run '^$' -bench RawInsert ./store/
func BenchmarkTurnEntry(b *testing.B) {
	for _, tables := range []int{1, 16, 128} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) {
			reportLatency(b, benchTurnEntry(b, benchLoad{tables: tables}), "")
		})
	}
}

// benchGameTurns is the length of each benchmark game.
const benchGameTurns = 24

// newBenchClient starts a server on a fresh SQLite file, logging as serve
// does it (into the void), and a director's client keeping up to conns
// connections.
func newBenchClient(b *testing.B, conns int) *benchClient {
	db := filepath.Join(b.TempDir(), "bench.db")
	if pgtest.Enabled() { // TOURNEY_TEST_STORE=postgres: the same on PostgreSQL
		db = pgtest.URL(b)
	}
	st, err := store.Open(db)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	svc := service.New(st)
	token, err := svc.EnsureDirector(context.Background(), "")
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(New(svc, slog.New(slog.NewJSONHandler(io.Discard, nil))))
	b.Cleanup(srv.Close) // before the store closes
	client := &http.Client{
		Timeout:   time.Minute,
		Transport: &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns},
	}
	b.Cleanup(client.CloseIdleConnections)
	return &benchClient{b: b, base: srv.URL, token: token, http: client}
}

// benchLoad is what a turn-entry benchmark puts on the server: tables
// entering turns, each as fast as the answers come or one every gap, and
// beside them, where set, whatever else the benchmark has the server do
// (spectators following the live boards: bench_spectators_test.go), from
// before the first turn until stop closes after the last.
type benchLoad struct {
	tables int
	gap    time.Duration
	beside func(base string, tournamentID int64, stop <-chan struct{})
}

// turnSample is one turn's entry: when it was sent, and how long its
// answer took to come.
type turnSample struct {
	at   time.Time
	took time.Duration
}

func benchTurnEntry(b *testing.B, load benchLoad) []turnSample {
	tables := load.tables
	bc := newBenchClient(b, 2*tables)

	// Each table's share of the b.N turns, and the games it needs for them:
	// game r of a table is in round r, with the table's two players.
	share := make([]int, tables)
	for i := range b.N {
		share[i%tables]++
	}
	script := benchScript()
	tour := benchDo[service.Tournament](bc, "POST", "/api/v1/tournaments", map[string]any{"name": "Bench Open", "variant": "naspa"})
	tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
	games := make([][]int64, tables)
	for i := range tables {
		var seats []int64
		for _, side := range []string{"a", "b"} {
			p := benchDo[service.Player](bc, "POST", tpath+"/players", map[string]any{"name": fmt.Sprintf("T%d%s", i+1, side), "rating": 1500})
			seats = append(seats, p.ID)
		}
		for r := 1; (r-1)*benchGameTurns < share[i]; r++ {
			g := benchDo[service.Game](bc, "POST", tpath+"/games", map[string]any{"round": r, "table": i + 1, "players": seats})
			games[i] = append(games[i], g.ID)
		}
	}

	stop := make(chan struct{})
	var beside sync.WaitGroup
	if load.beside != nil {
		beside.Go(func() { load.beside(bc.base, tour.ID, stop) })
	}
	rss := startRSSSampler()
	lat := make([][]turnSample, tables)
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for i := range tables {
		wg.Go(func() {
			lat[i] = make([]turnSample, 0, share[i])
			// Paced tables start spread over one gap.
			next := start.Add(load.gap * time.Duration(i) / time.Duration(tables))
			for k := range share[i] {
				if load.gap > 0 {
					time.Sleep(time.Until(next))
					next = next.Add(load.gap)
				}
				game, turn := games[i][k/benchGameTurns], k%benchGameTurns+1
				in := service.TurnInput{Turn: turn, Player: 2 - turn%2, Kind: service.EventMove, Move: script[turn-1]}
				t0 := time.Now()
				status, body, err := bc.send("POST", fmt.Sprintf("/api/v1/games/%d/turns", game), in)
				lat[i] = append(lat[i], turnSample{at: t0, took: time.Since(t0)})
				if err != nil || status != http.StatusCreated {
					b.Errorf("table %d game %d turn %d: %d %v %s", i+1, game, turn, status, err, body)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	close(stop)
	beside.Wait()
	peak := rss.stop()

	all := slices.Concat(lat...)
	b.ReportMetric(float64(len(all))/elapsed.Seconds(), "turns/s")
	if peak > 0 {
		b.ReportMetric(float64(peak)/(1<<20), "rss-MB")
	}
	return all
}

// reportLatency reports the p50 and p99 of turns' answers, as p50-ms and
// p99-ms followed by suffix, and returns the p99.
func reportLatency(b *testing.B, turns []turnSample, suffix string) (p99 time.Duration) {
	took := make([]time.Duration, len(turns))
	for i, t := range turns {
		took[i] = t.took
	}
	slices.Sort(took)
	p99 = benchPercentile(took, 99)
	b.ReportMetric(benchPercentile(took, 50).Seconds()*1000, "p50-ms"+suffix)
	b.ReportMetric(p99.Seconds()*1000, "p99-ms"+suffix)
	return p99
}

// benchPercentile is the p-th percentile of sorted durations (nearest
// rank).
func benchPercentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := (len(sorted)*p + 99) / 100 // ceil(n·p/100), 1-based
	return sorted[max(rank, 1)-1]
}

// benchScript is a legal 24-turn game for two players who do not tell
// their racks: plays, with an exchange every fourth turn. After the
// two-tile opening through the centre, each play adds one tile to the
// word along row 8 or column H, so no play forms a second word.
func benchScript() []string {
	const letters = "EAIONRTLSUDEAIONRTLSUDEAIONRT"
	li := 0
	letter := func() byte { li++; return letters[li-1] }
	dots := func(n int) string { return strings.Repeat(".", n) }
	a, c := letter(), letter()
	plays := []string{fmt.Sprintf("8H %c%c", a, c)}
	lo, hi, top, bot := 7, 8, 7, 7 // row 8 holds columns lo..hi, column H rows top..bot (0-based)
	for d := 0; len(plays) < benchGameTurns; d++ {
		switch d % 4 {
		case 0:
			if hi < 14 {
				hi++
				plays = append(plays, fmt.Sprintf("8%c %s%c", 'A'+lo, dots(hi-lo), letter()))
			}
		case 1:
			if bot < 14 {
				bot++
				plays = append(plays, fmt.Sprintf("H%d %s%c", top+1, dots(bot-top), letter()))
			}
		case 2:
			if lo > 0 {
				lo--
				plays = append(plays, fmt.Sprintf("8%c %c%s", 'A'+lo, letter(), dots(hi-lo)))
			}
		case 3:
			if top > 0 {
				top--
				plays = append(plays, fmt.Sprintf("H%d %c%s", top+1, letter(), dots(bot-top)))
			}
		}
	}
	out := make([]string, 0, benchGameTurns)
	for i := range benchGameTurns {
		if i%4 == 3 {
			out = append(out, "-"+string("AEIOU"[i%5])+"T")
		} else {
			out = append(out, plays[0])
			plays = plays[1:]
		}
	}
	return out
}

// rssSampler follows the process's resident memory (VmRSS) while a
// benchmark runs.
type rssSampler struct {
	done chan struct{}
	peak chan int64
}

func startRSSSampler() *rssSampler {
	s := &rssSampler{done: make(chan struct{}), peak: make(chan int64, 1)}
	go func() {
		var peak int64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, readRSS())
			select {
			case <-s.done:
				s.peak <- max(peak, readRSS())
				return
			case <-tick.C:
			}
		}
	}()
	return s
}

// stop returns the peak in bytes (0 where /proc is not there).
func (s *rssSampler) stop() int64 {
	close(s.done)
	return <-s.peak
}

// readRSS is VmRSS from /proc/self/status in bytes, or 0.
func readRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			fields := strings.Fields(rest) // "123456 kB"
			if len(fields) == 2 && fields[1] == "kB" {
				if kb, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}

// benchClient sends a benchmark's requests as the director.
type benchClient struct {
	b           *testing.B
	base, token string
	http        *http.Client
}

func (c *benchClient) send(method, path string, body any) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		j, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res.StatusCode, b, err
}

// benchDo is a set-up request that must succeed.
func benchDo[T any](c *benchClient, method, path string, body any) T {
	c.b.Helper()
	status, b, err := c.send(method, path, body)
	if err != nil {
		c.b.Fatalf("%s %s: %v", method, path, err)
	}
	if status != http.StatusCreated && status != http.StatusOK {
		c.b.Fatalf("%s %s: status %d: %s", method, path, status, b)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		c.b.Fatalf("%s %s: decode %s: %v", method, path, b, err)
	}
	return v
}
