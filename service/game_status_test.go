package service

import (
	"slices"
	"testing"
)

// A game's status is finished once its official result is in, however it
// came; until then its record's. A result keyed by hand puts its scores on
// the seats (a team game's on each team's first seat).
func TestGameStatusOneRule(t *testing.T) {
	p2 := int64(2)
	game := &Game{ID: 1, Seats: []int64{1, 2}}
	teams := &Game{ID: 2, Seats: []int64{1, 2, 3, 4}, Teams: true}
	cases := []struct {
		name     string
		g        *Game
		record   string
		official *Result
		status   string
		byHand   bool
		scores   []int
	}{
		{"no result, in play", game, StatusInProgress, nil, StatusInProgress, false, []int{12, 30}},
		{"no result, on hold", game, StatusOnHold, nil, StatusOnHold, false, []int{12, 30}},
		{"record set aside, nothing keyed yet", game, StatusVoided, nil, StatusVoided, false, []int{12, 30}},
		{"finished by the record", game, StatusFinished,
			&Result{Kind: ResultGame, Source: SourceRecorded, Player1: 1, Player2: &p2, Score1: 12, Score2: 30}, StatusFinished, false, []int{12, 30}},
		{"keyed by hand, no turns", game, StatusInProgress,
			&Result{Kind: ResultGame, Source: SourceEntered, Player1: 1, Player2: &p2, Score1: 400, Score2: 350}, StatusFinished, true, []int{400, 350}},
		{"keyed by hand after the record was set aside", game, StatusVoided,
			&Result{Kind: ResultGame, Source: SourceEntered, Player1: 2, Player2: ptr(int64(1)), Score1: 401, Score2: 390}, StatusFinished, true, []int{390, 401}},
		{"forfeit", game, StatusInProgress,
			&Result{Kind: ResultForfeit, Source: SourceEntered, Player1: 1, Player2: &p2, Score1: 50, Score2: 0}, StatusFinished, true, []int{50, 0}},
		{"imported", game, StatusInProgress,
			&Result{Kind: ResultGame, Source: SourceImported, Player1: 1, Player2: &p2, Score1: 300, Score2: 310}, StatusFinished, true, []int{300, 310}},
		{"team game keyed by hand", teams, StatusInProgress,
			&Result{Kind: ResultGame, Source: SourceEntered, Teams: true, Group: []int64{1, 2, 3, 4}, GroupScores: []int{420, 390}}, StatusFinished, true, []int{420, 390, 0, 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := &GameView{Status: tc.record}
			for i, id := range tc.g.Seats {
				v.Players = append(v.Players, SeatView{Seat: i + 1, PlayerID: id, Score: []int{12, 30, 5, 6}[i]})
			}
			v.withResult(tc.g, tc.official)
			if v.Status != tc.status || v.ResultByHand() != tc.byHand || (v.Official != nil) != (tc.official != nil) {
				t.Errorf("status %q by hand %v official %+v, want %q %v", v.Status, v.ResultByHand(), v.Official, tc.status, tc.byHand)
			}
			var got []int
			for _, p := range v.Players {
				got = append(got, p.Score)
			}
			if !slices.Equal(got, tc.scores) {
				t.Errorf("seat scores %v, want %v", got, tc.scores)
			}
		})
	}
}

// next_play counts plays (moves, exchanges, passes) among the active
// events, as the tablet numbers turns: holds, challenges, acceptances,
// the end and confirmations are not plays.
func TestNextPlayCountsPlays(t *testing.T) {
	ev := func(kinds ...string) []TurnEvent {
		var out []TurnEvent
		for i, k := range kinds {
			out = append(out, TurnEvent{Seq: i + 1, Kind: k})
		}
		return out
	}
	for _, tc := range []struct {
		events []TurnEvent
		want   int
	}{
		{nil, 1},
		{ev(EventMove), 2},
		{ev(EventMove, EventHold, EventChallenge, EventMove), 3},
		{ev(EventMove, EventMove, EventAccept, EventEndRack, EventConfirm), 3},
		{ev(EventMove, EventWithdraw, EventMove), 3},
	} {
		if got := nextPlay(tc.events); got != tc.want {
			t.Errorf("nextPlay(%v) = %d, want %d", tc.events, got, tc.want)
		}
	}
}
