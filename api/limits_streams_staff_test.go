package api

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestStaffStreams: spectators from three addresses, one of them the
// director's and the tablet's (a hall's NAT), fill the spectators' places
// and that address's share; the director's console and a tablet signed in
// with its table's code still open their streams (200) from that address
// and hear the next change, while one more spectator is refused. The
// staff's own places are theirs: a tablet's code holds a few at most.
func TestStaffStreams(t *testing.T) {
	ts, srv, base, _ := streamsServerWith(t, Options{MaxStreams: 12, MaxStreamsPerAddress: 4, MaxStaffStreams: 20}, nil)
	f := bareFixture(t, ts)
	code := f.credential(1)
	public := fmt.Sprintf("%s/t/%d/updates", base, f.tournament)
	console := fmt.Sprintf("%s/api/v1/tournaments/%d/events", base, f.tournament)
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		for range 4 {
			status, body, closeStream := openEvents(t, clientFrom(ip), public, "")
			closers = append(closers, closeStream)
			if status != http.StatusOK {
				t.Fatalf("spectator from %s: %d %s", ip, status, body)
			}
		}
	}
	for _, tc := range []struct {
		from   string
		status int
		code   string
	}{{"127.0.0.2", 429, "too-many-streams"}, {"127.0.0.5", 503, "streams-full"}} {
		if status, body, _ := openEvents(t, clientFrom(tc.from), public, ""); status != tc.status || !strings.Contains(body, tc.code) {
			t.Fatalf("one more spectator from %s: %d %s, want %d %s", tc.from, status, body, tc.status, tc.code)
		}
	}

	// The director's console, from the spectators' full address.
	hear := map[string]*eventReader{}
	consoleStream, status := readEvents(t, clientFrom("127.0.0.2"), console, func(r *http.Request) {
		r.Header.Set("Authorization", "Bearer "+ts.Director)
	})
	closers = append(closers, consoleStream.close)
	if status != http.StatusOK {
		t.Fatalf("the console's stream with the spectators' places full: %d %s", status, consoleStream.body)
	}
	hear["console"] = consoleStream
	// A tablet signed in with its table's code, from the same address:
	// its page's follow stream is the public one, with its session cookie.
	tablet := browserFrom(t, base, 2)
	if r := tablet.get("/table/1?code=" + url.QueryEscape(code)); r.Status != http.StatusSeeOther {
		t.Fatalf("table sign-in: %d %s", r.Status, r.Body)
	}
	tabletStream, status := readEvents(t, tablet.c, public, nil)
	closers = append(closers, tabletStream.close)
	if status != http.StatusOK {
		t.Fatalf("the tablet's stream with the spectators' places full: %d %s", status, tabletStream.body)
	}
	hear["tablet"] = tabletStream
	srv.streams.mu.Lock()
	counts := [streamKinds]int{}
	for k, p := range srv.streams.pools {
		counts[k] = p.open
	}
	srv.streams.mu.Unlock()
	if want := [streamKinds]int{spectatorStreams: 12, directorStreams: 1, tabletStreams: 1}; counts != want {
		t.Fatalf("open streams by kind %v, want %v", counts, want)
	}

	// Both hear the next change.
	must[map[string]any](t, f.patch(f.tpath("/players/"+itoa(f.players[0])), f.Director,
		map[string]any{"name": "Ann Renamed", "reason": "spelling"}), http.StatusOK)
	for who, r := range hear {
		if !r.await("players") {
			t.Errorf("the %s's stream did not hear the renamed player", who)
		}
	}

	// A table's code holds a few streams, not the staff's places.
	for i := 1; ; i++ {
		r, status := readEvents(t, tablet.c, public, nil)
		closers = append(closers, r.close)
		if status == http.StatusOK {
			if i > streamsPerTablet {
				t.Fatalf("the tablet holds %d streams", i+1)
			}
			continue
		}
		if status != http.StatusTooManyRequests || !strings.Contains(r.body, "too-many-streams") || i != streamsPerTablet {
			t.Fatalf("the tablet's stream %d: %d %s", i+1, status, r.body)
		}
		break
	}
}

