package api

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

// A table credential is a short code, good however it is typed.
func TestTableCodeAsTyped(t *testing.T) {
	f := newFixture(t)
	if !regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$`).MatchString(f.table) {
		t.Fatalf("table code %q is not two groups of five", f.table)
	}
	typed := strings.ToLower(strings.ReplaceAll(f.table, "-", ""))
	must[service.TurnResult](t, f.enter(f.game, typed, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	wantProblem(t, f.enter(f.game, typed[:9], turn{Turn: 2, Player: 2, Move: "-"}), http.StatusUnauthorized, "bad-credentials")
}
