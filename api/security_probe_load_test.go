package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tourney/service"
)

// probeConcurrency sends one turn many times at once: with one
// Idempotency-Key, every copy gets the same 201 and the turn is recorded
// once; without, one is recorded and the rest refused as stale (409).
func probeConcurrency(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	n := 111
	if testing.Short() {
		n = 20
	}
	before := len(w.view(w.game).Turns)
	send := func(in turn, header map[string]string) []response {
		answers := make([]response, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				answers[i] = w.send(req{method: "POST", path: gpath(w.game, "/turns"), token: w.table, body: in, header: header})
			}()
		}
		wg.Wait()
		return answers
	}
	keyed := send(turn{Turn: 2, Player: 2, Move: "7C GALE"}, withKey("probe-same-turn"))
	same := 0
	for _, a := range keyed {
		if a.Status == http.StatusCreated && bytes.Equal(a.Body, keyed[0].Body) {
			same++
		} else {
			t.Errorf("a keyed repeat: %d %.200s", a.Status, a.Body)
		}
	}
	after := len(w.view(w.game).Turns)
	if after != before+1 {
		t.Errorf("%d keyed copies recorded %d turns, want 1", n, after-before)
	}
	bare := send(turn{Turn: 3, Player: 1, Move: "E3 JAVE..N"}, nil)
	statuses := map[int]int{}
	for _, a := range bare {
		statuses[a.Status]++
		if a.Status == http.StatusConflict && a.Header.Get("Content-Type") != "application/problem+json" {
			t.Errorf("a refused copy is not a problem: %s", a.Body)
		}
	}
	if statuses[http.StatusCreated] != 1 || statuses[http.StatusConflict] != n-1 {
		t.Errorf("%d copies without a key: %v, want one 201 and the rest 409", n, statuses)
	}
	final := len(w.view(w.game).Turns)
	if final != after+1 {
		t.Errorf("%d copies without a key recorded %d turns, want 1", n, final-after)
	}
	rep.add("\n3. Concurrency: one turn sent %d times at once by table 1", n)
	rep.add("   with one Idempotency-Key: %d of %d answered the same 201; turns recorded: %d", same, n, after-before)
	rep.add("   without a key: %s; turns recorded: %d", statusList(statuses), final-after)
}

