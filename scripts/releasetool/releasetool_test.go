package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestEscapePath(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"github.com/gin-gonic/gin", "github.com/gin-gonic/gin"},
		{"github.com/BurntSushi/toml", "github.com/!burnt!sushi/toml"},
	} {
		if got := escapePath(c.in); got != c.want {
			t.Errorf("escapePath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestIsLicenseFile(t *testing.T) {
	for name, want := range map[string]bool{
		"LICENSE": true, "License": true, "LICENSE.md": true, "COPYING": true, "SQLITE-LICENSE": true,
		"NOTICE": true, "PATENTS": true, "README.md": false, "go.mod": false, "notices.go": false,
	} {
		if got := isLicenseFile(name); got != want {
			t.Errorf("isLicenseFile(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestModuleDir: a module replaced by a directory of the repository
// (third_party/gofpdf) has its license there, not in the module cache.
func TestModuleDir(t *testing.T) {
	cache, main := filepath.FromSlash("/cache"), filepath.FromSlash("/src/tourney")
	for _, c := range []struct {
		m    debug.Module
		want string
	}{
		{debug.Module{Path: "github.com/gin-gonic/gin", Version: "v1.12.0"}, "/cache/github.com/gin-gonic/gin@v1.12.0"},
		{debug.Module{Path: "github.com/BurntSushi/toml", Version: "v1.0.0"}, "/cache/github.com/!burnt!sushi/toml@v1.0.0"},
		{debug.Module{Path: "./third_party/gofpdf", Version: "(devel)"}, "/src/tourney/third_party/gofpdf"},
		{debug.Module{Path: "../fork/gofpdf", Version: "(devel)"}, "/src/fork/gofpdf"},
	} {
		if got := moduleDir(cache, main, &c.m); got != filepath.FromSlash(c.want) {
			t.Errorf("moduleDir(%s) = %q, want %q", c.m.Path, got, filepath.FromSlash(c.want))
		}
	}
}

// TestArchive: both kinds hold the folder's files under its name, the
// executable still executable.
func TestArchive(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tourney-1.0.0-os-arch")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]os.FileMode{"tourney": 0o755, "README.md": 0o644}
	for name, mode := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("content of "+name), mode); err != nil {
			t.Fatal(err)
		}
	}
	for _, ext := range []string{".zip", ".tar.gz"} {
		t.Run(ext, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "a"+ext)
			if err := archive(out, dir); err != nil {
				t.Fatal(err)
			}
			got := readArchive(t, out)
			if len(got) != len(files) {
				t.Errorf("%d entries, want %d: %v", len(got), len(files), got)
			}
			for name, mode := range files {
				if m, ok := got["tourney-1.0.0-os-arch/"+name]; !ok || m != mode {
					t.Errorf("%s: mode %v (present %v), want %v", name, m, ok, mode)
				}
			}
		})
	}
	if err := archive(filepath.Join(t.TempDir(), "a.rar"), dir); err == nil || !strings.Contains(err.Error(), ".zip or .tar.gz") {
		t.Errorf("a .rar: %v", err)
	}
}

// readArchive lists an archive's entries with their permissions.
func readArchive(t *testing.T, path string) map[string]os.FileMode {
	t.Helper()
	out := map[string]os.FileMode{}
	if strings.HasSuffix(path, ".zip") {
		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		for _, f := range zr.File {
			out[f.Name] = f.Mode().Perm()
		}
		return out
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out[h.Name] = os.FileMode(h.Mode).Perm()
	}
}

// TestWriteBundled: the license texts of the folders below the module's
// top that have them, the fallback font's among them; not those of hidden
// folders or test data, nor a Go file named like a notice.
func TestWriteBundled(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"LICENSE":                  "the program's own",
		"fonts/LICENSE":            "font license",
		"fonts/NOTICE":             "font notice",
		"service/notices.go":       "package service",
		".git/LICENSE":             "hidden",
		"reports/testdata/COPYING": "test data",
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	if err := writeBundled(&b, dir); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	for _, want := range []string{"== fonts (in this program, from elsewhere)", "-- LICENSE --\nfont license", "-- NOTICE --\nfont notice"} {
		if !strings.Contains(got, want) {
			t.Errorf("lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"the program's own", "package service", "hidden", "test data"} {
		if strings.Contains(got, not) {
			t.Errorf("holds %q:\n%s", not, got)
		}
	}

	b.Reset()
	if err := writeBundled(&b, filepath.Join("..", "..")); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"== reports/fonts (in this program, from elsewhere)", "WenQuanYi Micro Hei", "Apache License"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the repository's bundled notices lack %q", want)
		}
	}
}
