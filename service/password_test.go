package service

import (
	"strconv"
	"strings"
	"testing"
)

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

// FuzzPasswordMatches: no stored text makes the check panic or hang on a
// huge work factor, and a hash this package writes matches its password
// and nothing else tried (but the same with zero bytes added).
func FuzzPasswordMatches(f *testing.F) {
	f.Add("pbkdf2-sha256$1000$c2FsdHNhbHQ$a2V5a2V5a2V5", "password")
	f.Add("pbkdf2-sha256$$$", "")
	f.Add("pbkdf2-sha256$10000000$AA$AA", "x")
	f.Fuzz(func(t *testing.T, stored, password string) {
		if parts := strings.Split(stored, "$"); len(parts) == 4 {
			if n, err := strconv.Atoi(parts[1]); err == nil && n > 20_000 {
				return // a real work factor: correct, but too slow to fuzz
			}
		}
		passwordMatches(stored, password)
		h, err := hashPassword(password, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !passwordMatches(h, password) {
			t.Fatalf("the hash of %q does not match it", password)
		}
		// HMAC pads a short key with zero bytes, so "pw" and "pw\x00"
		// are one key: SetDirectorPassword refuses control characters.
		if strings.TrimRight(stored, "\x00") != strings.TrimRight(password, "\x00") && passwordMatches(h, stored) {
			t.Fatalf("the hash of %q matches %q", password, stored)
		}
	})
}
