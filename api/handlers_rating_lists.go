package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// ratingListBody is the most POST /ratings-lists reads: a list of
// service.MaxRatingList bytes, its tabs and quotes escaped in JSON.
const ratingListBody = 2*service.MaxRatingList + 64<<10

// createRatingList stores a rating list in tsh's format (director).
func (s *Server) createRatingList(c *gin.Context) {
	var in service.RatingListInput
	p := parse(c)
	if p.body(&in); s.failed(c, p) {
		return
	}
	l, err := s.svc.CreateRatingList(c.Request.Context(), actorOf(c), in)
	s.respond(c, http.StatusCreated, l, err)
}

// listRatingLists are the stored rating lists: name, entries, when added.
func (s *Server) listRatingLists(c *gin.Context) {
	ls, err := s.svc.ListRatingLists(c.Request.Context(), actorOf(c))
	s.respond(c, http.StatusOK, nonNil(ls), err)
}
