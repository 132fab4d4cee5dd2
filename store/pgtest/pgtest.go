// Package pgtest gives tests a PostgreSQL database of their own: a fresh
// schema in the server that TOURNEY_TEST_POSTGRES names (.ci/run starts
// one). Without it a test that needs PostgreSQL is skipped, except under
// CI (CI=true), where it fails: CI must run it.
//
// TOURNEY_TEST_STORE=postgres runs the store and API suites, which use
// SQLite otherwise, on PostgreSQL (Enabled).
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// Env names the server's URL; SuiteEnv, set to "postgres", runs the
// suites on it.
const (
	Env      = "TOURNEY_TEST_POSTGRES"
	SuiteEnv = "TOURNEY_TEST_STORE"
)

// Enabled reports whether the suites are to run on PostgreSQL instead of
// SQLite.
func Enabled() bool { return os.Getenv(SuiteEnv) == "postgres" }

// URL returns the URL of a new, empty schema, dropped when the test ends.
// Every connection made with it works in that schema alone (its
// search_path), and so do the store's notifications (one channel per
// schema).
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: CI must run the PostgreSQL tests (.ci/run starts a server)", Env)
		}
		t.Skipf("%s is not set: no PostgreSQL to test against", Env)
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := db.ExecContext(context.Background(), `CREATE SCHEMA `+schema); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
