package service

import (
	"bytes"
	"encoding/json"
	"strings"
)

// DivisionChange renames a division or changes some of its rules (PATCH):
// an empty name keeps the name when settings are given; Settings is a
// merge patch of the rules (see SettingsPatch), absent to keep them all.
type DivisionChange struct {
	Name     string        `json:"name"`
	Settings SettingsPatch `json:"settings"`
	Reason   string        `json:"reason"` // for the audit log
}

// SettingsPatch changes a division's settings key by key, as a JSON merge
// patch (RFC 7396): a key left out is kept, a key set to null is removed
// (its default applies again), an object (gibson) is merged the same way
// key by key, and any other value (a number, a list) replaces the old
// one. null for the whole patch puts every setting back to its default.
// A form that shows some of the rules sends only those, so what it does
// not show (class floors, teams) survives its save.
type SettingsPatch json.RawMessage

// UnmarshalJSON keeps the patch as sent, once its keys and their types
// are known to be settings (null for any of them is a removal), so that a
// misspelt key or a word for a number is refused as the rest of a
// request's body would be (unknown-field, bad-field).
func (p *SettingsPatch) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var ds DivisionSettings
	if err := dec.Decode(&ds); err != nil {
		return err
	}
	*p = append((*p)[:0], b...)
	return nil
}

// given reports whether the request carries a patch at all.
func (p SettingsPatch) given() bool { return len(p) > 0 }

// patched is ds with the patch applied; the result is checked where the
// settings are written (check), as whole settings are.
func (ds DivisionSettings) patched(p SettingsPatch) (DivisionSettings, error) {
	var patch any
	if err := decodeNumbers(p, &patch); err != nil {
		return ds, Errorf(KindInvalid, "bad-settings", "the settings cannot be read: %v", err)
	}
	if _, ok := patch.(map[string]any); !ok && patch != nil {
		return ds, Errorf(KindInvalid, "bad-settings", "settings are an object of the rules to change (null removes one), not %s", strings.TrimSpace(string(p)))
	}
	old, err := json.Marshal(ds)
	if err != nil {
		return ds, err
	}
	var target any
	if err := decodeNumbers(old, &target); err != nil {
		return ds, err
	}
	merged, err := json.Marshal(mergePatch(target, patch))
	if err != nil {
		return ds, err
	}
	var out DivisionSettings
	dec := json.NewDecoder(bytes.NewReader(merged))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&out); err != nil {
		return ds, Errorf(KindInvalid, "bad-settings", "the settings after the change cannot be read: %v", err)
	}
	return out, nil
}

// mergePatch applies a JSON merge patch to a decoded JSON value (RFC
// 7396, section 2): an object merges key by key, null removing a key;
// anything else replaces the target.
func mergePatch(target, patch any) any {
	p, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	t, ok := target.(map[string]any)
	if !ok {
		t = map[string]any{}
	}
	for k, v := range p {
		if v == nil {
			delete(t, k)
			continue
		}
		t[k] = mergePatch(t[k], v)
	}
	return t
}

// decodeNumbers decodes JSON keeping numbers as written (json.Number), so
// that ids and ratings come back out unchanged.
func decodeNumbers(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(v)
}
