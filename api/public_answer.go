package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// gzipMin is the smallest answer sent gzipped: below it the saving is a
// few hundred bytes, not worth a compressor.
const gzipMin = 1024

// readAnswer is a public read's success: its body and version, and how to
// have it gzipped (nil: never).
type readAnswer struct {
	contentType string
	body        []byte
	version     service.Version
	gzip        func() []byte
	// cacheControl, when set, replaces "no-cache": an answer at a name
	// that never holds another (a photo's path changes with the photo).
	cacheControl string
}

// sendAnswer sends a public read's success: revalidated rather than
// stored unchecked, with its ETag and Last-Modified; 304 to a reader that
// holds it; gzipped for a reader that takes gzip, its ETag then weak (the
// same content, other bytes); the headers alone to HEAD. Within
// publicRead it hands the answer over to be sent there.
func sendAnswer(c *gin.Context, a readAnswer) {
	if w, ok := c.Writer.(*heldRead); ok {
		w.answer = &a
		return
	}
	h := c.Writer.Header()
	switch {
	case a.cacheControl != "":
		h.Set("Cache-Control", a.cacheControl)
	case actorOf(c).Holder() == 0:
		h.Set("Cache-Control", "no-cache")
	default:
		h.Set("Cache-Control", "private, no-cache") // what a signed-in caller may see is theirs
	}
	body, etag := a.body, a.version.ETag
	zip := a.gzip != nil && len(body) >= gzipMin
	if zip {
		h.Add("Vary", "Accept-Encoding")
		if zip = acceptsGzip(c.GetHeader("Accept-Encoding")); zip {
			etag = "W/" + etag
		}
	}
	h.Set("ETag", etag)
	h.Set("Last-Modified", a.version.Modified.UTC().Format(http.TimeFormat))
	if notModified(c.Request, a.version) {
		h.Del("Content-Type")
		c.Status(http.StatusNotModified)
		return
	}
	if zip {
		body = a.gzip()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Type", a.contentType)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	c.Status(http.StatusOK)
	if c.Request.Method != http.MethodHead {
		_, _ = c.Writer.Write(body)
	}
}

// notModified reports whether the reader holds version v, by its
// conditional headers (RFC 9110 13.2.2): If-None-Match if there is one,
// else If-Modified-Since. That names whole seconds, so it counts only
// when it is after v's second, or is v's second and no other body was
// made in it (v.SameSecond); a time to come is no time a copy was made.
func notModified(r *http.Request, v service.Version) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		return etagMatches(inm, v.ETag)
	}
	ims := r.Header.Get("If-Modified-Since")
	if ims == "" {
		return false
	}
	t, err := http.ParseTime(ims)
	if err != nil || t.After(time.Now()) {
		return false
	}
	held, made := t.Unix(), v.Modified.Unix()
	return held > made || (held == made && !v.SameSecond)
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

// acceptsGzip reports whether an Accept-Encoding header takes gzip: by
// name, else by "*", with a weight above zero.
func acceptsGzip(header string) bool {
	named, star := -1.0, -1.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			if k, val, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
					q = f
				}
			}
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "gzip", "x-gzip":
			named = q
		case "*":
			star = q
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}
