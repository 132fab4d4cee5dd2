package standings

import (
	"cmp"
	"fmt"
	"slices"
)

// Round 1 has no results to pair on, so Swiss and King of the Hill seed
// it by rating, as tsh does: with no round to go on, tsh ranks players by
// their initial standing (TSH::Player::SortByInitialStanding), which is
// by rating. King of the Hill then pairs 1st with 2nd by rating, 3rd with
// 4th, ...; Swiss, whose field is then one score group, pairs its top
// half with its bottom half (1st of 8 plays 5th). A random draw and a
// round robin are not seeded: a draw stays a draw of the field in entry
// order, so a seed reproduces the same draw it always did.

// seedByRating orders the players by rating when the round is paired on
// no results (based on round 0, which only round 1 is): rated players
// first, highest rating first, then unrated players (rating 0); equal
// ratings, and the unrated among themselves, in entry order (player id).
// tsh breaks equal ratings at random; entry order keeps the pairing a
// function of the division alone. It reports whether it seeded.
func (c *roundContext) seedByRating() bool {
	if c.basedOn != 0 {
		return false
	}
	slices.SortFunc(c.rows, bySeed)
	eligible := make(map[int]bool, len(c.eligible))
	for _, id := range c.eligible {
		eligible[id] = true
	}
	c.eligible = c.eligible[:0]
	c.placeRows()
	for _, r := range c.rows {
		if eligible[r.Player] {
			c.eligible = append(c.eligible, r.Player)
		}
	}
	c.seeded = true
	return true
}

// bySeed orders rows by rating as seedByRating does: rated first,
// highest rating first, then entry order.
func bySeed(a, b Row) int {
	return cmp.Or(
		cmp.Compare(unrated(a.Rating), unrated(b.Rating)), // rated first
		cmp.Compare(b.Rating, a.Rating),
		cmp.Compare(a.Player, b.Player))
}

// unrated is 1 for a player without a rating (0), else 0. Ratings are
// never negative (AddPlayer and the .t reader refuse them); anything
// below 1 counts as unrated all the same.
func unrated(rating int) int {
	if rating < 1 {
		return 1
	}
	return 0
}

// seedReason explains a seeded game, its players in seat order: "King
// of the Hill round 1, seeded by rating: 3rd vs 4th by rating (4th
// unrated)"; extra is added at the end. Ranks count the players still
// in.
func (c *roundContext) seedReason(system string, a, b int, extra string) string {
	why := fmt.Sprintf("%s round %d, seeded by rating: %s vs %s by rating",
		system, c.round, c.place(a), c.place(b))
	var none []string
	for _, id := range []int{a, b} {
		if unrated(c.d.players[id-1].Rating) == 1 {
			none = append(none, c.place(id))
		}
	}
	switch len(none) {
	case 1:
		why += fmt.Sprintf(" (%s unrated)", none[0])
	case 2:
		why += fmt.Sprintf(" (%s and %s unrated)", none[0], none[1])
	}
	return why + extra
}
