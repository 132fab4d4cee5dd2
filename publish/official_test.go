package publish

import (
	"context"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tourney/reports"
	"tourney/service"
)

// officialEvent is two divisions of four, round 1 complete in each, its
// results arriving every way: in A, table 1 recorded at the tablet turn
// by turn (WINDY, a phony WUZ through its W challenged off, GALE, a
// pass) and ended by the director when time ran out, with both racks
// revealed (they count against their owners), and table 2 keyed by hand;
// in B, a forfeit and a game keyed by hand.
type officialEvent struct {
	svc    *service.Service
	id     int64
	recGID int64 // A's table 1
	divB   int64
	ids    map[string]int64
}

func newOfficialEvent(t *testing.T) *officialEvent {
	t.Helper()
	ctx := context.Background()
	e := &officialEvent{svc: service.New(openStore(t)), ids: map[string]int64{}}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	tour, err := e.svc.CreateTournament(ctx, director, service.TournamentInput{Name: ptr("Finals Open")})
	must(err)
	e.id = tour.ID
	for _, div := range []struct {
		name    string
		players []string
	}{{"A", []string{"Ann Able", "Bob Brown", "Cy Cole", "Di Dove"}}, {"B", []string{"Eve Ek", "Fay Fox", "Gus Gee", "Hal Hay"}}} {
		d, err := e.svc.CreateDivision(ctx, director, e.id, service.DivisionInput{Name: div.name})
		must(err)
		for i, n := range div.players {
			p, err := e.svc.CreatePlayer(ctx, director, e.id, service.PlayerInput{Name: ptr(n), Rating: ptr(1800 - 100*i), DivisionID: ptr(d.ID)})
			must(err)
			e.ids[n] = p.ID
		}
		e.divB = d.ID
		rp, err := e.svc.PairRound(ctx, director, e.id, 1, service.PairInput{DivisionID: ptr(d.ID), System: "koth"})
		must(err)
		if len(rp.Pairings) != 2 {
			t.Fatalf("division %s round 1: %+v", div.name, rp.Pairings)
		}
		two := func(pv service.PairingView) []int64 { return []int64{pv.Players[0].ID, pv.Players[1].ID} }
		if div.name == "A" {
			e.recGID = *rp.Pairings[0].GameID
			e.recordWithPhony(t)
			_, err = e.svc.EnterResult(ctx, director, e.id, service.ResultInput{Round: 1, Players: two(rp.Pairings[1]), Scores: []int{412, 377}})
			must(err)
			continue
		}
		_, err = e.svc.EnterResult(ctx, director, e.id, service.ResultInput{Round: 1, Kind: service.ResultForfeit, Players: two(rp.Pairings[0])})
		must(err)
		_, err = e.svc.EnterResult(ctx, director, e.id, service.ResultInput{Round: 1, Players: two(rp.Pairings[1]), Scores: []int{350, 351}})
		must(err)
	}
	return e
}

// recordWithPhony plays A's table 1 at the tablet: seat 1 WINDY, seat 2
// WUZ down through its W (a phony the director rules off), seat 1 GALE,
// seat 2 passes; time runs out and the director ends it, the racks
// revealed.
func (e *officialEvent) recordWithPhony(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.svc.UpdateTournament(ctx, director, e.id, service.TournamentInput{CurrentRound: ptr(1)}); err != nil {
		t.Fatal(err)
	}
	turn := func(seat int, move string) int {
		t.Helper()
		r, err := e.svc.EnterTurn(ctx, director, e.recGID, service.TurnInput{Player: seat, Move: move})
		if err != nil {
			t.Fatalf("turn %q: %v", move, err)
		}
		return r.Turn
	}
	turn(1, "8D WINDY")
	phony := turn(2, "D8 WUZ")
	if _, err := e.svc.Challenge(ctx, director, e.recGID, service.ChallengeInput{Turn: phony, Challenger: 1, Verdict: service.VerdictUnacceptable, Reason: "WUZ is not a word"}); err != nil {
		t.Fatal(err)
	}
	turn(1, "7C GALE")
	turn(2, "-")
	if _, err := e.svc.EndGame(ctx, director, e.recGID, service.EndGameInput{How: "time", Reason: "time ran out",
		Racks: map[string]string{"1": "AGITNOI", "2": "ODVNJHA"}}); err != nil {
		t.Fatal(err)
	}
}

var turnRow = regexp.MustCompile(`(?s)<tr>\s*<td class="num">[^<]*</td>\s*<td>([^<]*)</td>\s*<td>(?:<em>([^<]*)</em> )?([^<]*)</td>\s*<td class="num">([^<]*)</td>\s*<td class="num">([^<]*)</td>`)

