package api

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"tourney/service"
)

// TestConsoleShowsLastBackup: the room says no backup has been taken,
// then, once one is downloaded, when and which.
func TestConsoleShowsLastBackup(t *testing.T) {
	sqliteOnly(t)
	ts := newTestServer(t)
	f := &fixture{testServer: ts}
	f.tournament = must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Backed up"}), http.StatusCreated).ID
	b := directorSignIn(t, f)
	room := fmt.Sprintf("/director/%d", f.tournament)
	wantPage(t, b.get(room), http.StatusOK, "No backup taken since the server started", `href="/api/v1/backup?csrf=`)
	if r := ts.get("/api/v1/backup", ts.Director); r.Status != http.StatusOK {
		t.Fatalf("backup: %d", r.Status)
	}
	wantPage(t, b.get(room), http.StatusOK, "Last backup just now (at ", ".db.")
}

func TestAgoText(t *testing.T) {
	for d, want := range map[time.Duration]string{
		20 * time.Second: "just now", time.Minute: "1 minute ago", 59 * time.Minute: "59 minutes ago", 125 * time.Minute: "2 h 5 min ago",
	} {
		if got := agoText(d); got != want {
			t.Errorf("agoText(%v) = %q, want %q", d, got, want)
		}
	}
}
