package api

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Pages sign in once and keep the credential in an HttpOnly cookie. The
// API accepts that cookie as the credential only together with the
// session's CSRF token (X-CSRF-Token, or ?csrf= on a GET such as an
// EventSource, which cannot send headers): a page of another site can
// make the browser send the cookie but cannot read the token.
const (
	sessionCookie   = "tourney_session"
	loginCSRFCookie = "tourney_login"
	csrfHeader      = "X-CSRF-Token"
	csrfQuery       = "csrf"
	// sessionLifetime is the cookie's: the server ends a director's
	// session sooner (service.SessionIdle, SessionMax); a tablet's lasts
	// until the director ends it or replaces the table's code.
	sessionLifetime  = 30 * 24 * 60 * 60 // seconds
	loginCSRFSeconds = 60 * 60
)

// csrfFor is the CSRF token bound to a session: an HMAC keyed by the
// session's own secret, so it needs no server state and cannot be made
// without the cookie.
func csrfFor(token string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte("tourney page csrf v1"))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func validCSRF(token, got string) bool {
	return got != "" && hmac.Equal([]byte(csrfFor(token)), []byte(got))
}

// setSession keeps a credential in the session cookie.
// secureCookies: cookies go out Secure over TLS, and whenever the public
// URL is https (see Options.PublicURL).
func secureCookies(c *gin.Context) bool { return c.Request.TLS != nil || c.GetBool(secureKey) }

func setSession(c *gin.Context, token string) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", MaxAge: sessionLifetime,
		HttpOnly: true, Secure: secureCookies(c), SameSite: http.SameSiteStrictMode,
	})
}

func clearSession(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: secureCookies(c), SameSite: http.SameSiteStrictMode,
	})
}

// sessionToken is the credential in the session cookie, if any.
func sessionToken(c *gin.Context) string {
	ck, err := c.Request.Cookie(sessionCookie)
	if err != nil {
		return ""
	}
	return ck.Value
}

// sessionEndedKey marks, in a request's context, a cookie naming a
// session past its time: the sign-in form says so.
const sessionEndedKey = "tourney.session-ended"

// pageActor is who the session cookie names; the public without one or
// with a token no longer valid.
func (s *Server) pageActor(c *gin.Context) (service.Actor, string) {
	token := sessionToken(c)
	if token == "" {
		return service.Public, ""
	}
	a, err := s.svc.CheckCredential(c.Request.Context(), service.GuardToken, token, c.ClientIP())
	if err != nil {
		c.Set(sessionEndedKey, service.AsError(err).Type == "session-ended")
		return service.Public, ""
	}
	return a, token
}

// crossSite reports whether the browser marked the request as made by
// another site's page (Sec-Fetch-Site): such a request may carry a
// credential its user never typed.
func crossSite(c *gin.Context) bool {
	return c.GetHeader("Sec-Fetch-Site") == "cross-site"
}

// pageSession lets the API take the session cookie as a bearer token, but
// only with the session's CSRF token. A request that names its own
// Authorization is left alone. A state-changing request with the cookie
// and no valid CSRF token is refused; a read without it is the public's.
func (s *Server) pageSession(c *gin.Context) {
	token := sessionToken(c)
	if token == "" || c.GetHeader("Authorization") != "" {
		c.Next()
		return
	}
	got := c.GetHeader(csrfHeader)
	safe := c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead
	if got == "" && safe {
		got = c.Query(csrfQuery)
	}
	switch {
	case validCSRF(token, got):
		c.Request.Header.Set("Authorization", "Bearer "+token)
	case got != "" || !safe:
		writeProblem(c, s.log, service.Errorf(service.KindForbidden, "csrf-required",
			"a request signed in by the page's cookie must carry the page's %s header", csrfHeader))
		return
	}
	c.Next()
}

// loginCSRF issues the double-submit token of a sign-in form: a random
// value in a short-lived cookie and in the form's hidden field.
func loginCSRF(c *gin.Context) string {
	if ck, err := c.Request.Cookie(loginCSRFCookie); err == nil && len(ck.Value) >= 32 {
		return ck.Value
	}
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	v := base64.RawURLEncoding.EncodeToString(b)
	http.SetCookie(c.Writer, &http.Cookie{
		Name: loginCSRFCookie, Value: v, Path: "/director", MaxAge: loginCSRFSeconds,
		HttpOnly: true, Secure: secureCookies(c), SameSite: http.SameSiteStrictMode,
	})
	return v
}

func checkLoginCSRF(c *gin.Context) bool {
	ck, err := c.Request.Cookie(loginCSRFCookie)
	return err == nil && ck.Value != "" && hmac.Equal([]byte(ck.Value), []byte(c.PostForm("csrf")))
}
