package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/service"
)

// TestServeKillDuringTurnEntry is the crash test of the issue "The
// tournament service: persistence and REST API": the real binary serves a
// SQLite file while several tables stream turn entries into it; it is
// killed with SIGKILL in the middle of the stream and restarted on the
// same file, and every turn it acknowledged (201) must be there with the
// score it answered. A turn in flight at the kill may be there or not,
// but whole: every game still replays, and its turns are exactly the
// moves entered, in order. This is done several times over on the same
// file, the streams going on from where each game stands.
func TestServeKillDuringTurnEntry(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and kills it several times: skipped under -short")
	}
	const (
		games  = 6
		kills  = 3
		budget = 3 * time.Minute // the whole test, so that it cannot hang
	)
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()

	dir := t.TempDir()
	bin := killBuild(ctx, t, dir)
	db := filepath.Join(dir, "t.db")
	token := "kill-test-director-" + fmt.Sprint(rand.Uint64())
	script := killScript(140)

	srv := killStart(ctx, t, bin, db, token)
	c := &killClient{base: srv.url, token: token}
	_, tables := killSetup(ctx, t, c, games)

	for round := 1; round <= kills; round++ {
		acked := killStream(ctx, t, srv, tables, script)
		srv = killStart(ctx, t, bin, db, token)
		c = &killClient{base: srv.url, token: token}
		inFlight := 0
		for i, tb := range tables {
			inFlight += killCheck(ctx, t, c, i+1, tb, script)
		}
		t.Logf("kill %d: %d turns acknowledged before it (%d in all), %d more found committed whose answer was lost",
			round, acked, killAcked(tables), inFlight)
		if t.Failed() {
			return
		}
	}
	// The games go on after the last restart.
	for _, tb := range tables {
		if tb.next > len(script) {
			continue
		}
		in := service.TurnInput{Turn: tb.next, Player: 2 - tb.next%2, Kind: service.EventMove, Move: script[tb.next-1]}
		res := killDo[service.TurnResult](ctx, t, c, "POST", fmt.Sprintf("/api/v1/games/%d/turns", tb.game), tb.token, in, http.StatusCreated)
		if res.Turn != tb.next {
			t.Errorf("game %d: entered turn %d, answered for turn %d", tb.game, tb.next, res.Turn)
		}
	}
	srv.stop(t)
}

// killSetup makes a tournament with a game at each of n tables, each
// table with a code of its own.
func killSetup(ctx context.Context, t *testing.T, c *killClient, n int) (service.Tournament, []*killTable) {
	t.Helper()
	token := c.token
	tour := killDo[service.Tournament](ctx, t, c, "POST", "/api/v1/tournaments", token,
		map[string]any{"name": "Kill test", "variant": "naspa"}, http.StatusCreated)
	tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
	tables := make([]*killTable, n)
	for i := range tables {
		var seats []int64
		for _, side := range []string{"a", "b"} {
			p := killDo[service.Player](ctx, t, c, "POST", tpath+"/players", token,
				map[string]any{"name": fmt.Sprintf("Player %d%s", i+1, side), "rating": 1500}, http.StatusCreated)
			seats = append(seats, p.ID)
		}
		g := killDo[service.Game](ctx, t, c, "POST", tpath+"/games", token,
			map[string]any{"round": 1, "table": i + 1, "players": seats}, http.StatusCreated)
		cred := killDo[service.IssuedCredential](ctx, t, c, "POST", fmt.Sprintf("%s/tables/%d/credentials", tpath, i+1), token, nil, http.StatusCreated)
		tables[i] = &killTable{game: g.ID, token: cred.Token, cred: cred.ID, next: 1, acked: map[int]service.TurnResult{}}
	}
	return tour, tables
}

// killTable is one table's game and what the server acknowledged.
type killTable struct {
	game  int64
	token string
	cred  int64                      // the table code's credential
	next  int                        // the next turn to enter
	acked map[int]service.TurnResult // turn → the 201 answer
}

func killAcked(tables []*killTable) int {
	n := 0
	for _, tb := range tables {
		n += len(tb.acked)
	}
	return n
}

