package api

import (
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"tourney/service"
)

// Public reads are what overlays, broadcasts and other sites' pages
// read: the tsh feed, the live boards, the highlights, the standings,
// statistics and prizes, and the public update stream. Any site may read
// them (CORS, without credentials: a signed-in caller's cookie never
// crosses to another site), with a preflight, HEAD, conditional requests
// (ETag and Last-Modified, both exposed to scripts) and gzip. A route
// becomes one with readable (or readableStream); a group of routes with
// publicRead as its middleware and publicMethods as the methods it
// answers.

// publicMethods are the methods a public read answers.
var publicMethods = []string{http.MethodGet, http.MethodHead, http.MethodOptions}

// What a preflight allows: the methods, and the headers a conditional
// fetch or an EventSource that reconnects sends. Browsers keep the
// answer for as long as Max-Age says (some cap it lower).
const (
	allowMethods = "GET, HEAD, OPTIONS"
	allowHeaders = "Accept, Cache-Control, If-Modified-Since, If-None-Match, Last-Event-ID"
	preflightAge = "86400"
)

// readable registers a public read: GET, HEAD and OPTIONS at path on g,
// publicRead in front of h.
func (s *Server) readable(g gin.IRoutes, path string, h gin.HandlerFunc) {
	g.Match(publicMethods, path, s.publicRead, h)
}

// readableStream registers a public event stream: GET, HEAD and OPTIONS
// at path on g, publicStream in front of h (which answers HEAD itself:
// the stream's headers, without opening it).
func readableStream(g gin.IRoutes, path string, h gin.HandlerFunc) {
	g.Match(publicMethods, path, publicStream, h)
}

// allowAnyOrigin lets a script on any site read the answer and its
// validators. Never with credentials.
func allowAnyOrigin(h http.Header) {
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", "ETag, Last-Modified")
}

// preflight answers OPTIONS: what a cross-site read may send.
func preflight(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("Allow", allowMethods)
	h.Set("Access-Control-Allow-Methods", allowMethods)
	h.Set("Access-Control-Allow-Headers", allowHeaders)
	h.Set("Access-Control-Max-Age", preflightAge)
	c.AbortWithStatus(http.StatusNoContent)
}

// publicStream opens an event stream to every site (its answer's head,
// set here, goes out with the stream's first write).
func publicStream(c *gin.Context) {
	allowAnyOrigin(c.Writer.Header())
	if c.Request.Method == http.MethodOptions {
		preflight(c)
	}
}

// publicRead opens a read to every site and answers it as sendAnswer
// does: the handler's answer is held (heldRead) and, when it is a
// success, sent with its version and gzipped when asked. An answer
// built once (sendEncoded) comes with its version and its gzip; another
// is given its ETag from its body and its Last-Modified from the
// versions seen (readVersions), and gzipped on the fly. A refusal goes
// as it is.
func (s *Server) publicRead(c *gin.Context) {
	allowAnyOrigin(c.Writer.Header())
	if c.Request.Method == http.MethodOptions {
		preflight(c)
		return
	}
	orig := c.Writer
	w := &heldRead{bufferWriter: bufferWriter{ResponseWriter: orig, status: http.StatusOK}}
	c.Writer = w
	defer func() { c.Writer = orig }() // a panic's problem goes to the real writer
	c.Next()
	c.Writer = orig
	switch {
	case w.answer != nil:
		sendAnswer(c, *w.answer)
	case w.status == http.StatusOK:
		body := w.body.Bytes()
		a := readAnswer{contentType: orig.Header().Get("Content-Type"), body: body,
			version: s.reads.of(readKey(c), service.ETagOf(body), time.Now())}
		if compressible(a.contentType) {
			a.gzip = func() []byte { return service.Gzip(body) }
		}
		sendAnswer(c, a)
	default:
		orig.WriteHeader(w.status)
		if c.Request.Method != http.MethodHead {
			_, _ = orig.Write(w.body.Bytes())
		}
	}
}

// heldRead holds a public read's answer for publicRead.
type heldRead struct {
	bufferWriter
	answer *readAnswer // one built once, handed over by sendAnswer
}

// readKey is what a read's versions are kept by: what was asked, and by
// whom (a signed-in caller may be shown more).
func readKey(c *gin.Context) string {
	return strconv.FormatInt(actorOf(c).Holder(), 10) + " " + c.Request.URL.RequestURI()
}

// compressible: a text answer (JSON, JavaScript, HTML, CSV), which gzip
// makes several times smaller; not an image, which it would not.
func compressible(contentType string) bool {
	ct, _, _ := strings.Cut(contentType, ";")
	ct = strings.TrimSpace(strings.ToLower(ct))
	return strings.HasPrefix(ct, "text/") || strings.HasSuffix(ct, "json") || strings.HasSuffix(ct, "javascript")
}

// maxReadVersions is how many reads' versions are kept; past it they are
// all forgotten (readVersions.of).
const maxReadVersions = 4096

// readVersions keeps the version of each public read last answered on
// the fly (by readKey), so that its Last-Modified is when the answer's
// body was first sent and moves only when the body changes. Forgotten
// (past maxReadVersions, or a restart), a read's Last-Modified moves on
// to the next answer, though its ETag stays.
type readVersions struct {
	mu    sync.Mutex
	by    map[string]service.Version
	since time.Time // when they were last forgotten (zero: never)
}

// of is the version of the answer to key whose body has etag, at now.
func (m *readVersions) of(key, etag string, now time.Time) service.Version {
	m.mu.Lock()
	defer m.mu.Unlock()
	prev, ok := m.by[key]
	if !ok {
		if m.by == nil || len(m.by) >= maxReadVersions {
			if m.by != nil {
				m.since = now
			}
			m.by = map[string]service.Version{}
		}
		prev = service.Version{Modified: m.since}
	}
	v := prev.Next(etag, now)
	m.by[key] = v
	return v
}
