package standings

import (
	"math"
	"strings"
)

// Rating estimates: what a division's results do to its players' ratings,
// by the formulas of the rating body the division names. They are
// estimates, as tsh's RATINGS report is: the body publishes the official
// ratings. The formulas and their sources are in DECISIONS.md
// ("Ratings"); unlike the rest of the package they work in floating
// point, as the bodies' own calculations do, and round once at the end of
// each segment.

// RatingSystem names the formulas a division's estimates use.
type RatingSystem string

const (
	RatingsNASPA RatingSystem = "naspa" // NASPA (the NSA's since 2009): as tsh's nsa2008
	RatingsWESPA RatingSystem = "wespa" // WESPA, as tsh estimates it
	RatingsNone  RatingSystem = "none"  // no estimates for this division

	// tsh's names (its Ratings::Elo systems): nsa2008 keeps a player's
	// career games fixed through a long event's segments, naspa2024
	// adds each segment's games before the next; naspa-csw is nsa2008
	// without its floor.
	RatingsNSA2008   RatingSystem = "nsa2008"
	RatingsNASPA2024 RatingSystem = "naspa2024"
	RatingsNASPACSW  RatingSystem = "naspa-csw"
)

// ParseRatingSystem reads a division's "ratings" setting: "" (the realm's
// default), naspa, wespa, none, or tsh's nsa2008, naspa2024, naspa-csw.
func ParseRatingSystem(s string) (RatingSystem, error) {
	switch sys := RatingSystem(strings.ToLower(strings.TrimSpace(s))); sys {
	case "", RatingsNASPA, RatingsWESPA, RatingsNone, RatingsNSA2008, RatingsNASPA2024, RatingsNASPACSW:
		return sys, nil
	}
	return "", errorf(CodeBadConfig, "ratings are naspa, wespa, none, nsa2008, naspa2024 or naspa-csw, not %q", s)
}

// DefaultRatingSystem is the system of a realm's divisions when their
// settings name none: a WESPA division is rated as WESPA rates, any other
// as NASPA does.
func DefaultRatingSystem(realm Realm) RatingSystem {
	if realm == RealmWESPA {
		return RatingsWESPA
	}
	return RatingsNASPA
}

// RatingRules are a system's formulas.
type RatingRules struct {
	// Expect is the games a player rated a is expected to win from one
	// game against a player rated b; Expect(a, b) + Expect(b, a) = 1.
	Expect func(a, b float64) float64
	// Boundaries: a change that crosses 1800 or 2000 takes each part at
	// its own band's multiplier (NASPA); without, the whole change takes
	// the pre-event rating's multiplier (WESPA).
	Boundaries bool
	// Acceleration is the share of a rise beyond 5 points a game that is
	// added again as a bonus (NASPA 1, WESPA 2/3; 0: none).
	Acceleration float64
	// Feedback is the share of a player's bonus that each rated opponent
	// gets, once per game against them (1/20).
	Feedback float64
	// Split rates an event of more than 16 rounds in segments of at most
	// 16 (NASPA), each segment's ratings the next one's start.
	Split bool
	// SplitCareer adds each segment's games to the career games the next
	// segment's multipliers use (tsh's use_split_lifeg, naspa2024);
	// without, the career games before the event hold throughout.
	SplitCareer bool
	// Floor is the lowest rating a rated player is taken to (tsh's floor:
	// 1 in nsa2008; 0 none).
	Floor float64
}

// Rules are the system's formulas; false for none (or an unknown name).
func (s RatingSystem) Rules() (RatingRules, bool) {
	naspa := RatingRules{Expect: ExpectNASPA, Boundaries: true, Acceleration: 1, Feedback: 1.0 / 20, Split: true}
	switch s {
	case RatingsNASPA, RatingsNSA2008:
		naspa.Floor = 1
		return naspa, true
	case RatingsNASPA2024:
		naspa.SplitCareer = true
		return naspa, true
	case RatingsNASPACSW:
		return naspa, true
	case RatingsWESPA:
		return RatingRules{Expect: ExpectWESPA, Acceleration: 2.0 / 3, Feedback: 1.0 / 20}, true
	}
	return RatingRules{}, false
}

// ExpectNASPA is NASPA's win expectancy since 2009: the logistic curve
// 1/(1+e^(-0.0031879·d)) of the rating difference d.
func ExpectNASPA(a, b float64) float64 { return 1 / (1 + math.Exp(-0.0031879*(a-b))) }

