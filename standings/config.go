package standings

import "slices"

// Realm is the rating body whose rules set a division's defaults.
type Realm string

const (
	RealmNASPA Realm = "naspa"
	RealmWESPA Realm = "wespa"
)

// Unplayed says what a round a player does not play becomes: the rounds
// after a withdrawal, and the rounds a late entrant missed.
type Unplayed string

const (
	// UnplayedForfeit: a loss by the forfeit spread (tsh: a bye scored -50).
	UnplayedForfeit Unplayed = "forfeit"
	// UnplayedBye: a win by the bye spread.
	UnplayedBye Unplayed = "bye"
	// UnplayedNone: neither a win nor a loss, no spread (tsh: a bye scored 0).
	UnplayedNone Unplayed = "none"
)

// StartsRule says how much Swiss pairing gives up to keep starts (who
// goes first) balanced.
type StartsRule string

const (
	// StartsWithinOne (the default) keeps every player's firsts and seconds
	// within one of each other whenever a pairing without a repeat allows
	// it, floating players across score groups to do so, as chess Swiss
	// systems do for colours: two players due to start the same way are
	// not paired while another pairing keeps both in balance.
	StartsWithinOne StartsRule = "within-one"
	// StartsScoreGroups puts score groups first, as tsh does: starts only
	// choose between pairings that are equal by record, so a player can
	// drift two or three starts off balance.
	StartsScoreGroups StartsRule = "score-groups"
)

// Standings keys, in the words a director uses in a chain.
const (
	KeyWins       = "wins"   // more wins first (a tie is half a win)
	KeyLosses     = "losses" // fewer losses first (a tie is half a loss)
	KeySpread     = "spread" // higher cumulative spread (capped if caps are set)
	KeyPoints     = "points" // more total points scored in games played
	KeyHeadToHead = "h2h"    // better net record among the players still tied
	KeyRating     = "rating" // higher pre-event rating
)

// GibsonConfig controls when a leader counts as clinched and whether
// pairings then keep them away from contenders.
type GibsonConfig struct {
	// Enabled makes Swiss and KOTH pair a clinched leader with the
	// lowest-ranked non-contender (or give them the bye). The Gibson report
	// is computed whether or not this is set.
	Enabled bool
	// SpreadPerRound is the most spread a player is assumed able to gain
	// (or lose) in one game: tsh's gibson_spread, 250 by default.
	SpreadPerRound int
	// PrizePlaces: a player is a contender while they can still finish in
	// one of the first PrizePlaces places. Default 1 (first place only).
	PrizePlaces int
	// SpreadByRoundsLeft, when set, is tsh's gibson_spread list: the most
	// one game moves, by rounds left (entry 0: the last round; the last
	// entry for more), in place of SpreadPerRound.
	SpreadByRoundsLeft []int
	// PrizeBands are the last places of the prize bands (tsh's
	// prize_bands): Gibsons are found down to the last one (else down to
	// PrizePlaces).
	PrizeBands []int
}

// Config is a division's rules. Build one with DefaultConfig and change
// what the director asks for.
type Config struct {
	Realm Realm
	// Rounds planned; 0 when open-ended (no Gibson report then).
	Rounds int
	// ByeSpread is the spread a bye wins by (NASPA 50, WESPA 100).
	ByeSpread int
	// ForfeitSpread is the spread of a forfeit: the winner +, the loser -.
	ForfeitSpread int
	// MinScore and MaxScore bound a game score, a sanity check against
	// typing errors (DefaultMinScore..DefaultMaxScore, -500..2500, by
	// default): a game can end below zero after rack deductions and time
	// penalties, and variants score more than standard rules. A score
	// outside is refused with CodeImplausibleScore. MinScore is 0 or
	// below (0: no negative game scores). MaxScore also bounds the spread
	// of a bye or forfeit.
	MinScore, MaxScore int
	// SpreadCaps caps the spread of each game for standings: round r uses
	// SpreadCaps[r-1], the last value repeating. Empty: no cap.
	SpreadCaps []int
	// Chain is the standings order, most important key first. The player
	// id always follows as the last, stable key. Empty: the realm default
	// (wins, losses, spread).
	Chain []string
	// Withdrawal is what a withdrawn player's unplayed rounds become.
	Withdrawal Unplayed
	// LateEntry is what a late entrant's missed rounds become.
	LateEntry Unplayed
	// Starts: what Swiss pairing does to keep starts balanced (empty:
	// StartsWithinOne).
	Starts StartsRule
	Gibson GibsonConfig
	// Exagony: players of one team (Player.Team: a team, club or
	// country) do not meet while another pairing exists, in every
	// system (tsh's exagony).
	Exagony bool
}

// Default bounds of a game score (Config.MinScore, Config.MaxScore). The
// highest scores of standard tournament play are well under 1,200 and the
// lowest a few dozen below zero (a rack deduction is under 100 points, a
// time penalty 10 points a minute); the bounds leave room for variants
// (bigger bonus squares and boards, team scores that add two players')
// and catch a mistyped digit.
const (
	DefaultMinScore = -500
	DefaultMaxScore = 2500
)

