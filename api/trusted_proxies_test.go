package api

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

// TestForwardedHeadersOnlyFromTrustedProxies: the sign-in limiter counts
// the peer's address. Made-up X-Forwarded-For addresses from a peer that
// is not a trusted proxy change nothing (the eleventh guess is limited,
// and so is the right password then); behind a trusted proxy each
// forwarded client has its own count.
func TestForwardedHeadersOnlyFromTrustedProxies(t *testing.T) {
	for _, tc := range []struct {
		name     string
		proxies  []string
		limited  bool
		rightOne int // status of the right password after the guesses
	}{
		{"no proxy trusted", nil, true, http.StatusTooManyRequests},
		{"the test's address trusted", []string{"127.0.0.1/32", "::1"}, false, http.StatusSeeOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ts := newTestServer(t)
			ts.Svc.PasswordIterations = 1000
			const pw = "a long director password"
			if err := ts.Svc.SetDirectorPassword(t.Context(), pw); err != nil {
				t.Fatal(err)
			}
			h, err := NewWith(ts.Svc, nil, Options{TrustedProxies: tc.proxies})
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			t.Cleanup(srv.Close)
			b := newBrowser(t, srv.URL)
			try := func(typed string, i int) response {
				form := b.get("/director")
				m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(form.Body)
				if m == nil {
					t.Fatalf("no csrf field:\n%s", form.Body)
				}
				return b.do("POST", "/director", strings.NewReader(url.Values{"csrf": {string(m[1])}, "token": {typed}}.Encode()),
					map[string]string{"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": fmt.Sprintf("203.0.113.%d", i+1)})
			}
			limited := false
			for i := range 14 {
				if r := try(fmt.Sprintf("wrong guess %d", i), i); r.Status == http.StatusTooManyRequests {
					limited = true
				}
			}
			if limited != tc.limited {
				t.Fatalf("limited %v, want %v", limited, tc.limited)
			}
			if r := try(pw, 20); r.Status != tc.rightOne {
				t.Fatalf("the right password after the guesses: %d, want %d", r.Status, tc.rightOne)
			}
		})
	}
	if _, err := NewWith(service.New(nil), nil, Options{TrustedProxies: []string{"not an address"}}); err == nil {
		t.Fatal("a proxy that is no address was accepted")
	}
}

// TestSecureCookiesUnderHTTPSPublicURL: behind a TLS proxy the requests
// arrive as plain HTTP; with an https public URL the session and sign-in
// cookies go out Secure all the same, and without one they do not.
func TestSecureCookiesUnderHTTPSPublicURL(t *testing.T) {
	for _, tc := range []struct {
		public string
		secure bool
	}{{"", false}, {"http://club.local:8080", false}, {"https://scores.example.org", true}} {
		ts := newTestServer(t)
		h, err := NewWith(ts.Svc, nil, Options{PublicURL: tc.public})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		b := newBrowser(t, srv.URL)
		form := b.get("/director")
		m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(form.Body)
		if m == nil {
			t.Fatalf("no csrf field:\n%s", form.Body)
		}
		r := b.postForm("/director", url.Values{"csrf": {string(m[1])}, "token": {ts.Director}})
		cookies := append(form.Header.Values("Set-Cookie"), r.Header.Values("Set-Cookie")...)
		if len(cookies) < 2 {
			t.Fatalf("%q: cookies %q", tc.public, cookies)
		}
		for _, ck := range cookies {
			if strings.Contains(ck, "; Secure") != tc.secure {
				t.Errorf("public URL %q: cookie %q, want Secure %v", tc.public, ck, tc.secure)
			}
		}
	}
	for _, bad := range []string{"ftp://x", "scores.example.org", "https://"} {
		if _, err := NewWith(service.New(nil), nil, Options{PublicURL: bad}); err == nil {
			t.Errorf("public URL %q accepted", bad)
		}
	}
}
