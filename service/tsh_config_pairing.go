package service

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"tourney/standings"
)

// The championship settings in a config.tsh, under tsh's names: COP's
// (config simulations = 100000; ... as tsh's COP module reads them),
// exagony, initial_snaked (InitFontes dealing its groups by rating) and
// max_rounds are event-wide in tsh, so a config.tsh of
// several divisions says the first division's; prize_bands (config
// prize_bands{'A'} = [3, 6];) and the pairing plan, as tsh's autopair
// lines, are per division:
//
//	autopair A 0 1 if 3 A       rounds 1-3 InitFontes (one command pairs them all)
//	autopair A 3 4 ns 1 3 A     round 4 Swiss on round 3, one repeat allowed
//	autopair A 4 5 koth 0 4 A   King of the Hill, no repeats (avoid_repeats)
//	autopair A 5 6 rp 1 5 A     random
//	autopair A 6 7 cop 6 A      COP on round 6
//	autopair A 7 8 cp 7 A       ChewPair on round 7
//	autopair A 8 9 rr 2 A       a double round robin from round 9
//
// (autopair DIVISION BASED-ON ROUND COMMAND ARGUMENTS, the arguments as
// the command takes them at tsh's prompt). The #tourney division line
// keeps every setting exactly; these lines are what tsh reads, and what
// an import reads when a config.tsh has no #tourney line (tsh's own).

// writeTSHEventPairing writes the event-wide championship settings: the
// first division's COP settings (all of them, defaults filled, when it
// sets or uses COP) and exagony.
func writeTSHEventPairing(b *bytes.Buffer, st *divState) {
	ds := st.settings
	if ds.COP != nil || ds.usesSystem(standings.SystemCOP) {
		var cop standings.COPSettings
		if ds.COP != nil {
			cop = *ds.COP
		}
		cop = cop.WithDefaults(ds.Rounds)
		fmt.Fprintf(b, "config simulations = %d;\n", cop.Simulations)
		fmt.Fprintf(b, "config always_wins_simulations = %d;\n", cop.AlwaysWinsSimulations)
		fmt.Fprintf(b, "config gibson_spread = %s;\n", tshList(cop.GibsonSpread))
		fmt.Fprintf(b, "config control_loss_thresholds = %s;\n", tshList(cop.ControlLossThresholds))
		fmt.Fprintf(b, "config hopefulness = %s;\n", tshList(cop.Hopefulness))
		fmt.Fprintf(b, "config control_loss_activation_round = %d;\n", cop.ControlLossActivationRound)
		if cop.DisallowRepeatByes {
			fmt.Fprintf(b, "config disallow_repeat_byes = 1;\n")
		}
		if cop.TopDownByes {
			fmt.Fprintf(b, "config top_down_byes = 1;\n")
		}
	}
	if ds.Exagony {
		fmt.Fprintf(b, "config exagony = 1;\n")
	}
	if slices.ContainsFunc(ds.PairingPlan, func(p PlanStep) bool { return p.Snaked }) {
		fmt.Fprintf(b, "config initial_snaked = 1;\n")
	}
}

// usesSystem: the settings pair some round with the system.
func (ds DivisionSettings) usesSystem(sys standings.System) bool {
	if ds.Pairing == string(sys) || ds.FirstRoundPairing == string(sys) {
		return true
	}
	return slices.ContainsFunc(ds.PairingPlan, func(p PlanStep) bool { return p.System == string(sys) })
}

