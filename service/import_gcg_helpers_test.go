package service_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"tourney/service"
	"tourney/store"
)

// The import tests run the service over a real SQLite file (the store
// imports the service, so they live in service_test).

var director = service.Actor{Kind: service.CredDirector, Label: "director"}

// importEnv is a service over a store in a temp dir.
type importEnv struct {
	t   *testing.T
	ctx context.Context
	svc *service.Service
	st  *store.Store
	// next table in each tournament's round 1
	tables map[int64]int
}

func newImportEnv(t *testing.T) *importEnv {
	t.Helper()
	st, err := store.Open(filepath.Join(t.TempDir(), "tourney.db"))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	return &importEnv{t: t, ctx: context.Background(), svc: service.New(st), st: st, tables: map[int64]int{}}
}

// tournament makes a tournament with no word list (challenges ruled by
// hand); tiles is a tile file's text, or "" for the variant's own.
func (e *importEnv) tournament(variant, rule, tiles string) int64 {
	e.t.Helper()
	name, lexicon := fmt.Sprintf("%s %s", variant, rule), ""
	in := service.TournamentInput{Name: &name, Variant: &variant, ChallengeRule: &rule, Lexicon: &lexicon}
	if tiles != "" {
		in.Tiles = &tiles
	}
	tour, err := e.svc.CreateTournament(e.ctx, director, in)
	if err != nil {
		e.t.Fatalf("tournament %s: %v", name, err)
	}
	return tour.ID
}

// game pairs new players of these names at the tournament's next table
// of round 1.
func (e *importEnv) game(tid int64, names ...string) int64 {
	e.t.Helper()
	var ids []int64
	for _, n := range names {
		p, err := e.svc.CreatePlayer(e.ctx, director, tid, service.PlayerInput{Name: &n})
		if err != nil {
			e.t.Fatalf("player %q: %v", n, err)
		}
		ids = append(ids, p.ID)
	}
	e.tables[tid]++
	g, err := e.svc.CreateGame(e.ctx, director, tid, service.GameInput{Round: 1, Table: e.tables[tid], Players: ids})
	if err != nil {
		e.t.Fatalf("game of %v: %v", names, err)
	}
	return g.ID
}

func (e *importEnv) importGCG(game int64, text string, in service.GCGImportInput) (*service.GCGImport, error) {
	in.Text = []byte(text)
	return e.svc.ImportGCG(e.ctx, director, game, in)
}

// mustImport imports a record and fails the test if it is refused.
func (e *importEnv) mustImport(game int64, text string, in service.GCGImportInput) *service.GCGImport {
	e.t.Helper()
	imp, err := e.importGCG(game, text, in)
	if err != nil {
		e.t.Fatalf("import: %v", err)
	}
	return imp
}

func (e *importEnv) view(game int64) *service.GameView {
	e.t.Helper()
	v, err := e.svc.GetGame(e.ctx, director, game)
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// wantRefused checks an error's code and the record's line it names.
func wantRefused(t *testing.T, err error, code string, line int) *service.Error {
	t.Helper()
	if err == nil {
		t.Fatalf("imported; want refused with %s", code)
	}
	se := service.AsError(err)
	if se.Type != code {
		t.Fatalf("refused with %s (%v); want %s", se.Type, err, code)
	}
	if line >= 0 {
		p, ok := se.Detail.(service.ImportProblem)
		if !ok || p.Line != line || p.Code != code {
			t.Fatalf("refusal's detail %#v; want line %d, code %s", se.Detail, line, code)
		}
	}
	return se
}
