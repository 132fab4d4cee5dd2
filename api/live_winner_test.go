package api

import (
	"fmt"
	"net/http"
	"testing"

	"tourney/service"
)

// GET /live and a game's replay say who won a decided table, as its
// stored result does: a result keyed by hand, one amended to a tie and
// a game recorded and ended by the director, in two divisions; a game
// its tablet is still entering names no one.
func TestLiveWinner(t *testing.T) {
	e := newLiveEvent(t, "naspa")
	amend := map[string]any{"players": e.liteResult.Players, "scores": []int{395, 395}, "reason": "misread the card"}
	must[service.RoundResult](t, e.patch(e.path(fmt.Sprintf("/results/%d", e.liteResult.ID)), e.Director, amend), http.StatusOK)
	live := must[service.Live](t, e.get(e.path("/live"), ""), http.StatusOK)
	tables := map[int]service.LiveTable{}
	for _, d := range live.Divisions {
		for _, lt := range d.Tables {
			tables[lt.Table] = lt
		}
	}
	winner := func(lt service.LiveTable) string {
		for _, p := range lt.Players {
			if lt.WinnerPlayerID != nil && p.PlayerID == *lt.WinnerPlayerID {
				return p.Name
			}
		}
		return ""
	}
	for _, c := range []struct {
		table  int
		winner string
		tie    bool
		byHand bool
	}{
		{e.byHandTable, "O4 Eriksson", false, true},
		{e.endedTable, "O5 Fitzgerald", false, false},
		{e.tabletTable, "", false, false},
		{e.liteHandTab, "", true, true},
		{e.liteTabletTab, "", false, false},
	} {
		lt := tables[c.table]
		if got := winner(lt); got != c.winner || lt.Tie != c.tie || lt.EnteredByHand != c.byHand || (c.winner == "") != (lt.WinnerPlayerID == nil) {
			t.Errorf("table %d: winner %q (%v), tie %v, by hand %v; want %q, tie %v, by hand %v", c.table, got, lt.WinnerPlayerID, lt.Tie, lt.EnteredByHand, c.winner, c.tie, c.byHand)
		}
	}
	for _, c := range []struct {
		game   int64
		winner int64
		tie    bool
	}{
		{e.byHand, tables[e.byHandTable].Players[1].PlayerID, false},
		{e.liteByHand, 0, true},
	} {
		r := must[service.GameReplay](t, e.get(gpath(c.game, "/replay"), ""), http.StatusOK)
		var got int64
		if r.WinnerPlayerID != nil {
			got = *r.WinnerPlayerID
		}
		if got != c.winner || r.Tie != c.tie || !r.EnteredByHand {
			t.Errorf("replay of game %d: winner %d, tie %v, by hand %v; want %d, tie %v", c.game, got, r.Tie, r.EnteredByHand, c.winner, c.tie)
		}
	}
}