// killStream has every table enter its script from where its game stands,
// one goroutine each, and kills the server after a random short delay once
// the first turn is acknowledged, or sooner once a quarter of what was left
// of the scripts is (so that the kill falls mid-stream however fast the
// machine). It returns the turns acknowledged.
func killStream(ctx context.Context, t *testing.T, srv *killServer, tables []*killTable, script []string) int {
	t.Helper()
	left := 0
	for _, tb := range tables {
		left += len(script) + 1 - tb.next
	}
	var (
		mu          sync.Mutex
		acked       int
		first       = make(chan struct{})
		enough      = make(chan struct{})
		once, once2 sync.Once
		wg          sync.WaitGroup
	)
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	for _, tb := range tables {
		wg.Go(func() {
			for ; tb.next <= len(script) && ctx.Err() == nil; tb.next++ {
				in := service.TurnInput{Turn: tb.next, Player: 2 - tb.next%2, Kind: service.EventMove, Move: script[tb.next-1]}
				status, body, err := killPost(ctx, client, srv.url+fmt.Sprintf("/api/v1/games/%d/turns", tb.game), tb.token, in)
				if err != nil {
					return // the server is gone: the answer, if any, is lost
				}
				if status != http.StatusCreated {
					t.Errorf("game %d turn %d (%s): status %d: %s", tb.game, tb.next, in.Move, status, body)
					return
				}
				var res service.TurnResult
				if err := json.Unmarshal(body, &res); err != nil || res.Turn != tb.next {
					t.Errorf("game %d turn %d: answer %s (%v)", tb.game, tb.next, body, err)
					return
				}
				mu.Lock()
				tb.acked[res.Turn] = res
				acked++
				if acked >= left/4 {
					once2.Do(func() { close(enough) })
				}
				mu.Unlock()
				once.Do(func() { close(first) })
			}
		})
	}
	allDone := make(chan struct{})
	go func() { wg.Wait(); close(allDone) }()
	select {
	case <-first:
	case <-allDone:
		t.Fatal("every stream stopped before a turn was acknowledged")
	case <-ctx.Done():
		srv.kill(t)
		<-allDone // the streams end with the server
		t.Fatal("no turn acknowledged in time")
	}
	delay := time.Duration(10+rand.IntN(300)) * time.Millisecond
	since := time.Now()
	select {
	case <-time.After(delay):
	case <-enough:
	}
	srv.kill(t)
	t.Logf("killed the server %v after the first answer", time.Since(since).Round(time.Millisecond))
	<-allDone
	mu.Lock()
	defer mu.Unlock()
	left = 0
	for _, tb := range tables {
		left += len(script) + 1 - tb.next
	}
	if left == 0 {
		t.Error("every script ran to its end before the kill: the kill was not mid-stream")
	}
	return acked
}

