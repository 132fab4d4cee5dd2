package service

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"strings"

	"tourney/standings"
)

// defaultSystem is the division's pairing system for a round: the
// pairing plan's step for it, else the settings' first_round_pairing and
// pairing. PairRound and the division's next_system both read it, so
// that what the console shows is what a pairing uses.
func (st *divState) defaultSystem(round int) standings.System {
	if step, _, ok := st.settings.planStep(round); ok {
		return standings.System(step.System)
	}
	first, later := st.settings.FirstRoundPairing, st.settings.Pairing
	switch {
	case round == 1 && first != "":
		return standings.System(first)
	case round == 1 && (later == string(standings.SystemRoundRobin) || later == string(standings.SystemFontes)):
		return standings.System(later) // from round 1 by their nature
	case round == 1 && later == string(standings.SystemKOTH):
		return standings.SystemKOTH // seeded by rating: 1st v 2nd
	case round == 1:
		return standings.SystemSwiss // seeded by rating: top half v bottom half, as tsh
	case later != "":
		return standings.System(later)
	}
	return standings.SystemSwiss
}

// pairRequest is the request to pair a round: the system the director
// names, else the division's (defaultSystem), with that system's
// options from the request, else the plan's step when it names that
// system, else the settings. seed is the seed of a random draw or of
// COP's simulations: the request's, or one drawn here (to report).
func (st *divState) pairRequest(round int, in PairInput) (req standings.PairRequest, seed *uint64, err error) {
	req = standings.PairRequest{System: standings.System(strings.TrimSpace(in.System)), Round: round,
		FirstRound: in.FirstRound, Double: in.Double, AvoidRepeats: st.settings.AvoidRepeats, Snaked: in.Snaked}
	if req.System == "" {
		req.System = st.defaultSystem(round)
	}
	if req.BasedOn, err = basedOnRound(round, in); err != nil {
		return req, nil, err
	}
	if step, first, ok := st.settings.planStep(round); ok && standings.System(step.System) == req.System {
		req.AvoidRepeats = req.AvoidRepeats || step.AvoidRepeats
		req.Double = req.Double || step.Double
		req.Snaked = req.Snaked || step.Snaked
		if req.FirstRound == 0 && (req.System == standings.SystemRoundRobin || req.System == standings.SystemFontes) {
			req.FirstRound = cmp.Or(step.FirstRound, first)
		}
	}
	if in.AvoidRepeats != nil {
		req.AvoidRepeats = *in.AvoidRepeats
	}
	switch req.System {
	case standings.SystemRandom, standings.SystemCOP:
		if seed = in.Seed; seed == nil {
			var b [8]byte
			if _, err := rand.Read(b[:]); err != nil {
				return req, nil, err
			}
			seed = ptr(binary.LittleEndian.Uint64(b[:]) >> 11) // fits a JSON number exactly
		}
		req.Seed = *seed
	case standings.SystemFontes:
		// Snaked groups are dealt by rating: nothing is drawn, no seed.
		if req.Snaked {
			break
		}
		// The three Fontes rounds draw the same groups from one seed: the
		// request's, else the division's own.
		if seed = in.Seed; seed == nil {
			seed = ptr(st.fontesSeed())
		}
		req.Seed = *seed
	}
	switch req.System {
	case standings.SystemCOP:
		req.COP, err = st.copSettings()
	case standings.SystemChew:
		req.PrizeBands, err = st.prizeBands()
	}
	return req, seed, err
}

// copSettings are the division's COP settings with every default filled:
// the paid places and class prizes from the prize table when the
// settings do not give them, the rest from standings.DefaultCOPSettings.
func (st *divState) copSettings() (standings.COPSettings, error) {
	var cop standings.COPSettings
	if st.settings.COP != nil {
		cop = *st.settings.COP
		cop.ClassPrizes = maps.Clone(cop.ClassPrizes)
	}
	places, classes, err := paidPlaces(st.t, st.divisionID())
	if err != nil {
		return cop, err
	}
	if cop.PlacePrizes == 0 && len(places) > 0 {
		cop.PlacePrizes = slices.Max(places)
	}
	if cop.ClassPrizes == nil && len(classes) > 0 {
		cop.ClassPrizes = classes
	}
	return cop.WithDefaults(st.settings.Rounds), nil
}

// prizeBands are ChewPair's prize bands: the settings', else the places
// the prize table's rank prizes pay.
func (st *divState) prizeBands() ([]int, error) {
	if len(st.settings.PrizeBands) > 0 {
		return slices.Clone(st.settings.PrizeBands), nil
	}
	places, _, err := paidPlaces(st.t, st.divisionID())
	return places, err
}

// nextRound is the round to pair next (the one after the last paired)
// and the system it takes; 0 and "" once the rounds planned are paired.
func (st *divState) nextRound() (int, standings.System) {
	next := st.d.Rounds() + 1
	if st.cfg.Rounds > 0 && next > st.cfg.Rounds || next > standings.MaxRounds {
		return 0, ""
	}
	return next, st.defaultSystem(next)
}

// DivisionsNext lists a tournament's divisions (public) each with the
// round to pair next and its system, as the console shows them.
func (s *Service) DivisionsNext(ctx context.Context, tournamentID int64) ([]Division, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	ds, err := s.Store.ListDivisions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	for i := range ds {
		s.fillNext(ctx, t, &ds[i])
	}
	return ds, nil
}

// fillNext sets a division's NextRound, NextSystem and NextTakenBack (the
// audit is read only when auto-pair would otherwise pair that round now).
// A division that
// cannot be read goes without them rather than fail the answer.
func (s *Service) fillNext(ctx context.Context, t *Tournament, d *Division) {
	if t == nil {
		var err error
		if t, err = s.Store.GetTournament(ctx, d.TournamentID); err != nil {
			return
		}
	}
	if st, err := s.loadDivision(ctx, t, d); err == nil {
		next, sys := st.nextRound()
		d.NextRound, d.NextSystem = next, string(sys)
		if due, _ := st.dueRound(); d.Settings.AutoPair && due > 0 {
			d.NextTakenBack = s.takenBack(ctx, t.ID, st.divisionID(), due)
		}
	}
}

// fontesSeed is the seed of a division's Fontes groups when the director
// gives none: the same for its three rounds, different between
// divisions and tournaments.
func (st *divState) fontesSeed() uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "fontes %d", st.t.ID)
	if id := st.divisionID(); id != nil {
		fmt.Fprintf(h, " %d", *id)
	}
	return h.Sum64() >> 11 // fits a JSON number exactly
}
