package service

import (
	"slices"
	"strings"

	"tourney/scoring"
	"tourney/standings"
)

// Divisions that seat three or four at a table (DivisionSettings.GroupSize)
// or play 2-vs-2 (DivisionSettings.Teams): their pairings are tables
// (standings.PairGroups), a table is one game with three or four seats,
// and its result counts pairwise (standings/DECISIONS.md).

// tablePlay reports a division that pairs tables rather than pairs.
func (st *divState) tablePlay() bool {
	return st.settings.GroupSize > 2 || len(st.settings.Teams) > 0
}

// teamLines are the division's teams as lines; partners not (or no
// longer) in the division are left out, for PairGroups to name.
func (st *divState) teamLines() [][2]int {
	if len(st.settings.Teams) == 0 {
		return nil
	}
	out := make([][2]int, 0, len(st.settings.Teams))
	for _, t := range st.settings.Teams {
		a, b := st.line[t[0]], st.line[t[1]]
		if a != 0 && b != 0 {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}

// pair computes a round: tables for a division that seats them (the
// manual system and every other), pairs otherwise.
func (st *divState) pair(req standings.PairRequest) ([]standings.Pairing, error) {
	if !st.tablePlay() || req.System == standings.SystemManual {
		return standings.Pair(st.d, req)
	}
	return standings.PairGroups(st.d, standings.GroupRequest{System: req.System, Round: req.Round, BasedOn: req.BasedOn,
		Size: max(st.settings.GroupSize, 2), Teams: st.teamLines(), Seed: req.Seed})
}

// manualTable is the director's table of three or four (a team game in
// a team division: seats 1 and 3 against 2 and 4).
func (st *divState) manualTable(mp ManualPairing) (standings.Pairing, error) {
	teams := len(st.settings.Teams) > 0
	switch {
	case teams && len(mp.Players) != 4:
		return standings.Pairing{}, Errorf(KindInvalid, "bad-players", "a team game has four players, seats 1 and 3 against 2 and 4")
	case !teams && len(mp.Players) > max(st.settings.GroupSize, 2):
		return standings.Pairing{}, Errorf(KindInvalid, "bad-players", "this division seats at most %d players at a table (group_size); %d given", max(st.settings.GroupSize, 2), len(mp.Players))
	case mp.First != nil && *mp.First != mp.Players[0]:
		return standings.Pairing{}, Errorf(KindInvalid, "bad-start", "at a table the first player named starts: list the players in seat order")
	case mp.Table < 0:
		return standings.Pairing{}, Errorf(KindInvalid, "bad-table", "table numbers start at 1")
	}
	p := standings.Pairing{Table: mp.Table, Teams: teams, Reason: strings.TrimSpace(mp.Reason)}
	for _, id := range mp.Players {
		line := st.line[id]
		if line == 0 {
			return p, Errorf(KindInvalid, "unknown-player", "player %d is not in this division", id)
		}
		p.Group = append(p.Group, line)
	}
	if teams && !st.partners(p.Group[0], p.Group[2]) || teams && !st.partners(p.Group[1], p.Group[3]) {
		return p, Errorf(KindRule, "not-partners", "a team game seats partners in seats 1 and 3, and 2 and 4: these players are not the division's teams")
	}
	p.Player, p.First = p.Group[0], p.Group[0]
	return p, nil
}

// partners reports two lines that make one of the division's teams.
func (st *divState) partners(a, b int) bool {
	return slices.ContainsFunc(st.teamLines(), func(t [2]int) bool { return t == [2]int{a, b} || t == [2]int{b, a} })
}

// pairingGame is a pairing's game, if it has one.
func (st *divState) pairingGame(round int, p standings.Pairing) *Game {
	if p.Group != nil {
		return st.gameAt(round, st.ids(p.Group))
	}
	return st.gameBetween(round, st.id(p.Player), st.id(p.Opponent))
}

// checkTables checks the settings for tables and teams against the
// variant: no more players at a table than it seats, teams only where it
// has team play, each player in one team.
func (ds DivisionSettings) checkTables(variant string) error {
	if ds.GroupSize == 0 && len(ds.Teams) == 0 {
		return nil
	}
	if ds.GroupSize < 0 || ds.GroupSize > standings.MaxGroup || ds.GroupSize == 1 {
		return Errorf(KindInvalid, "bad-settings", "group_size is 2, 3 or 4 players a table, not %d", ds.GroupSize)
	}
	if len(ds.Teams) > 0 && ds.GroupSize != 0 && ds.GroupSize != 4 {
		return Errorf(KindInvalid, "bad-settings", "a team division seats four at a table: leave group_size out or set it to 4")
	}
	seen := map[int64]bool{}
	for _, t := range ds.Teams {
		for _, id := range t {
			if seen[id] || t[0] == t[1] {
				return Errorf(KindInvalid, "bad-settings", "player %d is in two teams", id)
			}
			seen[id] = true
		}
	}
	v, err := scoring.LookupVariant(variant)
	if err != nil {
		return nil // a director's own variant file: the game itself checks its seats
	}
	if ds.GroupSize > v.MaxPlayers {
		return Errorf(KindInvalid, "bad-settings", "%s is played by at most %d players: group_size %d is too many", v.Name, v.MaxPlayers, ds.GroupSize)
	}
	if len(ds.Teams) > 0 && (!v.Teams || v.MaxPlayers < 4) {
		return Errorf(KindInvalid, "bad-settings", "%s has no team play: teams are for variants played 2 against 2 (wordchums)", v.Name)
	}
	return nil
}
