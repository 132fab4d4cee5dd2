package standings

import "fmt"

// COPSettings are a division's settings for COP (Castellano-O'Connor
// pairings), under the names tsh's COP module reads from config.tsh. The
// three lists are indexed by rounds left, counting the round being
// paired (entry 0: the last round); the last entry applies when more
// rounds are left. A zero value takes the default (DefaultCOPSettings).
type COPSettings struct {
	// Simulations of the rest of the event that estimate each player's
	// chance of each final place; AlwaysWinsSimulations, the runs of the
	// control-loss test (a challenger who wins every game).
	Simulations           int `json:"simulations,omitempty"`
	AlwaysWinsSimulations int `json:"always_wins_simulations,omitempty"`
	// GibsonSpread is the most spread one game is assumed to move, by
	// rounds left.
	GibsonSpread []int `json:"gibson_spread,omitempty"`
	// ControlLossThresholds: the share of runs a challenger must lose by
	// not meeting the leader for the leader to meet them; Hopefulness: the
	// share of runs in which a player must reach a place to be hopeful of
	// it (more than 0, at most 1).
	ControlLossThresholds []float64 `json:"control_loss_thresholds,omitempty"`
	Hopefulness           []float64 `json:"hopefulness,omitempty"`
	// ControlLossActivationRound is the first round (1-based) paired with
	// the control-loss rule.
	ControlLossActivationRound int `json:"control_loss_activation_round,omitempty"`
	// PlacePrizes is how many places are paid (default: the prize
	// table's rank prizes); ClassPrizes, how many prizes each class pays
	// ({"B": 2}; default: the prize table's class-rank prizes).
	PlacePrizes int            `json:"place_prizes,omitempty"`
	ClassPrizes map[string]int `json:"class_prizes,omitempty"`
	// DisallowRepeatByes: nobody has a second bye while another pairing
	// exists; TopDownByes: a needed bye goes to the highest-ranked player
	// with the fewest byes (not a Gibson's).
	DisallowRepeatByes bool `json:"disallow_repeat_byes,omitempty"`
	TopDownByes        bool `json:"top_down_byes,omitempty"`
}

// DefaultCOPSettings are the values of tsh's COP README, 100,000
// simulations, and control loss from round 12 (tsh's example for a
// 31-round event) or, in a shorter event, the round after halfway.
func DefaultCOPSettings(rounds int) COPSettings {
	act := 12
	if rounds < 24 {
		act = rounds/2 + 1
	}
	return COPSettings{
		Simulations:                100000,
		AlwaysWinsSimulations:      10000,
		GibsonSpread:               []int{250, 200},
		ControlLossThresholds:      []float64{0.25},
		Hopefulness:                []float64{0.1, 0.1, 0.05, 0.02, 0.01},
		ControlLossActivationRound: act,
		PlacePrizes:                1,
	}
}

// WithDefaults fills every unset value from DefaultCOPSettings.
func (s COPSettings) WithDefaults(rounds int) COPSettings {
	d := DefaultCOPSettings(rounds)
	if s.Simulations == 0 {
		s.Simulations = d.Simulations
	}
	if s.AlwaysWinsSimulations == 0 {
		s.AlwaysWinsSimulations = d.AlwaysWinsSimulations
	}
	if len(s.GibsonSpread) == 0 {
		s.GibsonSpread = d.GibsonSpread
	}
	if len(s.ControlLossThresholds) == 0 {
		s.ControlLossThresholds = d.ControlLossThresholds
	}
	if len(s.Hopefulness) == 0 {
		s.Hopefulness = d.Hopefulness
	}
	if s.ControlLossActivationRound == 0 {
		s.ControlLossActivationRound = d.ControlLossActivationRound
	}
	if s.PlacePrizes == 0 {
		s.PlacePrizes = d.PlacePrizes
	}
	return s
}

// MaxSimulations bounds both simulation counts.
const MaxSimulations = 10_000_000

// Validate checks the values a director set (CodeBadConfig).
func (s COPSettings) Validate() error {
	switch {
	case s.Simulations < 0 || s.Simulations > MaxSimulations:
		return errorf(CodeBadConfig, "COP simulations must be 1..%d, not %d", MaxSimulations, s.Simulations)
	case s.AlwaysWinsSimulations < 0 || s.AlwaysWinsSimulations > MaxSimulations:
		return errorf(CodeBadConfig, "COP always-wins simulations must be 1..%d, not %d", MaxSimulations, s.AlwaysWinsSimulations)
	case s.ControlLossActivationRound < 0 || s.ControlLossActivationRound > MaxRounds:
		return errorf(CodeBadConfig, "the control-loss activation round must be 1..%d, not %d", MaxRounds, s.ControlLossActivationRound)
	case s.PlacePrizes < 0:
		return errorf(CodeBadConfig, "paid places cannot be negative (%d)", s.PlacePrizes)
	}
	for _, g := range s.GibsonSpread {
		if g <= 0 {
			return errorf(CodeBadConfig, "a Gibson spread must be positive (%d)", g)
		}
	}
	for _, list := range []struct {
		name string
		v    []float64
	}{{"control-loss threshold", s.ControlLossThresholds}, {"hopefulness", s.Hopefulness}} {
		for _, x := range list.v {
			if !(x > 0 && x <= 1) {
				return errorf(CodeBadConfig, "a %s must be more than 0 and at most 1, not %s", list.name, fmt.Sprint(x))
			}
		}
	}
	for class, n := range s.ClassPrizes {
		if n < 0 {
			return errorf(CodeBadConfig, "class %s cannot pay %d prizes", class, n)
		}
	}
	return nil
}

// byRoundsLeft reads a list indexed by rounds left (1: the last round):
// its last entry when more rounds are left.
func byRoundsLeft[T any](list []T, left int) T {
	var zero T
	if len(list) == 0 {
		return zero
	}
	return list[min(max(left, 1), len(list))-1]
}
