package service

import (
	"strings"
	"testing"
)

func TestTableCodeReadsAsTyped(t *testing.T) {
	for range 200 {
		code, err := newTableCode()
		if err != nil {
			t.Fatal(err)
		}
		if len(code) != 11 || code[5] != '-' || canonicalCode(code) != code {
			t.Fatalf("code %q does not read back as itself", code)
		}
		typed := strings.ToLower(strings.ReplaceAll(code, "-", ""))
		typed = strings.NewReplacer("0", "o", "1", "l").Replace(typed)
		if got := canonicalCode(typed); got != code {
			t.Fatalf("%q typed as %q reads as %q", code, typed, got)
		}
	}
	for _, s := range []string{"", "K7QMX-4TPA", "K7QMX-4TPA9Z", "K7QMX-4TPAU", "secret-token", "ÄBCDE-FGHJK"} {
		if got := canonicalCode(s); got != "" {
			t.Errorf("canonicalCode(%q) = %q, want not a code", s, got)
		}
	}
}

// Whatever is typed, canonicalCode gives "" or a code that reads back as
// itself.
func FuzzCanonicalCode(f *testing.F) {
	for _, s := range []string{"K7QMX-4TPA9", "k7qmx4tpa9", "olilo-OLILO", "", "secret", "ÄBCDE-FGHJK"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := canonicalCode(s)
		if c == "" {
			return
		}
		if canonicalCode(c) != c || len(c) != 11 || c[5] != '-' {
			t.Fatalf("canonicalCode(%q) = %q, which does not read back as itself", s, c)
		}
	})
}
