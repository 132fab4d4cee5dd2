package service

import (
	"encoding/json"
	"testing"
)

// TestFeedJSONAsMarshal: the feed written by hand is byte for byte what
// json.Marshal writes, whatever is in it: nil and empty lists, the fields
// left out when empty, names json.Marshal escapes.
func TestFeedJSONAsMarshal(t *testing.T) {
	full := &feedPlayer{ID: 2, Name: `Zoë "Z" <b>&amp; O'Neil` + "\u2028\x01", Rating: 1888,
		Pairings: []int{3, 0, 1}, Scores: []int{400, 0, -12},
		Etc: feedEtc{Board: []int{1, 0, 2}, P12: []int{1, 0, 2}, Newr: []int{1890, 1890, 1875}, RRank: []int{1, 2, 2},
			Class: []string{"A", "é"}, Off: []int{-50}}}
	bare := &feedPlayer{ID: 1, Name: "Bo"}
	empty := &feedPlayer{ID: 3, Name: "", Pairings: []int{}, Scores: []int{},
		Etc: feedEtc{Board: []int{}, P12: []int{}, Newr: []int{}, RRank: []int{}, Class: []string{}, Off: []int{}}}
	for _, tc := range []struct {
		name string
		newt feedNewt
	}{
		{"nothing", feedNewt{}},
		{"no divisions", feedNewt{Config: feedConfig{EventName: "Open", EventDate: "2026-11-26"}, Divisions: []feedDivision{}}},
		{"a division of nobody", feedNewt{Divisions: []feedDivision{{Name: "A", MaxR: -1}}}},
		{"players", feedNewt{Config: feedConfig{EventName: "<Open>", MaxRounds: 3, TrackFirsts: 1, RatingSystem: "nsa2008", Realm: "nsa"},
			Divisions: []feedDivision{{Name: "A & B", MaxR: 2, Classes: 2, Players: []*feedPlayer{nil, bare, full, empty}}, {Name: "C", Players: []*feedPlayer{nil}}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := json.Marshal(tc.newt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := appendNewt(nil, &tc.newt)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("by hand\n%s\njson.Marshal\n%s", got, want)
			}
		})
	}
}
