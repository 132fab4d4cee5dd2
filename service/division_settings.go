package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"tourney/standings"
)

// DivisionSettings are a division's rules for results, standings and
// pairings, stored with the division. Every field is optional: an empty
// one takes the realm's default (NASPA: bye +50, forfeit -50; WESPA: bye
// and forfeit 100), and the realm defaults to the tournament's variant.
// A tournament without divisions keeps them under its settings'
// "standings" key.
type DivisionSettings struct {
	Realm string `json:"realm,omitempty"` // naspa or wespa
	// Rounds planned; Gibson reports need it.
	Rounds int `json:"rounds,omitempty"`
	// Chain orders the standings: wins, losses, spread, points, h2h,
	// rating. Default: wins, losses, spread (the NASPA chain).
	Chain         []string `json:"chain,omitempty"`
	SpreadCaps    []int    `json:"spread_caps,omitempty"` // per round, the last repeating
	ByeSpread     *int     `json:"bye_spread,omitempty"`
	ForfeitSpread *int     `json:"forfeit_spread,omitempty"`
	// MaxScore and MinScore bound a game score as a sanity check
	// (implausible-score beyond them; defaults 2500 and -500): a final
	// below zero after rack deductions and time penalties is a real score.
	// A game recorded turn by turn is never refused on its score.
	MaxScore int  `json:"max_score,omitempty"`
	MinScore *int `json:"min_score,omitempty"`
	// Withdrawal and LateEntry: what unplayed rounds become (forfeit,
	// bye or none).
	Withdrawal string `json:"withdrawal,omitempty"`
	LateEntry  string `json:"late_entry,omitempty"`
	// FirstRoundPairing pairs round 1 (default swiss: seeded by rating, top
	// half against bottom half; Pairing's when that is koth, rr or fontes);
	// Pairing the others (default swiss): swiss, koth, rr, random, cop,
	// chew or fontes. A round PairingPlan names takes the plan's system.
	FirstRoundPairing string `json:"first_round_pairing,omitempty"`
	Pairing           string `json:"pairing,omitempty"`
	AvoidRepeats      bool   `json:"avoid_repeats,omitempty"` // King of the Hill
	// Starts: within-one (default: Swiss floats a player across score
	// groups rather than put them two starts off balance) or score-groups
	// (tsh's order: records first, starts only between equal pairings).
	Starts string          `json:"starts,omitempty"`
	Gibson *GibsonSettings `json:"gibson,omitempty"`
	// GroupSize seats up to 3 or 4 players at a table (variants of 2-4
	// players, Word Chums): the pairing systems then make tables (groups)
	// instead of pairs, and standings count each table pairwise. 0 or 2:
	// two-player games.
	GroupSize int `json:"group_size,omitempty"`
	// Teams makes a team division (2-vs-2, variants that allow teams):
	// each entry is a team's two players (ids); pairings seat two teams a
	// table, partners together, and the team standings rank the teams.
	Teams [][2]int64 `json:"teams,omitempty"`
	// Ratings names the rating estimates' formulas: naspa, wespa, none to
	// show none, or tsh's names nsa2008, naspa2024, naspa-csw; default the
	// realm's (see ratingSystem).
	Ratings string `json:"ratings,omitempty"`
	// RatingList names a stored rating list (tsh's rating_list; see
	// rating_lists.go): players entered take their rating, member id and
	// career games from it.
	RatingList string `json:"rating_list,omitempty"`
	// ClassFloors are the rating floors of the division's classes,
	// highest first: [1800, 1500] makes A 1800 and up, B 1500-1799, C
	// below (see classes.go). A class set by hand wins.
	ClassFloors []int `json:"class_floors,omitempty"`
	// COP: the settings of COP pairings under tsh's names (unset keys take
	// standings.DefaultCOPSettings; paid places and class prizes default
	// to the prize table's). Merged key by key on PATCH, as gibson.
	COP *standings.COPSettings `json:"cop,omitempty"`
	// PairingPlan: the system of each round, as tsh's autopair (see
	// pairing_plan.go); rounds it does not name take Pairing.
	PairingPlan []PlanStep `json:"pairing_plan,omitempty"`
	// AutoPair pairs the next round by itself as soon as a round is
	// complete, with the plan's system (see auto_pair.go).
	AutoPair bool `json:"auto_pair,omitempty"`
	// Exagony keeps players of one team apart while another pairing
	// exists (tsh's exagony), in every system.
	Exagony bool `json:"exagony,omitempty"`
	// PrizeBands: ChewPair's prize bands, the last place of each, best
	// first (tsh's prize_bands); default: the prize table's paid places.
	PrizeBands []int `json:"prize_bands,omitempty"`
	// CheckInRequired pairs only players checked in (see registration.go):
	// a player not checked in is as one not entered yet, and checking in
	// after rounds were paired records the missed rounds as a late
	// entry's.
	CheckInRequired bool `json:"check_in_required,omitempty"`
}

// GibsonSettings: whether Swiss and KOTH keep a clinched leader away from
// contenders, and what "clinched" assumes.
type GibsonSettings struct {
	Enabled        bool `json:"enabled"`
	SpreadPerRound int  `json:"spread_per_round,omitempty"` // default 250
	PrizePlaces    int  `json:"prize_places,omitempty"`     // default 1
	// GibsonSpread is tsh's gibson_spread list: the most one game moves,
	// by rounds left (first: the last round; the last entry for more), in
	// place of spread_per_round.
	GibsonSpread []int `json:"gibson_spread,omitempty"`
}

