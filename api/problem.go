package api

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Kinds only the HTTP layer produces: they are about the request as HTTP,
// not about tournaments, so the service has no word for them.
const (
	kindMethodNotAllowed service.Kind = "method-not-allowed" // 405
	kindTooLarge         service.Kind = "too-large"          // 413
	kindUnsupportedMedia service.Kind = "unsupported-media"  // 415
)

// Media types of every answer.
const (
	mediaJSON    = "application/json"
	mediaProblem = "application/problem+json"
)

// internalDetail is all a client learns about a fault of ours; the cause
// goes to the log.
const internalDetail = "something went wrong on our side; please try again, and tell the director if it keeps happening"

// statusFor is the one place an error's kind becomes an HTTP status, with
// the title every problem of that status carries.
func statusFor(k service.Kind) (status int, title string) {
	switch k {
	case service.KindInvalid:
		return http.StatusBadRequest, "The request is not valid"
	case service.KindRule:
		return http.StatusUnprocessableEntity, "The rules do not allow this"
	case service.KindNotFound:
		return http.StatusNotFound, "Not found"
	case service.KindConflict:
		return http.StatusConflict, "Conflict with the current state"
	case service.KindUnauthorized:
		return http.StatusUnauthorized, "Sign in needed"
	case service.KindForbidden:
		return http.StatusForbidden, "Not allowed with these credentials"
	case service.KindRateLimited:
		return http.StatusTooManyRequests, "Too many requests"
	case service.KindUnavailable:
		return http.StatusServiceUnavailable, "Not done in time"
	case kindMethodNotAllowed:
		return http.StatusMethodNotAllowed, "Method not allowed"
	case kindTooLarge:
		return http.StatusRequestEntityTooLarge, "The request body is too large"
	case kindUnsupportedMedia:
		return http.StatusUnsupportedMediaType, "Send JSON"
	}
	return http.StatusInternalServerError, "Internal error"
}

// problem is an RFC 9457 problem details document, with the error's slug
// as code and, for some errors, the state the client should now show.
type problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail"`
	Code   string `json:"code"`
	State  any    `json:"state,omitempty"`
	// Line is the line of an uploaded file the problem is at (a GCG
	// record's), when there is one.
	Line int `json:"line,omitempty"`
}

// problemFor turns any error into the problem document to send. Internal
// errors keep their cause out of it.
func problemFor(err error) problem {
	e := service.AsError(err)
	status, title := statusFor(e.Kind)
	if status == http.StatusInternalServerError {
		return problem{Type: "/problems/internal", Title: title, Status: status, Detail: internalDetail, Code: "internal"}
	}
	p := problem{Type: "/problems/" + e.Type, Title: title, Status: status, Detail: e.Msg, Code: e.Type}
	if e.Detail != nil {
		p.State = e.Detail
	}
	if at, ok := e.Detail.(interface{ ProblemLine() int }); ok {
		p.Line = at.ProblemLine()
	}
	return p
}

// writeProblem sends err as application/problem+json, logging the cause
// of a fault of ours as an error, and a refusal for a limit reached (a
// 503 or 429: a full stream cap, a busy database) as a warning that
// names it.
func writeProblem(c *gin.Context, log *slog.Logger, err error) {
	p := problemFor(err)
	switch {
	case p.Status == http.StatusServiceUnavailable || p.Status == http.StatusTooManyRequests:
		log.WarnContext(c.Request.Context(), "refused: "+p.Code,
			"method", c.Request.Method, "path", keptPath(c.Request.URL.Path), "client", c.ClientIP(), "code", p.Code, "reason", p.Detail)
	case p.Status >= 500:
		log.ErrorContext(c.Request.Context(), "internal error",
			"method", c.Request.Method, "path", keptPath(c.Request.URL.Path), "err", err.Error())
	}
	body, merr := json.Marshal(p)
	if merr != nil { // a State that cannot be encoded: send the rest
		p.State = nil
		body, _ = json.Marshal(p)
	}
	if p.Status == http.StatusTooManyRequests || p.Status == http.StatusServiceUnavailable {
		setRetryAfter(c, err)
	}
	writeBody(c, p.Status, mediaProblem, body)
	c.Abort()
}

// writeJSON sends v as JSON.
func writeJSON(c *gin.Context, log *slog.Logger, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		writeProblem(c, log, err)
		return
	}
	writeBody(c, status, mediaJSON, body)
}

// writeBody sends a finished body. A 401 says how to authenticate
// (RFC 9110 requires it), also when it is replayed.
func writeBody(c *gin.Context, status int, contentType string, body []byte) {
	if status == http.StatusUnauthorized {
		c.Header("WWW-Authenticate", `Bearer realm="tourney"`)
	}
	c.Data(status, contentType, body)
}

// waitWords says a too-many-attempts error's wait in plain words: "a
// second", "8 seconds", "5 minutes".
func waitWords(err error) string {
	ra, _ := service.AsError(err).Detail.(service.RetryAfter)
	switch n := max(ra.Seconds, 1); {
	case n == 1:
		return "a second"
	case n < 90:
		return strconv.Itoa(n) + " seconds"
	default:
		return strconv.Itoa((n+59)/60) + " minutes"
	}
}

// setRetryAfter sets Retry-After on an answer to a rate-limited request
// (the error's RetryAfter detail), in whole seconds.
func setRetryAfter(c *gin.Context, err error) {
	var ra service.RetryAfter
	switch d := service.AsError(err).Detail.(type) {
	case service.RetryAfter:
		ra = d
	case *service.RetryAfter:
		ra = *d
	default:
		return
	}
	c.Header("Retry-After", strconv.Itoa(max(ra.Seconds, 1)))
}
