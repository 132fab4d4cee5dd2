package service

// The registration desk: check-in and division moves.
//
// A division with check_in_required pairs only players checked in: a
// player not checked in (and without any game or result there) is as one
// not entered yet, left out when the division is loaded, so that every
// pairing system leaves them out; checking in after rounds were paired
// records the missed rounds as a late entry does (recordMissedRounds).
//
// A player moved to another division before they have a result leaves
// their unplayed pairings behind (taken back as an unpair takes them) and
// joins the other division as a late entrant. One with results moves only
// with games: keep: the results stay in the division where they were
// played, which keeps the player (loaded there as withdrawn, with no more
// rounds), and the player goes on in the new division.

import (
	"context"
	"fmt"
	"strings"
)

// playedIn is the set of players with a game or a result of a division
// (nil: none, for a tournament without divisions).
func playedIn(div *Division, games []Game, results []Result) map[int64]bool {
	in := map[int64]bool{}
	if div == nil {
		return in
	}
	for _, g := range games {
		if g.DivisionID != nil && *g.DivisionID == div.ID {
			for _, id := range g.Seats {
				in[id] = true
			}
		}
	}
	for i := range results {
		if r := &results[i]; r.DivisionID != nil && *r.DivisionID == div.ID {
			for _, id := range r.playerIDs() {
				in[id] = true
			}
		}
	}
	return in
}

// ofDivision reports whether a game or result row belongs to a division:
// rows of another division (a moved player's games kept there) do not; a
// row with no division belongs to the division of its players.
func ofDivision(div *Division, id *int64) bool {
	return div == nil || id == nil || *id == div.ID
}

// entered reports whether the division loads a player: one of its own,
// unless check-in is required and they have not checked in (and have
// nothing here yet), or one moved out who played here.
func (st *divState) entered(p *Player, playedHere map[int64]bool) bool {
	if !inScope(p, st.div) {
		return playedHere[p.ID]
	}
	return !st.settings.CheckInRequired || p.CheckedIn || playedHere[p.ID]
}

// playedElsewhere are, by round, the lines of this division's players
// with a result in another division (moved here keeping their games).
func (st *divState) playedElsewhere(results []Result) map[int][]int {
	out := map[int][]int{}
	for i := range results {
		r := &results[i]
		if ofDivision(st.div, r.DivisionID) {
			continue
		}
		for _, id := range r.playerIDs() {
			if line := st.line[id]; line != 0 {
				out[r.Round] = append(out[r.Round], line)
			}
		}
	}
	return out
}

// keptElsewhere gives the players who played a round in another division
// that round here with no outcome (unopposed, no spread), not a missed
// round: their result is where it was played.
func (st *divState) keptElsewhere(round int, lines []int) {
	for _, line := range lines {
		if _, paired := st.d.Opponent(line, round); paired {
			continue
		}
		if _, err := st.d.Enter(unopposedEntry(round, line, 0)); err != nil {
			st.problems = append(st.problems, fmt.Sprintf("round %d: %s's game in another division: %v", round, st.name(line), err))
		}
	}
}

// CheckInInput checks a player in, or with checked_in false undoes it.
type CheckInInput struct {
	CheckedIn *bool  `json:"checked_in"`
	Reason    string `json:"reason"`
}

// CheckIn records that a player has arrived at the desk (director). In a
// division with check_in_required, a player checked in after rounds were
// paired gets those rounds as a late entrant's missed rounds. Undoing a
// check-in is refused once the player is paired or has a result.
func (s *Service) CheckIn(ctx context.Context, a Actor, tournamentID, playerID int64, in CheckInInput) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	want := in.CheckedIn == nil || *in.CheckedIn
	var out *Player
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		p, err := s.Store.GetPlayer(ctx, playerID)
		if err != nil || p.TournamentID != tournamentID {
			return Errorf(KindNotFound, "not-found", "player %d does not exist in tournament %d", playerID, tournamentID)
		}
		out = p
		if p.CheckedIn == want {
			return nil
		}
		if !want {
			what, err := s.firstRecord(ctx, p)
			if err != nil {
				return err
			}
			if what != "" {
				return Errorf(KindConflict, "player-has-results", "%s %s: a check-in cannot be undone once the player is paired or has a result", p.Name, what)
			}
		}
		p.CheckedIn = want
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		after := map[string]any{"player_id": p.ID, "checked_in": want}
		if want {
			st, _, err := s.playerDivision(ctx, tournamentID, playerID)
			if err != nil {
				return err
			}
			if st.settings.CheckInRequired {
				ch, missed, err := s.recordMissedRounds(ctx, st, p, "")
				if err != nil {
					return err
				}
				if len(ch.Players) > 0 {
					after["missed"], after["results"] = missed, st.sides(ch, true)
				}
			}
		}
		return s.auditTournament(ctx, a, tournamentID, "check-in", in.Reason,
			map[string]any{"player_id": p.ID, "checked_in": !want}, after)
	})
	return out, err
}