// config turns the settings into the standings package's rules.
func (ds DivisionSettings) config(variant string) (standings.Config, error) {
	realm := standings.Realm(strings.ToLower(ds.Realm))
	switch {
	case realm == "" && variant == "wespa":
		realm = standings.RealmWESPA
	case realm == "":
		realm = standings.RealmNASPA
	case realm != standings.RealmNASPA && realm != standings.RealmWESPA:
		return standings.Config{}, Errorf(KindInvalid, "bad-settings", "realm is naspa or wespa, not %q", ds.Realm)
	}
	c := standings.DefaultConfig(realm)
	c.Rounds = ds.Rounds
	if len(ds.Chain) > 0 {
		c.Chain = slices.Clone(ds.Chain)
	}
	c.SpreadCaps = slices.Clone(ds.SpreadCaps)
	if ds.ByeSpread != nil {
		c.ByeSpread = *ds.ByeSpread
	}
	if ds.ForfeitSpread != nil {
		c.ForfeitSpread = *ds.ForfeitSpread
	}
	if ds.MaxScore != 0 {
		c.MaxScore = ds.MaxScore
	}
	if ds.MinScore != nil {
		c.MinScore = *ds.MinScore
	}
	if ds.Withdrawal != "" {
		c.Withdrawal = standings.Unplayed(ds.Withdrawal)
	}
	if ds.LateEntry != "" {
		c.LateEntry = standings.Unplayed(ds.LateEntry)
	}
	c.Starts = standings.StartsRule(ds.Starts)
	if g := ds.Gibson; g != nil {
		c.Gibson.Enabled = g.Enabled
		if g.SpreadPerRound != 0 {
			c.Gibson.SpreadPerRound = g.SpreadPerRound
		}
		if g.PrizePlaces != 0 {
			c.Gibson.PrizePlaces = g.PrizePlaces
		}
		c.Gibson.SpreadByRoundsLeft = slices.Clone(g.GibsonSpread)
	}
	c.Exagony = ds.Exagony
	c.Gibson.PrizeBands = slices.Clone(ds.PrizeBands)
	if err := checkClassFloors(ds.ClassFloors); err != nil {
		return standings.Config{}, err
	}
	if err := ds.checkChampionship(); err != nil {
		return standings.Config{}, err
	}
	if _, err := standings.ParseRatingSystem(ds.Ratings); err != nil {
		return standings.Config{}, Errorf(KindInvalid, "bad-settings", "ratings are naspa, wespa, none, nsa2008, naspa2024 or naspa-csw, not %q", ds.Ratings)
	}
	for _, sys := range []string{ds.FirstRoundPairing, ds.Pairing} {
		switch standings.System(sys) {
		case "":
		default:
			if !planSystem(standings.System(sys)) {
				return standings.Config{}, Errorf(KindInvalid, "bad-settings", "a default pairing system is %s, not %q", planSystemNames, sys)
			}
		}
	}
	if err := c.Validate(); err != nil {
		return standings.Config{}, badSettings(err)
	}
	return c, nil
}

// badSettings turns the standings package's refusal of a setting into
// the service's bad-settings problem, keeping its message.
func badSettings(err error) error {
	var se *standings.Error
	if errors.As(err, &se) {
		return &Error{Kind: KindInvalid, Type: "bad-settings", Msg: se.Msg, Err: err}
	}
	return err
}

// check validates settings a director gives: the rules (config) and the
// tables and teams against the variant (checkTables, which reads the
// variant: done where settings are written, not on every load).
func (ds DivisionSettings) check(variant string) error {
	if _, err := ds.config(variant); err != nil {
		return err
	}
	return ds.checkTables(variant)
}

// tournamentSettings reads the standings settings of a tournament without
// divisions.
func tournamentSettings(t *Tournament) (DivisionSettings, error) {
	var ds DivisionSettings
	raw, ok := t.Settings["standings"]
	if !ok || raw == nil {
		return ds, nil
	}
	b, err := json.Marshal(raw)
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		err = dec.Decode(&ds)
	}
	if err != nil {
		return ds, Errorf(KindInvalid, "bad-settings", "the tournament's settings.standings cannot be read: %v", err)
	}
	return ds, nil
}

// standingsError turns the standings package's errors into the service's,
// keeping their stable codes as the type.
func standingsError(err error) error {
	var se *standings.Error
	if !errors.As(err, &se) {
		return err
	}
	kind := KindRule
	switch se.Kind() {
	case standings.KindConflict:
		kind = KindConflict
	case standings.KindNotFound:
		kind = KindNotFound
	}
	switch se.Code {
	case standings.CodeBadConfig, standings.CodeUnknownKey, standings.CodeUnknownSystem, standings.CodeBadEntry:
		kind = KindInvalid
	}
	msg := se.Msg
	if se.Line > 0 {
		msg = fmt.Sprintf("line %d: %s", se.Line, se.Msg)
	}
	return &Error{Kind: kind, Type: string(se.Code), Msg: msg, Err: err}
}
