package service

import (
	"tourney/scoring"
)

// Time penalties entered as time over rather than points: the variant's
// rule (scoring.Variant.TimePenalty) turns the time into points, and the
// event keeps the time beside them, in Move ("3m", "2m01s"), so that the
// record reads "3 minutes over: -30". Points entered directly (a
// director's own penalty, or an older client) are kept as they are, with
// no time.

// maxOvertimeMinutes bounds an overtime entry: no game runs this long over.
const maxOvertimeMinutes = 999

// overtimeGiven reports whether the entry gives time over (minutes or
// seconds) rather than points.
func (in TurnInput) overtimeGiven() bool { return in.Minutes != nil || in.Seconds != nil }

// overtimeEvent reads a time-penalty entry given as time over: the time
// as the event keeps it and the points the variant makes of it.
func overtimeEvent(v *scoring.Variant, kind string, in TurnInput) (move string, points int, err error) {
	if kind != EventTimePenalty {
		return "", 0, Errorf(KindInvalid, "bad-overtime", "minutes over time go with a time-penalty entry, not a %s", kind)
	}
	if in.Points != 0 {
		return "", 0, Errorf(KindInvalid, "bad-overtime", "give the minutes over time or the points, not both")
	}
	var minutes, seconds int
	if in.Minutes != nil {
		minutes = *in.Minutes
	}
	if in.Seconds != nil {
		seconds = *in.Seconds
	}
	if minutes < 0 || seconds < 0 || minutes > maxOvertimeMinutes || seconds > 60*maxOvertimeMinutes {
		return "", 0, Errorf(KindInvalid, "bad-overtime", "minutes and seconds over time are numbers from 0 to %d minutes", maxOvertimeMinutes)
	}
	over := scoring.Overtime{Seconds: 60*minutes + seconds}
	if over.Seconds == 0 {
		return "", 0, Errorf(KindInvalid, "bad-overtime", "no time over: there is no penalty to enter")
	}
	points, err = v.TimePenalty(over.Minutes())
	if err != nil {
		return "", 0, ruleError(err)
	}
	return over.String(), points, nil
}

// overtimeMinutes is the minutes a stored time-penalty event charged, or 0
// when it was entered as points.
func overtimeMinutes(e *TurnEvent) int {
	if e.Kind != EventTimePenalty || e.Move == "" {
		return 0
	}
	o, err := scoring.ParseOvertime(e.Move)
	if err != nil {
		return 0
	}
	return o.Minutes()
}

// timeMinutes is, per seat, the minutes over time charged in the game's
// active events (0 for none, or a penalty entered as points).
func timeMinutes(events []TurnEvent, seats int) []int {
	out := make([]int, seats)
	for i := range events {
		e := &events[i]
		if m := overtimeMinutes(e); m > 0 && e.Seat >= 1 && e.Seat <= seats {
			out[e.Seat-1] = m
		}
	}
	return out
}