// probeLockout: wrong bearer tokens, table codes and passwords from many
// loopback addresses slow those addresses (429), and lock nobody out: the
// director's token, a page session and a tablet session still work from
// every address, the guessing ones included.
func probeLockout(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	w.Svc.PasswordIterations = 1000 // the real work factor is for real passwords
	if err := w.Svc.SetDirectorPassword(t.Context(), "correct horse battery"); err != nil {
		t.Fatal(err)
	}
	page := sessionOf(directorSignIn(t, w.fixture), w.URL)
	addresses, rounds := 12, 12
	if testing.Short() {
		addresses, rounds = 10, 4
	}
	kinds := []string{"bearer token", "table code as a token", "table code on the page", "password"}
	var mu sync.Mutex
	counts := map[string]map[int]int{}
	for _, k := range kinds {
		counts[k] = map[int]int{}
	}
	var wg sync.WaitGroup
	for n := 2; n < 2+addresses; n++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := browserFrom(t, w.URL, n)
			for i := range rounds {
				answers := []response{
					b.do("GET", "/api/v1/tournaments", nil, bearer(fmt.Sprintf("guess-%d-%d-long-enough-to-look-random", n, i))),
					b.do("GET", "/api/v1/tournaments", nil, bearer(fmt.Sprintf("ABCDE-%05d", n*100+i))),
					b.get(fmt.Sprintf("/table/1?code=WRONG-%d%d", n, i)),
					signInWith(t, b, fmt.Sprintf("guess %d %d", n, i)),
				}
				mu.Lock()
				for k, r := range answers {
					counts[kinds[k]][r.Status]++
					if r.Status != http.StatusUnauthorized && r.Status != http.StatusTooManyRequests {
						t.Errorf("a wrong %s from 127.0.0.%d: %d", kinds[k], n, r.Status)
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	worked := 0
	for n := 1; n < 2+addresses; n++ {
		from := fmt.Sprintf("127.0.0.%d", n)
		checks := []struct {
			what string
			r    response
			want int
		}{
			{"the director's token", browserFrom(t, w.URL, n).do("GET", w.tpath("/credentials"), nil, bearer(w.Director)), http.StatusOK},
			{"the director's token at the sign-in form", signInWith(t, browserFrom(t, w.URL, n), w.Director), http.StatusSeeOther},
			{"the director's page session", withSession(browserFrom(t, w.URL, n), w.URL, page).get(fmt.Sprintf("/director/%d", w.tournament)), http.StatusOK},
			{"table 1's tablet session", withSession(browserFrom(t, w.URL, n), w.URL, w.tabletSess).get("/table/1"), http.StatusOK},
		}
		for _, c := range checks {
			if c.r.Status != c.want {
				t.Errorf("%s: %s: %d, want %d", from, c.what, c.r.Status, c.want)
			} else {
				worked++
			}
		}
		tb := withSession(browserFrom(t, w.URL, n), w.URL, w.tabletSess)
		if r := tb.do("GET", gpath(w.game, ""), nil, map[string]string{csrfHeader: pageCSRF(t, tb.get("/table/1"))}); r.Status != http.StatusOK {
			t.Errorf("%s: the tablet's session on the API: %d", from, r.Status)
		} else {
			worked++
		}
	}
	total, slowed := 0, 0
	rep.add("\n4. Lockout: wrong credentials from %d loopback addresses (127.0.0.2-%d), %d of each kind from each", addresses, 1+addresses, rounds)
	for _, k := range kinds {
		sum := 0
		for _, c := range counts[k] {
			sum += c
		}
		total += sum
		slowed += counts[k][http.StatusTooManyRequests]
		rep.add("   %-24s %4d sent: %s", k, sum, statusList(counts[k]))
	}
	rep.add("   %d wrong credentials, %d answered 429; afterwards, from each of %d addresses (the guessing ones and 127.0.0.1), the director's token on the API and at the sign-in form, page session, tablet session page and tablet session on the API: %d of %d worked",
		total, slowed, addresses+1, worked, 5*(addresses+1))
	r := browserFrom(t, w.URL, 2+addresses).get("/table/1?code=" + url.QueryEscape(w.table))
	if r.Status != http.StatusSeeOther {
		t.Errorf("table 1's code from an address that did not guess: %d", r.Status)
	}
	rep.add("   table 1's code from 127.0.0.%d, which did not guess: %d (signed in)", 2+addresses, r.Status)
}

// probeJudge: while their games are played, a table's word judge is
// refused, about the words on its own board and others, with the play
// open to challenge and after a pass; the director's judge answers.
func probeJudge(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	asToken := func(token, word string) func() response {
		return func() response { return w.post(w.tpath("/judge"), token, map[string]any{"words": []string{word}}) }
	}
	tablet1 := withSession(browserFrom(t, w.URL, 1), w.URL, w.tabletSess)
	csrf1 := pageCSRF(t, tablet1.get("/table/1"))
	asTablet := func() response {
		return tablet1.postJSON(w.tpath("/judge"), `{"words":["WINDY"]}`, map[string]string{csrfHeader: csrf1})
	}
	pass := func() {
		must[service.TurnResult](t, w.enter(w.game, w.table, turn{Turn: 2, Player: 2, Move: "-"}), http.StatusCreated)
	}
	cases := []struct {
		who    string
		before func()
		ask    func() response
		code   string
	}{
		{"table 1's code, its board's word", nil, asToken(w.table, "WINDY"), "challenge-open"},
		{"table 1's code, a word off its board", nil, asToken(w.table, "QI"), "challenge-open"},
		{"table 1's tablet session, its board's word", nil, asTablet, "challenge-open"},
		{"table 2's code, its board's word", nil, asToken(w.code2, "WINDY"), "challenge-open"},
		{"table 1's code after a pass, its board's word", pass, asToken(w.table, "WINDY"), "game-in-progress"},
		{"table 1's tablet session after the pass", nil, asTablet, "game-in-progress"},
	}
	refused := 0
	var lines []string
	for _, c := range cases {
		if c.before != nil {
			c.before()
		}
		r := c.ask()
		var p problemDoc
		_ = json.Unmarshal(r.Body, &p)
		if r.Status != http.StatusForbidden || r.Header.Get("Content-Type") != "application/problem+json" || p.Code != c.code {
			t.Errorf("%s: %d %s, want 403 %s", c.who, r.Status, r.Body, c.code)
		} else {
			refused++
		}
		lines = append(lines, fmt.Sprintf("%s: %d %s", c.who, r.Status, p.Code))
	}
	d := must[service.JudgeResult](t, w.post(w.tpath("/judge"), w.Director, map[string]any{"words": []string{"WINDY"}}), http.StatusOK)
	lines = append(lines, fmt.Sprintf("the director: 200 %s", d.Verdict))
	rep.add("\n5. Judge during a game (tables 1 and 2 have each played WINDY): %d of %d table requests refused", refused, len(cases))
	for _, l := range lines {
		rep.add("   %s", l)
	}
}

// probeStreams opens 1,000 spectators' live-update streams (the server's
// default limit) from 25 loopback addresses, 40 each (under the 50 an
// address may hold), and 100 consoles' (4 from each address, counted
// apart), measures the server's heap before, with them open and after
// they close, checks that /healthz answers meanwhile, that the 1,001st
// spectator's is refused with 503, and that a console's still opens.
func probeStreams(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	const addresses, each, consoles = 25, 40, 4
	n := addresses * (each + consoles)
	addr := strings.TrimPrefix(w.URL, "http://")
	public := fmt.Sprintf("GET /t/%d/updates HTTP/1.1\r\nHost: x\r\n\r\n", w.tournament)
	console := fmt.Sprintf("GET /api/v1/tournaments/%d/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", w.tournament, w.Director)
	w.jobDone(t) // its printing is not what is measured
	before, goroutines := heapInUse(), runtime.NumGoroutine()
	conns := make([]net.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	buf := make([]byte, 1024)
	open := func(ip string, request string) (string, net.Conn) {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("from %s: %v", ip, err)
		}
		fmt.Fprint(c, request)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		got := ""
		for !strings.Contains(got, ": watching") && !strings.Contains(got, "}") {
			k, err := c.Read(buf)
			got += string(buf[:k])
			if err != nil {
				break
			}
		}
		return got, c
	}
	for a := range addresses {
		ip := fmt.Sprintf("127.0.1.%d", 10+a)
		for i := range each + consoles {
			request := public
			if i%11 == 0 {
				request = console
			}
			got, c := open(ip, request)
			conns = append(conns, c)
			if !strings.HasPrefix(got, "HTTP/1.1 200") {
				t.Fatalf("stream %d from %s: %q", len(conns), ip, got)
			}
		}
	}
	if w.srv.streams.count() != n {
		t.Fatalf("%d streams open, want %d", w.srv.streams.count(), n)
	}
	withOpen, openGoroutines := heapInUse(), runtime.NumGoroutine()
	hc := &http.Client{Timeout: 2 * time.Second, Transport: clientFrom("127.0.1.200").Transport}
	start := time.Now()
	res, err := hc.Get(w.URL + "/healthz")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("healthz with %d streams open: %v %v", n, res, err)
	}
	res.Body.Close()
	healthz := time.Since(start)
	refusal, c := open("127.0.1.201", public)
	c.Close()
	if !strings.HasPrefix(refusal, "HTTP/1.1 503") || !strings.Contains(refusal, "streams-full") || !strings.Contains(refusal, "Retry-After: 30") {
		t.Errorf("spectator's stream %d: %q, want 503 streams-full with Retry-After", addresses*each+1, refusal)
	}
	staff, c := open("127.0.1.201", console)
	c.Close()
	if !strings.HasPrefix(staff, "HTTP/1.1 200") {
		t.Errorf("a console's stream with the spectators' places full: %q", staff)
	}
	for _, c := range conns {
		c.Close()
	}
	conns = conns[:0]
	eventually(t, "every stream given back", func() bool { return w.srv.streams.count() == 0 && w.Svc.Watchers() == 0 })
	eventually(t, "the goroutines gone", func() bool { return runtime.NumGoroutine() <= goroutines+5 })
	after := heapInUse()
	rep.add("\n6. Streams: %d live-update streams (%d console, %d public) from %d loopback addresses, %d each", n, addresses*consoles, addresses*each, addresses, each+consoles)
	rep.add("   server heap in use (after GC): %.1f MB before, %.1f MB with them open (%.1f KB a stream), %.1f MB after they closed", mb(before), mb(withOpen), float64(withOpen-before)/float64(n)/1024, mb(after))
	rep.add("   goroutines: %d before, %d open (%.1f a stream), all given back; /healthz answered 200 in %v with them open", goroutines, openGoroutines, float64(openGoroutines-goroutines)/float64(n), healthz.Round(time.Microsecond))
	rep.add("   spectator's stream %d: %s; a console's then: %s", addresses*each+1, strings.SplitN(refusal, "\r\n", 2)[0], strings.SplitN(staff, "\r\n", 2)[0])
}

// probeForms sends a 20 MB sign-in form, with its length declared and
// chunked, over a bare connection that goes on writing until the answer
// comes: 413 with most of the form never sent.
func probeForms(t *testing.T, rep *probeReport) {
	w := newProbeWorld(t)
	const size = 20 << 20
	// The same handler behind a listener that counts what it reads.
	hs := httptest.NewUnstartedServer(w.Handler)
	ln := &countingListener{Listener: hs.Listener}
	hs.Listener = ln
	hs.Start()
	t.Cleanup(hs.Close)
	rep.add("\n7. Forms: a 20 MB sign-in form (loopback's socket buffers take the first few MB from the client whatever the server does; of a chunked body net/http drains up to 256 KB when it closes the request)")
	for _, path := range []string{"/director", "/table/1"} {
		for _, declared := range []bool{true, false} {
			ln.read.Store(0)
			status, at, sent := sendHugeForm(t, strings.TrimPrefix(hs.URL, "http://"), path, size, declared)
			read := ln.read.Load()
			how := "chunked"
			if declared {
				how = fmt.Sprintf("Content-Length: %d", size)
			}
			// A chunked body's rest is drained, up to net/http's 256 KB, when
			// the request is closed; never the whole form.
			if !strings.HasPrefix(status, "HTTP/1.1 413") || sent >= size || read > 300<<10 {
				t.Errorf("%s (%s): %q with %d bytes sent, %d read; want 413 before the whole form, with little read", path, how, status, sent, read)
			}
			rep.add("   POST %-9s %-26s %s; %d KB of the 20,480 written when the answer came, %d KB before the server hung up; the server read %d KB", path, "("+how+"):", status, at>>10, sent>>10, read>>10)
		}
	}
}

// sendHugeForm writes a form of size bytes to path from 127.0.2.1 while
// reading the answer's status line; it returns that line, how many bytes
// of the form had been written when it came, and how many in all before
// the server hung up.
func sendHugeForm(t *testing.T, addr, path string, size int64, declared bool) (status string, atAnswer, written int64) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 2, 1)}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	head := "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
	if declared {
		head += fmt.Sprintf("Content-Length: %d\r\n\r\n", size)
	} else {
		head += "Transfer-Encoding: chunked\r\n\r\n"
	}
	if _, err := io.WriteString(c, head); err != nil {
		t.Fatal(err)
	}
	var sent atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		chunk := []byte("a=" + strings.Repeat("b", 64<<10-2))
		for sent.Load() < size {
			var err error
			if !declared {
				_, err = fmt.Fprintf(c, "%x\r\n", len(chunk))
			}
			if err == nil {
				var n int
				n, err = c.Write(chunk)
				sent.Add(int64(n))
			}
			if err == nil && !declared {
				_, err = io.WriteString(c, "\r\n")
			}
			if err != nil {
				return
			}
		}
	}()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		t.Fatalf("%s: no answer: %v", path, err)
	}
	at := sent.Load()
	select { // the server hangs up: the writing stops
	case <-done:
	case <-time.After(10 * time.Second):
		t.Errorf("%s: still writing the form 10 s after the answer", path)
	}
	return strings.TrimSpace(line), at, sent.Load()
}

// countingListener counts the bytes read from its connections.
type countingListener struct {
	net.Listener
	read atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c, read: &l.read}, nil
}

type countingConn struct {
	net.Conn
	read *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}