// ExpectWESPA is the win expectancy tsh uses for WESPA: 1/(1+e^(-d/172)).
func ExpectWESPA(a, b float64) float64 { return 1 / (1 + math.Exp((b-a)/172)) }

// EstablishedGames is the career game count from which a player's
// multiplier drops to its lower row.
const EstablishedGames = 50

// Multiplier is the rating points a game won above expectation is worth:
// by the pre-event rating's band (below 1800, below 2000, 2000 and up),
// higher for a player with fewer than EstablishedGames career games.
func Multiplier(careerGames int, rating float64) float64 {
	band := 2
	switch {
	case rating < 1800:
		band = 0
	case rating < 2000:
		band = 1
	}
	if careerGames < EstablishedGames {
		return [3]float64{30, 24, 15}[band]
	}
	return [3]float64{20, 16, 10}[band]
}

// RatedEntrant is one player as an estimate needs them.
type RatedEntrant struct {
	Rating int // before the event; 0: unrated (a newcomer)
	// CareerGames are the rated games played before the event; 0 when not
	// known, and a rated player is then taken as established.
	CareerGames int
	// Games are the player's rated games (no byes, forfeits or team
	// games), each also in the opponent's list with the score mirrored.
	Games []RatedGame
}

// RatedGame is one rated game from one player's side.
type RatedGame struct {
	Round    int
	Opponent int     // index of the opponent among the entrants
	Score    float64 // 1 a win, 0.5 a tie, 0 a loss
}

// RatingEstimate is one player's estimate.
type RatingEstimate struct {
	Before   int
	Newcomer bool // unrated before the event
	Games    int
	Wins     float64 // in rated games; a tie counts half
	Expected float64 // wins expected, at each segment's starting ratings
	// Performance is the whole rating at which the games' wins were
	// expected (0: no rated games); see performance.
	Performance int
	After       int // a newcomer without games stays 0
	// Acceleration is the bonus earned and Feedback the bonus received
	// from opponents' bonuses (before rounding).
	Acceleration, Feedback float64
}

// Change is the estimate's rating change; 0 for a newcomer.
func (e RatingEstimate) Change() int {
	if e.Newcomer {
		return 0
	}
	return e.After - e.Before
}

// Estimate rates an event of the given number of rounds: the entrants'
// ratings after it, segment by segment. Games outside rounds 1..rounds
// are left out.
func (rr RatingRules) Estimate(entrants []RatedEntrant, rounds int) []RatingEstimate {
	return rr.EstimatePlanned(entrants, rounds, rounds)
}

// EstimatePlanned rates rounds 1..rounds of an event of planned rounds:
// segmented as the whole event is (tsh splits by the division's
// max_rounds), the segments cut at rounds. planned below rounds is
// rounds.
func (rr RatingRules) EstimatePlanned(entrants []RatedEntrant, rounds, planned int) []RatingEstimate {
	n := len(entrants)
	out := make([]RatingEstimate, n)
	cur := make([]float64, n) // ratings at a segment's start
	career := make([]int, n)
	initial := make([]float64, n) // a newcomer's first rating, for the performances
	for i, e := range entrants {
		out[i] = RatingEstimate{Before: max(e.Rating, 0), Newcomer: e.Rating <= 0}
		cur[i] = float64(out[i].Before)
		career[i] = e.CareerGames
		if e.Rating > 0 && e.CareerGames <= 0 {
			career[i] = EstablishedGames
		}
	}
	for _, seg := range rr.segments(max(planned, rounds)) {
		if seg[0] > rounds {
			break
		}
		seg[1] = min(seg[1], rounds)
		s := rr.rateSegment(entrants, seg, cur, career, out)
		for i := range entrants {
			if out[i].Newcomer && initial[i] == 0 && s.games[i] > 0 {
				initial[i] = s.next[i]
			}
			if s.games[i] > 0 || cur[i] > 0 {
				cur[i] = s.next[i]
			}
			if rr.SplitCareer {
				career[i] += s.games[i]
			}
		}
	}
	for i, e := range entrants {
		out[i].After = int(cur[i])
		opps := make([]float64, 0, len(e.Games))
		for _, g := range e.Games {
			if g.Round < 1 || g.Round > rounds {
				continue
			}
			o := float64(entrants[g.Opponent].Rating)
			if o <= 0 {
				o = initial[g.Opponent]
			}
			opps = append(opps, o)
		}
		out[i].Performance = rr.performance(opps, out[i].Wins)
	}
	return out
}

