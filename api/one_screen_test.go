package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// One truth on every screen: once a game's result is in, however it
// came, the game's view says finished, the room shows that result's
// scores and how it came, the table's tablet shows the result with no
// entry, and a turn is refused with a stable code.
func TestResultInOnEveryScreen(t *testing.T) {
	cases := []struct {
		name string
		// key puts the result in; f.game is round 1's game at table 1,
		// Doug (seat 1) against Emely.
		key     func(f *fixture, e *event)
		scores  []int  // the seats' scores every view shows
		winner  string // what the tablet says of the result
		room    string // the room's status
		turnErr string // the code a turn is refused with (409)
		turnSt  int
		aside   bool // the record was set aside
	}{
		{"keyed by table on the key-results page", func(f *fixture, e *event) {
			e.keyTable(1, 1, map[string]any{"scores": []int{400, 350}}, http.StatusCreated)
		}, []int{400, 350}, "Doug wins 400–350", "finished, result entered by hand", "game-has-result", http.StatusConflict, false},
		{"entered as a result of the round", func(f *fixture, e *event) {
			must[service.RoundResult](t, f.post(e.path("/results"), f.Director,
				map[string]any{"round": 1, "players": f.players, "scores": []int{330, 412}}), http.StatusCreated)
		}, []int{330, 412}, "Emely wins 412–330", "finished, result entered by hand", "game-has-result", http.StatusConflict, false},
		{"forfeit", func(f *fixture, e *event) {
			must[service.RoundResult](t, f.post(e.path("/results"), f.Director,
				map[string]any{"round": 1, "kind": "forfeit", "players": []int64{f.players[1], f.players[0]}}), http.StatusCreated)
		}, nil, "No game: Doug wins by forfeit", "finished, result entered by hand", "game-has-result", http.StatusConflict, false},
		{"record set aside, then keyed", func(f *fixture, e *event) {
			for i, tc := range dougVEmely[:4] {
				must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
			}
			must[service.RoundResult](t, f.post(e.path("/results"), f.Director, map[string]any{"round": 1, "players": f.players,
				"scores": []int{390, 401}, "record": "void", "reason": "tablet died, kept on paper"}), http.StatusCreated)
		}, []int{390, 401}, "Emely wins 401–390", "finished, result entered by hand", "game-has-result", http.StatusConflict, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			e := &event{testServer: f.testServer, t: t, tournament: f.tournament, ids: map[string]int64{"Doug": f.players[0], "Emely": f.players[1]}}
			tablet, _ := signInTable(t, f)
			tc.key(f, e)

			// The game's own view (API), as the director and as the table read it.
			for who, token := range map[string]string{"director": f.Director, "table": f.table} {
				v := must[service.GameView](t, f.get(gpath(f.game, ""), token), http.StatusOK)
				if v.Status != service.StatusFinished || v.Official == nil || !v.Official.EnteredByHand || !v.ResultByHand() || v.RecordSetAside != tc.aside {
					t.Fatalf("%s reads status %q, official %+v, set aside %v", who, v.Status, v.Official, v.RecordSetAside)
				}
				if tc.scores != nil {
					if got := []int{v.Players[0].Score, v.Players[1].Score}; !slices.Equal(got, tc.scores) {
						t.Errorf("%s reads seat scores %v, want the result's %v", who, got, tc.scores)
					}
				}
			}

			// The room: the result's scores, finished, how it came; nothing
			// to confirm.
			director := directorSignIn(t, f)
			room := director.get("/director/" + itoa(f.tournament))
			want := []string{`<td class="st">` + tc.room + `</td>`, `<td class="num turn">–</td>`}
			if tc.scores != nil {
				want = append(want, `<td class="num scores">`+itoa(int64(tc.scores[0]))+` – `+itoa(int64(tc.scores[1]))+`</td>`)
			} else {
				want = append(want, `<td class="num scores">forfeit</td>`)
			}
			wantPage(t, room, http.StatusOK, want...)
			row := roomRow(t, room, f.game)
			for _, bad := range []string{"in play", "no entries yet", ">0 – 0<"} {
				if strings.Contains(row, bad) {
					t.Errorf("the room's row still says %q: %s", bad, row)
				}
			}
			if strings.Contains(between(string(room.Body), `<ul id="attention"`, `</ul>`), "Table 1") {
				t.Errorf("the room asks for attention to table 1: %s", between(string(room.Body), `<ul id="attention"`, `</ul>`))
			}
			wantPage(t, director.get("/director/"+itoa(f.tournament)+"/games/"+itoa(f.game)), http.StatusOK, tc.room)

			// The tablet: the result in plain words, no entry.
			page := tablet.get("/table/1")
			wantPage(t, page, http.StatusOK, "The director has entered this game&#39;s result", tc.winner, "Result entered by hand",
				`id="entry" hidden`, `id="actions" hidden`, `<span id="status">result entered by the director</span>`)
			if strings.Contains(string(page.Body), `id="end" class="end" hidden`) {
				t.Error("the tablet hides the result")
			}

			// The game's score sheet says how the result came.
			sheet := f.get(gpath(f.game, "/scoresheet.pdf"), f.Director)
			wantPDF(t, sheet)
			how := "director entered this result by hand"
			if tc.aside {
				how = "record was set aside"
			}
			if text := strings.Join(strings.Fields(pdfText(t, sheet.Body)), " "); !strings.Contains(text, how) {
				t.Errorf("the score sheet does not say %q:\n%s", how, text)
			}

			// A turn is refused, from the table and from the director.
			for _, token := range []string{f.table, f.Director} {
				wantProblem(t, f.enter(f.game, token, turn{Player: 1, Move: "8D JO"}), tc.turnSt, tc.turnErr)
			}
		})
	}
}