// tshList writes a list as tsh's config reads it: [250, 200].
func tshList[T int | float64](list []T) string {
	parts := make([]string, len(list))
	for i, x := range list {
		parts[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// writeTSHDivisionPairing writes a division's prize bands and its plan
// as autopair lines.
func writeTSHDivisionPairing(b *bytes.Buffer, st *divState) {
	div := tshDivisionName(st.d.Name)
	if len(st.settings.PrizeBands) > 0 {
		fmt.Fprintf(b, "config prize_bands{'%s'} = %s;\n", strings.ToUpper(div), tshList(st.settings.PrizeBands))
	}
	for _, p := range st.settings.PairingPlan {
		first, last, err := p.span()
		if err != nil {
			continue
		}
		switch standings.System(p.System) {
		case standings.SystemFontes:
			fmt.Fprintf(b, "autopair %s %d %d if %d %s\n", div, first-1, first, last-first+1, div)
			continue
		case standings.SystemRoundRobin:
			n := 1
			if p.Double {
				n = 2
			}
			fmt.Fprintf(b, "autopair %s %d %d rr %d %s\n", div, first-1, first, n, div)
			continue
		}
		for r := first; r <= last; r++ {
			fmt.Fprintf(b, "autopair %s %d %d %s\n", div, r-1, r, tshCommand(p, r, div))
		}
	}
}

// tshCommand is the tsh command that pairs round r as a plan step of a
// one-round system does.
func tshCommand(p PlanStep, r int, div string) string {
	switch standings.System(p.System) {
	case standings.SystemKOTH:
		repeats := r - 1 // any
		if p.AvoidRepeats {
			repeats = 0
		}
		return fmt.Sprintf("koth %d %d %s", repeats, r-1, div)
	case standings.SystemRandom:
		return fmt.Sprintf("rp 1 %d %s", r-1, div)
	case standings.SystemCOP:
		return fmt.Sprintf("cop %d %s", r-1, div)
	case standings.SystemChew:
		return fmt.Sprintf("cp %d %s", r-1, div)
	}
	return fmt.Sprintf("ns 1 %d %s", r-1, div)
}

// autopairEntry is one autopair line of a division: the round it pairs,
// the command and its arguments.
type autopairEntry struct {
	round int
	cmd   string
	args  []string
}

// settingsFromTSH reads a division's settings from tsh's own lines of a
// config.tsh (no #tourney line): max_rounds, COP's settings, exagony,
// the division's prize_bands and its autopair lines (a plan, paired by
// itself as tsh does). found is false when the file says none of them.
func settingsFromTSH(text, division string) (ds DivisionSettings, found bool, err error) {
	name := strings.ToUpper(tshDivisionName(division))
	entries := map[string][]autopairEntry{}
	var cop standings.COPSettings
	copSet, snaked := false, false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if f := strings.Fields(line); len(f) >= 5 && strings.EqualFold(f[0], "autopair") {
			round, err := strconv.Atoi(f[3])
			if err != nil {
				return ds, false, Errorf(KindInvalid, "bad-config", "config.tsh line %d: an autopair line is autopair DIVISION BASED-ON ROUND COMMAND ARGUMENTS, not %q", n, line)
			}
			d := strings.ToUpper(f[1])
			entries[d] = append(entries[d], autopairEntry{round: round, cmd: strings.ToLower(f[4]), args: f[5:]})
			continue
		}
		rest, ok := cutWord(line, "config")
		if !ok {
			continue
		}
		key, value, ok := strings.Cut(rest, "=")
		if !ok {
			continue
		}
		key = strings.ToLower(strings.Join(strings.Fields(key), ""))
		value = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(value), ";"))
		bad := func() error {
			return Errorf(KindInvalid, "bad-config", "config.tsh line %d: %s does not read as tourney reads it: %q", n, key, value)
		}
		var perr error
		switch key {
		case "max_rounds":
			ds.Rounds, perr = strconv.Atoi(value)
		case "simulations":
			cop.Simulations, perr = strconv.Atoi(value)
		case "always_wins_simulations":
			cop.AlwaysWinsSimulations, perr = strconv.Atoi(value)
		case "control_loss_activation_round":
			cop.ControlLossActivationRound, perr = strconv.Atoi(value)
		case "gibson_spread":
			cop.GibsonSpread, perr = tshNumbers(value, strconv.Atoi)
		case "control_loss_thresholds":
			cop.ControlLossThresholds, perr = tshNumbers(value, parseFloat)
		case "hopefulness":
			cop.Hopefulness, perr = tshNumbers(value, parseFloat)
		case "disallow_repeat_byes":
			cop.DisallowRepeatByes, perr = tshBool(value)
		case "top_down_byes":
			cop.TopDownByes, perr = tshBool(value)
		case "exagony":
			ds.Exagony, perr = tshBool(value)
			found = found || ds.Exagony
			continue
		case "initial_snaked":
			// tsh's 'strict' and 'classify' styles are read as the
			// plain one (the odd players in the middle, no classes).
			snaked = strings.Trim(value, `'" `) != "" && strings.Trim(value, `'" `) != "0"
			continue
		case "prize_bands{'" + strings.ToLower(name) + "'}", `prize_bands{"` + strings.ToLower(name) + `"}`:
			ds.PrizeBands, perr = tshNumbers(value, strconv.Atoi)
		default:
			continue
		}
		if perr != nil {
			return ds, false, bad()
		}
		found = true
		copSet = copSet || key != "max_rounds" && !strings.HasPrefix(key, "prize_bands")
	}
	if err := sc.Err(); err != nil {
		return ds, false, Errorf(KindInvalid, "bad-config", "the config.tsh cannot be read: %v", err)
	}
	if copSet {
		ds.COP = &cop
	}
	mine := entries[name]
	if mine == nil && len(entries) == 1 {
		for _, e := range entries {
			mine = e
		}
	}
	if len(mine) > 0 {
		ds.PairingPlan, ds.AutoPair, found = planFromAutopair(mine, ds.Rounds), true, true
		for i := range ds.PairingPlan {
			ds.PairingPlan[i].Snaked = snaked && ds.PairingPlan[i].System == string(standings.SystemFontes)
		}
	}
	return ds, found, nil
}

