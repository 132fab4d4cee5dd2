package api

import (
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// importBody is doug_v_emely_double_challenge.gcg with GALE claimed as
// 14 (the board gives 16) and two notes.
func importBody(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/gcg/doug_v_emely.gcg")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fixture) importGCG(query, token string, body any, contentType string) response {
	f.t.Helper()
	return f.send(req{method: "POST", path: gpath(f.game, "/import.gcg"+query), token: token, body: body,
		header: map[string]string{"Content-Type": contentType}})
}

func TestImportGCGOverHTTP(t *testing.T) {
	f := newFixture(t) // Doug and Emely at table 1
	body := importBody(t)

	// Not the table's to do; JSON is not a record.
	wantProblem(t, f.importGCG("", f.table, body, "text/plain"), http.StatusForbidden, "director-only")
	wantProblem(t, f.importGCG("", f.Director, `{"text":"x"}`, "application/json"), http.StatusUnsupportedMediaType, "unsupported-media-type")
	wantProblem(t, f.importGCG("?preview=maybe", f.Director, body, "text/plain"), http.StatusBadRequest, "bad-query")
	wantProblem(t, f.importGCG("?players=some", f.Director, body, "text/plain"), http.StatusBadRequest, "bad-query")
	wantProblem(t, f.send(req{method: "POST", path: gpath(9999, "/import.gcg"), token: f.Director, body: body, header: map[string]string{"Content-Type": "text/plain"}}),
		http.StatusNotFound, "not-found")

	// A line that does not read: the reader's code and the line.
	bad := strings.Replace(string(body), ">doug: AAEINRU 9G EAU +16 164", ">doug: AAEINRU 9G EAU +sixteen 164", 1)
	r := f.importGCG("", f.Director, bad, "text/plain")
	wantProblem(t, r, http.StatusUnprocessableEntity, "malformed-score")
	var line struct {
		Line  int `json:"line"`
		State struct {
			Line int    `json:"line"`
			Code string `json:"code"`
		} `json:"state"`
	}
	if err := json.Unmarshal(r.Body, &line); err != nil || line.Line != 14 || line.State.Line != 14 || line.State.Code != "malformed-score" {
		t.Fatalf("problem %s: want line 14", r.Body)
	}

	// The preview: the turns as they would be, the claim of 14 flagged.
	pre := must[service.GCGImport](t, f.importGCG("?preview=1", f.Director, body, "text/plain; charset=utf-8"), http.StatusOK)
	if !pre.Preview || len(pre.Turns) != 29 || pre.Flagged != 1 || !slices.Equal(pre.Result.Final, []int{451, 345}) {
		t.Fatalf("preview: %d turns, %d flagged, result %+v", len(pre.Turns), pre.Flagged, pre.Result)
	}
	if g := must[service.GameView](t, f.get(gpath(f.game, ""), f.Director), http.StatusOK); len(g.Turns) != 0 {
		t.Fatalf("the preview saved %d turns", len(g.Turns))
	}

	// The record's players seated the other way round are not the game's.
	r = f.importGCG("?seats=emely,doug", f.Director, body, "text/plain")
	p := wantProblem(t, r, http.StatusConflict, "players-differ")
	if !strings.Contains(string(p.State), `"record_players":["doug","emely"]`) || !strings.Contains(string(p.State), `"game_players":["Doug","Emely"]`) {
		t.Errorf("players-differ state %s", p.State)
	}

	imp := must[service.GCGImport](t, f.importGCG("", f.Director, body, "text/plain"), http.StatusCreated)
	if imp.Preview || imp.Game == nil || len(imp.Game.Turns) != 29 || imp.Turns[1].Flag != "score-disagreement" || imp.Turns[1].Line != 6 || imp.Turns[1].ID == 0 {
		t.Fatalf("import: %+v", imp.Turns[1])
	}
	if len(imp.Warnings) != 1 || imp.Warnings[0].Code != "lexicon-differs" || imp.Warnings[0].Line != 2 {
		t.Errorf("warnings %+v", imp.Warnings)
	}
	g := must[service.GameView](t, f.get(gpath(f.game, ""), f.Director), http.StatusOK)
	if len(g.Turns) != 29 || g.Status != service.StatusFinished || g.Turns[1].Note != "Emely thought GALE was worth 14." || len(g.Flags) != 1 {
		t.Fatalf("game: %d turns, %s, note %q, flags %+v", len(g.Turns), g.Status, g.Turns[1].Note, g.Flags)
	}
	exp := f.get(gpath(f.game, "/export.gcg"), f.Director)
	if !strings.Contains(string(exp.Body), ">Emely: ADEEGIL 7C GALE +16 16\n#note Emely thought GALE was worth 14.\n") ||
		!strings.Contains(string(exp.Body), ">Emely: DEIILTZ -- -24 55\n#note TILDE* is no word: challenged off.\n") {
		t.Errorf("export.gcg lacks the notes after their turns:\n%s", exp.Body)
	}
	audit := must[[]service.AuditEntry](t, f.get(gpath(f.game, "/audit"), f.Director), http.StatusOK)
	if len(audit) != 1 || audit[0].Action != "import-gcg" {
		t.Errorf("audit %+v", audit)
	}
	wantProblem(t, f.importGCG("", f.Director, body, "text/plain"), http.StatusConflict, "game-has-turns")
}