// TestPublishedGameShowsTheOfficialResult: the published game page heads
// with the official result (after the racks left at the end), a
// challenge's −points stand on the player whose play came off, and the
// turn list ends with each seat's tiles left, at the final scores.
func TestPublishedGameShowsTheOfficialResult(t *testing.T) {
	e := newOfficialEvent(t)
	ctx := context.Background()
	v, err := e.svc.GetGame(ctx, service.Public, e.recGID)
	if err != nil {
		t.Fatal(err)
	}
	if v.Official == nil || len(v.Official.Scores) != 2 {
		t.Fatalf("no official result: %+v", v.Official)
	}
	off := v.Official.Scores
	if off[0] == v.Totals[0] || off[1] == v.Totals[1] {
		t.Fatalf("the racks left changed nothing (official %v, before %v): the test shows nothing", off, v.Totals)
	}
	dir := t.TempDir()
	if err := Write(ctx, e.svc, dir, &e.id); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, dir)
	page := html.UnescapeString(read(t, dir, "a/game-r1-t1.html"))
	ann, bob := v.Players[0].Name, v.Players[1].Name
	head := regexp.MustCompile(`<p class="status">(.*)</p>`).FindStringSubmatch(page)
	if head == nil {
		t.Fatalf("no heading with the scores:\n%s", page)
	}
	status := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(head[1], "")
	if want := ann + " " + strconv.Itoa(off[0]) + " – " + bob + " " + strconv.Itoa(off[1]); status != want {
		t.Errorf("heading %q, want the official result %q", status, want)
	}

	var rows [][]string
	for _, m := range turnRow.FindAllStringSubmatch(page, -1) {
		rows = append(rows, m[1:])
	}
	var wuz int
	for _, tv := range v.Turns {
		if tv.Move == "D8 WUZ" {
			wuz = tv.Score
		}
	}
	found := false
	for _, r := range rows {
		if r[1] == service.EventChallenge {
			found = true
			if r[0] != bob || r[3] != reports.Signed(-wuz) {
				t.Errorf("challenge row %q: want %s %s (WUZ came off)", r, bob, reports.Signed(-wuz))
			}
		}
	}
	if !found {
		t.Errorf("no challenge row among %q", rows)
	}
	var ends []string
	for _, r := range rows {
		if r[1] == "tiles left" {
			ends = append(ends, r[0]+" "+r[3]+" "+r[4])
		}
	}
	want := []string{
		ann + " " + reports.Signed(v.Result.RackAdjust[0]) + " " + score(off[0]),
		bob + " " + reports.Signed(v.Result.RackAdjust[1]) + " " + score(off[1]),
	}
	if strings.Join(ends, "; ") != strings.Join(want, "; ") {
		t.Errorf("end-of-game rows %q, want %q", ends, want)
	}
	// B's results came by hand and by forfeit: round pages, no replays.
	if r1 := read(t, dir, "b/round-1.html"); !strings.Contains(r1, "forfeit") || !strings.Contains(r1, "350–351") {
		t.Errorf("B's round 1 lacks its forfeit or its hand result:\n%s", r1)
	}
}

// TestPublishedRoundsSayWithdrawnAndLateEntry: after round 1, Hal
// withdraws from B and Ivy enters it late; B's round 2 is paired and
// keyed. The published round pages give Ivy's round 1 as "late entry"
// and Hal's round 2 as "withdrawn", never "bye".
func TestPublishedRoundsSayWithdrawnAndLateEntry(t *testing.T) {
	e := newOfficialEvent(t)
	ctx := context.Background()
	if _, err := e.svc.WithdrawPlayer(ctx, director, e.id, e.ids["Hal Hay"], service.WithdrawInput{Reason: "went home"}); err != nil {
		t.Fatal(err)
	}
	ivy, err := e.svc.CreatePlayer(ctx, director, e.id, service.PlayerInput{Name: ptr("Ivy Ito"), DivisionID: ptr(e.divB)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.LateEntry(ctx, director, e.id, ivy.ID, service.LateEntryInput{}); err != nil {
		t.Fatal(err)
	}
	rp, err := e.svc.PairRound(ctx, director, e.id, 2, service.PairInput{DivisionID: ptr(e.divB), System: "koth"})
	if err != nil {
		t.Fatal(err)
	}
	for _, pv := range rp.Pairings {
		if len(pv.Players) == 2 {
			if _, err := e.svc.EnterResult(ctx, director, e.id, service.ResultInput{Round: 2, Players: []int64{pv.Players[0].ID, pv.Players[1].ID}, Scores: []int{380, 360}}); err != nil {
				t.Fatal(err)
			}
		}
	}
	dir := t.TempDir()
	if err := Write(ctx, e.svc, dir, &e.id); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, dir)
	row := regexp.MustCompile(`(?s)<tr>.*?</tr>`)
	for _, tc := range []struct{ file, who, word string }{
		{"b/round-1.html", "Ivy Ito", "late entry"},
		{"b/round-2.html", "Hal Hay", "withdrawn"},
	} {
		page := html.UnescapeString(read(t, dir, tc.file))
		if strings.Contains(page, "bye") {
			t.Errorf("%s says bye:\n%s", tc.file, page)
		}
		found := false
		for _, r := range row.FindAllString(page, -1) {
			if strings.Contains(r, tc.who) {
				found = true
				if !strings.Contains(r, ">"+tc.word+"<") {
					t.Errorf("%s: %s's row lacks %q: %s", tc.file, tc.who, tc.word, r)
				}
			}
		}
		if !found {
			t.Errorf("%s has no row for %s:\n%s", tc.file, tc.who, page)
		}
	}
}
