package api

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"tourney/gcg"
	"tourney/scoring"
	"tourney/service"
)

// Issue 13: Word Chums games of four players, individual and 2-vs-2, are
// entered turn by turn through the API and played to the end; their GCG
// export, read back through what `tourney verify` does (gcg.ReadFile,
// gcg.ChooseRules, the variant, gcg.Check), must check clean and give the
// game view's final scores.

// multiTinyTiles is a tile set of exactly the racks of multiOutTurns and
// a bag of HIJ, so that a few turns empty the bag and p1 can go out (the
// same game as gcg's multi_test.go).
const multiTinyTiles = `A 2 1
B 1 2
C 1 3
D 1 4
E 2 1
F 1 2
G 1 3
H 1 4
I 2 1
J 1 2
K 1 3
L 1 4
M 1 1
N 1 2
O 2 3
P 1 4
Q 1 1
R 1 2
S 1 3
T 1 4
U 2 1
V 1 2
W 1 3
Y 1 1
Z 1 2
? 1 0
`

// multiOutTurns: p1 opens ABC and draws the bag, p2 plays K.L through the
// A, p3 passes, p4 makes ABCY, p1 goes out with DEFGHIJ down from the B.
// Racks are given only where rack says so: the game then asks for the
// others at the end.
var multiOutTurns = []service.TurnInput{
	{Player: 1, Move: "8G ABC", Rack: "ABCDEFG"},
	{Player: 2, Move: "G7 K.L"},
	{Player: 3, Move: "-"},
	{Player: 4, Move: "8G ...Y", Rack: "YZAEIOU"},
	{Player: 1, Move: "H8 .DEFGHIJ", Rack: "DEFGHIJ"},
}

// multiEndRacks are the racks left at the end of multiOutTurns, by seat.
var multiEndRacks = map[int]string{2: "MNOPQ", 3: "RSTUVW?", 4: "ZAEIOU"}

// multiPassTurns: on the standard tiles, two plays, then three passes by
// every player end the game (Word Chums' pass rule); the passes give the
// racks.
func multiPassTurns() []service.TurnInput {
	turns := []service.TurnInput{
		{Player: 1, Move: "8D QUIXOTE", Rack: "QUIXOTE"},
		{Player: 2, Move: "D7 A.E", Rack: "AEINRST"},
	}
	racks := []string{"AEIRSTT", "INRSTLL", "AEEGLNR", "DEINOSU"}
	for range 3 {
		for i, r := range racks {
			turns = append(turns, service.TurnInput{Player: []int{3, 4, 1, 2}[i], Move: "-", Rack: r})
		}
	}
	return turns
}

