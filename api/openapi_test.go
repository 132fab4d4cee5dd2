package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
)

type openapiOp struct {
	Parameters []struct {
		Ref  string `json:"$ref"`
		Name string `json:"name"`
		In   string `json:"in"`
	} `json:"parameters"`
	RequestBody json.RawMessage            `json:"requestBody"`
	Responses   map[string]json.RawMessage `json:"responses"`
}

type openapiDocument struct {
	OpenAPI    string                                `json:"openapi"`
	Paths      map[string]map[string]openapiOp       `json:"paths"`
	Components map[string]map[string]json.RawMessage `json:"components"`
}

var ginParam = regexp.MustCompile(`[:*]([A-Za-z_]+)`)

// The document and the router describe the same API: every route is
// documented with its method and path, every documented operation exists.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	var doc openapiDocument
	if err := json.Unmarshal(openapiDoc, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.0") {
		t.Fatalf("openapi %q, want 3.0.x", doc.OpenAPI)
	}
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			documented[strings.ToUpper(method)+" "+path] = true
		}
	}
	routed := map[string]bool{}
	for _, r := range newRouter(nil, nil).Routes() {
		if r.Path != "/healthz" && !strings.HasPrefix(r.Path, "/api/") && !strings.Contains(r.Path, "/html/") {
			continue // the HTML pages and their assets are not the API (the tsh feed and photos at tsh's paths are)
		}
		routed[r.Method+" "+ginParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	for op := range routed {
		if !documented[op] {
			t.Errorf("route %s is not in openapi.json", op)
		}
	}
	for op := range documented {
		if !routed[op] {
			t.Errorf("openapi.json documents %s, which has no route", op)
		}
	}
	if len(routed) < 24 {
		t.Errorf("only %d routes", len(routed))
	}
}

// Every operation declares its path parameters, its body when it takes
// one, and problem+json for its errors; every $ref resolves.
func TestOpenAPIOperationsComplete(t *testing.T) {
	var doc openapiDocument
	if err := json.Unmarshal(openapiDoc, &doc); err != nil {
		t.Fatal(err)
	}
	params := map[string]struct{ Name, In string }{}
	for name, raw := range doc.Components["parameters"] {
		var p struct{ Name, In string }
		json.Unmarshal(raw, &p)
		params["#/components/parameters/"+name] = p
	}
	pathParam := regexp.MustCompile(`\{([a-z]+)\}`)
	for path, ops := range doc.Paths {
		for method, op := range ops {
			var declared []string
			for _, p := range op.Parameters {
				if p.Ref != "" {
					rp, ok := params[p.Ref]
					if !ok {
						t.Errorf("%s %s: unknown parameter %s", method, path, p.Ref)
					}
					p.Name, p.In = rp.Name, rp.In
				}
				if p.In == "path" {
					declared = append(declared, p.Name)
				}
			}
			var want []string
			for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
				want = append(want, m[1])
			}
			slices.Sort(declared)
			slices.Sort(want)
			if !slices.Equal(declared, want) {
				t.Errorf("%s %s: path parameters %v, want %v", method, path, declared, want)
			}
			if (method == "post" || method == "patch") && op.RequestBody == nil {
				t.Errorf("%s %s: no requestBody", method, path)
			}
			if op.Responses["default"] == nil {
				t.Errorf("%s %s: no default (problem) response", method, path)
			}
		}
	}
	for name, raw := range doc.Components["responses"] {
		if !bytes.Contains(raw, []byte(`"application/problem+json"`)) {
			t.Errorf("response %s is not problem+json", name)
		}
	}
	refs := regexp.MustCompile(`"\$ref":\s*"#/components/([a-zA-Z]+)/([A-Za-z]+)"`)
	for _, m := range refs.FindAllSubmatch(openapiDoc, -1) {
		if _, ok := doc.Components[string(m[1])][string(m[2])]; !ok {
			t.Errorf("$ref to missing #/components/%s/%s", m[1], m[2])
		}
	}
}

func TestOpenAPIServed(t *testing.T) {
	ts := newTestServer(t)
	r := ts.get("/api/v1/openapi.json", "")
	if r.Status != http.StatusOK || !bytes.Equal(r.Body, openapiDoc) {
		t.Fatalf("GET /api/v1/openapi.json: %d", r.Status)
	}
}
