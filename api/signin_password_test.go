package api

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"tourney/service"
)

// sessionOf is the session a browser's cookies hold: the director's,
// else a tablet's.
func sessionOf(b *browser, base string) string {
	if s := cookieOf(b, base, sessionCookie); s != "" {
		return s
	}
	return cookieOf(b, base, tableCookie)
}

// cookieOf is the value of a browser's named cookie ("": none).
func cookieOf(b *browser, base, name string) string {
	u, _ := url.Parse(base)
	for _, c := range b.c.Jar.Cookies(u) {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// TestDirectorPassword: a password set (as tourney password does) signs
// the director in to the pages with a session token of its own, which
// sign-out revokes; a wrong one is refused plainly; the password is no
// bearer token; a new password signs out the old one's sessions; and
// guessing is limited per address.
func TestDirectorPassword(t *testing.T) {
	f := newFixture(t)
	f.Svc.PasswordIterations = 1000 // the real work factor is for real passwords
	ctx := t.Context()
	if err := f.Svc.SetDirectorPassword(ctx, "short"); service.AsError(err).Type != "weak-password" {
		t.Fatalf("a 5-character password: %v", err)
	}
	if err := f.Svc.SetDirectorPassword(ctx, "long enough\x00but hidden"); service.AsError(err).Type != "bad-password" {
		t.Fatalf("a password with a NUL: %v", err)
	}
	const pw = "  correct horse battery " // spaces are part of it
	if err := f.Svc.SetDirectorPassword(ctx, pw); err != nil {
		t.Fatal(err)
	}

	b := newBrowser(t, f.URL)
	if r := signInWith(t, b, pw); r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/director" {
		t.Fatalf("password sign-in: %d %s", r.Status, r.Body)
	}
	session := sessionOf(b, f.URL)
	if session == "" || session == pw {
		t.Fatalf("session cookie %q: want a token of its own", session)
	}
	if r := b.get(fmt.Sprintf("/director/%d", f.tournament)); r.Status != http.StatusOK {
		t.Fatalf("console after a password sign-in: %d", r.Status)
	}
	// The session token is a director token: the API takes it too.
	must[service.Tournament](t, f.patch(f.tpath(""), session, map[string]any{"name": "Renamed"}), http.StatusOK)

	wantPage(t, signInWith(t, newBrowser(t, f.URL), "correct horse battery"), http.StatusUnauthorized, "neither the director&#39;s token nor the director&#39;s password")
	wantProblem(t, f.get(f.tpath("/credentials"), pw), http.StatusUnauthorized, "bad-credentials")

	// Sign-out revokes the session's token.
	console := b.get(fmt.Sprintf("/director/%d", f.tournament))
	if r := b.postForm("/signout", url.Values{"csrf": {pageCSRF(t, console)}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-out: %d %s", r.Status, r.Body)
	}
	wantProblem(t, f.get(f.tpath("/credentials"), session), http.StatusUnauthorized, "bad-credentials")

	// A new password ends the sessions of the old one; the old one fails.
	b2 := newBrowser(t, f.URL)
	signInWith(t, b2, pw)
	open := sessionOf(b2, f.URL)
	must[[]service.Credential](t, f.get(f.tpath("/credentials"), open), http.StatusOK)
	if err := f.Svc.SetDirectorPassword(ctx, "another long password"); err != nil {
		t.Fatal(err)
	}
	wantProblem(t, f.get(f.tpath("/credentials"), open), http.StatusUnauthorized, "bad-credentials")
	wantPage(t, signInWith(t, newBrowser(t, f.URL), pw), http.StatusUnauthorized)
	if r := signInWith(t, newBrowser(t, f.URL), "another long password"); r.Status != http.StatusSeeOther {
		t.Fatalf("the new password: %d", r.Status)
	}
	// The token still signs in.
	directorSignIn(t, f)

	// Guessing: a few wrong tries from one address, then waits that grow
	// (guard_test.go). Some wrong tries above came from this address (the
	// test's) already (a session used after sign-out is not a guess: it
	// was valid once).
	g := newBrowser(t, f.URL)
	for i := 0; i < 10; i++ {
		if r := signInWith(t, g, fmt.Sprintf("guess number %d", i)); r.Status != http.StatusUnauthorized && r.Status != http.StatusTooManyRequests {
			t.Fatalf("guess %d: %d", i, r.Status)
		}
	}
	wantPage(t, signInWith(t, g, "another long password"), http.StatusTooManyRequests, "Too many wrong tries from here: wait ", "second", "then sign in again.")
}
