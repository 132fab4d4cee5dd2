package standings

import (
	"errors"
	"fmt"
	"testing"
)

// newTestDivision makes a NASPA division with players named P1..Pn
// ("Player, One" style names are not needed here).
func newTestDivision(t testing.TB, n int, mutate ...func(*Config)) *Division {
	t.Helper()
	cfg := DefaultConfig(RealmNASPA)
	for _, m := range mutate {
		m(&cfg)
	}
	d, err := NewDivision("A", cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := d.AddPlayer(Player{Name: fmt.Sprintf("Player, No%c", 'A'+rune(i-1)%26) + fmt.Sprint(i), Rating: 2000 - 10*i}); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func mustEnter(t testing.TB, d *Division, e Entry) Change {
	t.Helper()
	ch, err := d.Enter(e)
	if err != nil {
		t.Fatalf("Enter(%+v): %v", e, err)
	}
	return ch
}

func game(round, p, o, score, oppScore int) Entry {
	return Entry{Kind: EntryGame, Round: round, Player: p, Opponent: o, Score: score, OppScore: oppScore}
}

func wantCode(t testing.TB, err error, code Code) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("want error %s, got %v", code, err)
	}
	if e.Code != code {
		t.Fatalf("want error %s, got %s: %v", code, e.Code, err)
	}
	if e.Msg == "" {
		t.Fatalf("error %s has no message", code)
	}
}

func ptr(n int) *int { return &n }

// rowOf finds a player's row.
func rowOf(t testing.TB, rows []Row, id int) Row {
	t.Helper()
	for _, r := range rows {
		if r.Player == id {
			return r
		}
	}
	t.Fatalf("no row for player %d", id)
	return Row{}
}

// rankOrder is the player ids in standings order.
func rankOrder(rows []Row) []int {
	ids := make([]int, len(rows))
	for i, r := range rows {
		ids[i] = r.Player
	}
	return ids
}
