package service

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// mergePatch does what RFC 7396 says, on the examples of its appendix A.
func TestMergePatchRFC7396(t *testing.T) {
	b, err := os.ReadFile("testdata/merge_patch_rfc7396.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Original, Patch, Result json.RawMessage }
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var original, patch, want any
		for _, d := range []struct {
			raw json.RawMessage
			v   *any
		}{{c.Original, &original}, {c.Patch, &patch}, {c.Result, &want}} {
			if err := decodeNumbers(d.raw, d.v); err != nil {
				t.Fatal(err)
			}
		}
		if got := mergePatch(original, patch); !reflect.DeepEqual(got, want) {
			t.Errorf("%s merged with %s: %v, want %v", c.Original, c.Patch, got, want)
		}
	}
}
