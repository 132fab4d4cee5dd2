package service

import "testing"

// A stored password hash is read back only as this package wrote it;
// anything else matches no password rather than failing open.
func TestPasswordMatches(t *testing.T) {
	good, err := hashPassword("correct horse battery", 1000)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := hashPassword("correct horse battery", 1000)
	if good == other {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	for _, tc := range []struct {
		stored, password string
		want             bool
	}{
		{good, "correct horse battery", true},
		{good, "correct horse batter", false},
		{good, "", false},
		{"", "", false},
		{"pbkdf2-sha256$1000$$", "", false},
		{"pbkdf2-sha256$0$AAAA$AAAA", "x", false},
		{"pbkdf2-sha256$99999999999$AAAA$AAAA", "x", false},
		{"pbkdf2-sha1$1000$AAAA$AAAA", "x", false},
		{"pbkdf2-sha256$1000$!!$AAAA", "x", false},
		{"sha256-of-a-token", "x", false},
	} {
		if got := passwordMatches(tc.stored, tc.password); got != tc.want {
			t.Errorf("passwordMatches(%q, %q) = %v, want %v", tc.stored, tc.password, got, tc.want)
		}
	}
}
