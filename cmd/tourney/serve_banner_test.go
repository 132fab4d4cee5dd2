package main

import (
	"encoding/json"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// tokenLine starts the banner's line with the director token.
const tokenLine = "Director token (shown once): "

// splitBanner splits serve's output into the banner, which must come
// first and hold no JSON, and the log lines after it, each of which must
// be JSON.
func splitBanner(t *testing.T, out string) (banner string, logLines []string) {
	t.Helper()
	before, after, ok := strings.Cut(out, logFollows+"\n")
	if !ok {
		t.Fatalf("no banner ending %q:\n%s", logFollows, out)
	}
	for _, line := range strings.Split(before, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "{") {
			t.Fatalf("a log line %q before the banner's end:\n%s", line, out)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(after), "\n") {
		if line == "" {
			continue
		}
		if !json.Valid([]byte(line)) {
			t.Fatalf("after the banner, %q is not a JSON log line:\n%s", line, out)
		}
		logLines = append(logLines, line)
	}
	return before, logLines
}

// bannerToken is the token the banner shows, in its block of its own: a
// rule above and a note under, a blank line around; "" when there is none.
func bannerToken(t *testing.T, banner string) string {
	t.Helper()
	lines := strings.Split(banner, "\n")
	for i, line := range lines {
		tok, ok := strings.CutPrefix(strings.TrimSpace(line), tokenLine)
		if !ok {
			continue
		}
		if i < 2 || i+3 > len(lines) || strings.Trim(strings.TrimSpace(lines[i-1]), "-") != "" || strings.TrimSpace(lines[i-2]) != "" ||
			!strings.Contains(lines[i+1], "Write it down") || strings.Trim(strings.TrimSpace(lines[i+2]), "-") != "" {
			t.Fatalf("the token is not in a block of its own:\n%s", banner)
		}
		if tok == "" || strings.ContainsAny(tok, " {}\"") {
			t.Fatalf("token %q", tok)
		}
		return tok
	}
	return ""
}

// The banner says where the server is and what database it keeps, in
// plain lines before any log line, with the director token in a block
// of its own on the first start only.
func TestServeBanner(t *testing.T) {
	db := filepath.Join(t.TempDir(), "tourney.db")
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: db, Lexicons: t.TempDir()}
	for i, first := range []bool{true, false} {
		url, stderr, stop := startServe(t, cfg)
		if err := stop(); err != nil {
			t.Fatal(err)
		}
		banner, logLines := splitBanner(t, stderr.String())
		host := strings.TrimPrefix(url, "http://")
		for _, want := range []string{"tourney is running.", "Listening on:  " + host, "Director page: " + url + "/director", "Database:      " + db} {
			if !strings.Contains(banner, want) {
				t.Errorf("start %d: the banner lacks %q:\n%s", i+1, want, banner)
			}
		}
		if tok := bannerToken(t, banner); (tok != "") != first {
			t.Errorf("start %d: token %q in the banner:\n%s", i+1, tok, banner)
		}
		// The lexicon line, logged before the server listened, waited for
		// the banner; the token is in no log line.
		if len(logLines) < 3 || !strings.Contains(logLines[0], `"msg":"lexicons"`) {
			t.Errorf("start %d: the log after the banner: %q", i+1, logLines)
		}
		for _, l := range logLines {
			if strings.Contains(l, "token") {
				t.Errorf("start %d: a log line speaks of the token: %s", i+1, l)
			}
		}
	}
}

// A first start that fails after making the director's credential (the
// port is taken) still shows the token, which no later start would, and
// the log lines held for the banner.
func TestServeFailedStartShowsToken(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	stderr := &lockedBuffer{}
	cfg := serveConfig{Addr: busy.Addr().String(), DB: filepath.Join(t.TempDir(), "t.db"), Lexicons: t.TempDir()}
	err = serve(t.Context(), cfg, stderr, nil)
	var opErr *net.OpError
	if !errors.As(err, &opErr) {
		t.Fatalf("serve on a busy port: %v", err)
	}
	out := stderr.String()
	if !strings.Contains(out, tokenLine) || !strings.Contains(out, `"msg":"lexicons"`) {
		t.Fatalf("after the failed start:\n%s", out)
	}
}