// killCheck reads a game after a restart: every acknowledged turn is there
// with the score and totals it was answered with, and the game is exactly
// the script's first moves (it replayed, or GET would fail). A turn
// committed whose answer the kill lost is taken as acknowledged from now
// on. It returns the number of such turns (0 or 1) and sets where the
// table goes on.
func killCheck(ctx context.Context, t *testing.T, c *killClient, table int, tb *killTable, script []string) int {
	t.Helper()
	v := killDo[service.GameView](ctx, t, c, "GET", fmt.Sprintf("/api/v1/games/%d", tb.game), c.token, nil, http.StatusOK)
	if v.Status != service.StatusInProgress || len(v.Flags) != 0 {
		t.Errorf("table %d: status %q, flags %v after the restart", table, v.Status, v.Flags)
	}
	for i, tv := range v.Turns {
		want := i + 1
		if tv.Seq != want || tv.Undone || tv.Kind != service.EventMove || tv.Move != script[i] || tv.Seat != 2-want%2 {
			t.Errorf("table %d: turn %d is %+v; want the script's %q by player %d", table, want, tv.TurnEvent, script[i], 2-want%2)
			continue
		}
		if a, ok := tb.acked[tv.Seq]; ok {
			if tv.Score != a.Score || !equalInts(tv.Totals, a.Totals) {
				t.Errorf("table %d turn %d: score %d, totals %v after the restart; acknowledged as %d, %v",
					table, tv.Seq, tv.Score, tv.Totals, a.Score, a.Totals)
			}
		}
	}
	for turn := range tb.acked {
		if turn > len(v.Turns) {
			t.Errorf("table %d: acknowledged turn %d is lost (the game has %d turns)", table, turn, len(v.Turns))
		}
	}
	// At most the one turn in flight at the kill is there unacknowledged.
	extra := 0
	for _, tv := range v.Turns {
		if _, ok := tb.acked[tv.Seq]; !ok {
			extra++
			tb.acked[tv.Seq] = service.TurnResult{Turn: tv.Seq, Score: tv.Score, Totals: tv.Totals}
		}
	}
	if extra > 1 {
		t.Errorf("table %d: %d turns committed without an answer; at most the one in flight can be", table, extra)
	}
	if v.NextTurn != len(v.Turns)+1 {
		t.Errorf("table %d: next turn %d with %d turns", table, v.NextTurn, len(v.Turns))
	}
	tb.next = len(v.Turns) + 1
	return extra
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// killScript is a legal game of n turns for two players who never tell
// their racks (the engine then checks only the tile distribution): a play
// every fifth turn and exchanges between, so that the game never ends on
// six scoreless turns nor runs out of tiles or squares.
func killScript(n int) []string {
	plays := killPlays()
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		if i%5 == 0 && i/5 < len(plays) {
			out = append(out, plays[i/5])
		} else {
			out = append(out, "-"+string("AEIOU"[i%5])+"T")
		}
	}
	return out
}

// killPlays are 28 plays, each one tile long after the opening: the word
// through the centre grows along row 8 and column H, so that no play forms
// a second word.
func killPlays() []string {
	const letters = "EAIONRTLSUDEAIONRTLSUDEAIONRT"
	li := 0
	letter := func() byte { li++; return letters[li-1] }
	dots := func(n int) string { return strings.Repeat(".", n) }
	col := func(c int) byte { return byte('A' + c) }
	a, b := letter(), letter()
	plays := []string{fmt.Sprintf("8H %c%c", a, b)}
	lo, hi, top, bot := 7, 8, 7, 7 // row 8 holds columns lo..hi, column H rows top..bot (0-based)
	for d := 0; len(plays) < 28; d++ {
		switch d % 4 {
		case 0:
			if hi < 14 {
				hi++
				plays = append(plays, fmt.Sprintf("8%c %s%c", col(lo), dots(hi-lo), letter()))
			}
		case 1:
			if bot < 14 {
				bot++
				plays = append(plays, fmt.Sprintf("H%d %s%c", top+1, dots(bot-top), letter()))
			}
		case 2:
			if lo > 0 {
				lo--
				plays = append(plays, fmt.Sprintf("8%c %c%s", col(lo), letter(), dots(hi-lo)))
			}
		case 3:
			if top > 0 {
				top--
				plays = append(plays, fmt.Sprintf("H%d %c%s", top+1, letter(), dots(bot-top)))
			}
		}
	}
	return plays
}

// killBuild builds the tourney binary into dir, with the race detector
// when the test has it (the packages compiled for the test are then
// reused, and the server is checked for races under the stream).
func killBuild(ctx context.Context, t *testing.T, dir string) string {
	t.Helper()
	return buildTourney(ctx, t, dir, nil)
}

// buildTourney builds the command into dir with extra environment
// (CGO_ENABLED=0...) and go build flags (-tags purego...). A pure-Go build from a cold cache
// compiles SQLite's Go translation, hence the generous timeout.
func buildTourney(ctx context.Context, t *testing.T, dir string, env []string, flags ...string) string {
	t.Helper()
	goBin, err := exec.LookPath("go") // go test puts its own go first in PATH
	if err != nil {
		t.Fatalf("no go command to build the server with: %v", err)
	}
	bin := filepath.Join(dir, "tourney")
	args := append([]string{"build", "-o", bin}, flags...)
	// The server is built as the test was: with its -race, its -tags
	// (purego) and its CGO_ENABLED, unless told otherwise.
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch {
			case s.Key == "-race" && s.Value == "true" && !slices.Contains(env, "CGO_ENABLED=0"):
				args = append(args, "-race")
			case s.Key == "-tags" && !slices.Contains(flags, "-tags"):
				args = append(args, "-tags", s.Value)
			case s.Key == "CGO_ENABLED":
				env = append([]string{"CGO_ENABLED=" + s.Value}, env...)
			}
		}
	}
	bctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	start := time.Now()
	cmd := exec.CommandContext(bctx, goBin, append(args, ".")...)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	t.Logf("go %s: %v", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	return bin
}

