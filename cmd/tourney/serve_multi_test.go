package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"tourney/service"
	"tourney/store/pgtest"
)

// TestTwoServersOnePostgres runs two real servers on one PostgreSQL
// database, as behind a load balancer, and checks that what one does the
// other knows at once: a turn entered on one reaches the console watching
// the other within a second; the same Idempotency-Key sent to both records
// one turn and gets one answer; a table code revoked on one stops working
// on the other.
func TestTwoServersOnePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts two servers: skipped under -short")
	}
	db := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin := killBuild(ctx, t, dir)
	token := "multi-test-director-" + fmt.Sprint(rand.Uint64())
	a := killStart(ctx, t, bin, db, token)
	b := killStart(ctx, t, bin, db, token)
	ca, cb := &killClient{base: a.url, token: token}, &killClient{base: b.url, token: token}
	tour, tables := killSetup(ctx, t, ca, 2)
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	script := killScript(4)
	turn := func(tb *killTable, n int) service.TurnInput {
		return service.TurnInput{Turn: n, Player: 2 - n%2, Kind: service.EventMove, Move: script[n-1]}
	}

	t.Run("a turn entered on one reaches the console of the other", func(t *testing.T) {
		events := watchEvents(ctx, t, b.url+fmt.Sprintf("/api/v1/tournaments/%d/events", tour.ID), token)
		start := time.Now()
		killDo[service.TurnResult](ctx, t, ca, "POST", fmt.Sprintf("/api/v1/games/%d/turns", tables[0].game), tables[0].token, turn(tables[0], 1), http.StatusCreated)
		select {
		case ev := <-events:
			if !strings.Contains(ev, fmt.Sprintf(`"game_id":%d`, tables[0].game)) {
				t.Errorf("event %q is not about game %d", ev, tables[0].game)
			}
			t.Logf("seen on the other server %v after the turn was sent", time.Since(start).Round(time.Millisecond))
		case <-time.After(time.Second):
			t.Fatal("no event on the other server within a second")
		}
	})

	t.Run("one Idempotency-Key sent to both records one turn", func(t *testing.T) {
		tb := tables[1]
		url := fmt.Sprintf("/api/v1/games/%d/turns", tb.game)
		type answer struct {
			status int
			body   string
		}
		answers := make([]answer, 2)
		var wg sync.WaitGroup
		for i, srv := range []string{a.url, b.url} {
			wg.Go(func() {
				status, body, err := killRequestKey(ctx, client, srv+url, tb.token, "same-key-1", turn(tb, 1))
				if err != nil {
					t.Error(err)
				}
				answers[i] = answer{status, string(body)}
			})
		}
		wg.Wait()
		if answers[0] != answers[1] || answers[0].status != http.StatusCreated {
			t.Errorf("answers differ or failed:\n%d %s\n%d %s", answers[0].status, answers[0].body, answers[1].status, answers[1].body)
		}
		for _, c := range []*killClient{ca, cb} {
			v := killDo[service.GameView](ctx, t, c, "GET", fmt.Sprintf("/api/v1/games/%d", tb.game), token, nil, http.StatusOK)
			if len(v.Turns) != 1 {
				t.Errorf("%s: %d turns recorded, want 1", c.base, len(v.Turns))
			}
		}
	})

	t.Run("a table code revoked on one stops working on the other", func(t *testing.T) {
		tb := tables[0]
		game := fmt.Sprintf("/api/v1/games/%d", tb.game)
		// b has the code in its cache from a request of its own.
		killDo[service.GameView](ctx, t, cb, "GET", game, tb.token, nil, http.StatusOK)
		killDo[service.Credential](ctx, t, ca, "POST", fmt.Sprintf("/api/v1/tournaments/%d/credentials/%d/revoke", tour.ID, tb.cred), token,
			map[string]any{"reason": "tablet lost"}, http.StatusOK)
		status, body, err := killRequest(ctx, client, "GET", b.url+game, tb.token, nil)
		if err != nil || status != http.StatusUnauthorized {
			t.Errorf("the revoked code on the other server: status %d (%v): %s", status, err, body)
		}
	})
	a.stop(t)
	b.stop(t)
}

// TestServeKillOneOfTwoOnPostgres kills one of two servers sharing a
// PostgreSQL database in the middle of a stream of turns: every turn it
// acknowledged is there, read through the other.
func TestServeKillOneOfTwoOnPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and kills it: skipped under -short")
	}
	db := pgtest.URL(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	bin := killBuild(ctx, t, t.TempDir())
	token := "kill-pg-director-" + fmt.Sprint(rand.Uint64())
	a := killStart(ctx, t, bin, db, token)
	b := killStart(ctx, t, bin, db, token)
	_, tables := killSetup(ctx, t, &killClient{base: a.url, token: token}, 6)
	script := killScript(140)
	acked := killStream(ctx, t, a, tables, script)
	cb := &killClient{base: b.url, token: token}
	inFlight := 0
	for i, tb := range tables {
		inFlight += killCheck(ctx, t, cb, i+1, tb, script)
	}
	t.Logf("%d turns acknowledged before the kill, %d more found committed whose answer was lost", acked, inFlight)
	b.stop(t)
}

// watchEvents reads a server-sent event stream, sending each event's data.
func watchEvents(ctx context.Context, t *testing.T, url, token string) <-chan string {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: status %d", url, res.StatusCode)
	}
	t.Cleanup(func() { res.Body.Close() })
	out := make(chan string, 16)
	sc := bufio.NewScanner(res.Body)
	sc.Scan() // ": watching": the watch is in place
	go func() {
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				out <- data
			}
		}
	}()
	return out
}

func killRequestKey(ctx context.Context, client *http.Client, url, token, key string, body any) (int, []byte, error) {
	return killRequestWith(ctx, client, "POST", url, token, body, map[string]string{"Idempotency-Key": key})
}
