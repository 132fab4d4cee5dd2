package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// storeReaches are the places in a Go file where it reaches the
// service's store (svc.Store, s.svc.Store), by line.
func storeReaches(t *testing.T, fset *token.FileSet, name string, src any) []int {
	t.Helper()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Store" {
			return true
		}
		switch x := sel.X.(type) {
		case *ast.Ident:
			ok = x.Name == "svc"
		case *ast.SelectorExpr:
			ok = x.Sel.Name == "svc"
		}
		if ok {
			lines = append(lines, fset.Position(sel.Pos()).Line)
		}
		return true
	})
	return lines
}

// TestHandlersReachTheStoreOnlyThroughTheService: the HTTP layer calls
// the service, never its store (a transaction, an idempotent answer, a
// backup are the service's methods).
func TestHandlersReachTheStoreOnlyThroughTheService(t *testing.T) {
	fset := token.NewFileSet()
	for _, c := range []struct {
		src  string
		want int
	}{
		{"package p\nfunc f() { s.svc.Store.InTx(nil, nil) }", 1},
		{"package p\nfunc f() { _, _ = svc.Store.(interface{}) }", 1},
		{"package p\nfunc f() { s.svc.InTx(nil, nil); x.Store.Get() }", 0},
	} {
		if got := len(storeReaches(t, fset, "probe.go", c.src)); got != c.want {
			t.Errorf("the probe finds %d reaches in %q, want %d", got, c.src, c.want)
		}
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		for _, line := range storeReaches(t, fset, name, nil) {
			t.Errorf("%s:%d reaches the service's store; give the service a method for it", name, line)
		}
	}
}
