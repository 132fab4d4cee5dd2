package publish

import (
	"bytes"
	"embed"
	"html/template"
)

//go:embed templates/*.html templates/style.css
var files embed.FS

// pages are the site's templates: each page a named template that
// starts with "top" and ends with "bottom".
var pages = template.Must(template.ParseFS(files, "templates/*.html"))

// render executes a page's template into the file at path.
func (s *site) render(path, name string, data any) error {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		return err
	}
	s.files[path] = buf.Bytes()
	if _, ok := s.files["style.css"]; !ok {
		css, err := files.ReadFile("templates/style.css")
		if err != nil {
			return err
		}
		s.files["style.css"] = css
	}
	return nil
}
