package service

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"tourney/standings"
)

// A rating body's file, for the director to send after the event: WESPA's
// .TOU (here), NASPA's archive and ABSP's set (submission_naspa.go).

// touDivision is one division as tsh's aupair command reads it: the
// standings and each line's name as the .t file holds it.
type touDivision struct {
	name  string
	d     *standings.Division
	names []string // by line-1: "Surname, Given Names"
}

// SubmissionTOU writes every division as tsh's AUPAIR command writes its
// .TOU file, the file WESPA rates from (director).
func (s *Service) SubmissionTOU(ctx context.Context, a Actor, tournamentID int64) ([]byte, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	states, err := s.submissionDivisions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	divs := make([]touDivision, len(states))
	for i, st := range states {
		divs[i] = touDivision{name: st.d.Name, d: st.d, names: st.tshNames()}
	}
	return writeTOU(eventDay(states[0].t), states[0].t.Name, divs)
}

// submissionDivisions are the tournament's divisions, each loaded, in
// the order the console lists them.
func (s *Service) submissionDivisions(ctx context.Context, tournamentID int64) ([]*divState, error) {
	ids, err := s.printDivisions(ctx, tournamentID, nil)
	if err != nil {
		return nil, err
	}
	return s.tFileDivisions(ctx, tournamentID, ids)
}

// tFileDivisions loads the divisions a .t file can hold: a division of
// tables of three or four is refused.
func (s *Service) tFileDivisions(ctx context.Context, tournamentID int64, ids []*int64) ([]*divState, error) {
	var out []*divState
	for _, id := range ids {
		st, err := s.requestedDivision(ctx, tournamentID, id)
		if err != nil {
			return nil, err
		}
		if st.d.HasGroups() {
			return nil, tFileTwoPlayer(st.d.Name)
		}
		out = append(out, st)
	}
	return out, nil
}

// eventDay is the event's last day, YYYY-MM-DD: its end date, else its
// start date, else "".
func eventDay(t *Tournament) string {
	if t.EndDate != "" {
		return t.EndDate
	}
	return t.StartDate
}

// touDate writes a YYYY-MM-DD day as AUPAIR's DD.MM.YYYY.
func touDate(day string) (string, error) {
	d, err := time.Parse("2006-01-02", day)
	if err != nil {
		return "", Errorf(KindRule, "missing-event-date", "the .TOU file needs the event's date: set the tournament's end date (or start date)")
	}
	return d.Format("02.01.2006"), nil
}

// writeTOU is tsh's AUPAIR layout: "*M" with the date and the event's
// name once, then per division its name, the "high word" line and a line
// per player who played a game (renumbered from 1 in file order), then
// "*** END OF FILE ***"; CRLF line ends.
func writeTOU(day, event string, divs []touDivision) ([]byte, error) {
	date, err := touDate(day)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(event) == "" {
		return nil, Errorf(KindRule, "missing-event-name", "the .TOU file needs the event's name")
	}
	var b bytes.Buffer
	crlf := func(format string, args ...any) { fmt.Fprintf(&b, format+"\r\n", args...) }
	for dn, div := range divs {
		d := div.d
		nrounds, least := 0, -1
		for _, p := range d.Players() {
			n := scoredRounds(d, p.ID)
			nrounds = max(nrounds, n)
			if least < 0 || n < least {
				least = n
			}
		}
		if least >= 0 && least != nrounds {
			return nil, Errorf(KindRule, "results-not-in", "division %s: not all results are in yet in round %d", div.name, nrounds)
		}
		if dn == 0 {
			crlf("*M%s %s", date, oneLine(event))
		}
		crlf("*%s", touDivisionName(div.name))
		crlf("%38s0", "")
		number := make([]int, d.NumPlayers()+1) // .t line -> .TOU number, 0: left out
		var lines []int
		for _, p := range d.Players() {
			if gamesPlayed(d, p.ID, nrounds) > 0 {
				lines = append(lines, p.ID)
				number[p.ID] = len(lines)
			}
		}
		for _, id := range lines {
			name := d.Players()[id-1].Name
			if id-1 < len(div.names) && div.names[id-1] != "" {
				name = div.names[id-1]
			}
			fmt.Fprintf(&b, "%s", touName(name))
			for round := 1; round <= nrounds; round++ {
				r, _ := d.Result(id, round)
				opp := r.Opponent
				if r.Forfeit {
					opp = 0 // tsh holds a forfeit as a bye for each
				}
				if opp != 0 {
					mark := " "
					switch {
					case r.Score > r.OppScore:
						mark = "2"
					case r.Score == r.OppScore:
						mark = "1"
					}
					if r.Start == standings.StartFirst {
						fmt.Fprintf(&b, " %1s%3d%+4d", mark, r.Score, number[opp])
					} else {
						fmt.Fprintf(&b, " %1s%3d%4d", mark, r.Score, number[opp])
					}
					continue
				}
				// A bye: a win of 1 against oneself, a draw at 0, a loss at 0.
				switch ms := r.Spread(); {
				case ms > 0:
					fmt.Fprintf(&b, " %1s%03d%+4d", "2", 1, number[id])
				case ms == 0:
					fmt.Fprintf(&b, " %1s%03d%4d", "1", 0, number[id])
				default:
					fmt.Fprintf(&b, " %1s%03d%4d", "0", 0, number[id])
				}
			}
			crlf("")
		}
	}
	crlf("*** END OF FILE ***")
	return b.Bytes(), nil
}

