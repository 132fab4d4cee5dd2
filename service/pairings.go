package service

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"tourney/standings"
)

// PairInput asks for a round's pairings. System is swiss, koth, rr,
// random, manual, cop, chew or fontes; empty: the division's for the
// round (defaultSystem: its pairing plan's step, else round 1 seeded by
// rating, top half against bottom half, and later rounds Swiss, unless
// its settings say otherwise). See pairRequest for the options.
type PairInput struct {
	DivisionID *int64 `json:"division_id"`
	System     string `json:"system"`
	// BasedOn: Swiss and KOTH pair on the standings after this round
	// (0: the round before).
	BasedOn int `json:"based_on"`
	// Seed makes a random draw, or COP's simulations, reproducible;
	// without one a seed is drawn and reported.
	Seed *uint64 `json:"seed"`
	// Round robin and fontes: the round it began in (0: the plan step's
	// first round, else 1); round robin: whether each pair meets twice.
	FirstRound   int   `json:"first_round"`
	Double       bool  `json:"double"`
	AvoidRepeats *bool `json:"avoid_repeats"` // KOTH
	// Snaked (fontes): the groups dealt by rating, as tsh's
	// initial_snaked, rather than drawn.
	Snaked bool `json:"snaked"`
	// Replace pairs a round again that is already paired, if none of its
	// games has begun; OnlyUnpaired pairs only the players the round has
	// not paired yet (the director paired some by hand).
	Replace      bool `json:"replace"`
	OnlyUnpaired bool `json:"only_unpaired"`
	// Pairings: the director's, for the manual system.
	Pairings []ManualPairing `json:"pairings"`
	// Force pairs on a round that is not complete (round-incomplete
	// otherwise); Reason says why, for the audit log.
	Force  bool   `json:"force"`
	Reason string `json:"reason"`
}

// ManualPairing is a pairing the director makes: two players (the first
// goes first unless First says otherwise), or one for a bye. Table 0 is
// decided here.
type ManualPairing struct {
	Players []int64 `json:"players"`
	Table   int     `json:"table"`
	First   *int64  `json:"first"`
	Reason  string  `json:"reason"`
}

// PlayerRef names a player.
type PlayerRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	// Line is the player's number in the division (1-based), in a
	// round's pairings; absent elsewhere.
	Line int `json:"line,omitempty"`
	// Withdrawn: the player has withdrawn (in a round's pairings).
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// What a pairing is (PairingView.Kind): a game (its result may still be a
// forfeit between the two), a bye, or a round a player alone does not
// play: a forfeit, a withdrawn player's round, a late entrant's missed
// round.
const (
	PairingGame      = "game"
	PairingBye       = "bye"
	PairingForfeit   = "forfeit"
	PairingWithdrawn = "withdrawn"
	PairingLateEntry = "late-entry"
)

// PairingView is one game or bye of a round: players in seat order (the
// first starts), with the reason they were paired. Bye is true for a bye
// alone; Kind names every pairing (PairingGame, PairingBye, ...), so a
// forfeit is never a bye.
type PairingView struct {
	Table   int         `json:"table,omitempty"`
	GameID  *int64      `json:"game_id,omitempty"`
	Players []PlayerRef `json:"players"`
	Bye     bool        `json:"bye"`
	Kind    string      `json:"kind"`
	// Teams: a team game, Players[0] and Players[2] against Players[1]
	// and Players[3]. A table of three or four has 3-4 Players.
	Teams  bool         `json:"teams,omitempty"`
	Reason string       `json:"reason"`
	Result *RoundResult `json:"result,omitempty"`
}

// RoundPairings is a round of a division: games by table, then byes, and
// the active players not yet paired.
type RoundPairings struct {
	TournamentID int64   `json:"tournament_id"`
	DivisionID   *int64  `json:"division_id,omitempty"`
	Round        int     `json:"round"`
	System       string  `json:"system,omitempty"` // when just paired
	Seed         *uint64 `json:"seed,omitempty"`   // of a random draw, COP or drawn InitFontes pairing just made
	// Snaked: when just paired by InitFontes with its groups dealt by
	// rating (the request's snaked or the plan step's).
	Snaked bool `json:"snaked,omitempty"`
	// BasedOn: when just paired by Swiss or KOTH, the round whose
	// standings it paired on; Forced: paired on an incomplete round.
	BasedOn  int           `json:"based_on,omitempty"`
	Forced   bool          `json:"forced,omitempty"`
	Pairings []PairingView `json:"pairings"`
	Unpaired []PlayerRef   `json:"unpaired"`
}