// segments are the rounds rated together: all of them, or with Split up
// to 16 rounds one segment, up to 35 two, beyond three (tsh's split of
// NASPA events), as [first, last] rounds.
func (rr RatingRules) segments(rounds int) [][2]int {
	last := rounds - 1 // 0-based, as tsh splits
	switch {
	case rounds < 1:
		return nil
	case !rr.Split || last < 16:
		return [][2]int{{1, rounds}}
	case last < 35:
		s1 := last / 2
		return [][2]int{{1, s1 + 1}, {s1 + 2, rounds}}
	}
	s1, s2 := last/3, (2*last+1)/3
	return [][2]int{{1, s1 + 1}, {s1 + 2, s2 + 1}, {s2 + 2, rounds}}
}

// segment is one segment's rating: each player's games and wins in it and
// their rating at its end.
type segment struct {
	games []int
	wins  []float64
	next  []float64
}

// rateSegment rates one segment from the ratings cur at its start:
// newcomers first (their iterated performance ratings), then everyone
// rated on their excess wins, then the acceleration bonuses and their
// feedback. It adds the segment's games, wins and expectations to out.
func (rr RatingRules) rateSegment(entrants []RatedEntrant, seg [2]int, cur []float64, career []int, out []RatingEstimate) segment {
	n := len(entrants)
	s := segment{games: make([]int, n), wins: make([]float64, n), next: make([]float64, n)}
	games := make([][]RatedGame, n)
	for i, e := range entrants {
		games[i] = make([]RatedGame, 0, len(e.Games))
		for _, g := range e.Games {
			if g.Round >= seg[0] && g.Round <= seg[1] {
				games[i] = append(games[i], g)
				s.games[i]++
				s.wins[i] += g.Score
			}
		}
		out[i].Games += s.games[i]
		out[i].Wins += s.wins[i]
	}
	// A rating in effect in this segment: the one it starts with, or a
	// newcomer's, once found.
	eff := rr.rateNewcomers(games, s.wins, cur)
	for i := range entrants {
		s.next[i] = eff[i]
		expected := 0.0
		for _, g := range games[i] {
			expected += rr.Expect(eff[i], eff[g.Opponent])
		}
		out[i].Expected += expected
		if cur[i] > 0 && len(games[i]) > 0 {
			s.next[i] = rr.toPoints(cur[i], career[i], s.wins[i]-expected)
		}
	}
	feedback := make([]float64, n)
	for i := range entrants {
		if cur[i] <= 0 || rr.Acceleration == 0 {
			continue
		}
		bonus := rr.Acceleration * (s.next[i] - cur[i] - 5*float64(s.games[i]))
		if bonus <= 0 {
			continue
		}
		s.next[i] += bonus
		out[i].Acceleration += bonus
		for _, g := range games[i] {
			if cur[g.Opponent] > 0 {
				feedback[g.Opponent] += bonus * rr.Feedback
			}
		}
	}
	for i := range entrants {
		if cur[i] > 0 && rr.Floor > 0 {
			s.next[i] = max(s.next[i], rr.Floor)
		}
		s.next[i] = math.Floor(s.next[i] + feedback[i] + 0.5)
		out[i].Feedback += feedback[i]
	}
	return s
}

// toPoints turns excess wins into a new rating from start: the excess
// times the multiplier; with Boundaries, a change that leaves its band
// goes to the band's edge at that band's multiplier and the rest of the
// excess on from there. Going down, the edge is 1799 (1999), a point
// under the band, as in tsh.
func (rr RatingRules) toPoints(start float64, careerGames int, excess float64) float64 {
	r := start
	for range 8 { // a change crosses at most two edges
		m := Multiplier(careerGames, r)
		next := r + m*excess
		if !rr.Boundaries || Multiplier(careerGames, next) == m {
			return next
		}
		edge := 1999.0
		switch {
		case r < 1800:
			edge = 1800
		case r < 2000 && excess > 0:
			edge = 2000
		case r < 2000:
			edge = 1799
		}
		excess -= (edge - r) / m
		r = edge
	}
	return r + Multiplier(careerGames, r)*excess
}
