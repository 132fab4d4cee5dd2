package api

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tourney/service"
)

// BenchmarkPreviewUnderPDFLoad is a tablet's turn preview while 64
// anonymous clients fetch the public PDFs of a 300-player division in a
// loop, as fast as the answers come (issue 37: public PDFs must not
// starve the tables). The tablet previews one play every 50 ms, as a
// table typing does, all through the run; the PDF clients come and go in
// phases, so that the preview's times alone and under the load are taken
// on one server, in one run, a phase at a time (pdfLoadPhase each, the
// first pdfLoadSettle of a loaded phase left out while the clients
// start). b.N is the number of cycles (a phase alone, then one loaded).
//
// The clients run in a process of their own at the lowest priority (nice
// 19), as the probe's did on a laptop of its own: what is measured is what
// they cost the server. Each client is its own connection and sends no
// If-None-Match, and they go round standings, cross-table, scorecards,
// pairings, ratings and statistics, of the division and of the whole
// event, each client from its own place in the list.
//
// pdfs=unbounded draws every printout in its request, none kept and
// none waiting, as the server did before issue 37; pdfs=kept is the
// server as it is (pdf_cache.go, pdf_gate.go), and changes=1s the same
// with the director amending a result every second while the clients
// fetch, so that every printout is drawn again after each (a hall of 150
// tables brings a result every few seconds).
//
// Goal: p95-ms-load under 10 × p50-ms-alone and under 500 ms.
//
//	go test -run '^$' -bench PreviewUnderPDFLoad -benchtime 2x ./api/
func BenchmarkPreviewUnderPDFLoad(b *testing.B) {
	for _, mode := range []struct {
		name      string
		unbounded bool
		changes   time.Duration
	}{{"pdfs=unbounded", true, 0}, {"pdfs=kept", false, 0}, {"pdfs=kept,changes=1s", false, time.Second}} {
		b.Run(mode.name, func(b *testing.B) {
			ld := newPDFLoad(b, mode.unbounded)
			ld.changes = mode.changes
			benchPreviewUnderPDFLoad(b, ld)
		})
	}
}

func benchPreviewUnderPDFLoad(b *testing.B, ld *pdfLoad) {
	const clients = 64
	alone, loaded, stats := ld.run(b, clients)
	if len(alone) == 0 || len(loaded) == 0 {
		b.Fatalf("%d previews alone, %d under load", len(alone), len(loaded))
	}
	slices.Sort(alone)
	slices.Sort(loaded)
	p50 := benchPercentile(alone, 50)
	p95 := benchPercentile(loaded, 95)
	b.ReportMetric(ms(p50), "p50-ms-alone")
	b.ReportMetric(ms(benchPercentile(alone, 95)), "p95-ms-alone")
	b.ReportMetric(ms(benchPercentile(loaded, 50)), "p50-ms-load")
	b.ReportMetric(ms(p95), "p95-ms-load")
	b.ReportMetric(p95.Seconds()/max(p50, time.Nanosecond).Seconds(), "p95load/p50alone")
	b.ReportMetric(float64(stats.ok)/stats.took.Seconds(), "pdfs/s")
	b.ReportMetric(float64(stats.refused)/stats.took.Seconds(), "refused/s")
	b.ReportMetric(float64(stats.rss)/(1<<20), "rss-MB")
	b.Logf("preview p50 alone %v, p95 alone %v; under %d PDF clients p50 %v, p95 %v; %d PDFs, %d refused, %d failed in %v; %d results amended; peak RSS %d MB",
		p50, benchPercentile(alone, 95), clients, benchPercentile(loaded, 50), p95,
		stats.ok, stats.refused, stats.failed, stats.took.Round(time.Millisecond), stats.amended, stats.rss>>20)
	if stats.ok == 0 {
		b.Error("the PDF clients got no PDF")
	}
}

func ms(d time.Duration) float64 { return d.Seconds() * 1000 }

// The phases' length, and how much of a loaded phase is left out while
// the clients start.
const (
	pdfLoadPhase  = 8 * time.Second
	pdfLoadSettle = 2 * time.Second
)

// pdfLoad is the benchmark's server: a 300-player division A imported
// after 8 rounds, and a division B whose game at table 1 a tablet
// previews plays in.
type pdfLoad struct {
	svc        *service.Service
	director   service.Actor
	tournament int64
	result     service.RoundResult // the result amended, changes apart
	changes    time.Duration
	base       string
	srv        *Server
	preview    string // the preview's path
	table      string // the table's token
	pdfs       []string
}

