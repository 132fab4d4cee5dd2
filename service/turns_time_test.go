package service

import (
	"testing"

	"tourney/scoring"
)

// The conversion as a table or the director enters it: minutes, seconds
// or both, into points and the time kept on record.
func TestOvertimeEvent(t *testing.T) {
	n := func(x int) *int { return &x }
	cases := []struct {
		variant          string
		minutes, seconds *int
		points           int
		move, code       string
	}{
		{"naspa", n(1), nil, 10, "1m", ""},
		{"naspa", n(3), nil, 30, "3m", ""},
		{"naspa", nil, n(61), 20, "1m01s", ""},
		{"naspa", n(2), n(1), 30, "2m01s", ""},
		{"naspa", nil, n(59), 10, "0m59s", ""},
		{"wespa", n(2), nil, 20, "2m", ""},
		{"naspa", n(0), nil, 0, "", "bad-overtime"},
		{"naspa", n(0), n(0), 0, "", "bad-overtime"},
		{"naspa", n(-1), n(90), 0, "", "bad-overtime"},
		{"hasbro", n(3), nil, 0, "", "no-time-rule"},
		{"alphajax", n(1), nil, 0, "", "no-time-rule"},
		{"wordchums", nil, n(30), 0, "", "no-time-rule"},
	}
	for _, c := range cases {
		v, err := scoring.LookupVariant(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		move, points, err := overtimeEvent(v, EventTimePenalty, TurnInput{Minutes: c.minutes, Seconds: c.seconds})
		if c.code != "" {
			if e := AsError(err); err == nil || e.Type != c.code {
				t.Errorf("%s %v:%v: %v, want %s", c.variant, c.minutes, c.seconds, err, c.code)
			}
			continue
		}
		if err != nil || points != c.points || move != c.move {
			t.Errorf("%s %+v: %q %d %v, want %q %d", c.variant, c, move, points, err, c.move, c.points)
		}
		if m := overtimeMinutes(&TurnEvent{Kind: EventTimePenalty, Move: move}); m*v.TimePenaltyPerMinute != points {
			t.Errorf("%q reads back as %d minutes, want %d points", move, m, points)
		}
	}
}