// roundView shows a round of the division.
func (st *divState) roundView(round int) *RoundPairings {
	v := &RoundPairings{TournamentID: st.t.ID, DivisionID: st.divisionID(), Round: round, Pairings: []PairingView{}, Unpaired: []PlayerRef{}}
	for _, p := range st.d.Pairings(round) {
		pv := PairingView{Table: p.Table, Teams: p.Teams}
		for _, l := range p.Players() {
			pv.Players = append(pv.Players, PlayerRef{ID: st.id(l), Name: st.name(l), Line: l, Withdrawn: st.players[l-1].Withdrawn != ""})
		}
		row := st.rowOf(round, st.id(p.Player))
		if row != nil && !st.skipped[row.ID] {
			rv := st.view(row)
			pv.Result = &rv
		}
		pv.Kind = st.pairingKind(p, row)
		pv.Bye = pv.Kind == PairingBye
		switch g := st.pairingGame(round, p); {
		case g != nil:
			pv.GameID, pv.Reason = copyID(&g.ID), g.Reason
		case row != nil && row.Reason != "":
			pv.Reason = row.Reason
		case pv.Kind == PairingWithdrawn:
			pv.Reason = "withdrawn"
		case pv.Kind == PairingLateEntry:
			pv.Reason = "a round missed by a late entry"
		case row != nil && !pv.Bye:
			pv.Reason = "paired by the result entered"
		case pv.Bye:
			pv.Reason = "bye"
		}
		v.Pairings = append(v.Pairings, pv)
	}
	for line := 1; line <= len(st.players); line++ {
		if _, paired := st.d.Opponent(line, round); !paired && st.players[line-1].Withdrawn == "" {
			v.Unpaired = append(v.Unpaired, PlayerRef{ID: st.id(line), Name: st.name(line), Line: line})
		}
	}
	return v
}

// pairingKind names a pairing by what it is (row: its player's result,
// nil before one): a player alone is a bye unless their round is a
// withdrawn player's, a late entrant's missed one, or a forfeit; two or
// more players are a game, or a forfeit once one is entered.
func (st *divState) pairingKind(p standings.Pairing, row *Result) string {
	switch {
	case !p.IsBye() && row != nil && row.Kind == ResultForfeit:
		return PairingForfeit
	case !p.IsBye():
		return PairingGame
	case row != nil && row.Source == SourceWithdrawal,
		row == nil && st.players[p.Player-1].Withdrawn != "":
		return PairingWithdrawn
	case row != nil && row.Source == SourceLateEntry:
		return PairingLateEntry
	case row != nil && row.Kind == ResultForfeit:
		return PairingForfeit
	}
	return PairingBye
}

// Pairings shows a round's pairings with their reasons (public).
func (s *Service) Pairings(ctx context.Context, tournamentID int64, round int, q StandingsQuery) (*RoundPairings, error) {
	if round < 1 {
		return nil, Errorf(KindInvalid, "bad-round", "rounds start at 1")
	}
	st, err := s.requestedDivision(ctx, tournamentID, q.DivisionID)
	if err != nil {
		return nil, err
	}
	return st.roundView(round), nil
}

// PairRound pairs a round of a division (director) with a pairing
// system, creates its games with tables (seat 1 starts) and scores its
// bye. A round already paired is refused unless Replace (none of its
// games begun) or OnlyUnpaired.
func (s *Service) PairRound(ctx context.Context, a Actor, tournamentID int64, round int, in PairInput) (*RoundPairings, error) {
	var out *RoundPairings
	err := s.changeRound(ctx, a, tournamentID, round, in.DivisionID, func(ctx context.Context, st *divState) error {
		var err error
		if n := st.pairedIn(round); n > 0 {
			switch {
			case in.Replace:
				if err := s.clearRound(ctx, st, round); err != nil {
					return err
				}
				if st, err = s.loadDivision(ctx, st.t, st.div); err != nil {
					return err
				}
			case !in.OnlyUnpaired:
				return Errorf(KindConflict, "round-already-paired", "round %d already has %d players paired; send replace: true to pair it again, only_unpaired: true to pair the rest, or change single pairings with PUT", round, n)
			}
		}
		req, seed, err := st.pairRequest(round, in)
		if err != nil {
			return err
		}
		if req.System == standings.SystemManual {
			if req.Manual, err = st.manualPairings(in.Pairings); err != nil {
				return err
			}
		} else if len(in.Pairings) > 0 {
			return Errorf(KindInvalid, "bad-pairings", "pairings are given only with the manual system")
		}
		ps, err := st.pair(req)
		if err != nil {
			return standingsError(err)
		}
		if err := s.checkBasedOn(ctx, st, round, req.BasedOn, req.System, in); err != nil {
			return err
		}
		st.placeTables(round, ps)
		if err := s.applyPairings(ctx, st, round, ps); err != nil {
			return err
		}
		out = st.roundView(round)
		out.System, out.Seed, out.BasedOn, out.Forced = string(req.System), seed, req.BasedOn, in.Force
		out.Snaked = req.Snaked && req.System == standings.SystemFontes
		return s.auditTournament(ctx, a, tournamentID, "pair-round", in.Reason, nil, out)
	})
	return out, err
}

