package service

import "strings"

// maxTeamLength bounds a player's team name (a club or a country).
const maxTeamLength = 60

// checkTeam reads a player's team, club or country: spaces collapsed,
// at most maxTeamLength characters, nothing invisible, and no ";" (a .t
// file's field separator). "" is none.
func checkTeam(s string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	switch {
	case len([]rune(s)) > maxTeamLength:
		return "", Errorf(KindInvalid, "bad-team", "a team is a short name (at most %d characters)", maxTeamLength)
	case strings.Contains(s, ";"):
		return "", Errorf(KindInvalid, "bad-team", "a team's name cannot hold a semicolon")
	case s == "":
		return "", nil
	}
	if err := checkName("the team", s); err != nil {
		return "", err
	}
	return s, nil
}
