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
//
// The director's session and a tablet's live in cookies of their own, so
// that signing a browser in as a table never signs its director out: the
// CSRF token a page sends says which of the two the request acts as
// (pageSession).
const (
	sessionCookie   = "tourney_session" // the director's page session
	tableCookie     = "tourney_table"   // a tablet's session
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

// secureCookies: cookies go out Secure over TLS, and whenever the public
// URL is https (see Options.PublicURL).
func secureCookies(c *gin.Context) bool { return c.Request.TLS != nil || c.GetBool(secureKey) }

// setCookie keeps a session in the named cookie (sessionCookie,
// tableCookie); an empty token clears it.
func setCookie(c *gin.Context, name, token string) {
	age := sessionLifetime
	if token == "" {
		age = -1
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: token, Path: "/", MaxAge: age,
		HttpOnly: true, Secure: secureCookies(c), SameSite: http.SameSiteStrictMode,
	})
}

// setSession keeps the director's session in its cookie.
func setSession(c *gin.Context, token string) { setCookie(c, sessionCookie, token) }

func clearSession(c *gin.Context) { setCookie(c, sessionCookie, "") }

// cookieValue is the named cookie's value, if any.
func cookieValue(c *gin.Context, name string) string {
	ck, err := c.Request.Cookie(name)
	if err != nil {
		return ""
	}
	return ck.Value
}

// sessionToken is the credential in the director's session cookie, if
// any.
func sessionToken(c *gin.Context) string { return cookieValue(c, sessionCookie) }

// tabletToken is the credential in the tablet's cookie, if any; legacy:
// it is in the director's cookie, where tablets signed in before the two
// had cookies of their own keep it (the table's page moves it).
func tabletToken(c *gin.Context) (token string, legacy bool) {
	if t := cookieValue(c, tableCookie); t != "" {
		return t, false
	}
	t := sessionToken(c)
	return t, t != ""
}

// sessionEndedKey marks, in a request's context, a cookie naming a
// session past its time: the sign-in form says so.
const sessionEndedKey = "tourney.session-ended"

// pageActor is who the director's session cookie names; the public
// without one or with a token no longer valid.
func (s *Server) pageActor(c *gin.Context) (service.Actor, string) {
	return s.cookieActor(c, sessionToken(c))
}

// tabletActor is who the tablet's cookie names (tabletToken).
func (s *Server) tabletActor(c *gin.Context) (service.Actor, string) {
	token, _ := tabletToken(c)
	return s.cookieActor(c, token)
}

func (s *Server) cookieActor(c *gin.Context, token string) (service.Actor, string) {
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

// pageSession lets the API take a session cookie as a bearer token, but
// only with the session's CSRF token, which also says whose the request
// is when the browser holds both the director's and a tablet's: the
// session whose token the page sent. A request that names its own
// Authorization is left alone. A state-changing request with a cookie
// and no valid CSRF token is refused; a read without it is the public's.
func (s *Server) pageSession(c *gin.Context) {
	director, tablet := sessionToken(c), cookieValue(c, tableCookie)
	if director == "" && tablet == "" || c.GetHeader("Authorization") != "" {
		c.Next()
		return
	}
	got := c.GetHeader(csrfHeader)
	safe := c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead
	if got == "" && safe {
		got = c.Query(csrfQuery)
	}
	for _, token := range []string{director, tablet} {
		if token != "" && validCSRF(token, got) {
			c.Request.Header.Set("Authorization", "Bearer "+token)
			c.Next()
			return
		}
	}
	if got != "" || !safe {
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