// eventReader reads an open event stream's lines as they come.
type eventReader struct {
	lines chan string
	body  string // a refusal's
	close func()
}

// readEvents opens an event stream (prepare sets the request's headers);
// a refusal's body is read in full.
func readEvents(t *testing.T, client *http.Client, url string, prepare func(*http.Request)) (*eventReader, int) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if prepare != nil {
		prepare(req)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r := &eventReader{lines: make(chan string, 64), close: func() { res.Body.Close() }}
	if res.StatusCode != http.StatusOK {
		var b strings.Builder
		_, _ = bufio.NewReader(res.Body).WriteTo(&b)
		res.Body.Close()
		r.body = b.String()
		return r, res.StatusCode
	}
	go func() {
		defer close(r.lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
	}()
	return r, res.StatusCode
}

// await waits up to 5 s for an event of the kind.
func (r *eventReader) await(kind string) bool {
	timeout := time.After(5 * time.Second)
	for {
		select {
		case line, ok := <-r.lines:
			if !ok {
				return false
			}
			if line == "event: "+kind {
				return true
			}
		case <-timeout:
			return false
		}
	}
}

// TestRefusedStreamLogged: a stream refused for a full cap, or for an
// address's share, is logged as a warning that names the limit (the
// request's line too is a warning), never as an internal error.
func TestRefusedStreamLogged(t *testing.T) {
	ts, _, base, tour := streamsServerWith(t, Options{MaxStreams: 2, MaxStreamsPerAddress: 1, MaxStaffStreams: 1}, nil)
	public := fmt.Sprintf("%s/t/%d/updates", base, tour)
	console := fmt.Sprintf("%s/api/v1/tournaments/%d/events", base, tour)
	var closers []func()
	defer func() {
		for _, c := range closers {
			c()
		}
	}()
	for _, st := range []struct {
		from, url, token string
		status           int
	}{
		{"127.0.0.2", public, "", 200},
		{"127.0.0.2", public, "", 429},
		{"127.0.0.3", public, "", 200},
		{"127.0.0.4", public, "", 503},
		{"127.0.0.2", console, ts.Director, 200},
		{"127.0.0.2", console, ts.Director, 503},
	} {
		status, body, c := openEvents(t, clientFrom(st.from), st.url, st.token)
		closers = append(closers, c)
		if status != st.status {
			t.Fatalf("from %s %s: %d %s, want %d", st.from, st.url, status, body, st.status)
		}
	}
	type line struct {
		Level, Msg, Code, Reason, Client string
		Status                           int
	}
	var refusals []line
	for _, s := range strings.Split(strings.TrimSpace(ts.Logs.String()), "\n") {
		var l line
		if json.Unmarshal([]byte(s), &l) != nil {
			continue
		}
		if l.Msg == "internal error" || l.Level == "ERROR" {
			t.Errorf("logged as a fault: %s", s)
		}
		if l.Msg == "request" && l.Status == 503 && l.Level != "WARN" {
			t.Errorf("a full cap's request line at %s: %s", l.Level, s)
		}
		if strings.HasPrefix(l.Msg, "refused: ") {
			refusals = append(refusals, l)
		}
	}
	want := []line{
		{"WARN", "refused: too-many-streams", "too-many-streams", "this address already has 1 live-update streams open", "127.0.0.2", 0},
		{"WARN", "refused: streams-full", "streams-full", "the 2 live-update streams it takes for spectators", "127.0.0.4", 0},
		{"WARN", "refused: streams-full", "streams-full", "the 1 live-update streams it takes for the directors' pages", "127.0.0.2", 0},
	}
	if len(refusals) != len(want) {
		t.Fatalf("refusals logged %+v, want %d", refusals, len(want))
	}
	for i, w := range want {
		g := refusals[i]
		if g.Level != w.Level || g.Msg != w.Msg || g.Code != w.Code || g.Client != w.Client || !strings.Contains(g.Reason, w.Reason) {
			t.Errorf("refusal %d logged %+v, want %+v", i, g, w)
		}
	}
}
