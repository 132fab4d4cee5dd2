package api

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"
)

// TestTokenSignInOpensItsOwnSession: signing in with the director token
// puts a session of its own in the cookie, never the token; signing out
// revokes it, so the copied cookie is worth nothing, while the director's
// token itself keeps working.
func TestTokenSignInOpensItsOwnSession(t *testing.T) {
	f := newFixture(t)
	b := directorSignIn(t, f)
	session := sessionOf(b, f.URL)
	if session == "" || session == f.Director {
		t.Fatalf("session cookie %q: want a token of its own, not the director's", session)
	}
	wantPage(t, b.get(fmt.Sprintf("/director/%d", f.tournament)), http.StatusOK)
	must[[]map[string]any](t, f.get(f.tpath("/credentials"), session), http.StatusOK)

	console := b.get(fmt.Sprintf("/director/%d", f.tournament))
	if r := b.postForm("/signout", url.Values{"csrf": {pageCSRF(t, console)}}); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-out: %d %s", r.Status, r.Body)
	}
	wantProblem(t, f.get(f.tpath("/credentials"), session), http.StatusUnauthorized, "bad-credentials")
	// A browser that kept the old cookie is signed out too.
	stale := newBrowser(t, f.URL)
	u, _ := url.Parse(f.URL)
	stale.c.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: session, Path: "/"}})
	if r := stale.get(fmt.Sprintf("/director/%d", f.tournament)); r.Status == http.StatusOK {
		t.Fatalf("the revoked session still opens the console")
	}
	must[[]map[string]any](t, f.get(f.tpath("/credentials"), f.Director), http.StatusOK)
}
