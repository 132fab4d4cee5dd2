package scoring

import (
	"fmt"
	"strconv"
	"strings"
)

// Time penalties in minutes. A variant with a time rule
// (TimePenaltyPerMinute > 0: NASPA and WESPA, 10 points) converts the
// time a player went over into points; one without (the Hasbro box
// rules, AlphaJax and Word Chums say nothing about a clock) refuses
// minutes, and a director who set a penalty of their own enters points.

const (
	// CodeNoTimeRule: minutes over time entered under a variant that has
	// no rule turning them into points.
	CodeNoTimeRule Code = "no-time-rule"
	// CodeBadOvertime: an overtime that cannot be read, or is not over.
	CodeBadOvertime Code = "bad-overtime"
)

// Overtime is how long a player went over their time, to the second.
type Overtime struct{ Seconds int }

// Minutes is the overtime in minutes as the penalty counts them: every
// minute or part of a minute (61 seconds are 2 minutes).
func (o Overtime) Minutes() int { return (o.Seconds + 59) / 60 }

// String writes the overtime as it is kept in a game's record: "3m" for
// whole minutes, "2m01s" otherwise.
func (o Overtime) String() string {
	m, s := o.Seconds/60, o.Seconds%60
	if s == 0 {
		return strconv.Itoa(m) + "m"
	}
	return fmt.Sprintf("%dm%02ds", m, s)
}

// ParseOvertime reads an overtime written by String ("3m", "2m01s",
// also "45s").
func ParseOvertime(text string) (Overtime, error) {
	t := strings.TrimSpace(text)
	bad := ruleErr(CodeBadOvertime, "cannot read the time over %q (write 3m or 2m01s)", text)
	total, seen := 0, false
	for t != "" {
		i := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 || i == len(t) || i > 6 {
			return Overtime{}, bad
		}
		n, _ := strconv.Atoi(t[:i])
		switch t[i] {
		case 'm':
			if seen {
				return Overtime{}, bad
			}
			total += 60 * n
		case 's':
			total += n
			if i+1 != len(t) {
				return Overtime{}, bad
			}
		default:
			return Overtime{}, bad
		}
		seen = true
		t = t[i+1:]
	}
	if total <= 0 {
		return Overtime{}, bad
	}
	return Overtime{Seconds: total}, nil
}

// HasTimeRule reports whether the variant turns minutes over time into
// points.
func (v *Variant) HasTimeRule() bool { return v.TimePenaltyPerMinute > 0 }

// TimePenalty is the penalty in points for a number of minutes over time
// (each minute or part of one counts whole: see Overtime.Minutes).
func (v *Variant) TimePenalty(minutes int) (int, error) {
	if !v.HasTimeRule() {
		return 0, ruleErr(CodeNoTimeRule, "the %s rules have no time penalty per minute; enter the penalty in points if the director set one", v.Name)
	}
	if minutes <= 0 {
		return 0, ruleErr(CodeBadOvertime, "a time penalty is for one minute over or more, not %d", minutes)
	}
	return minutes * v.TimePenaltyPerMinute, nil
}