func TestGCGMultiSeatExportVerifies(t *testing.T) {
	ts := newTestServer(t)
	cases := []struct {
		name   string
		tiles  string // the tournament's tile file ("" for the standard set)
		teams  bool
		turns  []service.TurnInput
		time   map[int]int // time penalties by seat
		reason string
	}{
		{"four players, out", multiTinyTiles, false, multiOutTurns, map[int]int{3: 10}, "out"},
		{"two against two, out", multiTinyTiles, true, multiOutTurns, map[int]int{2: 5}, "out"},
		{"two against two, three passes each", "", true, multiPassTurns(), nil, "passes"},
	}
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			// No word list: the moves are scored, not judged (the variant's
			// default, ENABLE under the void rule, is not in the test folder).
			body := map[string]any{"name": fmt.Sprintf("Chums %d", i), "variant": "wordchums", "lexicon": "", "challenge_rule": "double"}
			if tc.tiles != "" {
				body["tiles"] = tc.tiles
			}
			tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, body), http.StatusCreated)
			tpath := fmt.Sprintf("/api/v1/tournaments/%d", tour.ID)
			var seats []int64
			for _, name := range []string{"Ann Lee", "Bo Chen", "Cy Diaz", "Di Egan"} {
				p := must[service.Player](t, ts.post(tpath+"/players", ts.Director, map[string]any{"name": name, "rating": 1500}), http.StatusCreated)
				seats = append(seats, p.ID)
			}
			game := must[service.Game](t, ts.post(tpath+"/games", ts.Director,
				map[string]any{"round": 1, "table": 1, "players": seats, "teams": tc.teams}), http.StatusCreated)
			turns := gpath(game.ID, "/turns")
			var last service.TurnResult
			enter := func(in service.TurnInput) {
				t.Helper()
				last = must[service.TurnResult](t, ts.post(turns, ts.Director, in), http.StatusCreated)
				if last.Flag != "" {
					t.Errorf("%+v flagged %q", in, last.Flag)
				}
			}
			for _, in := range tc.turns {
				in.Kind = service.EventMove
				enter(in)
			}
			if last.Status == service.StatusAwaitingAcceptance {
				enter(service.TurnInput{Kind: service.EventAccept, Player: 2})
			}
			if last.Result == nil || !last.Result.Over || last.Result.Reason != tc.reason {
				t.Fatalf("after the last turn: status %q result %+v, want over by %q", last.Status, last.Result, tc.reason)
			}
			for _, seat := range last.Result.RacksNeeded {
				enter(service.TurnInput{Kind: service.EventEndRack, Player: seat, Rack: multiEndRacks[seat]})
			}
			for seat := 1; seat <= 4; seat++ {
				if pts := tc.time[seat]; pts > 0 {
					enter(service.TurnInput{Kind: service.EventTimePenalty, Player: seat, Points: pts})
				}
			}
			v := must[service.GameView](t, ts.get(gpath(game.ID, ""), ts.Director), http.StatusOK)
			if v.Status != service.StatusFinished || v.Result == nil {
				t.Fatalf("game status %q, want finished", v.Status)
			}

			r := ts.get(gpath(game.ID, "/export.gcg"), ts.Director)
			if r.Status != http.StatusOK {
				t.Fatalf("export: %d %s", r.Status, r.Body)
			}
			file := filepath.Join(t.TempDir(), "game.gcg")
			if err := os.WriteFile(file, []byte(r.Body), 0o644); err != nil {
				t.Fatal(err)
			}
			rep := multiVerify(t, file, tc.tiles)
			if len(rep.Problems) > 0 {
				t.Fatalf("verify: %+v\n%s", rep.Problems, r.Body)
			}
			got, want := rep.Result, v.Result
			if !got.Over || !got.Complete || string(got.Reason) != want.Reason {
				t.Errorf("verify: over %v complete %v reason %q; game %q", got.Over, got.Complete, got.Reason, want.Reason)
			}
			if !slices.Equal(got.Final, want.Final) || !slices.Equal(got.RackAdjust, want.RackAdjust) ||
				!slices.Equal(got.TimePenalty, want.TimePenalty) || !slices.Equal(got.TeamFinal, want.TeamFinal) {
				t.Errorf("verify final %v (racks %v, time %v, teams %v); game final %v (racks %v, time %v, teams %v)\n%s",
					got.Final, got.RackAdjust, got.TimePenalty, got.TeamFinal, want.Final, want.RackAdjust, want.TimePenalty, want.TeamFinal, r.Body)
			}
			if got.Winner+1 != want.WinnerSeat {
				t.Errorf("verify winner %d (0-based seat or team), game %d", got.Winner, want.WinnerSeat)
			}
			if rep.Game.Teamed() != tc.teams || (len(got.TeamFinal) > 0) != tc.teams {
				t.Errorf("verify played it as a team game: %v; want %v", rep.Game.Teamed(), tc.teams)
			}
		})
	}
}

// multiVerify does what `tourney verify [--tiles FILE] file` does: the
// rules from the record's pragmas (no --rules), the tile file if given.
func multiVerify(t *testing.T, file, tiles string) *gcg.Report {
	t.Helper()
	rec, err := gcg.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ch := gcg.ChooseRules(rec)
	if ch.Problem != nil || ch.Rules != "wordchums" {
		t.Fatalf("rules chosen %q (%v), want wordchums from the record", ch.Rules, ch.Problem)
	}
	v, err := scoring.LookupVariant(ch.Rules)
	if err != nil {
		t.Fatal(err)
	}
	if tiles != "" {
		set, err := scoring.ParseTileSet("tiles.txt", tiles)
		if err != nil {
			t.Fatal(err)
		}
		v = v.WithTiles(set)
	}
	return gcg.Check(rec, v)
}
