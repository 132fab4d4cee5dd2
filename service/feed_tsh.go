package service

import (
	"slices"
	"strconv"
	"time"

	"tourney/standings"
)

// What the feed writes as tsh names and writes it (feed.go): the rating
// systems' names, the event's date as a director writes it, the prize
// bands, the seeds, a player's member id, career games and times.

// tshRatingSystem is a rating system by tsh's name for it: NASPA's
// formulas since 2009 are tsh's nsa2008.
func tshRatingSystem(sys standings.RatingSystem) string {
	if sys == standings.RatingsNASPA {
		return "nsa2008"
	}
	return string(sys)
}

// eventDateText is the event's dates as a director writes them in
// config.tsh ("July 20-24, 2024", "July 30 - August 2, 2024",
// "December 31, 2025 - January 2, 2026"); a date that is not YYYY-MM-DD
// is written as it is.
func eventDateText(start, end string) string {
	a, errA := time.Parse(time.DateOnly, start)
	b, errB := time.Parse(time.DateOnly, end)
	switch {
	case errA != nil && start != "":
		return joinName(start, " - ", end)
	case errA != nil:
		return end
	case errB != nil || !b.After(a):
		return a.Format("January 2, 2006")
	case a.Year() != b.Year():
		return a.Format("January 2, 2006") + " - " + b.Format("January 2, 2006")
	case a.Month() != b.Month():
		return a.Format("January 2") + " - " + b.Format("January 2, 2006")
	}
	return a.Format("January 2") + "-" + b.Format("2, 2006")
}

// prizeBands are the places the prize table's rank prizes pay, by
// division (divKey), each list sorted: tsh's prize_bands.
func prizeBands(t *Tournament) (map[int64][]int, error) {
	bands, _, err := rankPrizes(t)
	return bands, err
}

// paidPlaces are the places the prize table's rank prizes pay in one
// division (sorted), and the most places its class-rank prizes pay in
// each class: COP's and ChewPair's defaults.
func paidPlaces(t *Tournament, divisionID *int64) ([]int, map[string]int, error) {
	bands, classes, err := rankPrizes(t)
	return bands[divKey(divisionID)], classes[divKey(divisionID)], err
}

// rankPrizes reads the prize table's rank prizes (the places each
// division pays, sorted) and class-rank prizes (each division's classes,
// with the last place each pays).
func rankPrizes(t *Tournament) (map[int64][]int, map[int64]map[string]int, error) {
	prizes, err := storedPrizes(t)
	if err != nil {
		return nil, nil, err
	}
	bands, classes := map[int64][]int{}, map[int64]map[string]int{}
	for _, p := range prizes {
		k := divKey(p.DivisionID)
		switch {
		case p.Place < 1:
		case p.Type == PrizeRank && !slices.Contains(bands[k], p.Place):
			bands[k] = append(bands[k], p.Place)
		case p.Type == PrizeClassRank:
			if classes[k] == nil {
				classes[k] = map[string]int{}
			}
			classes[k][p.Class] = max(classes[k][p.Class], p.Place)
		}
	}
	for _, places := range bands {
		slices.Sort(places)
	}
	return bands, classes, nil
}

// seeds are each line's rank by rating before the event (index line-1),
// players of equal rating sharing one, as tsh's ComputeSeeds gives them;
// given the division's players, among those still playing (tsh's
// rrank[0]), 0 for one who withdrew.
func (st *divState) seeds(active []standings.Player) []int {
	n := len(st.players)
	order := make([]int, 0, n)
	for i := range n {
		if active == nil || !active[i].Withdrawn {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return st.players[b].Rating - st.players[a].Rating })
	seeds := make([]int, n)
	for i, line := range order {
		seeds[line] = i + 1
		if i > 0 && st.players[order[i-1]].Rating == st.players[line].Rating {
			seeds[line] = seeds[order[i-1]]
		}
	}
	return seeds
}

// memberIDs is the player's member id as tsh's .t field naspa: from the
// player, else from an imported .t line; nil for none.
func memberIDs(p *Player) []string {
	if p.MemberID != "" {
		return []string{p.MemberID}
	}
	if v := p.TSHFields["naspa"]; len(v) > 0 && v[0] != "" {
		return v[:1]
	}
	return nil
}

// careerGames is the player's career games before the event (tsh's .t
// field lifeg: Player.CareerGames, or a .t line's field kept from before
// it had its place); nil when not known.
func careerGames(p *Player) []int {
	if p.CareerGames > 0 {
		return []int{p.CareerGames}
	}
	if v := p.TSHFields["lifeg"]; len(v) > 0 {
		if n, err := strconv.Atoi(v[0]); err == nil && n >= 0 {
			return []int{n}
		}
	}
	return nil
}

// feedTimes are when each player's result of each round was last
// written (Unix seconds), by line and round.
type feedTimes map[[2]int]int64

// resultTimes are the division's results' times.
func (st *divState) resultTimes() feedTimes {
	times := feedTimes{}
	for _, r := range st.results {
		if st.skipped[r.ID] {
			continue
		}
		at := r.UpdatedAt
		if at.IsZero() {
			at = r.CreatedAt
		}
		for _, id := range r.playerIDs() {
			if line, ok := st.line[id]; ok {
				times[[2]int{line, r.Round}] = max(times[[2]int{line, r.Round}], at.Unix())
			}
		}
	}
	return times
}

// of are a player's times, as tsh's rtime (each of the first rounds
// rounds, 0 for none) and time (the latest, nil for none).
func (ft feedTimes) of(line, rounds int) (rtime, last []int64) {
	if rounds == 0 {
		return nil, nil
	}
	rtime = make([]int64, rounds)
	var latest int64
	for r := range rtime {
		rtime[r] = ft[[2]int{line, r + 1}]
		latest = max(latest, rtime[r])
	}
	if latest == 0 {
		return rtime, nil
	}
	return rtime, []int64{latest}
}