// scoredRounds is tsh's count of a player's scores: through the last
// round with a result.
func scoredRounds(d *standings.Division, id int) int {
	n := 0
	for round := 1; round <= d.Rounds(); round++ {
		if _, ok := d.Result(id, round); ok {
			n = round
		}
	}
	return n
}

// gamesPlayed is tsh's GamesPlayed: rounds scored against an opponent,
// byes and forfeits not counted.
func gamesPlayed(d *standings.Division, id, through int) int {
	n := 0
	for round := 1; round <= through; round++ {
		if r, ok := d.Result(id, round); ok && r.Opponent != 0 && !r.Forfeit {
			n++
		}
	}
	return n
}

var nonWord = regexp.MustCompile(`\W`)

// touDivisionName is the division's name as tsh holds it: upper case,
// only word characters.
func touDivisionName(name string) string {
	return nonWord.ReplaceAllString(strings.ToUpper(name), "")
}

// chineseSurname: tsh writes "Surname Given Given" for these surnames
// when the given names are two words, as the WESPA list has them.
var chineseSurname = regexp.MustCompile(`(?i)^(?:ANG|CHANG|CHEAH|CHEN|CHEONG|CHEW|CHIA|CHIM|CHING|CHOO|CHOW|CHUAH|GAN|GOH|H'NG|HO|KER|KHOO|KOH|KONG|KUM|KWOK|LAU|LEE|LIEW|LIM|LOH|LOOI|LUM|MAK|NG|ONG|PEH|POH|PUI|PUTRI|QUEK|SHIM|TAN|TOH|WONG|YEAP|YEO|YEOH|YEW|YIP|YONG|YOON|YUB)$`)

var (
	twoWords      = regexp.MustCompile(`^\S+ \S+$`)
	givenFirstSet = regexp.MustCompile(`(?i)^(?:GAN, YI EN|POH, YING MING)$`)
	commaSpaces   = regexp.MustCompile(`, *`)
)

// touName is a .t name ("Surname, Given") as AUPAIR writes it, in 20
// characters: "Given Surname" (or "Surname Given" for the Chinese names
// tsh lists); a name without a comma as it is.
func touName(name string) string {
	parts := commaSpaces.Split(name, 2)
	if len(parts) == 2 {
		surname, given := parts[0], parts[1]
		if twoWords.MatchString(given) && chineseSurname.MatchString(surname) && !givenFirstSet.MatchString(name) {
			name = surname + " " + given
		} else {
			name = given + " " + surname
		}
	}
	r := []rune(name)
	if len(r) > 20 {
		r = r[:20]
	}
	return fmt.Sprintf("%-20s", string(r))
}