func newPDFLoad(b *testing.B, unbounded bool) *pdfLoad {
	const rounds = 8
	svc, token, imp := benchDivision(b, "PDF Open", 300, rounds)
	ctx := context.Background()
	director, err := svc.Authenticate(ctx, token)
	if err != nil {
		b.Fatal(err)
	}
	tour := &service.Tournament{ID: imp.Division.TournamentID}
	r, srv := newServer(svc, slog.New(slog.NewJSONHandler(io.Discard, nil)))
	srv.pdfs.unbounded = unbounded
	hs := httptest.NewServer(r)
	b.Cleanup(hs.Close) // before the store closes
	bc := &benchClient{b: b, base: hs.URL, token: token, http: &http.Client{Timeout: time.Minute}}
	b.Cleanup(bc.http.CloseIdleConnections)
	tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
	div := benchDo[service.Division](bc, "POST", tpath+"/divisions", map[string]any{"name": "B"})
	var seats []int64
	for _, name := range []string{"Tab Lett", "Tab Lett Two"} {
		p := benchDo[service.Player](bc, "POST", tpath+"/players", map[string]any{"name": name, "rating": 1500, "division_id": div.ID})
		seats = append(seats, p.ID)
	}
	g := benchDo[service.Game](bc, "POST", tpath+"/games", map[string]any{"round": 1, "table": 1, "players": seats})
	cred := benchDo[service.IssuedCredential](bc, "POST", tpath+"/tables/1/credentials", nil)
	results, err := svc.ListResults(ctx, tour.ID, service.StandingsQuery{DivisionID: &imp.Division.ID})
	if err != nil || len(results) == 0 {
		b.Fatalf("%d results: %v", len(results), err)
	}
	ld := &pdfLoad{svc: svc, director: director, tournament: tour.ID, result: results[0], base: hs.URL, srv: srv, preview: fmt.Sprintf("/api/v1/games/%d/preview", g.ID), table: cred.Token}
	for _, q := range []string{"", fmt.Sprintf("?division=%d", imp.Division.ID)} {
		for _, what := range []string{"/standings.pdf", "/crosstable.pdf", "/scorecards.pdf", fmt.Sprintf("/rounds/%d/pairings.pdf", rounds), "/ratings.pdf", "/stats.pdf"} {
			ld.pdfs = append(ld.pdfs, hs.URL+tpath+what+q)
		}
	}
	// Each printout answers, and the preview is legal, before any time.
	for _, u := range ld.pdfs {
		res, err := http.Get(u)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b.Fatalf("%s: status %d: %.300s", u, res.StatusCode, body)
		}
	}
	if _, err := ld.previewOnce(bc); err != nil {
		b.Fatal(err)
	}
	return ld
}

// previewOnce sends the game's first play for a preview, as the table.
func (ld *pdfLoad) previewOnce(bc *benchClient) (time.Duration, error) {
	c := *bc
	c.token = ld.table
	in := service.PreviewInput{Player: 1, Move: benchScript()[0]}
	t0 := time.Now()
	status, body, err := c.send("POST", ld.preview, in)
	took := time.Since(t0)
	if err != nil {
		return took, err
	}
	if status != http.StatusOK || !strings.Contains(string(body), `"legal":true`) {
		return took, fmt.Errorf("preview: status %d: %.300s", status, body)
	}
	return took, nil
}

// amend changes the amended result's scores, the nth time.
func (ld *pdfLoad) amend(n int) error {
	r := ld.result
	scores := slices.Clone(r.Scores)
	scores[0] += n % 2
	_, err := ld.svc.AmendResult(context.Background(), ld.director, ld.tournament, r.ID,
		service.AmendInput{ResultInput: service.ResultInput{Round: r.Round, Players: r.Players, Scores: scores}, Reason: "bench"})
	return err
}

// pdfLoadStats is what the PDF clients got.
type pdfLoadStats struct {
	amended             int
	ok, refused, failed int64
	took                time.Duration // the loaded phases in all
	rss                 int64         // the server process's peak
}

