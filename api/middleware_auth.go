package api

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// actorKey holds the service.Actor of the request in the gin context.
const actorKey = "tourney.actor"

// authenticate finds who is asking: "Authorization: Bearer TOKEN" names a
// director or table credential, no header is the public, and a token the
// service does not know is refused. What each actor may do is for the
// service to decide.
func (s *Server) authenticate(c *gin.Context) {
	token, err := bearerToken(c.GetHeader("Authorization"))
	if err == nil {
		var a service.Actor
		if a, err = s.svc.CheckCredential(c.Request.Context(), service.GuardToken, token, c.ClientIP()); err == nil {
			c.Set(actorKey, a)
			c.Next()
			return
		}
	}
	writeProblem(c, s.log, err)
}

// bearerToken reads the token from an Authorization header; an absent
// header is the empty token (the public).
func bearerToken(header string) (string, error) {
	header = strings.TrimSpace(header)
	if header == "" {
		return "", nil
	}
	scheme, token, _ := strings.Cut(header, " ")
	token = strings.TrimSpace(token)
	if !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", service.Errorf(service.KindUnauthorized, "bad-credentials", "send the token as \"Authorization: Bearer TOKEN\"")
	}
	return token, nil
}

// actorOf is the request's actor; the public before authentication.
func actorOf(c *gin.Context) service.Actor {
	if a, ok := c.Get(actorKey); ok {
		return a.(service.Actor)
	}
	return service.Public
}

// logGuard logs a credential the guard refused (service.OnGuard): who
// (the client's address, an IPv6 client's /64), which kind, and why.
func (s *Server) logGuard(e service.GuardEvent) {
	s.log.LogAttrs(context.Background(), slog.LevelWarn, "credential refused",
		slog.String("client", e.From), slog.String("kind", e.Kind), slog.String("outcome", e.Outcome),
		slog.Int("failures", e.Failures), slog.Int("wait_seconds", int((e.Wait+time.Second-1)/time.Second)))
}
