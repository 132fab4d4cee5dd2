package api

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tourney/service"
)

// attentionT0 is the clock's start in the attention cases.
var attentionT0 = time.Date(2025, 5, 10, 10, 0, 0, 0, time.UTC)

// atMin is attentionT0 plus m minutes, as the JSON API writes times.
func atMin(m float64) string {
	return attentionT0.Add(time.Duration(m * float64(time.Minute))).Format(time.RFC3339Nano)
}

// attentionCase is a game view (as the API sends it), the moment it is
// looked at, what the attention list says then and the next moment the
// clock alone changes it (minutes after attentionT0; 0: none).
type attentionCase struct {
	name string
	doc  string
	now  float64 // minutes after attentionT0
	want []string
	next float64
}

func attentionCases() []attentionCase {
	players := `"players":[{"seat":1,"player_id":1,"name":"Doug"},{"seat":2,"player_id":2,"name":"Emely"}]`
	windy := fmt.Sprintf(`{"turn":1,"seq":1,"kind":"move","player":1,"move":"8D WINDY","breakdown":{"words":[{"word":"WINDY","main":true}]},"created_at":%q}`, atMin(1))
	gale := fmt.Sprintf(`{"turn":2,"seq":2,"kind":"move","player":2,"move":"7C GALE","breakdown":{"words":[{"word":"GALE","main":true},{"word":"AW","main":false}]},"created_at":%q}`, atMin(2))
	voz := fmt.Sprintf(`{"turn":2,"seq":2,"kind":"move","player":2,"move":"7E voZ","created_at":%q}`, atMin(2)) // no breakdown: the move's word
	game := func(status string, rest ...string) string {
		return fmt.Sprintf(`{"id":7,"table":3,"status":%q,"created_at":%q,%s,%s}`, status, atMin(0), players, strings.Join(rest, ","))
	}
	turns := func(ts ...string) string { return `"turns":[` + strings.Join(ts, ",") + `]` }
	return []attentionCase{
		{"fresh game", game("in-progress", turns()), 5, nil, 10},
		{"a claim that differs and an irregular play on one turn", game("in-progress",
			`"flags":[{"turn":1,"seq":1,"flag":"score-disagreement,irregular:missed-start"}]`, turns(windy)), 2,
			[]string{"score disagreement on turn 1", "irregular play on turn 1: the first play misses the start square"}, 11},
		{"a flag the console does not know, in words", game("in-progress", `"flags":[{"turn":1,"seq":1,"flag":"odd-thing"}]`, turns(windy)), 2,
			[]string{"odd thing on turn 1"}, 11},
		{"a play on hold, half an hour", game("on-hold", turns(windy, fmt.Sprintf(`{"turn":1,"seq":2,"kind":"hold","player":2,"challenged_turn":1,"created_at":%q}`, atMin(2)))), 30,
			[]string{"play on hold (turn 1): WINDY by Doug, challenge pending"}, 0},
		{"on hold, the hold not among the turns", game("on-hold", turns(windy)), 2, []string{"play on hold, challenge pending"}, 0},
		{"an acceptable ruling", game("in-progress", turns(windy, gale,
			fmt.Sprintf(`{"turn":2,"seq":3,"kind":"challenge","player":1,"challenged_turn":2,"verdict":"acceptable","words":["GALE","AW"],"created_at":%q}`, atMin(3)))), 5,
			[]string{"challenge of GALE, AW: acceptable, the play stands (turn 2)"}, 13},
		{"an unacceptable ruling", game("in-progress", turns(windy, voz,
			fmt.Sprintf(`{"turn":2,"seq":3,"kind":"challenge","player":1,"challenged_turn":2,"verdict":"unacceptable","words":["VOZ","AZ"],"created_at":%q}`, atMin(3)))), 12.9,
			[]string{"challenge of VOZ, AZ: unacceptable, VOZ withdrawn (turn 2)"}, 13},
		{"a ruling ten minutes old is no longer listed; the table is quiet", game("in-progress", turns(windy, gale,
			fmt.Sprintf(`{"turn":2,"seq":3,"kind":"challenge","player":1,"challenged_turn":2,"verdict":"acceptable","words":["GALE","AW"],"created_at":%q}`, atMin(3)))), 13,
			[]string{"no entry for 10 minutes"}, 14},
		{"a play withdrawn by the director", game("in-progress", turns(windy, gale,
			fmt.Sprintf(`{"turn":2,"seq":3,"kind":"withdraw","player":2,"created_at":%q}`, atMin(4)))), 6,
			[]string{"GALE withdrawn (turn 2)"}, 14},
		{"no entry for 9 minutes", game("in-progress", turns(windy)), 10, nil, 11},
		{"no entry for 10 minutes", game("in-progress", turns(windy)), 11, []string{"no entry for 10 minutes"}, 12},
		{"nothing entered 25 minutes after the pairing", game("in-progress", turns()), 25.5, []string{"nothing entered, 25 minutes after the pairing"}, 26},
		{"a finished game an hour later", game("finished", `"confirmed":[true,true]`, turns(windy)), 60, nil, 0},
		{"a finished game not confirmed", game("finished", `"confirmed":[true,false]`, turns(windy)), 3,
			[]string{"game finished, result not confirmed by both players"}, 0},
		{"a game the director ended, nobody confirmed", game("finished", `"confirmed":[false,false]`, `"result":{"over":true,"complete":true,"reason":"ended","final":[30,16]}`, turns(windy)), 3, nil, 0},
		{"a result the director amended, nobody confirmed", game("finished", `"confirmed":[false,false]`, `"official_result":{"result_id":1,"kind":"game","source":"entered","entered_by_hand":true,"scores":[400,350]}`, turns(windy)), 3, nil, 0},
		{"a finished game, the view without confirmed", game("finished", turns(windy)), 3, nil, 0},
		{"a game in play, nobody confirmed", game("in-progress", `"confirmed":[false,false]`, turns(windy)), 3, nil, 11},
		{"a result entered by hand for a game with no record", game("in-progress", `"official_result":{"result_id":1,"kind":"game","source":"entered","scores":[400,350]}`, turns()), 60, nil, 0},
		{"waiting for the last play to be accepted", game("awaiting-acceptance", turns(windy)), 30,
			[]string{"game finished, waiting for the last play to be accepted"}, 0},
		{"racks to enter", game("awaiting-racks", turns(windy)), 30, []string{"game finished, racks to enter"}, 0},
		{"no clock known", `{"id":7,"table":3,"status":"in-progress"}`, 60, nil, 0},
	}
}

