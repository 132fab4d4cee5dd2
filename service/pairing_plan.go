package service

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tourney/standings"
)

// PlanStep is one step of a division's pairing plan (tsh's autopair):
// the rounds it pairs ("3" or "1-3") and the system, with that system's
// options.
type PlanStep struct {
	Rounds string `json:"rounds"`
	System string `json:"system"`
	// AvoidRepeats (koth): King of the Hill avoids rematches.
	AvoidRepeats bool `json:"avoid_repeats,omitempty"`
	// Double (rr): each pair meets twice.
	Double bool `json:"double,omitempty"`
	// FirstRound (rr, fontes): the round the round robin or InitFontes
	// began; 0: the step's first round.
	FirstRound int `json:"first_round,omitempty"`
	// Snaked (fontes): the groups dealt by rating (tsh's initial_snaked)
	// rather than drawn.
	Snaked bool `json:"snaked,omitempty"`
}

// planSystems are the systems a plan step, or a division's default,
// names: every system but manual.
var planSystems = []standings.System{standings.SystemSwiss, standings.SystemKOTH, standings.SystemRoundRobin,
	standings.SystemRandom, standings.SystemCOP, standings.SystemChew, standings.SystemFontes}

const planSystemNames = "swiss, koth, rr, random, cop, chew or fontes"

func planSystem(s standings.System) bool { return slices.Contains(planSystems, s) }

// span reads a step's rounds: "N" or "N-M".
func (p PlanStep) span() (first, last int, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(p.Rounds), "-")
	bad := fmt.Errorf("a plan step's rounds are a round (\"4\") or a range (\"4-16\"), not %q", p.Rounds)
	if first, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, bad
	}
	last = first
	if isRange {
		if last, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
			return 0, 0, bad
		}
	}
	switch {
	case first < 1:
		return 0, 0, fmt.Errorf("a plan step's rounds start at 1, not %q", p.Rounds)
	case last < first:
		return 0, 0, fmt.Errorf("a plan step's range of rounds runs upwards: %q", p.Rounds)
	case last > standings.MaxRounds:
		return 0, 0, fmt.Errorf("a plan step's rounds end by round %d, not %q", standings.MaxRounds, p.Rounds)
	}
	return first, last, nil
}

// checkPlan validates a pairing plan: each step's rounds and system, the
// options its system takes, no round in two steps, none past the rounds
// planned (rounds 0: not known).
func checkPlan(plan []PlanStep, rounds int) error {
	var taken [standings.MaxRounds + 1]int // round -> 1-based step
	for i, p := range plan {
		first, last, err := p.span()
		if err != nil {
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d: %v", i+1, err)
		}
		sys := standings.System(p.System)
		switch {
		case !planSystem(sys):
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s): the system is %s, not %q", i+1, p.Rounds, planSystemNames, p.System)
		case rounds > 0 && last > rounds:
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s) goes past the %d rounds planned", i+1, p.Rounds, rounds)
		case p.AvoidRepeats && sys != standings.SystemKOTH:
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s): avoid_repeats is an option of koth, not %s", i+1, p.Rounds, p.System)
		case p.Double && sys != standings.SystemRoundRobin:
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s): double is an option of rr, not %s", i+1, p.Rounds, p.System)
		case p.Snaked && sys != standings.SystemFontes:
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s): snaked is an option of fontes, not %s", i+1, p.Rounds, p.System)
		case p.FirstRound != 0 && sys != standings.SystemRoundRobin && sys != standings.SystemFontes:
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s): first_round is an option of rr and fontes, not %s", i+1, p.Rounds, p.System)
		case p.FirstRound < 0 || p.FirstRound > first:
			return Errorf(KindInvalid, "bad-settings", "pairing plan step %d (rounds %s): first_round is a round from 1 to %d, when the %s began, not %d", i+1, p.Rounds, first, p.System, p.FirstRound)
		}
		for r := first; r <= last; r++ {
			if taken[r] != 0 {
				return Errorf(KindInvalid, "bad-settings", "pairing plan steps %d and %d both pair round %d", taken[r], i+1, r)
			}
			taken[r] = i + 1
		}
	}
	return nil
}

// checkChampionship validates the settings of the championship systems:
// the plan, the COP settings and ChewPair's prize bands.
func (ds DivisionSettings) checkChampionship() error {
	if err := checkPlan(ds.PairingPlan, ds.Rounds); err != nil {
		return err
	}
	if ds.COP != nil {
		if err := ds.COP.Validate(); err != nil {
			return badSettings(err)
		}
	}
	for i, b := range ds.PrizeBands {
		switch {
		case b < 1:
			return Errorf(KindInvalid, "bad-settings", "a prize band ends at a place from 1 up, not %d", b)
		case i > 0 && b <= ds.PrizeBands[i-1]:
			return Errorf(KindInvalid, "bad-settings", "prize bands are their last places, best first and rising (%d after %d)", b, ds.PrizeBands[i-1])
		}
	}
	return nil
}

// planStep is the plan's step for a round, if it has one; first is the
// step's first round.
func (ds DivisionSettings) planStep(round int) (step PlanStep, first int, ok bool) {
	for _, p := range ds.PairingPlan {
		a, b, err := p.span()
		if err == nil && a <= round && round <= b {
			return p, a, true
		}
	}
	return PlanStep{}, 0, false
}
