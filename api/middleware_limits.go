package api

import (
	"errors"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// formBody is the most a page's form may send: a sign-in form is a token
// or a password and a CSRF field.
const formBody = 8 << 10

// uploadBodies are the API routes whose body is a file, with the most
// each takes; every other API route takes maxBody.
var uploadBodies = map[string]int64{
	"/api/v1/tournaments/:id/import.t":              maxBody,         // a .t file: a line for each player
	"/api/v1/games/:id/import.gcg":                  256 << 10,       // one game's record: a few KB, notes and all
	"/api/v1/tournaments/:id/players/:player/photo": photoUpload,     // a photo (handlers_photos.go)
	"/api/v1/tournaments/:id/photos":                photoFolderBody, // a folder of photos
	"/api/v1/ratings-lists":                         ratingListBody,  // a rating body's list (handlers_rating_lists.go)
}

// bodyLimit is the most a request's route reads of its body.
func bodyLimit(c *gin.Context) int64 {
	if !isAPI(c) {
		return formBody
	}
	if n, ok := uploadBodies[c.FullPath()]; ok {
		return n
	}
	return maxBody
}

func isAPI(c *gin.Context) bool { return strings.HasPrefix(c.Request.URL.Path, "/api/") }

// tooLarge is the answer to a body over its route's limit: for a page,
// in plain words.
func tooLarge(c *gin.Context) error {
	limit := bodyLimit(c)
	if !isAPI(c) {
		return service.Errorf(kindTooLarge, "body-too-large", "the form sent is too large (more than %s)", plainBytes(limit))
	}
	return service.Errorf(kindTooLarge, "body-too-large", "the request body is larger than %d bytes", limit)
}

// limitBodies refuses a request body over its route's limit (bodyLimit)
// with 413, without reading the rest of it: at once when its
// Content-Length says so, else as soon as the limit is passed. A page's
// form is read here, so that its handler's PostForm sees it; it must be
// URL-encoded (a multipart form is refused unread: no temporary files).
func (s *Server) limitBodies(pg *pages) gin.HandlerFunc {
	return func(c *gin.Context) {
		limit := bodyLimit(c)
		refuse := func(err error) {
			c.Header("Connection", "close") // the rest is not read
			if isAPI(c) {
				writeProblem(c, s.log, err)
			} else {
				pg.pageError(c, err)
				c.Abort()
			}
		}
		if c.Request.ContentLength > limit {
			refuse(tooLarge(c))
			return
		}
		if c.Request.Body == nil || c.Request.Body == http.NoBody {
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
		if isAPI(c) || c.Request.Method != http.MethodPost {
			return
		}
		if mt, _, _ := mime.ParseMediaType(c.GetHeader("Content-Type")); mt == "multipart/form-data" {
			refuse(service.Errorf(kindUnsupportedMedia, "unsupported-media-type", "send the form as it is on the page"))
			return
		}
		var big *http.MaxBytesError
		switch err := c.Request.ParseForm(); {
		case errors.As(err, &big):
			refuse(tooLarge(c))
		case err != nil:
			refuse(service.Errorf(service.KindInvalid, "unreadable-body", "the form sent could not be read"))
		}
	}
}

// plainBytes is a size in KB or MB, as people read it.
func plainBytes(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", (n+1023)>>10)
}

// noStore keeps every answer out of caches (API answers carry newly
// issued codes, pages carry CSRF tokens), unless its route sets caching
// of its own; the static files are left to the browser.
func noStore(c *gin.Context) {
	if !strings.HasPrefix(c.Request.URL.Path, "/static/") {
		c.Header("Cache-Control", "no-store")
	}
}
