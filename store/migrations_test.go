package store

import (
	"context"
	"fmt"
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

// oldRows are rows as a program at each schema version wrote them, in that
// version's SQL: by version, what to insert once the database has it.
var oldRows = map[int][]string{
	1: {
		`INSERT INTO tournaments (id, name, variant, settings, created_at, updated_at)
			VALUES (1, 'Before the upgrade', 'wespa', '{"byes":"spread"}', '2025-03-01 09:00:00+00:00', '2025-03-01 09:00:00+00:00')`,
		`INSERT INTO divisions (id, tournament_id, name) VALUES (1, 1, 'A')`,
		`INSERT INTO players (id, tournament_id, division_id, name, rating) VALUES (1, 1, 1, 'Ann', 1800), (2, 1, 1, 'Bob', 1700)`,
	},
	2: {
		`INSERT INTO games (id, tournament_id, round, table_number, created_at) VALUES (1, 1, 1, 1, '2025-03-01 10:00:00+00:00')`,
		`INSERT INTO game_seats (game_id, seat, player_id) VALUES (1, 1, 2), (1, 2, 1)`,
		`INSERT INTO turn_events (game_id, seq, kind, seat, move, score, breakdown, created_at)
			VALUES (1, 1, 'move', 1, '8D ZAX', 50, '{"words":[]}', '2025-03-01 10:01:00+00:00')`,
	},
	3: {`INSERT INTO audit_entries (tournament_id, game_id, who, action, at) VALUES (1, 1, 'director', 'undo-turn', '2025-03-01 10:02:00+00:00')`},
	4: {`INSERT INTO credentials (kind, label, token_hash, created_at) VALUES ('director', 'director', 'h', '2025-03-01 08:00:00+00:00')`},
}

// TestUpgradeKeepsData opens a database at every older schema version,
// writes rows as that version's program would, and reopens it with Open:
// the data is intact and the schema at the latest version.
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
			if from < 4 && tableExists(t, old, "idempotent_responses") {
				t.Fatal("the old database already has the table of migration 4")
			}
			for v := 1; v <= from; v++ {
				for _, q := range oldRows[v] {
					_, err := old.sqlDB(old.w).Exec(q)
					ok(t, err)
				}
			}
			ok(t, old.Close())

			s := mustOpenPath(t, path)
			if v := schemaVersion(t, s); v != len(migrations) {
				t.Fatalf("upgraded database at version %d, want %d", v, len(migrations))
			}
			tr, err := s.GetTournament(ctx, 1)
			ok(t, err)
			if tr.Name != "Before the upgrade" || tr.Settings["byes"] != "spread" ||
				!tr.CreatedAt.Equal(time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)) {
				t.Fatalf("tournament after upgrade: %+v", tr)
			}
			p, err := s.GetPlayer(ctx, 1)
			ok(t, err)
			if p.Name != "Ann" || p.DivisionID == nil || *p.DivisionID != 1 {
				t.Fatalf("player after upgrade: %+v", p)
			}
			if from >= 2 {
				g, err := s.GetGame(ctx, 1)
				ok(t, err)
				if fmt.Sprint(g.Seats) != "[2 1]" {
					t.Fatalf("seats after upgrade: %v", g.Seats)
				}
				es, err := s.ListTurns(ctx, 1)
				ok(t, err)
				// Columns added since read as their zero values.
				if len(es) != 1 || es[0].Move != "8D ZAX" || string(es[0].Breakdown) != `{"words":[]}` ||
					es[0].Words != nil || es[0].Verdict != "" || es[0].ChallengedTurn != 0 {
					t.Fatalf("turns after upgrade: %+v", es)
				}
			}
			if from >= 3 {
				as, err := s.ListAudit(ctx, 1, nil)
				ok(t, err)
				if len(as) != 1 || as[0].Action != "undo-turn" {
					t.Fatalf("audit after upgrade: %+v", as)
				}
			}
			if from >= 4 {
				if _, err := s.CredentialByHash(ctx, "h"); err != nil {
					t.Fatalf("credential after upgrade: %v", err)
				}
			}
			// Every table works at the latest version.
			g := mustGame(t, s)
			e := turn(g.ID, 1)
			e.Words = []string{"ZAX"}
			ok(t, s.AppendTurn(ctx, e))
			ok(t, s.SaveIdempotent(ctx, &service.IdempotentResponse{Scope: "s", Key: "k", Status: 200}))
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
