package scoring

import (
	"errors"
	"testing"
)

func TestTimePenaltyTable(t *testing.T) {
	cases := []struct {
		variant string
		seconds int
		minutes int
		points  int
		code    Code // "" when the penalty is converted
	}{
		{"naspa", 60, 1, 10, ""},
		{"naspa", 1, 1, 10, ""},     // part of a minute counts whole
		{"naspa", 121, 3, 30, ""},   // 2:01 over
		{"naspa", 61, 2, 20, ""},    // "seconds": 61
		{"naspa", 180, 3, 30, ""},   // 3 minutes
		{"wespa", 600, 10, 100, ""}, // as naspa
		{"naspa", 0, 0, 0, CodeBadOvertime},
		{"hasbro", 180, 3, 0, CodeNoTimeRule},
		{"alphajax", 60, 1, 0, CodeNoTimeRule},
		{"wordchums", 60, 1, 0, CodeNoTimeRule},
	}
	for _, c := range cases {
		v, err := LookupVariant(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		o := Overtime{Seconds: c.seconds}
		if got := o.Minutes(); got != c.minutes {
			t.Errorf("%d s: %d minutes, want %d", c.seconds, got, c.minutes)
		}
		pts, err := v.TimePenalty(o.Minutes())
		var re *RuleError
		switch {
		case c.code == "" && (err != nil || pts != c.points):
			t.Errorf("%s %d s: %d, %v; want %d points", c.variant, c.seconds, pts, err, c.points)
		case c.code != "" && (!errors.As(err, &re) || re.Code != c.code):
			t.Errorf("%s %d s: %v, want %s", c.variant, c.seconds, err, c.code)
		}
	}
}

func TestOvertimeText(t *testing.T) {
	for _, c := range []struct {
		text    string
		seconds int
	}{{"3m", 180}, {"2m01s", 121}, {"0m45s", 45}, {"45s", 45}, {" 1m ", 60}} {
		o, err := ParseOvertime(c.text)
		if err != nil || o.Seconds != c.seconds {
			t.Errorf("%q: %v, %v; want %d s", c.text, o, err, c.seconds)
		}
	}
	for _, s := range []int{180, 121, 45} {
		o := Overtime{Seconds: s}
		if back, err := ParseOvertime(o.String()); err != nil || back != o {
			t.Errorf("%d s: %q reads back as %v, %v", s, o.String(), back, err)
		}
	}
	for _, bad := range []string{"", "3", "m", "0m", "3x", "2s1m", "1m1m", "-3m", "1234567m"} {
		if _, err := ParseOvertime(bad); err == nil {
			t.Errorf("%q read without error", bad)
		}
	}
}