// Each item of the list, in plain words, at the moment given, and when
// the clock alone changes the list next (the page reads it again then).
func TestConsoleAttentionItems(t *testing.T) {
	codes := []string{"score-disagreement", "irregular:", "missed-start", "on-hold", "in-progress", "awaiting-", "{", "}", "odd-thing"}
	for _, tc := range attentionCases() {
		t.Run(tc.name, func(t *testing.T) {
			var v service.GameView
			if err := json.Unmarshal([]byte(tc.doc), &v); err != nil {
				t.Fatal(err)
			}
			var got []string
			items, next := attention(&v, attentionT0.Add(time.Duration(tc.now*float64(time.Minute))))
			for _, a := range items {
				if a.Game != 7 || a.Table != 3 || a.Kind == "" || attentionTexts[a.Kind] == "" {
					t.Errorf("item %+v, want game 7 at table 3 and a kind of the catalogue", a)
				}
				got = append(got, a.Text)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("attention %q, want %q", got, tc.want)
			}
			if want := attentionT0.Add(time.Duration(tc.next * float64(time.Minute))); tc.next == 0 && !next.IsZero() || tc.next != 0 && !next.Equal(want) {
				t.Errorf("next change %v, want %v minutes after the start", next, tc.next)
			}
			for _, text := range got {
				for _, c := range codes {
					if strings.Contains(text, c) {
						t.Errorf("%q shows %q: plain words only", text, c)
					}
				}
			}
		})
	}
}

