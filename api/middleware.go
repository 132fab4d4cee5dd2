package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// replayedKey marks a request answered from a saved idempotent response.
const replayedKey = "tourney.replayed"

// logRequests writes one structured line per request, after it is
// answered, with the client's address (the peer's, or what a trusted
// proxy forwarded: see Options.TrustedProxies).
func (s *Server) logRequests(c *gin.Context) {
	start := time.Now()
	c.Next()
	status := c.Writer.Status()
	level := slog.LevelInfo
	switch {
	case status == http.StatusServiceUnavailable: // a limit reached (writeProblem), not a fault
		level = slog.LevelWarn
	case status >= 500:
		level = slog.LevelError
	}
	attrs := []slog.Attr{
		slog.String("method", c.Request.Method),
		slog.String("path", keptPath(c.Request.URL.Path)),
		slog.String("client", c.ClientIP()),
		slog.String("route", c.FullPath()),
		slog.Int("status", status),
		slog.Duration("duration", time.Since(start)),
		slog.String("actor", actorOf(c).Name()),
		slog.Int("bytes", max(c.Writer.Size(), 0)),
	}
	if c.GetBool(replayedKey) {
		attrs = append(attrs, slog.Bool("idempotent_replay", true))
	}
	s.log.LogAttrs(c.Request.Context(), level, "request", attrs...)
}

// panicked is a panic caught where a transaction had to be rolled back
// first, carried on to recoverPanics with the stack where it happened.
type panicked struct {
	value any
	stack []byte
}

func (p panicked) Error() string { return fmt.Sprintf("panic: %v", p.value) }

// recoverPanics turns a handler's panic into a logged 500 problem, so a
// bug costs one request and not the server.
func (s *Server) recoverPanics(c *gin.Context) {
	defer func() {
		v := recover()
		if v == nil {
			return
		}
		stack := debug.Stack()
		if p, ok := v.(panicked); ok {
			v, stack = p.value, p.stack
		}
		if v == http.ErrAbortHandler { // the client went away: nothing to answer
			panic(v)
		}
		s.log.ErrorContext(c.Request.Context(), "panic",
			"method", c.Request.Method, "path", keptPath(c.Request.URL.Path),
			"panic", fmt.Sprint(v), "stack", string(stack))
		if c.Writer.Written() {
			c.Abort()
			return
		}
		writeProblem(c, slog.New(slog.DiscardHandler), &service.Error{Kind: service.KindInternal, Type: "internal", Msg: "panic"})
	}()
	c.Next()
}
