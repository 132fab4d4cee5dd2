package templates

import (
	"html/template"
	"io/fs"
	"testing"
)

// Every page parses together with the shared layout, and the assets the
// pages link are embedded.
func TestPagesParse(t *testing.T) {
	pages, err := fs.Glob(FS, "*.html")
	if err != nil || len(pages) < 5 {
		t.Fatalf("pages %v, %v", pages, err)
	}
	for _, p := range pages {
		if p == "layout.html" {
			continue
		}
		if _, err := template.ParseFS(FS, "layout.html", p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for _, a := range []string{"static/pages.css", "static/table-core.js", "static/table-board.js", "static/table-queue.js",
		"static/table-entry.js", "static/table-turns.js", "static/table-end.js", "static/table.js", "static/director.js"} {
		if b, err := fs.ReadFile(FS, a); err != nil || len(b) == 0 {
			t.Errorf("%s: %v", a, err)
		}
	}
}
