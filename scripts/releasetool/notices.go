package main

import (
	"debug/buildinfo"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"unicode"
)

// isLicenseFile reports whether a file at a module's top holds license
// text: LICENSE, License.md, LICENCE, COPYING, NOTICE, PATENTS,
// SQLITE-LICENSE, LICENSE-MIT... in any case; not a Go source file
// (notices.go).
func isLicenseFile(name string) bool {
	n := strings.ToUpper(name)
	if strings.HasSuffix(n, ".GO") {
		return false
	}
	for _, w := range []string{"LICEN", "COPYING", "NOTICE", "PATENTS"} {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// writeNotices writes the notice of the binary's main module (its LICENSE
// in mainDir, if there is one), Go's own (the runtime and standard library
// are in every binary) and then, for every module the binary was
// built from (what `go version -m` lists), its path, version and license
// texts, copied from the module cache.
func writeNotices(w io.Writer, binary, mainDir string) error {
	bi, err := buildinfo.ReadFile(binary)
	if err != nil {
		return err
	}
	cache, err := modCache()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Notices for %s (built with %s)\n\n", bi.Main.Path, bi.GoVersion)
	fmt.Fprintf(w, "%s\n== %s (this program)\n%s\n", rule, bi.Main.Path, rule)
	own, err := licenseTexts(mainDir)
	if err != nil {
		return err
	}
	if own == "" {
		fmt.Fprintf(w, "The %s repository has no license file of its own.\n\n", bi.Main.Path)
	} else {
		fmt.Fprint(w, own)
	}
	if err := writeBundled(w, mainDir); err != nil {
		return err
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %w", err)
	}
	std, err := licenseTexts(strings.TrimSpace(string(goroot)))
	if err != nil || std == "" {
		return fmt.Errorf("no license file in GOROOT %s: %v", goroot, err)
	}
	fmt.Fprintf(w, "%s\n== Go standard library and runtime %s\n%s\n%s", rule, bi.GoVersion, rule, std)
	deps := bi.Deps
	sort.Slice(deps, func(i, j int) bool { return deps[i].Path < deps[j].Path })
	for _, d := range deps {
		m := d
		if d.Replace != nil {
			m = d.Replace
		}
		dir := moduleDir(cache, mainDir, m)
		text, err := licenseTexts(dir)
		if err != nil {
			return fmt.Errorf("%s %s: %w (is it in the module cache? run go mod download)", m.Path, m.Version, err)
		}
		if text == "" {
			return fmt.Errorf("%s %s: no license file (LICENSE, COPYING, NOTICE...) in %s", m.Path, m.Version, dir)
		}
		fmt.Fprintf(w, "%s\n== %s %s\n%s\n%s", rule, d.Path, d.Version, rule, text)
	}
	return nil
}

// writeBundled writes the license texts of what the repository holds
// from elsewhere and builds into the binary (the printouts' fallback
// font, under reports/fonts): those of every folder below mainDir that
// has license files, each under the folder's path. Hidden folders,
// testdata and dist/ are not looked in.
func writeBundled(w io.Writer, mainDir string) error {
	return filepath.WalkDir(mainDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || path == mainDir {
			return nil
		}
		if n := d.Name(); strings.HasPrefix(n, ".") || n == "testdata" || n == "dist" || n == "node_modules" {
			return filepath.SkipDir
		}
		text, err := licenseTexts(path)
		if err != nil || text == "" {
			return err
		}
		rel, _ := filepath.Rel(mainDir, path)
		fmt.Fprintf(w, "%s\n== %s (in this program, from elsewhere)\n%s\n%s", rule, filepath.ToSlash(rel), rule, text)
		return nil
	})
}

const rule = "================================================================================"

// licenseTexts is the text of every license file at dir's top, each
// under its name; "" if there is none.
func licenseTexts(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, e := range entries {
		if !e.Type().IsRegular() || !isLicenseFile(e.Name()) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "-- %s --\n%s\n\n", e.Name(), strings.TrimRight(string(data), "\n"))
	}
	return b.String(), nil
}

// moduleDir is where the module m (a dependency or its replacement) of
// the binary is: a replacement by a directory of the repository
// (./third_party/gofpdf) there, under mainDir; any other module in the
// module cache.
func moduleDir(cache, mainDir string, m *debug.Module) string {
	if p := filepath.ToSlash(m.Path); strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(m.Path) {
		return filepath.Join(mainDir, m.Path)
	}
	return filepath.Join(cache, escapePath(m.Path)+"@"+m.Version)
}

// modCache is `go env GOMODCACHE`.
func modCache() (string, error) {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMODCACHE: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// escapePath is a module path as the module cache spells it: each upper
// case letter as ! and its lower case.
func escapePath(p string) string {
	var b strings.Builder
	for _, r := range p {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// checkNotices fails unless the notices file names every module of the
// binary with its version.
func checkNotices(binary, notices string) error {
	bi, err := buildinfo.ReadFile(binary)
	if err != nil {
		return err
	}
	data, err := os.ReadFile(notices)
	if err != nil {
		return err
	}
	text := string(data)
	var missing []string
	for _, d := range bi.Deps {
		if !strings.Contains(text, "== "+d.Path+" "+d.Version+"\n") {
			missing = append(missing, d.Path+" "+d.Version)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s lacks the notices of %d modules of %s: %s", notices, len(missing), binary, strings.Join(missing, ", "))
	}
	fmt.Printf("%s: the notices of all %d modules in %s\n", notices, len(bi.Deps), filepath.Base(binary))
	return nil
}
