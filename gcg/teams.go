package gcg

import (
	"strconv"
	"strings"
)

// The #teams pragma is this package's extension for team play (GCG has
// none; see EXTENSIONS.md): "#teams 1,3 2,4" says that players 1 and 3
// play together against players 2 and 4. Each whitespace-separated group
// is a team, its members the N of their #playerN lines, comma-separated.

const teamsPragma = "teams"

// parseTeams reads the value of a #teams line. It checks the form only;
// whether the numbers name players is checked once all players are known.
func parseTeams(n int, value string) ([][]int, error) {
	var teams [][]int
	c := tokenCursor{s: value}
	for group := c.next(); group != ""; group = c.next() {
		var team []int
		for _, num := range strings.Split(group, ",") {
			v, err := strconv.Atoi(num)
			if err != nil || !allASCIIDigits(num) || v < 1 || v > 99 {
				return nil, syntaxErr(n, CodeMalformedTeams, "#teams %q: %q is not a player number from 1 to 99", value, num)
			}
			team = append(team, v)
		}
		teams = append(teams, team)
	}
	if len(teams) == 0 {
		return nil, syntaxErr(n, CodeMalformedTeams, "#teams names no team; write the players of each team, as in \"#teams 1,3 2,4\"")
	}
	return teams, nil
}

// checkTeams makes sure every team member is a player and that nobody
// plays for two teams.
func checkTeams(rec *Record) error {
	if len(rec.Teams) == 0 {
		return syntaxErr(rec.TeamsLine, CodeMalformedTeams, "#teams names no team")
	}
	seen := map[int]bool{}
	for _, team := range rec.Teams {
		if len(team) == 0 {
			return syntaxErr(rec.TeamsLine, CodeMalformedTeams, "#teams has an empty team")
		}
		for _, num := range team {
			if num < 1 || num > 99 || num > len(rec.Players) || rec.Players[num-1].Number != num {
				return syntaxErr(rec.TeamsLine, CodeUnknownPlayer, "#teams names player %d but there is no #player%d", num, num)
			}
			if seen[num] {
				return syntaxErr(rec.TeamsLine, CodeMalformedTeams, "#teams puts player %d in two teams", num)
			}
			seen[num] = true
		}
	}
	return nil
}

// appendTeams writes the #teams line.
func appendTeams(b []byte, teams [][]int) []byte {
	var v []byte
	for i, team := range teams {
		if i > 0 {
			v = append(v, ' ')
		}
		for j, num := range team {
			if j > 0 {
				v = append(v, ',')
			}
			v = strconv.AppendInt(v, int64(num), 10)
		}
	}
	return appendPragma(b, teamsPragma, string(v))
}

// StandardTeams reports whether teams are the two the scoring engine
// plays: players 1 and 3 against 2 and 4 (in any order).
func StandardTeams(teams [][]int) bool {
	if len(teams) != 2 {
		return false
	}
	key := func(t []int) string {
		if len(t) != 2 {
			return ""
		}
		a, b := min(t[0], t[1]), max(t[0], t[1])
		return strconv.Itoa(a) + "," + strconv.Itoa(b)
	}
	a, b := key(teams[0]), key(teams[1])
	return a == "1,3" && b == "2,4" || a == "2,4" && b == "1,3"
}
