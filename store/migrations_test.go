package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tourney/service"
)

func TestMigrationVersionsAreContiguous(t *testing.T) {
	for i, m := range migrations {
		if m.version != i+1 {
			t.Errorf("migrations[%d] has version %d", i, m.version)
		}
		if m.name == "" || strings.TrimSpace(m.sql) == "" {
			t.Errorf("migration %d has no name or no SQL", m.version)
		}
	}
}

// TestUpgradeKeepsData opens a database at every older schema version,
// writes what that version can hold, and reopens it with Open: the data is
// intact and the schema at the latest version.
func TestUpgradeKeepsData(t *testing.T) {
	for from := 1; from < len(migrations); from++ {
		t.Run(migrations[from-1].name, func(t *testing.T) {
			ctx := context.Background()
			path := filepath.Join(t.TempDir(), "old.db")
			old, err := open(path, options{upTo: from})
			ok(t, err)
			if v := schemaVersion(t, old); v != from {
				t.Fatalf("old database at version %d, want %d", v, from)
			}
			// Migration 1 has tournaments and players; later ones more.
			tr := &service.Tournament{Name: "Before the upgrade", Variant: "wespa", Settings: service.Settings{"byes": "spread"}}
			ok(t, old.CreateTournament(ctx, tr))
			d := &service.Division{TournamentID: tr.ID, Name: "A"}
			ok(t, old.CreateDivision(ctx, d))
			p := &service.Player{TournamentID: tr.ID, DivisionID: &d.ID, Name: "Ann", Rating: 1800}
			ok(t, old.CreatePlayer(ctx, p))
			var g *service.Game
			if from >= 2 {
				g = &service.Game{TournamentID: tr.ID, Round: 1, Table: 1, Seats: []int64{p.ID}}
				ok(t, old.CreateGame(ctx, g))
				ok(t, old.AppendTurn(ctx, turn(g.ID, 1)))
			}
			// Tables of later migrations are not there yet.
			if tableExists(t, old, "credentials") {
				t.Fatal("the old database already has the credentials table")
			}
			ok(t, old.Close())

			s := mustOpenPath(t, path)
			if v := schemaVersion(t, s); v != len(migrations) {
				t.Fatalf("upgraded database at version %d, want %d", v, len(migrations))
			}
			got, err := s.GetTournament(ctx, tr.ID)
			ok(t, err)
			if got.Name != tr.Name || got.Settings["byes"] != "spread" {
				t.Fatalf("tournament after upgrade: %+v", got)
			}
			gp, err := s.GetPlayer(ctx, p.ID)
			ok(t, err)
			if gp.Name != "Ann" || gp.DivisionID == nil || *gp.DivisionID != d.ID {
				t.Fatalf("player after upgrade: %+v", gp)
			}
			if g != nil {
				es, err := s.ListTurns(ctx, g.ID)
				ok(t, err)
				if len(es) != 1 {
					t.Fatalf("%d turns after upgrade, want 1", len(es))
				}
			}
			// The new tables work.
			ok(t, s.CreateCredential(ctx, &service.Credential{Kind: service.CredDirector, TokenHash: "h"}))
		})
	}
}

func tableExists(t *testing.T, s *Store, name string) bool {
	t.Helper()
	var n int
	ok(t, s.sqlDB(s.w).QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n))
	return n > 0
}

// TestReopenIsNoOp: opening a migrated database applies nothing and
// changes nothing in schema_migrations.
func TestReopenIsNoOp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tourney.db")
	s := mustOpenPath(t, path)
	before := appliedRows(t, s)
	ok(t, s.Close())
	time.Sleep(5 * time.Millisecond) // a re-applied step would get a later applied_at

	s = mustOpenPath(t, path)
	after := appliedRows(t, s)
	if len(before) != len(migrations) || strings.Join(before, "\n") != strings.Join(after, "\n") {
		t.Fatalf("schema_migrations changed on reopen:\nbefore %q\nafter  %q", before, after)
	}
}

func appliedRows(t *testing.T, s *Store) []string {
	t.Helper()
	rows, err := s.sqlDB(s.w).Query(`SELECT version, name, applied_at FROM schema_migrations ORDER BY version`)
	ok(t, err)
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v int
		var name string
		var at time.Time
		ok(t, rows.Scan(&v, &name, &at))
		out = append(out, name+" "+at.Format(time.RFC3339Nano))
	}
	ok(t, rows.Err())
	return out
}

// TestOpenRefusesNewerOrForeignSchema: a database migrated by a newer
// tourney, or by another branch, is not used.
func TestOpenRefusesNewerOrForeignSchema(t *testing.T) {
	for name, change := range map[string]string{
		"newer":   `INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'from the future', 0)`,
		"foreign": `UPDATE schema_migrations SET name = 'something else' WHERE version = 1`,
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "tourney.db")
			s := mustOpenPath(t, path)
			_, err := s.sqlDB(s.w).Exec(change)
			ok(t, err)
			ok(t, s.Close())
			if s, err := Open(path); err == nil {
				s.Close()
				t.Fatal("Open accepted the database")
			}
		})
	}
}

func TestOpenUpToUnknownVersion(t *testing.T) {
	if _, err := open(filepath.Join(t.TempDir(), "x.db"), options{upTo: len(migrations) + 1}); err == nil {
		t.Fatal("open past the latest migration succeeded")
	}
}
