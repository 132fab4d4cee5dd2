package api

import (
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"tourney/service"
	"tourney/templates"
)

// pages renders the server-side pages: the table's tablet page, the
// director's console and the public standings. Their JavaScript calls
// the JSON API with the session cookie and its CSRF token.
type pages struct {
	s    *Server
	tmpl map[string]*template.Template
}

func newPages(s *Server) *pages {
	p := &pages{s: s, tmpl: map[string]*template.Template{}}
	names, err := fs.Glob(templates.FS, "*.html")
	if err != nil {
		panic(err)
	}
	for _, file := range names {
		if name := strings.TrimSuffix(file, ".html"); name != "layout" {
			p.tmpl[name] = template.Must(template.ParseFS(templates.FS, "layout.html", file))
		}
	}
	return p
}

func (p *pages) routes(r *gin.Engine) {
	static, err := fs.Sub(templates.FS, "static")
	if err != nil {
		panic(err)
	}
	r.StaticFS("/static", http.FS(static))
	p.tableRoutes(r)
	p.consoleRoutes(r)
	p.publicRoutes(r)
}

// page is what every template's head needs. Styles are stylesheets of
// the page's own under /static/, linked after pages.css.
type page struct {
	Title, BodyClass, CSRF string
	Refresh                int
	Styles                 []string
}

func (p *pages) render(c *gin.Context, status int, name string, data any) {
	c.Header("Cache-Control", "no-store")
	c.Header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'")
	c.Header("X-Content-Type-Options", "nosniff")
	c.Status(status)
	c.Header("Content-Type", "text/html; charset=utf-8")
	if err := p.tmpl[name].ExecuteTemplate(c.Writer, name+".html", data); err != nil {
		p.s.log.ErrorContext(c.Request.Context(), "render page", "page", name, "err", err.Error())
	}
}

// pageError shows a problem as a page.
func (p *pages) pageError(c *gin.Context, err error) {
	status := problemFor(err).Status
	p.render(c, status, "signin", signInPage{page: page{Title: "Something is wrong"}, Error: problemFor(err).Detail,
		Method: "get", Action: c.Request.URL.Path, Label: "Code", Field: "code"})
}

type signInPage struct {
	page
	Error, Method, Action, Label, Field, FormCSRF string
	// CodeBox: a table code, typed in a plain box (not hidden), or read
	// from the card's link by the page's script.
	CodeBox bool
	// Ask: the table's question before signing in with a card's code.
	Ask tableAsk
}

func isKind(err error, k service.Kind) bool {
	var e *service.Error
	return errors.As(err, &e) && e.Kind == k
}
