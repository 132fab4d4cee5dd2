package standings

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestTGolden reads each testdata/golden/NAME.t and writes it as tsh
// would; the output must equal NAME.golden (go test -run TestTGolden
// -update rewrites them) and be a fixed point: read and written again it
// does not change.
func TestTGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "golden", "*.t"))
	if len(files) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			in, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			d, err := ParseT(in, "A", DefaultConfig(RealmNASPA))
			if err != nil {
				t.Fatal(err)
			}
			out := MarshalT(d)
			golden := strings.TrimSuffix(file, ".t") + ".golden"
			if *update {
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(out, want) {
				t.Errorf("output differs from %s:\n%s", golden, out)
			}
			d2, err := ParseT(out, "A", DefaultConfig(RealmNASPA))
			if err != nil {
				t.Fatalf("reading our own output: %v", err)
			}
			if again := MarshalT(d2); !bytes.Equal(again, out) {
				t.Errorf("not a fixed point:\n%s", again)
			}
			assertSameDivision(t, d, d2)
		})
	}
}

// TestTFeatures checks what the features file means, field by field.
func TestTFeatures(t *testing.T) {
	d := readFile(t, "testdata/golden/features.t")
	if d.NumPlayers() != 6 || d.Rounds() != 3 {
		t.Fatalf("%d players, %d rounds", d.NumPlayers(), d.Rounds())
	}
	p3, _ := d.Player(3)
	if p3.Name != "Çelik, Ayşe" || p3.Rating != 1640 || p3.DisplayName() != "Ayşe Çelik" {
		t.Errorf("player 3: %+v", p3)
	}
	p6, _ := d.Player(6)
	if !p6.Withdrawn || p6.UnplayedSpread != -50 || !reflect.DeepEqual(p6.Extra["note"], []string{"a;b", `c\d`}) {
		t.Errorf("player 6: %+v", p6)
	}
	checks := []struct {
		id, round int
		want      Result
	}{
		{1, 1, Result{Round: 1, Player: 1, Opponent: 2, Score: 420, OppScore: 380, Start: StartFirst, Table: 1}},
		{1, 2, Result{Round: 2, Player: 1, Opponent: 3, Score: 390, OppScore: 390, Start: StartSecond, TieBreak: TieBreakWon, Table: 1}},
		{2, 2, Result{Round: 2, Player: 2, Opponent: 5, Score: 50, Forfeit: true}},
		{5, 2, Result{Round: 2, Player: 5, Opponent: 2, OppScore: 50, Forfeit: true}},
		{5, 3, Result{Round: 3, Player: 5, Score: 50}},
		{6, 3, Result{Round: 3, Player: 6, Score: -50, Forfeit: true}},
	}
	for _, c := range checks {
		if got, ok := d.Result(c.id, c.round); !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("player %d round %d: got %+v, want %+v", c.id, c.round, got, c.want)
		}
	}
	// Round 3 is paired, not played: 1 v 4 (1 first), 2 v 3 (start unknown).
	if _, ok := d.Result(1, 3); ok {
		t.Error("round 3 has no results yet")
	}
	ps := d.Pairings(3)
	want := []Pairing{{Round: 3, Table: 1, Player: 1, Opponent: 4, First: 1}, {Round: 3, Table: 2, Player: 2, Opponent: 3},
		{Round: 3, Player: 5}, {Round: 3, Player: 6}}
	if !reflect.DeepEqual(ps, want) {
		t.Errorf("round 3 pairings %+v", ps)
	}
	rows := d.Standings(3)
	// 1: W +40, T-break W 0 -> 2-0 +40. 4: L 0 (tie), W +110 -> 1.5-0.5.
	if r := rowOf(t, rows, 1); r.Wins != 2 || r.Spread != 40 || r.Rank != 1 {
		t.Errorf("player 1: %+v", r)
	}
}

func readFile(t *testing.T, path string) *Division {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ParseT(data, filepath.Base(path), DefaultConfig(RealmNASPA))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestTLatin1(t *testing.T) {
	d := readFile(t, "testdata/golden/latin1.t")
	p, _ := d.Player(2)
	if p.Name != "Németh, Ádám" {
		t.Errorf("name %q", p.Name)
	}
	// A bye scored 0 counts neither way, as in tsh.
	if r := rowOf(t, d.Standings(2), 1); r.Wins != 1 || r.Losses != 0 {
		t.Errorf("zero bye: %+v", r)
	}
}

// TestTBadFiles: every way a .t file can be wrong has a fixture in
// testdata/bad, named for its code, and is caught at its line.
func TestTBadFiles(t *testing.T) {
	cases := map[string]struct {
		code Code
		line int
	}{
		"malformed-line.t":        {CodeMalformedLine, 3},
		"bad-rating.t":            {CodeBadRating, 2},
		"bad-score.t":             {CodeBadScore, 2},
		"bad-field.t":             {CodeBadField, 2},
		"bad-tie-break-field.t":   {CodeBadField, 1},
		"unknown-opponent.t":      {CodeUnknownOpponent, 2},
		"asymmetric-pairing.t":    {CodeAsymmetricPairing, 1},
		"score-without-pairing.t": {CodeScoreWithoutPairing, 1},
		"half-scored.t":           {CodeHalfScored, 1},
		"start-mismatch.t":        {CodeStartMismatch, 1},
		"table-mismatch.t":        {CodeTableMismatch, 1},
		"forfeit-mismatch.t":      {CodeForfeitMismatch, 1},
		"self-pairing.t":          {CodeSelfPairing, 1},
		"score-out-of-range.t":    {CodeScoreOutOfRange, 2},
		"implausible-score.t":     {CodeImplausibleScore, 2},
		"too-many-rounds.t":       {CodeTooManyRounds, 1},
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "bad", "*.t"))
	if len(files) != len(cases) {
		t.Errorf("%d fixtures, %d cases", len(files), len(cases))
	}
	for _, file := range files {
		name := filepath.Base(file)
		want, ok := cases[name]
		if !ok {
			t.Errorf("no expectation for %s", name)
			continue
		}
		data, _ := os.ReadFile(file)
		_, err := ParseT(data, "A", DefaultConfig(RealmNASPA))
		var e *Error
		if !asError(err, &e) || e.Code != want.code || e.Line != want.line {
			t.Errorf("%s: got %v, want %s at line %d", name, err, want.code, want.line)
		}
	}
	// Limits that need big inputs are built here.
	_, err := ParseT(bytes.Repeat([]byte("x"), MaxTFileSize+1), "A", DefaultConfig(RealmNASPA))
	wantCode(t, err, CodeTooLarge)
	var many strings.Builder
	for i := 0; i <= MaxPlayers; i++ {
		fmt.Fprintf(&many, "Player, Number%d 1500;\n", i)
	}
	_, err = ParseT([]byte(many.String()), "A", DefaultConfig(RealmNASPA))
	wantCode(t, err, CodeTooManyPlayers)
}

