package service

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"tourney/standings"
)

// A round's life: pairing (not yet paired), paired, in-play, complete.
// The status is derived from the pairings, games and results, never
// typed, so that it cannot disagree with them.
const (
	RoundPairing  = "pairing"  // no pairings yet
	RoundPaired   = "paired"   // paired; no game begun, no result in, not current
	RoundInPlay   = "in-play"  // current (or past), or a game begun or a result in, and not complete
	RoundComplete = "complete" // every pairing has its result (byes and forfeits count)
)

// MissingTable is a pairing of a round still without a result.
type MissingTable struct {
	Table   int         `json:"table,omitempty"`
	GameID  *int64      `json:"game_id,omitempty"`
	Players []PlayerRef `json:"players"` // in seat order
	// Status is the game's while it is recorded turn by turn (in-progress,
	// awaiting-racks, ...); empty when no turn is recorded.
	Status string `json:"status,omitempty"`
	// Teams: a team game (Players[0] and [2] against [1] and [3]).
	Teams bool `json:"teams,omitempty"`
}

// RoundStatus is one round of a division: where it stands.
type RoundStatus struct {
	ID           int64          `json:"id,omitempty"` // the stored round, if any
	TournamentID int64          `json:"tournament_id"`
	DivisionID   *int64         `json:"division_id,omitempty"`
	Division     string         `json:"division,omitempty"`
	Number       int            `json:"number"`
	Status       string         `json:"status"`
	Games        int            `json:"games"`   // pairings: games, byes and forfeits
	Results      int            `json:"results"` // pairings with their result
	Missing      []MissingTable `json:"missing"` // pairings without a result, by table
	Unpaired     int            `json:"unpaired"`
	Current      bool           `json:"current"`
}

// roundStatus works out where a round of the division stands.
func (st *divState) roundStatus(round int) RoundStatus {
	rs := RoundStatus{TournamentID: st.t.ID, DivisionID: st.divisionID(), Number: round, Missing: []MissingTable{},
		Current: round == st.t.CurrentRound}
	if st.div != nil {
		rs.Division = st.div.Name
	}
	started := false
	for _, p := range st.d.Pairings(round) {
		rs.Games++
		if _, ok := st.d.Result(p.Player, round); ok {
			rs.Results++
			if !p.IsBye() {
				started = true
			}
			continue
		}
		m := MissingTable{Table: p.Table, Teams: p.Teams}
		lines := p.Players()
		if g := st.gameOf(round, st.id(p.Player)); g != nil {
			m.Table, m.GameID = g.Table, copyID(&g.ID)
			lines = lines[:0]
			for _, id := range g.Seats {
				lines = append(lines, st.line[id])
			}
			if g.Version > 0 {
				started = true
				m.Status = st.gameStatus[g.ID]
			}
		}
		for _, l := range lines {
			m.Players = append(m.Players, PlayerRef{ID: st.id(l), Name: st.name(l)})
		}
		rs.Missing = append(rs.Missing, m)
	}
	for line := 1; line <= len(st.players); line++ {
		if _, paired := st.d.Opponent(line, round); !paired && st.players[line-1].Withdrawn == "" {
			rs.Unpaired++
		}
	}
	slices.SortStableFunc(rs.Missing, func(a, b MissingTable) int { return a.Table - b.Table })
	switch {
	case rs.Games == 0:
		rs.Status = RoundPairing
	case rs.Results == rs.Games:
		rs.Status = RoundComplete
	case started || round <= st.t.CurrentRound:
		rs.Status = RoundInPlay
	default:
		rs.Status = RoundPaired
	}
	return rs
}

// roundComplete: the round's status is RoundComplete (paired, and every
// pairing with its result), by the division's own check.
func (st *divState) roundComplete(round int) bool {
	if !st.d.RoundComplete(round) {
		return false
	}
	for line := 1; line <= len(st.players); line++ {
		if _, paired := st.d.Opponent(line, round); paired {
			return true
		}
	}
	return false
}

// lastComplete is the last round N such that rounds 1 to N are all
// complete: what "after round N" means on every report.
func (st *divState) lastComplete() int {
	n := 0
	for round := 1; round <= st.d.Rounds(); round++ {
		if !st.roundComplete(round) {
			break
		}
		n = round
	}
	return n
}

// roundStatuses lists every round of the division: planned, paired or
// stored.
func (st *divState) roundStatuses(stored []Round) []RoundStatus {
	last := max(st.d.Rounds(), st.cfg.Rounds)
	ids := map[int]int64{}
	for _, r := range stored {
		if eqID(r.DivisionID, st.divisionID()) {
			ids[r.Number] = r.ID
			last = max(last, r.Number)
		}
	}
	out := []RoundStatus{}
	for round := 1; round <= last; round++ {
		rs := st.roundStatus(round)
		rs.ID = ids[round]
		out = append(out, rs)
	}
	return out
}

