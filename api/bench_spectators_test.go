package api

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkTurnEntrySpectators is turn entry at 16 tables with no one
// watching and with 200 spectators following the live boards, side by
// side in one run. The tables are paced as a busy hall many times over:
// each enters a turn every 500 ms (32 turns a second, where 16 real tables
// make one every few seconds), so that what is measured is what the
// spectators cost the players, not how fast a saturated machine can go.
//
// Each spectator does what the page /t/{id}/live does: it holds the
// public update stream (/t/{id}/updates) and, a quarter to one second
// after a turn, game or result notice (its own draw each time), fetches
// the live boards again. Each is its own client
// address (127.0.1.x), as 200 phones in the hall are. Compare p50-ms and
// p99-ms of the two (goal: p99 within 10%):
//
//	go test -run '^$' -bench TurnEntrySpectators -benchtime 960x ./api/
func BenchmarkTurnEntrySpectators(b *testing.B) {
	for _, n := range []int{0, 200} {
		b.Run(fmt.Sprintf("spectators=%d", n), func(b *testing.B) {
			benchTurnEntry(b, benchLoad{tables: 16, gap: 500 * time.Millisecond, spectators: n})
		})
	}
}

// spectators are clients following a tournament's live boards.
type spectators struct {
	n                        int
	cancel                   context.CancelFunc
	wg                       sync.WaitGroup
	clients                  []*http.Client
	events, fetches, refused atomic.Int64
}

// startSpectators connects n spectators and returns once every stream is
// open.
func startSpectators(b *testing.B, base string, tournamentID int64, n int) *spectators {
	ctx, cancel := context.WithCancel(context.Background())
	sp := &spectators{n: n, cancel: cancel}
	open := make(chan bool, n)
	for i := range n {
		ip := net.IPv4(127, 0, 1+byte(i/250), byte(1+i%250))
		dial := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}}
		// A browser keeps at most six connections to a host, the stream
		// among them.
		client := &http.Client{Transport: &http.Transport{DialContext: dial.DialContext, MaxConnsPerHost: 6, MaxIdleConnsPerHost: 6}}
		sp.clients = append(sp.clients, client)
		sp.wg.Go(func() { sp.follow(ctx, client, base, tournamentID, open) })
	}
	for range n {
		select {
		case ok := <-open:
			if !ok {
				sp.stop()
				b.Fatal("a spectator's update stream was refused")
			}
		case <-time.After(time.Minute):
			sp.stop()
			b.Fatal("spectators' streams not open after a minute")
		}
	}
	return sp
}

// follow is one spectator: the stream, and the live boards fetched again
// 250 to 1,000 ms after a notice that changes them (live.js's soon).
func (sp *spectators) follow(ctx context.Context, client *http.Client, base string, tournamentID int64, open chan<- bool) {
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/t/%d/updates", base, tournamentID), nil)
	if err != nil {
		open <- false
		return
	}
	res, err := client.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		if err == nil {
			res.Body.Close()
		}
		open <- false
		return
	}
	defer res.Body.Close()
	open <- true
	live := fmt.Sprintf("%s/api/v1/tournaments/%d/live", base, tournamentID)
	var pending atomic.Bool
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		kind, ok := strings.CutPrefix(sc.Text(), "event: ")
		if !ok {
			continue
		}
		sp.events.Add(1)
		switch kind {
		case "turn", "game", "result", "pairings", "players", "tournament":
			if pending.CompareAndSwap(false, true) {
				sp.wg.Add(1)
				time.AfterFunc(250*time.Millisecond+rand.N(750*time.Millisecond), func() {
					defer sp.wg.Done()
					pending.Store(false)
					sp.fetch(ctx, client, live)
				})
			}
		}
	}
}

// fetch reads the live boards once, as the page does.
func (sp *spectators) fetch(ctx context.Context, client *http.Client, url string) {
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return
	}
	req.Header.Set("Accept", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return // the benchmark is over
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	if res.StatusCode != http.StatusOK {
		sp.refused.Add(1)
		return
	}
	sp.fetches.Add(1)
}

// stop hangs up every spectator.
func (sp *spectators) stop() {
	sp.cancel()
	sp.wg.Wait()
	for _, c := range sp.clients {
		c.CloseIdleConnections()
	}
}

// report adds what the spectators saw to the benchmark's figures.
func (sp *spectators) report(b *testing.B) {
	if sp.n == 0 {
		return
	}
	b.ReportMetric(float64(sp.events.Load())/float64(sp.n), "events/spectator")
	b.ReportMetric(float64(sp.fetches.Load()), "live-fetches")
	if n := sp.refused.Load(); n > 0 {
		b.Errorf("%d fetches of the live boards refused", n)
	}
}
