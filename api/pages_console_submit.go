package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// consoleSubmit is the "Submit results" page: for each rating body, what
// its file needs, what is missing, and the file to download.
func (p *pages) consoleSubmit(c *gin.Context) {
	a, cp, ok := p.consoleFrame(c, "/submit", "Submit results")
	if !ok {
		return
	}
	st, err := p.s.svc.SubmissionCheck(c.Request.Context(), a, cp.Tournament.ID)
	if err != nil {
		p.pageError(c, err)
		return
	}
	p.render(c, http.StatusOK, "director_submit", struct {
		consolePage
		Status *service.SubmissionStatus
	}{cp, st})
}
