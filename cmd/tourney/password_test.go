package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
	"tourney/store"
)

// TestPasswordCommand: tourney password reads the password from standard
// input into the database; the service then signs in with it. A short
// one, none at all, or an extra argument is refused, changing nothing; so
// is a --db that does not exist, unless --create says to make it.
func TestPasswordCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	for _, tc := range []struct {
		args  []string
		stdin string
		code  int
		say   string
	}{
		{[]string{"password", "--db", db}, "a long enough password\n", 1, "does not exist"},
		{[]string{"password", "--db", db, "--create"}, "short\n", 1, "at least 10 characters"},
		{[]string{"password", "--db", db}, "", 1, "no password given"},
		{[]string{"password", "--db", db, "hunter2hunter2"}, "", 2, "read from standard input"},
		{[]string{"password", "--db", db}, "a long enough password\r\nignored line\n", 0, "director password set"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, strings.NewReader(tc.stdin), &out, &errb)
		if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.say) {
			t.Errorf("%v with %q: exit %d, %q %q; want %d saying %q", tc.args, tc.stdin, code, out.String(), errb.String(), tc.code, tc.say)
		}
	}
	// A file (not a terminal) is read as a line too: a new password.
	file := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(file, []byte("from a file, not a tty\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out, errb bytes.Buffer
	if code := run([]string{"password", "--db", db}, f, &out, &errb); code != 0 || strings.Contains(errb.String(), "Again") {
		t.Fatalf("from a file: exit %d, %q %q", code, out.String(), errb.String())
	}
	st, err := store.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := service.New(st)
	if _, err := svc.SignInWithPassword(t.Context(), "from a file, not a tty", "test"); err != nil {
		t.Fatalf("sign-in with the password set: %v", err)
	}
	if _, err := svc.SignInWithPassword(t.Context(), "a long enough password", "test"); service.AsError(err).Type != "bad-credentials" {
		t.Fatalf("the replaced password signed in: %v", err)
	}
	if _, err := svc.SignInWithPassword(t.Context(), "ignored line", "test"); service.AsError(err).Type != "bad-credentials" {
		t.Fatalf("the second line signed in: %v", err)
	}
}
