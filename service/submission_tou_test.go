package service

import "testing"

// A .t name as tsh's AUPAIR writes it: "Given Surname" in 20 characters;
// the Chinese surnames tsh lists keep their place before two given
// names (but for the two names the WESPA list has the other way); a name
// without a comma as it is.
func TestTOUName(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Able, Ann", "Ann Able            "},
		{"Able,Ann", "Ann Able            "},
		{"Lim, Chee Kiat", "Lim Chee Kiat       "},
		{"Lim, Chee", "Chee Lim            "},
		{"Gan, Yi En", "Yi En Gan           "},
		{"Smith, Mary Jane", "Mary Jane Smith     "},
		{"Wolfeschlegelsteinhausen, Hubert", "Hubert Wolfeschlegel"},
		{"jellomochas", "jellomochas         "},
		{"Ødegård, Åse", "Åse Ødegård         "},
	} {
		if got := touName(tc.in); got != tc.want {
			t.Errorf("touName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The division's line: upper case, word characters only; the day as
// DD.MM.YYYY.
func TestTOUDivisionAndDate(t *testing.T) {
	for in, want := range map[string]string{"A": "A", "Lite 2": "LITE2", "csw-open": "CSWOPEN", "B_1": "B_1"} {
		if got := touDivisionName(in); got != want {
			t.Errorf("touDivisionName(%q) = %q, want %q", in, got, want)
		}
	}
	if got, err := touDate("2026-03-07"); got != "07.03.2026" || err != nil {
		t.Errorf("touDate: %q %v", got, err)
	}
	if _, err := touDate(""); err == nil {
		t.Error("no date: no error")
	}
}
