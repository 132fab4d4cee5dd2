package service

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestFeedJSONAsMarshal: the feed written by hand is byte for byte what
// json.Marshal writes, whatever is in it: nil and empty lists, the fields
// left out when empty, names json.Marshal escapes; but a division's
// players[0], undefined as tsh writes it.
func TestFeedJSONAsMarshal(t *testing.T) {
	full := &feedPlayer{ID: 2, Name: `Zoë "Z" <b>&amp; O'Neil` + "\u2028\x01", Rating: 1888,
		Pairings: []int{3, 0, 1}, Scores: []int{400, 0, -12}, Photo: "pix/z/zoë_o'neil_aa1.jpg",
		Etc: feedEtc{Board: []int{1, 0, 2}, P12: []int{1, 0, 2}, Newr: []int{1890, 1890, 1875}, RRank: []int{3, 1, 2, 2},
			Class: []string{"A", "é"}, Off: []int{-50}, Naspa: []string{"AA<1>"}, Lifeg: []int{1273},
			Time: []int64{1721838919}, RTime: []int64{1721484910, 0, 1721490242}}}
	bare := &feedPlayer{ID: 1, Name: "Bo"}
	empty := &feedPlayer{ID: 3, Name: "", Pairings: []int{}, Scores: []int{},
		Etc: feedEtc{Board: []int{}, P12: []int{}, Newr: []int{}, RRank: []int{}, Class: []string{}, Off: []int{},
			Naspa: []string{}, Lifeg: []int{}, Time: []int64{}, RTime: []int64{}}}
	two := 2
	for _, tc := range []struct {
		name string
		newt feedNewt
	}{
		{"nothing", feedNewt{}},
		{"no divisions", feedNewt{Config: feedConfig{EventName: "Open", EventDate: "2026-11-26"}, Divisions: []feedDivision{}}},
		{"a division of nobody", feedNewt{Divisions: []feedDivision{{Name: "A", MaxR: -1, MaxRP: -1}}}},
		{"players", feedNewt{Config: feedConfig{EventName: "<Open>", MaxRounds: 3, TrackFirsts: 1, RatingSystem: "nsa2008", Realm: "nsa",
			PrizeBands: map[string][]int{"A_&_B": {1, 2}}, PlayerPhotos: 1},
			Divisions: []feedDivision{{Name: "A & B", MaxR: 2, MaxRP: 1, Classes: &two, RatingSystem: "wespa", Seeds: []int{1, 1, 3},
				Players: []*feedPlayer{nil, bare, full, empty}}, {Name: "C", Seeds: []int{}, Players: []*feedPlayer{nil}}}}},
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
			// as tsh writes it: players[0] undefined
			want = bytes.ReplaceAll(want, []byte(`"players":[null`), []byte(`"players":[undefined`))
			if string(got) != string(want) {
				t.Errorf("by hand\n%s\njson.Marshal\n%s", got, want)
			}
		})
	}
}