// The room's turn column and the tablet's "Turn N" are one number, the
// server's next_play: plays so far plus one (holds, challenges and the
// acceptance of a play are not plays), not the server's event number.
func TestRoomTurnIsTheTabletTurn(t *testing.T) {
	f := newFixture(t)
	tablet, _ := signInTable(t, f)
	director := directorSignIn(t, f)
	check := func(wantPlay int) {
		t.Helper()
		v := f.view(f.game)
		if v.NextPlay != wantPlay {
			t.Fatalf("next_play %d, want %d (next_turn %d)", v.NextPlay, wantPlay, v.NextTurn)
		}
		n := itoa(int64(wantPlay))
		wantPage(t, tablet.get("/table/1"), http.StatusOK, `id="turn-line">Turn `+n+`:`)
		wantPage(t, director.get("/director/"+itoa(f.tournament)), http.StatusOK, `<td class="num turn">`+n+`</td>`)
	}
	check(1)
	for i, tc := range dougVEmely[:3] {
		must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack}), http.StatusCreated)
	}
	check(4)
	// A hold and a challenge ruled acceptable are events, not plays: the
	// server's event number moves on, the turn does not.
	v := f.view(f.game)
	must[service.GameView](t, f.post(gpath(f.game, "/hold"), f.table, map[string]any{"turn": 3, "player": 2}), http.StatusCreated)
	if after := f.view(f.game); after.NextTurn == v.NextTurn || after.NextPlay != 4 {
		t.Fatalf("after a hold: next_turn %d (was %d), next_play %d", after.NextTurn, v.NextTurn, after.NextPlay)
	}
	check(4)
}

// roomRow is a game's row in the room's table of the current round.
func roomRow(t *testing.T, room response, game int64) string {
	t.Helper()
	row := between(string(room.Body), `<tr id="game-`+itoa(game)+`"`, `</tr>`)
	if row == "" {
		t.Fatalf("no row for game %d in the room", game)
	}
	return row
}

// between is the text of s from the first from up to the next to.
func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	j := strings.Index(s[i:], to)
	if j < 0 {
		return s[i:]
	}
	return s[i : i+j]
}