// killServer is a running tourney serve process.
type killServer struct {
	url    string
	cmd    *exec.Cmd
	exited chan struct{} // closed when the process is reaped
	err    error         // Wait's error, once exited is closed
	log    *killBuffer
}

// killStart starts `tourney serve` on a free loopback port, with any extra
// flags, and waits until /healthz answers. The process is killed when the
// test ends, whatever happens.
func killStart(ctx context.Context, t *testing.T, bin, db, token string, extra ...string) *killServer {
	t.Helper()
	var lastLog string
	for attempt := 0; attempt < 3; attempt++ {
		addr := killFreeAddr(t)
		s := &killServer{url: "http://" + addr, exited: make(chan struct{}), log: &killBuffer{}}
		s.cmd = exec.Command(bin, append([]string{"serve", "--addr", addr, "--db", db}, extra...)...)
		s.cmd.Env = append(os.Environ(), "TOURNEY_DIRECTOR_TOKEN="+token)
		s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
		if err := s.cmd.Start(); err != nil {
			t.Fatalf("start %s: %v", bin, err)
		}
		go func() { s.err = s.cmd.Wait(); close(s.exited) }()
		t.Cleanup(func() { s.kill(t) })
		if s.waitHealthy(ctx) {
			return s
		}
		s.kill(t)
		lastLog = s.log.String()
		// The port may have been taken between choosing and listening.
	}
	t.Fatalf("tourney serve did not become healthy:\n%s", lastLog)
	return nil
}

// killFreeAddr is a loopback address with a port that was free a moment
// ago.
func killFreeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (s *killServer) waitHealthy(ctx context.Context) bool {
	client := &http.Client{Timeout: time.Second}
	defer client.CloseIdleConnections()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		select {
		case <-s.exited:
			return false
		default:
		}
		if res, err := client.Get(s.url + "/healthz"); err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return true
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	return false
}

// kill sends SIGKILL and reaps the process; it does nothing once the
// process is gone.
func (s *killServer) kill(t *testing.T) {
	select {
	case <-s.exited:
		return
	default:
	}
	if err := s.cmd.Process.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		t.Errorf("kill: %v", err)
	}
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		t.Errorf("the killed server was not reaped")
	}
}

// stop ends the last server of the test (it is killed too: a clean stop is
// serve_test.go's business).
func (s *killServer) stop(t *testing.T) { s.kill(t) }

// killBuffer collects the server's output.
type killBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (k *killBuffer) Write(p []byte) (int, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.b.Write(p)
}

func (k *killBuffer) String() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.b.String()
}

// killClient sends the test's own requests (not the stream's).
type killClient struct {
	base, token string
}

func killPost(ctx context.Context, client *http.Client, url, token string, body any) (int, []byte, error) {
	return killRequest(ctx, client, "POST", url, token, body)
}

func killRequest(ctx context.Context, client *http.Client, method, url, token string, body any) (int, []byte, error) {
	return killRequestWith(ctx, client, method, url, token, body, nil)
}

func killRequestWith(ctx context.Context, client *http.Client, method, url, token string, body any, header map[string]string) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return 0, nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, b, nil
}

// killDo sends one request that must succeed with the status and decodes
// its answer.
func killDo[T any](ctx context.Context, t *testing.T, c *killClient, method, path, token string, body any, status int) T {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	code, b, err := killRequest(ctx, client, method, c.base+path, token, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if code != status {
		t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, status, b)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s %s: decode %s: %v", method, path, b, err)
	}
	return v
}