// ListRounds lists each division's rounds with where they stand (public):
// status, games, results and the tables still missing a result.
func (s *Service) ListRounds(ctx context.Context, tournamentID int64) ([]RoundStatus, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	stored, err := s.Store.ListRounds(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	states, err := s.allDivisions(ctx, t)
	if err != nil {
		return nil, err
	}
	out := []RoundStatus{}
	for _, st := range states {
		out = append(out, st.roundStatuses(stored)...)
	}
	return out, nil
}

// allDivisions loads every division of a tournament (or the tournament's
// players when it has none), each with its games' statuses.
func (s *Service) allDivisions(ctx context.Context, t *Tournament) ([]*divState, error) {
	ds, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	divs := []*Division{}
	for i := range ds {
		divs = append(divs, &ds[i])
	}
	if len(ds) == 0 || s.hasUndivided(ctx, t.ID) {
		divs = append(divs, nil)
	}
	var out []*divState
	for _, d := range divs {
		st, err := s.loadDivision(ctx, t, d)
		if err != nil {
			return nil, err
		}
		if err := s.loadGameStatuses(ctx, st); err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, nil
}

// loadGameStatuses replays the division's games that have turns and
// no result yet, for the status a missing table shows.
func (s *Service) loadGameStatuses(ctx context.Context, st *divState) error {
	st.gameStatus = map[int64]string{}
	for _, g := range st.games {
		if g.Version == 0 {
			continue
		}
		if _, ok := st.d.Result(st.line[g.Seats[0]], g.Round); ok {
			continue
		}
		l, err := s.load(ctx, g.ID)
		if err != nil {
			return err
		}
		st.gameStatus[g.ID] = l.r.status
	}
	return nil
}

// incompleteError refuses a step that needs rounds complete, naming the
// tables still without a result.
func incompleteError(what string, rounds []RoundStatus) error {
	var parts []string
	var missing []MissingTable
	for _, rs := range rounds {
		where := fmt.Sprintf("round %d", rs.Number)
		if rs.Division != "" {
			where = fmt.Sprintf("division %s round %d", rs.Division, rs.Number)
		}
		if rs.Status == RoundPairing {
			parts = append(parts, where+" is not paired")
		}
		for _, m := range rs.Missing {
			missing = append(missing, m)
			var names []string
			for _, p := range m.Players {
				names = append(names, p.Name)
			}
			desc := fmt.Sprintf("%s table %d (%s)", where, m.Table, strings.Join(names, " vs "))
			if m.Table == 0 {
				desc = fmt.Sprintf("%s (%s)", where, strings.Join(names, " vs "))
			}
			if m.Status != "" {
				desc += " " + m.Status
			}
			parts = append(parts, desc+" has no result")
		}
	}
	return &Error{Kind: KindConflict, Type: "round-incomplete", Detail: map[string]any{"missing": missing, "rounds": rounds},
		Msg: what + ": " + strings.Join(parts, "; ") + "; enter the missing results, or send force: true with a reason"}
}

// needsResults reports whether a pairing system pairs on the standings.
func needsResults(sys standings.System) bool {
	switch sys {
	case standings.SystemSwiss, standings.SystemKOTH, standings.SystemCOP, standings.SystemChew:
		return true
	}
	return false
}

// basedOnRound is the round a pairing is based on: the request's, or
// the one before.
func basedOnRound(round int, in PairInput) (int, error) {
	basedOn := in.BasedOn
	if basedOn == 0 {
		basedOn = round - 1
	}
	if basedOn < 0 || basedOn >= round {
		return 0, Errorf(KindInvalid, "bad-based-on", "round %d is paired on a round before it (1 to %d), not %d", round, round-1, in.BasedOn)
	}
	return basedOn, nil
}

// checkBasedOn refuses to pair on standings that are not complete (every
// round up to the one the pairing is based on), unless forced with a
// reason. Systems that need no results pair at any time.
func (s *Service) checkBasedOn(ctx context.Context, st *divState, round, basedOn int, sys standings.System, in PairInput) error {
	if !needsResults(sys) || basedOn == 0 {
		return nil
	}
	if err := s.loadGameStatuses(ctx, st); err != nil {
		return err
	}
	var open []RoundStatus
	for r := 1; r <= basedOn; r++ {
		if rs := st.roundStatus(r); rs.Status != RoundComplete {
			open = append(open, rs)
		}
	}
	switch {
	case len(open) == 0:
		return nil
	case !in.Force:
		return incompleteError(fmt.Sprintf("round %d would be paired on the standings after round %d, which is not complete", round, basedOn), open)
	case strings.TrimSpace(in.Reason) == "":
		return Errorf(KindInvalid, "missing-reason", "say why round %d is paired on round %d before it is complete", round, basedOn)
	}
	return nil
}

// checkCurrentRound refuses to make a round current while an earlier
// round of any division still has games without a result, unless forced
// with a reason.
func (s *Service) checkCurrentRound(ctx context.Context, t *Tournament, next int, force bool, reason string) error {
	states, err := s.allDivisions(ctx, t)
	if err != nil {
		return err
	}
	var open []RoundStatus
	for _, st := range states {
		for r := 1; r < next; r++ {
			if rs := st.roundStatus(r); rs.Status != RoundComplete && rs.Games > 0 {
				open = append(open, rs)
			}
		}
	}
	switch {
	case len(open) == 0:
		return nil
	case !force:
		return incompleteError(fmt.Sprintf("round %d cannot be made current while an earlier round has games in play", next), open)
	case strings.TrimSpace(reason) == "":
		return Errorf(KindInvalid, "missing-reason", "say why round %d is made current before the earlier rounds are complete", next)
	}
	return nil
}

// hasUndivided reports whether some player of a tournament with
// divisions is in none of them.
func (s *Service) hasUndivided(ctx context.Context, tournamentID int64) bool {
	some, err := s.Store.HasUndividedPlayers(ctx, tournamentID)
	return err == nil && some
}
