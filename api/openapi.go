package api

import (
	_ "embed"
	"net/http"

	"github.com/gin-gonic/gin"
)

// openapiDoc describes every route; a test holds it and the router to
// each other.
//
//go:embed openapi.json
var openapiDoc []byte

func (s *Server) openapi(c *gin.Context) {
	writeBody(c, http.StatusOK, mediaJSON, openapiDoc)
}