// run takes b.N cycles of a phase alone and a phase under clients
// fetching PDFs, the tablet previewing all through.
func (ld *pdfLoad) run(b *testing.B, clients int) (alone, loaded []time.Duration, stats pdfLoadStats) {
	bc := &benchClient{b: b, base: ld.base, http: &http.Client{Timeout: time.Minute}}
	defer bc.http.CloseIdleConnections()
	var mu sync.Mutex
	var spans [][3]time.Time // from, to, loaded (zero: alone)
	type sample struct {
		at   time.Time
		took time.Duration
	}
	var samples []sample
	stop := make(chan struct{})
	var tablet sync.WaitGroup
	var tabletErr atomic.Value
	tablet.Go(func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
			}
			t0 := time.Now()
			took, err := ld.previewOnce(bc)
			if err != nil {
				tabletErr.Store(err)
				return
			}
			mu.Lock()
			samples = append(samples, sample{t0, took})
			mu.Unlock()
		}
	})
	rss := startRSSSampler()
	b.ResetTimer()
	for range b.N {
		from := time.Now()
		time.Sleep(pdfLoadPhase)
		spans = append(spans, [3]time.Time{from, time.Now(), {}})
		start := time.Now()
		w, err := startPDFClients(ld.pdfs, clients)
		if err != nil {
			b.Fatal(err)
		}
		var amending sync.WaitGroup
		quit := make(chan struct{})
		if ld.changes > 0 {
			amending.Go(func() {
				tick := time.NewTicker(ld.changes)
				defer tick.Stop()
				for {
					select {
					case <-quit:
						return
					case <-tick.C:
					}
					if err := ld.amend(stats.amended); err != nil {
						b.Error(err)
						return
					}
					stats.amended++
				}
			})
		}
		time.Sleep(pdfLoadSettle)
		from = time.Now()
		time.Sleep(pdfLoadPhase)
		spans = append(spans, [3]time.Time{from, time.Now(), time.Now()})
		close(quit)
		amending.Wait()
		w.stop()
		stats.ok += w.stats[0]
		stats.refused += w.stats[1]
		stats.failed += w.stats[2]
		stats.took += time.Since(start)
		// Let the server drain what the clients left before the next
		// phase alone.
		time.Sleep(pdfLoadSettle)
	}
	b.StopTimer()
	close(stop)
	tablet.Wait()
	stats.rss = rss.stop()
	if err, ok := tabletErr.Load().(error); ok {
		b.Fatal(err)
	}
	for _, s := range samples {
		for _, sp := range spans {
			if !s.at.Before(sp[0]) && s.at.Before(sp[1]) {
				if sp[2].IsZero() {
					alone = append(alone, s.took)
				} else {
					loaded = append(loaded, s.took)
				}
			}
		}
	}
	return alone, loaded, stats
}

// pdfClientsEnv carries "N URL..." to the PDF clients' process.
const pdfClientsEnv = "TOURNEY_BENCH_PDF_CLIENTS"

// startPDFClients starts n clients fetching the PDFs at urls, in a
// process of their own (TestPDFClientsProcess); its stats are PDFs,
// refusals (503) and failures.
func startPDFClients(urls []string, n int) (*benchProcess, error) {
	return startBenchProcess("TestPDFClientsProcess", fmt.Sprintf("%s=%d %s", pdfClientsEnv, n, strings.Join(urls, " ")), "started")
}

// TestPDFClientsProcess is the PDF clients' process of
// BenchmarkPreviewUnderPDFLoad (skipped unless it starts it): each client
// fetches the PDFs in turn, as fast as the answers come, until its input
// closes; then it writes what they got.
func TestPDFClientsProcess(t *testing.T) {
	fields := strings.Fields(os.Getenv(pdfClientsEnv))
	var n int
	if len(fields) < 2 {
		t.Skip("started by BenchmarkPreviewUnderPDFLoad only")
	}
	if _, err := fmt.Sscan(fields[0], &n); err != nil {
		t.Fatal(err)
	}
	urls := fields[1:]
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var ok, refused, failed atomic.Int64
	for i := range n {
		client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1, MaxIdleConnsPerHost: 1}}
		wg.Go(func() {
			defer client.CloseIdleConnections()
			for k := i; ctx.Err() == nil; k++ {
				req, err := http.NewRequestWithContext(ctx, "GET", urls[k%len(urls)], nil)
				if err != nil {
					failed.Add(1)
					return
				}
				res, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						failed.Add(1)
						time.Sleep(100 * time.Millisecond)
					}
					continue
				}
				_, err = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				switch {
				case ctx.Err() != nil:
				case err == nil && res.StatusCode == http.StatusOK:
					ok.Add(1)
				case res.StatusCode == http.StatusServiceUnavailable:
					refused.Add(1)
				default:
					failed.Add(1)
				}
			}
		})
	}
	fmt.Println("started")
	io.Copy(io.Discard, os.Stdin)
	cancel()
	wg.Wait()
	fmt.Printf("stats %d %d %d\n", ok.Load(), refused.Load(), failed.Load())
}
