package api

import (
	"slices"
	"strconv"
	"strings"

	"tourney/service"
)

// The tablet of a game whose result is in shows that result, in plain
// words, in place of move entry: the page's first paint (tableResult)
// and its script (showResult and showHandResult in
// templates/static/table-end.js) say it the same way.

// tableOver lists the statuses in which the tablet takes no more moves
// (table-end.js: OVER).
var tableOver = map[string]bool{
	service.StatusAwaitingAcceptance: true, service.StatusAwaitingRacks: true,
	service.StatusFinished: true, service.StatusVoided: true,
}

// tableResult is what a finished game's tablet says of its result.
type tableResult struct {
	Heading string // "Game over", or that the director entered it
	Winner  string // "Ann wins 451–345"
	Note    string // how the result came, when not by the record
}

// newTableResult says a finished game's result: the official one when it
// is in (a result keyed by hand says so), else the record's final. nil
// for a game not finished.
func newTableResult(v *service.GameView, teams bool) *tableResult {
	if v.Status != service.StatusFinished {
		return nil
	}
	res := &tableResult{Heading: "Game over"}
	var scores []int
	tie, winner := false, 0
	switch o := v.Official; {
	case o != nil:
		scores, tie = o.Scores, o.Tie
		for _, p := range v.Players {
			if o.WinnerPlayerID != nil && *o.WinnerPlayerID == p.PlayerID {
				winner = p.Seat
			}
		}
		if o.EnteredByHand {
			res.Heading = "The director has entered this game's result"
			res.Note = "Result entered by hand: nothing more is entered at this table."
			if len(v.Turns) > 0 {
				res.Note = "Result entered by hand: the turns entered here are kept, but the result above is the one that counts."
			}
		}
		if o.Kind == service.ResultForfeit {
			res.Winner = "No game: " + seatName(v, winner) + " wins by forfeit"
			if winner == 0 {
				res.Winner = "No game: a forfeit"
			}
			return res
		}
	case v.Result != nil:
		scores, tie, winner = v.Result.Final, v.Result.Tie, v.Result.WinnerSeat
		if teams && len(v.Result.TeamFinal) == 2 {
			scores = v.Result.TeamFinal
		}
	}
	if v.ResultByDirector() && !v.ResultByHand() {
		res.Heading = "The director ended this game (" + tableEndedWords(v) + ")"
		res.Note = "This result is the director's: nothing more is entered or confirmed at this table."
	}
	res.Winner = winnerWords(v, scores, tie, winner, teams)
	return res
}

// tableEndedWords says how the director ended a game, as the tablet's
// script does (T.endedText in table-words.js).
func tableEndedWords(v *service.GameView) string {
	how := ""
	for _, t := range v.Turns {
		if t.Kind == service.EventEnd && !t.Undone {
			how = t.Move
		}
	}
	if w, ok := map[string]string{"time": "time ran out", "abandoned": "abandoned", "adjudicated": "adjudicated"}[how]; ok {
		return w
	}
	return "ended by the director"
}

// winnerWords says who won, as the tablet's script does (winnerText):
// "Ann wins 451–345", "A tie, 400–400"; at a table of three or four "Ann
// wins with 380; Cy 350, Bob 310"; in a team game "Ann & Cy win
// 420–390". scores are by seat (a team game: by team, or by seat with
// each seat its team's), winner a seat (0: none).
func winnerWords(v *service.GameView, scores []int, tie bool, winner int, teams bool) string {
	name := func(seat int) string { return seatName(v, seat) }
	if teams && len(v.Players) == 4 && len(scores) >= 2 {
		team := func(t int) string { return name(t) + " & " + name(t+2) }
		switch {
		case tie:
			return "A tie, " + scoreText(scores[0]) + " all"
		case winner > 0:
			w := (winner - 1) % 2
			return team(w+1) + " win " + versus(scores[w], scores[1-w])
		}
		return versus(scores[0], scores[1])
	}
	if len(scores) == 2 {
		switch {
		case tie:
			return "A tie, " + versus(scores[0], scores[1])
		case winner > 0:
			return name(winner) + " wins " + versus(scores[winner-1], scores[2-winner])
		}
		return versus(scores[0], scores[1])
	}
	if len(scores) == 0 {
		return ""
	}
	seats := make([]int, len(scores))
	for i := range seats {
		seats[i] = i + 1
	}
	slices.SortStableFunc(seats, func(a, b int) int { return scores[b-1] - scores[a-1] })
	top := 1
	for top < len(seats) && scores[seats[top]-1] == scores[seats[0]-1] {
		top++
	}
	rest := func(from int) string {
		var parts []string
		for _, s := range seats[from:] {
			parts = append(parts, name(s)+" "+scoreText(scores[s-1]))
		}
		return strings.Join(parts, ", ")
	}
	if top > 1 {
		var names []string
		for _, s := range seats[:top] {
			names = append(names, name(s))
		}
		out := "A tie at the top: " + strings.Join(names, " and ") + " " + scoreText(scores[seats[0]-1])
		if len(seats) > top {
			out += "; " + rest(top)
		}
		return out
	}
	return name(seats[0]) + " wins with " + scoreText(scores[seats[0]-1]) + "; " + rest(1)
}

// scoreText writes a score with a true minus when negative.
func scoreText(n int) string {
	if n < 0 {
		return "−" + strconv.Itoa(-n)
	}
	return strconv.Itoa(n)
}

// versus writes two scores "451–345", or "11 to −1" when one is negative.
func versus(a, b int) string {
	if a < 0 || b < 0 {
		return scoreText(a) + " to " + scoreText(b)
	}
	return scoreText(a) + "–" + scoreText(b)
}

// tableStatus says a game's status as the tablet says it, a result keyed
// by hand as the director's.
func tableStatus(v *service.GameView) string {
	if v.ResultByHand() {
		return tableStatusWords[service.StatusVoided]
	}
	if s := tableStatusWords[v.Status]; s != "" {
		return s
	}
	return "in play"
}
