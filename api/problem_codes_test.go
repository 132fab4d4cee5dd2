package api

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// internalCodes lists every code the service can put in an answer, read
// from the module's Go sources rather than typed by hand, so that a new
// code is on the list the day it is written:
//   - problem codes: Errorf(kind, "code", ...), &Error{Type: "code"}, and
//     constants of a ...Code type (scoring.Code, standings.Code,
//     challenges.WordListCode);
//   - turn flags: the literals appended to flags ("score-disagreement"),
//     and "irregular:" before each typed code (the engine's);
//   - the game's statuses and event kinds (service.Status*, Event*),
//     which the API says as codes too.
func internalCodes(t *testing.T) []string {
	t.Helper()
	set, typed := map[string]bool{}, map[string]bool{}
	var prefixes []string
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if name := funcName(n.Fun); name == "Errorf" && len(n.Args) >= 2 {
					addLit(set, n.Args[1])
				} else if name == "append" && len(n.Args) == 2 && isIdent(n.Args[0], "flags") {
					if b, ok := n.Args[1].(*ast.BinaryExpr); ok {
						if p, ok := strLit(b.X); ok {
							prefixes = append(prefixes, p)
						}
					} else {
						addLit(set, n.Args[1])
					}
				}
			case *ast.CompositeLit:
				if funcName(n.Type) == "Error" {
					for _, e := range n.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "Type") {
							addLit(set, kv.Value)
						}
					}
				}
			case *ast.ValueSpec:
				typ, _ := n.Type.(*ast.Ident)
				named := typ != nil && strings.HasSuffix(typ.Name, "Code")
				for i, v := range n.Values {
					kind := f.Name.Name == "service" && (strings.HasPrefix(n.Names[i].Name, "Status") || strings.HasPrefix(n.Names[i].Name, "Event"))
					if named || kind {
						addLit(set, v)
					}
					if named {
						addLit(typed, v)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for c := range set {
		out = append(out, c)
	}
	// "irregular:" takes the code of the rule broken (a typed code).
	for c := range typed {
		for _, p := range prefixes {
			out = append(out, p+c)
		}
	}
	slices.Sort(out)
	if len(out) < 100 {
		t.Fatalf("only %d codes found in the sources: the scan has gone wrong", len(out))
	}
	return out
}

func funcName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.UnaryExpr:
		return funcName(e.X)
	}
	return ""
}

func isIdent(e ast.Expr, name string) bool { id, ok := e.(*ast.Ident); return ok && id.Name == name }

func strLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// codeShape is what a code looks like: lowercase words joined by hyphens.
var codeShape = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

func addLit(set map[string]bool, e ast.Expr) {
	if s, ok := strLit(e); ok && codeShape.MatchString(s) {
		set[s] = true
	}
}

// screenCodes are the codes a screen check looks for: those with a
// hyphen or a colon. A one-word code ("occupied", "gap", "finished") is
// also a plain word a sentence may use.
func screenCodes(all []string) []string {
	var out []string
	for _, c := range all {
		if strings.ContainsAny(c, "-:") {
			out = append(out, c)
		}
	}
	return out
}

// The scan finds the codes it must: a sample of each way codes are made.
func TestInternalCodesScan(t *testing.T) {
	codes := internalCodes(t)
	for _, want := range []string{
		"stale-turn",                  // Errorf in service
		"malformed-json",              // Errorf in api
		"correction-breaks-game",      // &Error{Type: ...}
		"not-connected",               // scoring.Code
		"exceeds-distribution",        // scoring.Code
		"paired-elsewhere",            // standings.Code
		"score-disagreement",          // a turn flag
		"irregular:missed-start",      // an irregular play's flag
		"awaiting-acceptance",         // a game status
		"challenge-bonus",             // an event kind
		"idempotency-key-in-use",      // the idempotency middleware
		"lexicon-unavailable",         // challenges
		"no-such-route", "bad-config", // api, tsh
	} {
		if !slices.Contains(codes, want) {
			t.Errorf("%s is not among the %d codes found", want, len(codes))
		}
	}
}

// The tablet's catalogue (table-words.js) has its own sentence for every
// way the engine can refuse a move and for every irregular play; other
// codes fall back to the server's sentence.
func TestTableWordsCatalogue(t *testing.T) {
	js, err := os.ReadFile("../templates/static/table-words.js")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../scoring/errors.go")
	if err != nil {
		t.Fatal(err)
	}
	engine := regexp.MustCompile(`\bCode[A-Za-z0-9]+\s+Code = "([a-z-]+)"`).FindAllStringSubmatch(string(src), -1)
	if len(engine) < 20 {
		t.Fatalf("%d engine codes read from scoring/errors.go", len(engine))
	}
	for _, m := range engine {
		if !strings.Contains(string(js), `"`+m[1]+`":`) {
			t.Errorf("table-words.js has no sentence for the engine's %s", m[1])
		}
	}
	for _, code := range []string{"stale-turn", "invalid-word", "already-challenged", "challenge-too-late", "not-last-turn",
		"no-time-rule", "result-confirmed", "bad-credentials", "credentials-required", "internal"} {
		if !strings.Contains(string(js), `"`+code+`":`) {
			t.Errorf("table-words.js has no sentence for %s", code)
		}
	}
	// The irregular plays the console names (console_attention.go) are
	// the tablet's too.
	for code := range irregularWords {
		if !regexp.MustCompile(`IRREGULAR = \{[^}]*"` + code + `":`).Match(js) {
			t.Errorf("table-words.js does not explain the irregular %s", code)
		}
	}
}
