package api

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// The files a director sends the rating bodies after the event: WESPA's
// .TOU, NASPA's tsh archive, ABSP's config.tsh and .t files as a zip.

func (s *Server) submissionTOU(c *gin.Context) {
	s.sendSubmission(c, "submission.tou", mediaText, s.svc.SubmissionTOU)
}

func (s *Server) submissionArchive(c *gin.Context) {
	s.sendSubmission(c, "submission.t", mediaText, s.svc.SubmissionArchive)
}

func (s *Server) submissionABSP(c *gin.Context) {
	s.sendSubmission(c, "submission-absp.zip", "application/zip", s.svc.SubmissionABSP)
}

// sendSubmission sends one submission file as an attachment.
func (s *Server) sendSubmission(c *gin.Context, file, media string, make func(context.Context, service.Actor, int64) ([]byte, error)) {
	p := parse(c)
	id := p.id("id")
	if s.failed(c, p) {
		return
	}
	data, err := make(c.Request.Context(), actorOf(c), id)
	if err != nil {
		writeProblem(c, s.log, err)
		return
	}
	c.Header("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, file))
	c.Data(http.StatusOK, media, data)
}