// The pages carry the words for statuses and flags and the server's
// clock, and no rule of the attention list: not its texts, not its
// minutes.
func TestConsoleAttentionCatalogue(t *testing.T) {
	var cat map[string]json.RawMessage
	if err := json.Unmarshal([]byte(attentionCatalogue(attentionT0)), &cat); err != nil {
		t.Fatal(err)
	}
	keys := slices.Sorted(maps.Keys(cat))
	if want := []string{"irregular", "now", "recheck_seconds", "statuses"}; !slices.Equal(keys, want) {
		t.Errorf("catalogue carries %q, want %q", keys, want)
	}
	f := newFixture(t)
	b := directorSignIn(t, f)
	for _, path := range []string{fmt.Sprintf("/director/%d", f.tournament), gameConsolePath(f, f.game)} {
		r := b.get(path)
		wantPage(t, r, http.StatusOK, `<script type="application/json" id="attention-catalogue">{"irregular":`, `"statuses":{`)
		for _, rule := range []string{"quiet_minutes", "rulings_minutes", "no entry for {minutes}"} {
			if strings.Contains(string(r.Body), rule) {
				t.Errorf("%s carries %q: the rules are the server's", path, rule)
			}
		}
	}
}

// A table that has entered nothing for ten minutes shows on the room
// view, by the service's clock; a finished game does not.
func TestConsoleAttentionQuietTable(t *testing.T) {
	ts := newTestServer(t)
	var clock atomic.Int64 // minutes after attentionT0
	ts.Svc.Now = func() time.Time { return attentionT0.Add(time.Duration(clock.Load()) * time.Minute) }
	f := bareFixture(t, ts)
	b := directorSignIn(t, f)
	room := fmt.Sprintf("/director/%d", f.tournament)
	clock.Store(9)
	if r := b.get(room); strings.Contains(string(r.Body), "Table 1: nothing entered") {
		t.Fatal("nine minutes after the pairing, the table is listed as quiet")
	}
	clock.Store(10)
	wantPage(t, b.get(room), http.StatusOK, "Table 1: nothing entered, 10 minutes after the pairing</a>", `<td class="st">in play</td>`)
	must[service.TurnResult](t, f.enter(f.game, f.Director, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
	if r := b.get(room); strings.Contains(string(r.Body), "Table 1: no entry for") {
		t.Fatal("an entry just now, and the table is still listed as quiet")
	}
	clock.Store(22)
	wantPage(t, b.get(room), http.StatusOK, "Table 1: no entry for 12 minutes</a>")
	// The game's own page says it too, and the view carries when the game was set up.
	if v := f.view(f.game); !v.CreatedAt.Equal(attentionT0) {
		t.Errorf("created_at %v, want %v", v.CreatedAt, attentionT0)
	}
}

// A turn the director corrected keeps, for the director only, the turn as
// first entered: move, claim, how many corrections and the latest reason.
func TestCorrectedTurnKeepsOriginal(t *testing.T) {
	f := newFixture(t)
	must[service.TurnResult](t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "8D WINDY", ClaimedScore: claim(31)}), http.StatusCreated)
	if v := f.view(f.game); v.Turns[0].CorrectedFrom != nil {
		t.Fatalf("an uncorrected turn has corrected_from %+v", v.Turns[0].CorrectedFrom)
	}
	v := must[service.GameView](t, f.patch(gpath(f.game, "/turns/1"), f.Director, map[string]any{"move": "8E WINDY", "claimed_score": 30, "reason": "sheet says 8E"}), http.StatusOK)
	if o := v.Turns[0].CorrectedFrom; o == nil || o.Move != "8D WINDY" || o.ClaimedScore == nil || *o.ClaimedScore != 31 || o.Score != 32 || o.Corrections != 1 || o.Reason != "sheet says 8E" {
		t.Fatalf("the correction's answer: corrected_from %+v", o)
	}
	must[service.GameView](t, f.patch(gpath(f.game, "/turns/1"), f.Director, map[string]any{"claimed_score": 32, "reason": "recounted"}), http.StatusOK)
	v = f.view(f.game)
	tv := v.Turns[0]
	if o := tv.CorrectedFrom; o == nil || o.Move != "8D WINDY" || *o.ClaimedScore != 31 || o.Player != 1 || o.Corrections != 2 || o.Reason != "recounted" || o.By == "" || o.At.IsZero() {
		t.Fatalf("after two corrections: corrected_from %+v", o)
	}
	if tv.Move != "8E WINDY" || *tv.ClaimedScore != 32 {
		t.Errorf("turn 1 now %+v", tv.TurnEvent)
	}
	if r := f.get(gpath(f.game, ""), f.table); r.Status != http.StatusOK || strings.Contains(string(r.Body), "corrected_from") {
		t.Errorf("the table's view shows the original: %d %s", r.Status, r.Body)
	}
}
