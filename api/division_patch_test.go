package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"testing"

	"tourney/service"
)

// A division's settings change key by key (a JSON merge patch): what a
// request leaves out is kept, null removes a key, gibson merges key by
// key, a list replaces the old one; the rules that result are checked
// whole, refused with their code, and the other division is untouched.
// Each change is audited with the division before and after.
func TestDivisionSettingsMergePatch(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{"rounds": 7}, "Ann", "Bob")
	a := *e.division
	start := map[string]any{"rounds": 7, "class_floors": []int{1800, 1500}, "max_score": 900, "spread_caps": []int{300, 400},
		"chain": []string{"wins", "spread"}, "gibson": map[string]any{"enabled": true, "spread_per_round": 200}}
	must[service.Division](t, e.patch(e.path(fmt.Sprintf("/divisions/%d", a)), e.Director,
		map[string]any{"name": "A", "settings": start, "reason": "the rules"}), http.StatusOK)
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director,
		map[string]any{"name": "B", "settings": map[string]any{"rounds": 5, "class_floors": []int{1200}}}), http.StatusCreated)
	settingsOf := func(id int64) string { return mustJSON(t, e.divisionNext(id).Settings) }
	wantB := settingsOf(b.ID)
	e.patchSettings(a, []settingsPatch{
		{name: "a key left out is kept", patch: map[string]any{"rounds": 8},
			want: `{"rounds":8,"chain":["wins","spread"],"spread_caps":[300,400],"max_score":900,"gibson":{"enabled":true,"spread_per_round":200},"class_floors":[1800,1500]}`},
		{name: "null removes a key", patch: map[string]any{"chain": nil, "max_score": nil},
			want: `{"rounds":8,"spread_caps":[300,400],"gibson":{"enabled":true,"spread_per_round":200},"class_floors":[1800,1500]}`},
		{name: "an object merges key by key", patch: map[string]any{"gibson": map[string]any{"prize_places": 2, "spread_per_round": nil}},
			want: `{"rounds":8,"spread_caps":[300,400],"gibson":{"enabled":true,"prize_places":2},"class_floors":[1800,1500]}`},
		{name: "a list replaces the old one", patch: map[string]any{"spread_caps": []int{250}, "class_floors": []int{1700}},
			want: `{"rounds":8,"spread_caps":[250],"gibson":{"enabled":true,"prize_places":2},"class_floors":[1700]}`},
		{name: "an empty patch changes nothing", patch: map[string]any{},
			want: `{"rounds":8,"spread_caps":[250],"gibson":{"enabled":true,"prize_places":2},"class_floors":[1700]}`},
		{name: "the result is checked whole", patch: map[string]any{"max_score": 500, "bye_spread": 600}, code: "bad-settings"},
		{name: "floors not descending", patch: map[string]any{"class_floors": []int{1500, 1800}}, code: "bad-settings"},
		{name: "a key that is no setting", patch: map[string]any{"colour": "red"}, code: "unknown-field"},
		{name: "a word for a number", patch: map[string]any{"rounds": "eight"}, code: "bad-field"},
		{name: "a list for the settings", patch: []int{1}, code: "bad-field"},
		{name: "null puts every setting back to its default", patch: nil, want: `{}`},
	})
	if got := settingsOf(b.ID); got != wantB {
		t.Errorf("division B changed with A: %s, was %s", got, wantB)
	}
}

// A division's class floors set through the API survive a change of the
// rules a form shows: the players' classes stay in the standings, in
// each of two divisions.
func TestDivisionClassFloorsSurviveRulesChange(t *testing.T) {
	e := newEvent(t, nil, "", map[string]any{"rounds": 3}, "Ann", "Bob")
	b := must[service.Division](t, e.post(e.path("/divisions"), e.Director, map[string]any{"name": "B"}), http.StatusCreated)
	must[service.Player](t, e.post(e.path("/players"), e.Director, map[string]any{"name": "Cy", "rating": 1400, "division_id": b.ID}), http.StatusCreated)
	for id, floors := range map[int64][]int{*e.division: {1995}, b.ID: {1500}} {
		path := e.path(fmt.Sprintf("/divisions/%d", id))
		must[service.Division](t, e.patch(path, e.Director, map[string]any{"settings": map[string]any{"class_floors": floors}, "reason": "classes"}), http.StatusOK)
		must[service.Division](t, e.patch(path, e.Director, map[string]any{"settings": map[string]any{"rounds": 4, "chain": nil}, "reason": "one more round"}), http.StatusOK)
	}
	classes := map[string]string{}
	for _, id := range []int64{*e.division, b.ID} {
		for _, r := range e.standings(fmt.Sprintf("?division=%d", id)) {
			classes[r.Name] = r.Class
		}
	}
	if want := map[string]string{"Ann": "A", "Bob": "B", "Cy": "B"}; !reflect.DeepEqual(classes, want) {
		t.Errorf("classes %v, want %v", classes, want)
	}
}

// settingsPatch is a PATCH of a division's settings: the settings after
// it, or the code it is refused with (nothing changes then).
type settingsPatch struct {
	name  string
	patch any // the request's settings
	want  string
	code  string
}

// patchSettings patches a division's settings case by case, each from
// where the one before left them: the settings that result, or the
// refusal with nothing changed; the name kept; the audit entry with the
// division before and after.
func (e *event) patchSettings(div int64, cases []settingsPatch) {
	t := e.t
	settingsOf := func() string { return mustJSON(t, e.divisionNext(div).Settings) }
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before := settingsOf()
			name := e.divisionNext(div).Name
			r := e.patch(e.path(fmt.Sprintf("/divisions/%d", div)), e.Director, map[string]any{"settings": tc.patch, "reason": tc.name})
			if tc.code != "" {
				wantProblem(t, r, http.StatusBadRequest, tc.code)
				if got := settingsOf(); got != before {
					t.Errorf("refused, yet the settings changed: %s, were %s", got, before)
				}
				return
			}
			d := must[service.Division](t, r, http.StatusOK)
			if got := settingsOf(); !sameJSON(t, got, tc.want) {
				t.Errorf("settings %s, want %s", got, tc.want)
			}
			if d.Name != name {
				t.Errorf("name %q: a change of settings keeps the name %q", d.Name, name)
			}
			// The audit entry holds the division before and after.
			audit := must[[]service.AuditEntry](t, e.get(e.path("/audit"), e.Director), http.StatusOK)
			last := audit[len(audit)-1]
			var was, is service.Division
			if err := json.Unmarshal(last.Before, &was); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(last.After, &is); err != nil {
				t.Fatal(err)
			}
			wasJSON, isJSON := mustJSON(t, was.Settings), mustJSON(t, is.Settings)
			if last.Action != "update-division" || last.Reason != tc.name || !sameJSON(t, wasJSON, before) || !sameJSON(t, isJSON, tc.want) {
				t.Errorf("audit %s %q: before %s after %s", last.Action, last.Reason, wasJSON, isJSON)
			}
		})
	}
}

// sameJSON compares two JSON texts as values.
func sameJSON(t *testing.T, a, b string) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal([]byte(a), &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal([]byte(b), &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}