// DefaultConfig returns the rules a realm uses unless the director says
// otherwise. An unknown realm gets NASPA's rules.
func DefaultConfig(realm Realm) Config {
	c := Config{
		Realm:         RealmNASPA,
		ByeSpread:     50,
		ForfeitSpread: 50,
		MinScore:      DefaultMinScore,
		MaxScore:      DefaultMaxScore,
		Chain:         []string{KeyWins, KeyLosses, KeySpread},
		Withdrawal:    UnplayedForfeit,
		LateEntry:     UnplayedForfeit,
		Gibson:        GibsonConfig{SpreadPerRound: 250, PrizePlaces: 1},
	}
	if realm == RealmWESPA {
		c.Realm = RealmWESPA
		c.ByeSpread = 100
		c.ForfeitSpread = 100
	}
	return c
}

var knownKeys = []string{KeyWins, KeyLosses, KeySpread, KeyPoints, KeyHeadToHead, KeyRating}

// Validate reports the first value out of range.
func (c Config) Validate() error {
	switch {
	case c.Rounds < 0 || c.Rounds > MaxRounds:
		return errorf(CodeBadConfig, "rounds must be 0..%d, not %d", MaxRounds, c.Rounds)
	case c.ByeSpread < 0:
		return errorf(CodeBadConfig, "the bye spread cannot be negative (%d)", c.ByeSpread)
	case c.ForfeitSpread <= 0:
		return errorf(CodeBadConfig, "the forfeit spread must be positive (%d)", c.ForfeitSpread)
	case c.MaxScore <= 0:
		return errorf(CodeBadConfig, "the highest score must be positive (%d)", c.MaxScore)
	case c.MinScore > 0:
		return errorf(CodeBadConfig, "the lowest score cannot be above 0 (%d): a game can end 0-0", c.MinScore)
	case c.ByeSpread > c.MaxScore:
		return errorf(CodeBadConfig, "the bye spread (%d) cannot be above the highest score (%d)", c.ByeSpread, c.MaxScore)
	case c.ForfeitSpread > c.MaxScore:
		return errorf(CodeBadConfig, "the forfeit spread (%d) cannot be above the highest score (%d)", c.ForfeitSpread, c.MaxScore)
	case c.Gibson.SpreadPerRound < 0:
		return errorf(CodeBadConfig, "the Gibson spread per round cannot be negative")
	case c.Gibson.PrizePlaces < 0:
		return errorf(CodeBadConfig, "prize places cannot be negative")
	}
	for _, s := range c.Gibson.SpreadByRoundsLeft {
		if s <= 0 {
			return errorf(CodeBadConfig, "a Gibson spread must be positive (%d)", s)
		}
	}
	for _, cap := range c.SpreadCaps {
		if cap <= 0 {
			return errorf(CodeBadConfig, "a spread cap must be positive (%d)", cap)
		}
	}
	for _, u := range []Unplayed{c.Withdrawal, c.LateEntry} {
		if u != "" && u != UnplayedForfeit && u != UnplayedBye && u != UnplayedNone {
			return errorf(CodeBadConfig, "unplayed rounds can be %q, %q or %q, not %q",
				UnplayedForfeit, UnplayedBye, UnplayedNone, u)
		}
	}
	if c.Starts != "" && c.Starts != StartsWithinOne && c.Starts != StartsScoreGroups {
		return errorf(CodeBadConfig, "starts can be %q or %q, not %q", StartsWithinOne, StartsScoreGroups, c.Starts)
	}
	seen := map[string]bool{}
	for _, k := range c.Chain {
		if !slices.Contains(knownKeys, k) {
			return errorf(CodeUnknownKey, "unknown standings key %q (known: wins, losses, spread, points, h2h, rating)", k)
		}
		if seen[k] {
			return errorf(CodeUnknownKey, "standings key %q given twice", k)
		}
		seen[k] = true
	}
	return nil
}

// chain is the configured chain or the default one.
func (c Config) chain() []string {
	if len(c.Chain) == 0 {
		return []string{KeyWins, KeyLosses, KeySpread}
	}
	return c.Chain
}

// spreadCap returns the cap for a round, 0 for none.
func (c Config) spreadCap(round int) int {
	if len(c.SpreadCaps) == 0 || round < 1 {
		return 0
	}
	return c.SpreadCaps[min(round, len(c.SpreadCaps))-1]
}

// unplayedSpread is the spread an unplayed round is recorded with.
func (c Config) unplayedSpread(u Unplayed) int {
	switch u {
	case UnplayedBye:
		return c.ByeSpread
	case UnplayedNone:
		return 0
	}
	return -c.ForfeitSpread
}

func (c Config) clone() Config {
	c.SpreadCaps = slices.Clone(c.SpreadCaps)
	c.Chain = slices.Clone(c.Chain)
	c.Gibson.SpreadByRoundsLeft = slices.Clone(c.Gibson.SpreadByRoundsLeft)
	c.Gibson.PrizeBands = slices.Clone(c.Gibson.PrizeBands)
	return c
}

// checkGameScore refuses a game score outside MinScore..MaxScore.
func (c Config) checkGameScore(score int) error {
	if score < c.MinScore || score > c.MaxScore {
		return errorf(CodeImplausibleScore, "a game score of %d is implausible: this division takes %d to %d", score, c.MinScore, c.MaxScore)
	}
	return nil
}
