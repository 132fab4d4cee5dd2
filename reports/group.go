package reports

import (
	"strconv"
	"strings"

	"tourney/service"
)

// Tables of three or four players, and 2-vs-2 team games, as the
// division's reports print them. A round at such a table counts pair by
// pair (a table of three is two games for each player), so its line says
// whom the player met, their scores and the round's record ("2–0"); a
// team game reads as one game of the two teams.

// groupSeats maps the service's seats onto the page's.
func groupSeats(seats []service.TableSeat) []GroupSeat {
	if len(seats) == 0 {
		return nil
	}
	out := make([]GroupSeat, len(seats))
	for i, s := range seats {
		out[i] = GroupSeat{Number: s.Line, Name: s.Name}
		if s.Score != nil {
			v := *s.Score
			out[i].Score = &v
		}
	}
	return out
}

// isGroup: the round was at a table of three or four, or a team game.
func (r *RoundLine) isGroup() bool { return len(r.Group) > 0 }

// others are the group's seats but the player's, in seat order; in a
// team game, the partner and the two opponents.
func (r *RoundLine) others() (partner []GroupSeat, opponents []GroupSeat) {
	me := r.Seat - 1
	for i, s := range r.Group {
		switch {
		case i == me:
		case r.Teams && me >= 0 && i%2 == me%2:
			partner = append(partner, s)
		default:
			opponents = append(opponents, s)
		}
	}
	return partner, opponents
}

// groupOpponents says whom the player met: "Bob 310, Cy 290" at a table
// of three or four (scores once entered), "with Cy v Bob & Di" in a team
// game.
func (r *RoundLine) groupOpponents(scores bool) string {
	partner, opponents := r.others()
	if r.Teams {
		s := "v " + seatNames(opponents, " & ")
		if len(partner) > 0 {
			s = "with " + seatNames(partner, " & ") + " " + s
		}
		return s
	}
	parts := make([]string, len(opponents))
	for i, o := range opponents {
		parts[i] = PlayerName(o.Name, o.Number)
		if scores && r.Entered && o.Score != nil {
			parts[i] += " " + strconv.Itoa(*o.Score)
		}
	}
	return strings.Join(parts, ", ")
}

func seatNames(seats []GroupSeat, sep string) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = PlayerName(s.Name, s.Number)
	}
	return strings.Join(names, sep)
}

func seatNumbers(seats []GroupSeat, sep string) string {
	nums := make([]string, len(seats))
	for i, s := range seats {
		nums[i] = strconv.Itoa(s.Number)
	}
	return strings.Join(nums, sep)
}

// groupOutcome is the round's result from the player's side: "2–0 350"
// (the pairwise record, the player's score) at a table of three or four,
// "W 700–650" (the teams' scores) in a team game.
func (r *RoundLine) groupOutcome() string {
	if r.Teams {
		o := r.Outcome
		if o == "" {
			o = "–"
		}
		return o + " " + strconv.Itoa(r.Score) + "–" + strconv.Itoa(r.OppScore)
	}
	return Record(r.Wins, r.Losses) + " " + strconv.Itoa(r.Score)
}

// ordinal is a seat in the order of play or a place: "1st", "2nd",
// "3rd", "4th", "11th", "21st".
func ordinal(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return strconv.Itoa(n) + "th"
	}
	switch n % 10 {
	case 1:
		return strconv.Itoa(n) + "st"
	case 2:
		return strconv.Itoa(n) + "nd"
	case 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}

// groupCard is a group round's cells on a scorecard, from the table on:
// table, whom the player met, their seat, score, the opponents' score (a
// team game's) and the round's spread.
func (r *RoundLine) groupCard() []string {
	who := r.groupOpponents(true)
	if !r.Teams && r.Entered {
		who += " — " + Record(r.Wins, r.Losses)
	}
	went := ""
	if r.Seat > 0 {
		went = ordinal(r.Seat)
	}
	cells := []string{tableNo(r.Table), who, went}
	if !r.Entered {
		return cells
	}
	opp := ""
	if r.Teams {
		opp = strconv.Itoa(r.OppScore)
	}
	return append(cells, strconv.Itoa(r.Score), opp, Signed(r.Spread))
}

// groupCell is a group round in the cross-table: the record and whom the
// player met by number ("2–0 2,3"; a team game "W 2&4"), over the
// player's score and spread ("350 +60"; a team game the teams' scores).
func (r *RoundLine) groupCell() (top, bottom string) {
	_, opponents := r.others()
	if r.Teams {
		opp := seatNumbers(opponents, "&")
		if !r.Entered {
			return "v " + opp, ""
		}
		return r.Outcome + " " + opp, strconv.Itoa(r.Score) + "–" + strconv.Itoa(r.OppScore)
	}
	opp := seatNumbers(opponents, ",")
	if !r.Entered {
		return "v " + opp, ""
	}
	return Record(r.Wins, r.Losses) + " " + opp, strconv.Itoa(r.Score) + " " + Signed(r.Spread)
}

// tally adds a round to a running record: pair by pair for a group, else
// by its outcome.
func (r *RoundLine) tally(wins, losses float64) (float64, float64) {
	if r.isGroup() {
		return wins + r.Wins, losses + r.Losses
	}
	switch r.Outcome {
	case "W":
		wins++
	case "L":
		losses++
	case "T":
		wins, losses = wins+0.5, losses+0.5
	}
	return wins, losses
}

// hasGroups: some round of the division was at a table of three or four
// or a team game (the cross-table's key then says how to read them).
func (d *Division) hasGroups() bool {
	for _, p := range d.Players {
		for _, r := range p.Rounds {
			if r.isGroup() {
				return true
			}
		}
	}
	return false
}