// MoveInput moves a player to another division; Games "keep" moves one
// who has results, which stay where they were played.
type MoveInput struct {
	DivisionID *int64 `json:"division_id"`
	Reason     string `json:"reason"`
	Games      string `json:"games"`
}

// MovePlayer moves a player to another division (director): their
// pairings not played are taken back, and they join the other division
// as a late entrant (its rounds paired so far recorded as missed). A
// player with a result (or a game begun) is refused with
// player-has-results unless games is "keep".
func (s *Service) MovePlayer(ctx context.Context, a Actor, tournamentID, playerID int64, in MoveInput) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	switch in.Games {
	case "", "keep":
	default:
		return nil, Errorf(KindInvalid, "bad-games", `games is "keep" (the results stay where they were played) or absent, not %q`, in.Games)
	}
	if in.DivisionID == nil {
		return nil, Errorf(KindInvalid, "missing-division", "say which division the player moves to (division_id)")
	}
	reason := strings.TrimSpace(in.Reason)
	var out *Player
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		st, p, err := s.playerDivision(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		if err := s.checkDivision(ctx, tournamentID, in.DivisionID); err != nil {
			return err
		}
		if eqID(p.DivisionID, in.DivisionID) {
			return Errorf(KindInvalid, "same-division", "%s is already in that division", p.Name)
		}
		if reason == "" {
			return Errorf(KindInvalid, "missing-reason", "say why %s moves", p.Name)
		}
		games, rows, played, err := s.movablePairings(ctx, st, p)
		if err != nil {
			return err
		}
		if played != "" && in.Games != "keep" {
			return Errorf(KindConflict, "player-has-results", `%s %s: send "games": "keep" to move them with their results kept where they were played`, p.Name, played)
		}
		if err := s.removePairings(ctx, games, rows); err != nil {
			return err
		}
		before := *p
		p.DivisionID = in.DivisionID
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		to, _, err := s.playerDivision(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		ch, missed, err := s.recordMissedRounds(ctx, to, p, "")
		if err != nil {
			return err
		}
		out = p
		after := map[string]any{"player_id": p.ID, "division_id": p.DivisionID, "games": in.Games,
			"pairings_removed": len(games) + len(rows)}
		if len(ch.Players) > 0 {
			after["missed"], after["results"] = missed, to.sides(ch, true)
		}
		return s.auditTournament(ctx, a, tournamentID, "move-player", reason,
			map[string]any{"player_id": p.ID, "division_id": before.DivisionID}, after)
	})
	return out, err
}

// movablePairings are a player's pairings a move takes back (games not
// begun, byes given by the pairing), and where they first have a result
// or a game begun ("" for nowhere), which a move only keeps.
func (s *Service) movablePairings(ctx context.Context, st *divState, p *Player) (games []*Game, rows []*Result, played string, err error) {
	if st.line[p.ID] == 0 {
		return nil, nil, "", nil
	}
	for round := 1; round <= st.d.Rounds(); round++ {
		if st.gameOf(round, p.ID) == nil && st.rowOf(round, p.ID) == nil {
			continue
		}
		g, r, err := s.removable(ctx, st, round, p.ID)
		if err != nil {
			if e := AsError(err); e == nil || e.Kind != KindConflict {
				return nil, nil, "", err
			}
			if played == "" {
				played = fmt.Sprintf("has a result in round %d", round)
			}
			continue
		}
		if g != nil && !containsGame(games, g) {
			games = append(games, g)
		}
		if r != nil {
			rows = append(rows, r)
		}
	}
	return games, rows, played, nil
}
