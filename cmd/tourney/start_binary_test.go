package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

// TestDownloadedBinaryNoArguments is what a director who downloaded a
// release does: the pure-Go build (as in the archives), started with no
// arguments in an empty folder, with a home folder of its own. It must
// print the director page's address and token, keep its database in the
// data folder, serve the sign-in page, accept a tournament, a game and a
// turn, and stop cleanly on Ctrl+C.
func TestDownloadedBinaryNoArguments(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the pure-Go binary: skipped under -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	root := t.TempDir()
	bin := buildTourney(ctx, t, root, []string{"CGO_ENABLED=0"}, "-tags", "purego", "-trimpath")
	work, home := filepath.Join(root, "work"), filepath.Join(root, "home")
	for _, d := range []string{work, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}

	cmd := exec.Command(bin)
	cmd.Dir = work
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "TOURNEY_NO_BROWSER=1"}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	logs := &killBuffer{}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	page, token := readStarted(ctx, t, stdout, logs)
	t.Logf("no-argument start: %s, token %d characters", page, len(token))

	db := filepath.Join(home, ".local", "share", "tourney", "tourney.db")
	if _, err := os.Stat(db); err != nil {
		t.Errorf("database not in the data folder: %v", err)
	}
	// The window shows plain words; the JSON log goes to a file beside
	// the database.
	logFile := filepath.Join(filepath.Dir(db), "tourney.log")
	if data, err := os.ReadFile(logFile); err != nil || !strings.Contains(string(data), `"msg":"listening"`) {
		t.Errorf("log file %s: %v %q", logFile, err, data)
	}
	if strings.Contains(logs.String(), `{"time"`) {
		t.Errorf("JSON log lines in the window: %s", logs.String())
	}
	if left, _ := os.ReadDir(work); len(left) > 0 {
		t.Errorf("files left in the folder it was started from: %v", left)
	}
	signIn(ctx, t, page, token)

	base := strings.TrimSuffix(page, "/director")
	c := &killClient{base: base, token: token}
	_, tables := killSetup(ctx, t, c, 1)
	move := killScript(1)[0]
	in := service.TurnInput{Turn: 1, Player: 1, Kind: service.EventMove, Move: move}
	res := killDo[service.TurnResult](ctx, t, c, "POST", fmt.Sprintf("/api/v1/games/%d/turns", tables[0].game), tables[0].token, in, http.StatusCreated)
	if res.Turn != 1 {
		t.Errorf("turn entered: %+v", res)
	}

	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		exited <- err // for the cleanup
		if err != nil {
			t.Errorf("after Ctrl+C: %v\n%s", err, logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Errorf("still running 30 s after Ctrl+C")
	}
}

// readStarted reads the banner the no-argument mode prints.
func readStarted(ctx context.Context, t *testing.T, stdout io.Reader, logs *killBuffer) (page, token string) {
	t.Helper()
	found := make(chan [2]string, 1)
	go func() {
		var page, token string
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if v, ok := strings.CutPrefix(line, "Director page:"); ok {
				page = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "Director token:"); ok {
				token = strings.TrimSpace(v)
			}
			if strings.HasPrefix(line, "To stop:") {
				break
			}
		}
		found <- [2]string{page, token}
		io.Copy(io.Discard, stdout)
	}()
	select {
	case v := <-found:
		if v[0] == "" || v[1] == "" {
			t.Fatalf("no director page or token printed (page %q, token %q); log:\n%s", v[0], v[1], logs.String())
		}
		return v[0], v[1]
	case <-ctx.Done():
		t.Fatalf("nothing printed; log:\n%s", logs.String())
	}
	return "", ""
}

// signIn loads the director page, which asks for the token, and signs
// in with the printed one, as in a browser.
func signIn(ctx context.Context, t *testing.T, page, token string) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func() (int, string) {
		req, _ := http.NewRequestWithContext(ctx, "GET", page, nil)
		r, err := client.Do(req)
		if err != nil {
			t.Fatalf("GET %s: %v", page, err)
		}
		defer r.Body.Close()
		b, _ := io.ReadAll(r.Body)
		return r.StatusCode, string(b)
	}
	code, body := get()
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(body)
	if code != http.StatusOK || !strings.Contains(body, "Director token") || m == nil {
		t.Fatalf("GET %s: %d, want the sign-in form:\n%s", page, code, body)
	}
	form := url.Values{"csrf": {m[1]}, "token": {token}}
	req, _ := http.NewRequestWithContext(ctx, "POST", page, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r, err := client.Do(req)
	if err != nil {
		t.Fatalf("sign in: %v", err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in with the printed token: %d, want 303", r.StatusCode)
	}
	if code, body := get(); code != http.StatusOK && code != http.StatusSeeOther {
		t.Fatalf("director page after signing in: %d\n%s", code, body)
	}
}