// planFromAutopair turns a division's autopair lines into plan steps:
// consecutive rounds of one command and options make one step; an if
// covers the rounds it pairs, an rr the rounds up to the next line or
// the last round planned (each at most up to the next line's round). Commands tourney has no system for are left
// out: their rounds take the division's default.
func planFromAutopair(entries []autopairEntry, rounds int) []PlanStep {
	// A later line for a round replaces an earlier one, as in tsh.
	byRound := map[int]autopairEntry{}
	for _, e := range entries {
		byRound[e.round] = e
	}
	entries = entries[:0]
	for _, r := range slices.Sorted(maps.Keys(byRound)) {
		entries = append(entries, byRound[r])
	}
	var plan []PlanStep
	var lastRound []int // of each step
	for i, e := range entries {
		step, last, ok := planStepOf(e)
		if !ok || e.round < 1 {
			continue
		}
		// A command of several rounds pairs up to the next line's round,
		// within the rounds planned.
		if step.System == string(standings.SystemRoundRobin) {
			last = max(e.round, rounds)
		}
		if i+1 < len(entries) {
			last = min(last, max(e.round, entries[i+1].round-1))
		}
		if rounds > 0 {
			last = max(e.round, min(last, rounds))
		}
		if n := len(plan); n > 0 && lastRound[n-1] == e.round-1 && samePlanOptions(plan[n-1], step) &&
			step.System != string(standings.SystemRoundRobin) && step.System != string(standings.SystemFontes) {
			lastRound[n-1] = last
			plan[n-1].Rounds = fmt.Sprintf("%d-%d", firstOf(plan[n-1]), last)
			continue
		}
		if last > e.round {
			step.Rounds = fmt.Sprintf("%d-%d", e.round, last)
		} else {
			step.Rounds = strconv.Itoa(e.round)
		}
		plan = append(plan, step)
		lastRound = append(lastRound, last)
	}
	return plan
}

// planStepOf reads one autopair command: its system and options, and
// the last round it pairs (if pairs several).
func planStepOf(e autopairEntry) (PlanStep, int, bool) {
	arg := func(i int) int {
		if i < len(e.args) {
			if n, err := strconv.Atoi(e.args[i]); err == nil {
				return n
			}
		}
		return 0
	}
	switch e.cmd {
	case "ns", "newswiss":
		return PlanStep{System: string(standings.SystemSwiss)}, e.round, true
	case "koth":
		return PlanStep{System: string(standings.SystemKOTH), AvoidRepeats: arg(0) == 0}, e.round, true
	case "rp", "randompair":
		return PlanStep{System: string(standings.SystemRandom)}, e.round, true
	case "cop":
		return PlanStep{System: string(standings.SystemCOP)}, e.round, true
	case "cp", "chewpair":
		return PlanStep{System: string(standings.SystemChew)}, e.round, true
	case "if", "initfontes":
		return PlanStep{System: string(standings.SystemFontes)}, e.round + max(arg(0), 1) - 1, true
	case "rr", "roundrobin":
		return PlanStep{System: string(standings.SystemRoundRobin), Double: arg(0) == 2}, e.round, true
	}
	return PlanStep{}, 0, false
}

func samePlanOptions(a, b PlanStep) bool {
	return a.System == b.System && a.AvoidRepeats == b.AvoidRepeats && a.Double == b.Double && a.FirstRound == b.FirstRound && a.Snaked == b.Snaked
}

func firstOf(p PlanStep) int {
	first, _, _ := p.span()
	return first
}

// cutWord cuts a leading word (any case) followed by a space.
func cutWord(line, word string) (string, bool) {
	if len(line) <= len(word) || !strings.EqualFold(line[:len(word)], word) || line[len(word)] != ' ' && line[len(word)] != '\t' {
		return "", false
	}
	return strings.TrimSpace(line[len(word):]), true
}

// tshNumbers reads a tsh list of numbers: [250, 200] (or one number).
func tshNumbers[T any](value string, parse func(string) (T, error)) ([]T, error) {
	value = strings.TrimSpace(value)
	if strings.HasPrefix(value, "[") && strings.HasSuffix(value, "]") {
		value = value[1 : len(value)-1]
	}
	var out []T
	for _, s := range strings.Split(value, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		x, err := parse(s)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}

func parseFloat(s string) (float64, error) { return strconv.ParseFloat(s, 64) }

// tshBool reads a tsh boolean: 0 or 1 (an empty string, undef, is 0).
func tshBool(value string) (bool, error) {
	switch strings.Trim(value, `'"`) {
	case "1":
		return true, nil
	case "0", "", "undef":
		return false, nil
	}
	return false, fmt.Errorf("not 0 or 1")
}