// changeRound runs a director's change to a round's pairings on the
// division the request names, in one transaction that tells watchers.
func (s *Service) changeRound(ctx context.Context, a Actor, tournamentID int64, round int, divisionID *int64, fn func(ctx context.Context, st *divState) error) error {
	if err := requireDirector(a); err != nil {
		return err
	}
	if round < 1 {
		return Errorf(KindInvalid, "bad-round", "rounds start at 1")
	}
	return s.changeTournament(ctx, tournamentID, NoticePairings, round, func(ctx context.Context) error {
		st, err := s.requestedDivision(ctx, tournamentID, divisionID)
		if err != nil {
			return err
		}
		return fn(ctx, st)
	})
}

// pairedIn counts the players a round has paired.
func (st *divState) pairedIn(round int) int {
	n := 0
	for line := 1; line <= len(st.players); line++ {
		if _, paired := st.d.Opponent(line, round); paired {
			n++
		}
	}
	return n
}

// manualPairings turns the director's pairings into the division's.
func (st *divState) manualPairings(in []ManualPairing) ([]standings.Pairing, error) {
	var out []standings.Pairing
	for _, mp := range in {
		// A pairing's reason shows on a line of the pairings.
		if err := checkLine("a pairing's reason", strings.TrimSpace(mp.Reason), MaxReasonLength); err != nil {
			return nil, err
		}
		if len(mp.Players) > 2 {
			p, err := st.manualTable(mp)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
			continue
		}
		if len(mp.Players) < 1 {
			return nil, Errorf(KindInvalid, "bad-players", "a pairing has two players (three or four at a table of a division that seats them), or one for a bye")
		}
		p := standings.Pairing{Table: mp.Table, Reason: strings.TrimSpace(mp.Reason)}
		for i, id := range mp.Players {
			line := st.line[id]
			if line == 0 {
				return nil, Errorf(KindInvalid, "unknown-player", "player %d is not in this division", id)
			}
			if i == 0 {
				p.Player = line
			} else {
				p.Opponent, p.First = line, p.Player
			}
		}
		if mp.First != nil {
			if !slices.Contains(mp.Players, *mp.First) {
				return nil, Errorf(KindRule, "bad-start", "first is player %d, who is not in this pairing", *mp.First)
			}
			p.First = st.line[*mp.First]
		}
		if mp.Table < 0 {
			return nil, Errorf(KindInvalid, "bad-table", "table numbers start at 1")
		}
		out = append(out, p)
	}
	return out, nil
}

// takenTables are the tables of a round's games outside this division:
// one table holds one game of the whole tournament.
func (st *divState) takenTables(round int) map[int]bool {
	ours := map[int64]bool{}
	for _, g := range st.games {
		ours[g.ID] = true
	}
	taken := map[int]bool{}
	for _, g := range st.allGames {
		if g.Round == round && !ours[g.ID] {
			taken[g.Table] = true
		}
	}
	return taken
}

// placeTables moves games off tables another division uses in the round,
// to the lowest free ones, saying so in their reasons.
func (st *divState) placeTables(round int, ps []standings.Pairing) {
	taken := st.takenTables(round)
	for _, g := range st.games {
		if g.Round == round {
			taken[g.Table] = true
		}
	}
	clash := map[int]bool{}
	for i, p := range ps {
		if p.IsBye() || p.Table == 0 {
			continue
		}
		if taken[p.Table] {
			clash[i] = true
			continue
		}
		taken[p.Table] = true
	}
	next := 1
	for i := range ps {
		if !clash[i] {
			continue
		}
		for taken[next] {
			next++
		}
		ps[i].Reason += fmt.Sprintf("; table %d (table %d is another division's)", next, ps[i].Table)
		ps[i].Table = next
		taken[next] = true
	}
}

// applyPairings records a round's pairings: a game per pairing (seat 1
// starts) and the results the division gives at once (byes, withdrawn
// players' rounds).
func (s *Service) applyPairings(ctx context.Context, st *divState, round int, ps []standings.Pairing) error {
	ch, err := st.d.ApplyPairings(round, ps)
	if err != nil {
		return standingsError(err)
	}
	reasons := map[int]string{}
	for _, p := range ps {
		if p.IsBye() {
			reasons[p.Player] = p.Reason
			continue
		}
		g := &Game{TournamentID: st.t.ID, DivisionID: st.divisionID(), Round: round, Table: p.Table,
			Seats: st.ids(p.Players()), Teams: p.Teams, Reason: p.Reason, CreatedAt: s.now()}
		if err := s.Store.CreateGame(ctx, g); err != nil {
			return err
		}
		st.games = append(st.games, *g)
		st.allGames = append(st.allGames, *g)
	}
	if err := s.ensureRound(ctx, st, round); err != nil {
		return err
	}
	return s.saveChange(ctx, st, ch, changeSource{source: SourcePairing, reasons: reasons})
}

// ensureRound makes the round's row if the division has none yet.
func (s *Service) ensureRound(ctx context.Context, st *divState, round int) error {
	rs, err := s.Store.ListRounds(ctx, st.t.ID)
	if err != nil {
		return err
	}
	for _, r := range rs {
		if r.Number == round && eqID(r.DivisionID, st.divisionID()) {
			return nil
		}
	}
	return s.Store.CreateRound(ctx, &Round{TournamentID: st.t.ID, DivisionID: st.divisionID(), Number: round})
}