func asError(err error, e **Error) bool {
	x, ok := err.(*Error)
	*e = x
	return ok
}

// TestTRoundTrip: random divisions with everything the model holds
// (ties, tie-breaks, negative game scores, byes, forfeits, withdrawals,
// late entries, tables, fixed tables, starts, extension fields) written
// and read back are the same division.
func TestTRoundTrip(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		d := randomDivision(t, seed)
		out := MarshalT(d)
		d2, err := ParseT(out, d.Name, d.Config())
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, out)
		}
		assertSameDivision(t, d, d2)
		if again := MarshalT(d2); !bytes.Equal(out, again) {
			t.Fatalf("seed %d: second write differs", seed)
		}
	}
}

// randomDivision plays a few Swiss rounds with every kind of result.
func randomDivision(t *testing.T, seed uint64) *Division {
	rng := &splitMix64{state: seed}
	n := 3 + int(rng.next()%16)
	d := newTestDivision(t, n)
	d.players[0].Extra = map[string][]string{"xtid": {"123"}}
	d.players[0].Class = "A;1" // the class field: a player field since rating classes
	if n > 4 {
		d.SetFixedTable(4, 2)
	}
	rounds := 1 + int(rng.next()%8)
	for r := 1; r <= rounds; r++ {
		if rng.next()%6 == 0 {
			d.Withdraw(1+int(rng.next()%uint64(d.NumPlayers())), []Unplayed{UnplayedForfeit, UnplayedBye, UnplayedNone}[rng.next()%3])
		}
		if rng.next()%8 == 0 {
			d.AddLatePlayer(Player{Name: fmt.Sprintf("Late, Lou%d", r), Rating: 1200}, []Unplayed{UnplayedForfeit, UnplayedBye, UnplayedNone}[rng.next()%3])
		}
		ps, err := PairSwiss(d, r, 0)
		if err != nil {
			break
		}
		if _, err := d.ApplyPairings(r, ps); err != nil {
			t.Fatal(err)
		}
		for i, p := range ps {
			if p.Opponent == 0 {
				continue
			}
			if r == rounds && i%2 == 0 {
				continue // leave some games of the last round unplayed
			}
			a, b := 300+int(rng.next()%200), 300+int(rng.next()%200)
			e := game(r, p.Player, p.Opponent, a, b)
			switch rng.next() % 10 {
			case 0:
				e = Entry{Kind: EntryForfeit, Round: r, Player: p.Opponent, Opponent: p.Player}
			case 1:
				e.OppScore = e.Score
				e.TieBreakWinner = p.Opponent
			case 2:
				e.OppScore = e.Score
			case 3:
				e.OppScore -= 450 // -150..49: a game can end below zero
			}
			if _, err := d.Enter(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	return d
}

// assertSameDivision compares everything a division holds.
func assertSameDivision(t *testing.T, a, b *Division) {
	t.Helper()
	if !reflect.DeepEqual(a.Players(), b.Players()) {
		t.Fatalf("players differ:\n%+v\n%+v", a.Players(), b.Players())
	}
	if a.Rounds() != b.Rounds() {
		t.Fatalf("rounds %d vs %d", a.Rounds(), b.Rounds())
	}
	for id := 1; id <= a.NumPlayers(); id++ {
		if !reflect.DeepEqual(a.slots[id-1], b.slots[id-1]) {
			t.Fatalf("player %d differs:\n%+v\n%+v", id, a.slots[id-1], b.slots[id-1])
		}
	}
}

func TestWriteTFormat(t *testing.T) {
	d := newTestDivision(t, 0)
	d.AddPlayer(Player{Name: "Müller, Jürgen", Rating: 1942})
	d.AddPlayer(Player{Name: "A Very Long Name Indeed, Maximilian", Rating: 2})
	mustEnter(t, d, Entry{Kind: EntryGame, Round: 1, Player: 1, Opponent: 2, Score: 401, OppScore: 399, First: 2})
	var buf bytes.Buffer
	if err := WriteT(&buf, d); err != nil {
		t.Fatal(err)
	}
	// Names padded to 22 characters (not bytes), rating right-aligned in 5.
	want := "Müller, Jürgen          1942 2; 401; p12 2\n" +
		"A Very Long Name Indeed, Maximilian     2 1; 399; p12 1\n"
	if buf.String() != want {
		t.Errorf("got\n%q\nwant\n%q", buf.String(), want)
	}
}
