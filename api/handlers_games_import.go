package api

import (
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// importGCG replays a GCG record into a game with no turns yet
// (director). The body is the record itself (text/plain, any encoding
// the GCG reader knows); ?preview=1 shows the outcome without saving it,
// ?seats=bob,alice names the record's player of each seat in seat order,
// ?players=any imports a record whose players are not the game's.
func (s *Server) importGCG(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	in := service.GCGImportInput{Preview: p.queryFlag("preview")}
	if v := strings.TrimSpace(c.Query("seats")); v != "" {
		in.Seats = strings.Split(v, ",")
	}
	switch v := c.Query("players"); v {
	case "":
	case "any":
		in.AnyPlayers = true
	default:
		p.err = service.Errorf(service.KindInvalid, "bad-query", "?players= is any (import the record whatever its players' names), not %q", v)
	}
	if s.failed(c, p) {
		return
	}
	switch mt, _, _ := mime.ParseMediaType(c.GetHeader("Content-Type")); mt {
	case "", "text/plain", "application/octet-stream", "application/x-gcg":
	default:
		writeProblem(c, s.log, service.Errorf(kindUnsupportedMedia, "unsupported-media-type", "send the GCG record itself as text/plain, not %q", mt))
		return
	}
	body, err := requestBody(c)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	in.Text = body
	res, err := s.svc.ImportGCG(c.Request.Context(), actorOf(c), id, in)
	status := http.StatusCreated
	if in.Preview {
		status = http.StatusOK
	}
	s.respond(c, status, res, err)
}

// queryFlag reads an optional yes/no query parameter: 1 or true, 0 or
// false, absent for no.
func (p *params) queryFlag(name string) bool {
	switch v := p.c.Query(name); v {
	case "", "0", "false":
		return false
	case "1", "true":
		return true
	default:
		if p.err == nil {
			p.err = service.Errorf(service.KindInvalid, "bad-query", "?%s= is 1 (true) or 0 (false), not %q", name, v)
		}
		return false
	}
}
