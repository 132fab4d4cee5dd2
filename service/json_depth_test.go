package service_test

import (
	"strings"
	"testing"

	"tourney/service"
)

// TestCheckJSONDepth: the scan counts the brackets that nest, not those
// in strings, escaped quotes and all.
func TestCheckJSONDepth(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	for _, c := range []struct {
		label, json string
		refused     bool
	}{
		{"empty", "", false},
		{"a number", "12", false},
		{"flat object", `{"a":1,"b":[1,2],"c":{"d":null}}`, false},
		{"at the limit", deep(service.MaxJSONDepth), false},
		{"one past", deep(service.MaxJSONDepth + 1), true},
		{"9,000 deep", deep(9000), true},
		{"objects 9,000 deep", strings.Repeat(`{"a":`, 9000) + "1" + strings.Repeat("}", 9000), true},
		{"opened and never closed", strings.Repeat("[", 100), true},
		{"many side by side", strings.Repeat(deep(10)+",", 1000), false},
		{"brackets in a string", `{"a":"` + strings.Repeat("[{", 5000) + `"}`, false},
		{"escaped quotes in a string", `{"a":"` + strings.Repeat(`\"[`, 5000) + `"}`, false},
		{"an escaped backslash ends before the quote", `["\\"` + "," + deep(service.MaxJSONDepth) + "]", true},
	} {
		err := service.CheckJSONDepth([]byte(c.json))
		if got := err != nil; got != c.refused {
			t.Errorf("%s: refused %v, want %v (%v)", c.label, got, c.refused, err)
		}
		if err != nil && service.AsError(err).Type != "too-deep" {
			t.Errorf("%s: %v, want too-deep", c.label, err)
		}
	}
}

// TestDeepSettingsRefusedByTheService: a tournament's settings hold any
// JSON, and whatever calls the service (not only the API's decoder),
// settings nested past the limit are too-deep, not the database's CHECK
// failing (a 500).
func TestDeepSettingsRefusedByTheService(t *testing.T) {
	e := newImportEnv(t)
	id := e.tournament("naspa", "double", "")
	var v any = 1
	for range 9000 {
		v = map[string]any{"a": v}
	}
	settings := service.Settings{"deep": v}
	_, err := e.svc.UpdateTournament(e.ctx, director, id, service.TournamentInput{Settings: &settings})
	if se := service.AsError(err); se == nil || se.Type != "too-deep" || se.Kind != service.KindInvalid {
		t.Fatalf("deep settings: %v, want too-deep", err)
	}
	name := "Deep"
	if _, err := e.svc.CreateTournament(e.ctx, director, service.TournamentInput{Name: &name, Settings: &settings}); service.AsError(err).Type != "too-deep" {
		t.Fatalf("a new tournament with deep settings: %v, want too-deep", err)
	}
}
