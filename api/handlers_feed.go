package api

import (
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
// the live boards), with the version and the gzip made with it: a
// public read (sendAnswer).
func (s *Server) sendEncoded(c *gin.Context, contentType string, e *service.Encoded, err error) {
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	sendAnswer(c, readAnswer{contentType: contentType, body: e.Body, version: e.Version, gzip: e.Gzip})
}
