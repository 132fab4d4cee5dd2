package api

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// mediaJS is the tsh feed's type: JavaScript, as tsh's tourney.js.
const mediaJS = "application/javascript; charset=utf-8"

// tourneyJS sends the tournament's tsh feed (public, for overlays and
// broadcasts: any site may read it), answering 304 to a reader that
// holds the current one. Readers poll it, so it is revalidated, never
// stored unchecked.
func (s *Server) tourneyJS(c *gin.Context) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	f, err := s.svc.TourneyJS(c.Request.Context(), id)
	s.sendEncoded(c, mediaJS, f, err)
}

// sendEncoded sends an answer built once for every reader (the tsh feed,
// the live boards): public, readable from any site (overlays and
// broadcasts), revalidated rather than stored unchecked, and 304 to a
// reader that holds the current one.
func (s *Server) sendEncoded(c *gin.Context, contentType string, e *service.Encoded, err error) {
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	h := c.Writer.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", e.ETag)
	if etagMatches(c.GetHeader("If-None-Match"), e.ETag) {
		c.Status(http.StatusNotModified)
		return
	}
	c.Data(http.StatusOK, contentType, e.Body)
}

// etagMatches reports whether an If-None-Match header names etag (weak
// comparison, as RFC 9110 has it for If-None-Match; "*" matches).
func etagMatches(header, etag string) bool {
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}
