// Package templates holds the server-rendered pages (html/template) and
// their static assets (CSS, plain JavaScript), embedded in the binary.
package templates

import (
	"embed"
	"io/fs"
)

//go:embed *.html static
var files embed.FS

// FS is the pages' templates (*.html at the root) and static/ assets.
var FS fs.FS = files
