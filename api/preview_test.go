package api

import (
	"fmt"
	"net/http"
	"testing"

	"tourney/service"
)

func TestPreviewTurn(t *testing.T) {
	f := newFixture(t)
	preview := func(token string, body map[string]any) response {
		return f.post(gpath(f.game, "/preview"), token, body)
	}
	p := must[service.Preview](t, preview(f.table, map[string]any{"player": 1, "move": "8D WINDY"}), http.StatusOK)
	if !p.Legal || p.Score != 32 || fmt.Sprint(p.Words) != "[WINDY]" || p.Breakdown == nil || fmt.Sprint(p.Totals) != "[32 0]" {
		t.Fatalf("%+v", p)
	}
	// Nothing was recorded.
	if v := f.view(f.game); len(v.Turns) != 0 || v.NextTurn != 1 {
		t.Fatalf("a preview recorded something: %+v", v.Turns)
	}
	p = must[service.Preview](t, preview(f.table, map[string]any{"player": 1, "move": "1A WINDY"}), http.StatusOK)
	if !p.Legal || p.Flag != "irregular:missed-start" {
		t.Errorf("an irregular opening stands, flagged: %+v", p)
	}
	p = must[service.Preview](t, preview(f.table, map[string]any{"player": 1, "move": "8D WINDY", "rack": "AEIRST?"}), http.StatusOK)
	if p.Legal || p.Code != "not-on-rack" || p.Message == "" {
		t.Errorf("a move off the rack is refused with the engine code: %+v", p)
	}
	p = must[service.Preview](t, preview(f.table, map[string]any{"player": 2, "move": "8D WINDY"}), http.StatusOK)
	if p.Legal || p.Code != "wrong-player" {
		t.Errorf("%+v", p)
	}
	wantProblem(t, preview("", map[string]any{"player": 1, "move": "8D WINDY"}), http.StatusUnauthorized, "credentials-required")
}
