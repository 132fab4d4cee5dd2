package standings

import (
	"maps"
	"slices"
	"strings"
)

// Player is one entrant. ID is the line number in the tsh file (1-based)
// and never changes: pairings refer to it.
type Player struct {
	ID int
	// Name as tsh writes it: "Last, First".
	Name   string
	Rating int
	// Withdrawn players are no longer paired; each round paired without
	// them gives them UnplayedSpread (tsh's "off" field).
	Withdrawn      bool
	UnplayedSpread int
	// FixedTable, when set, is the table this player always sits at
	// (accessibility); 0 for none.
	FixedTable int
	// Class is the player's rating class as the .t file's "class" field
	// gives it (tsh's "; class B"), set by hand: "" for none.
	Class string
	// Team is the player's team, club or country (tsh's "team" field),
	// which exagony keeps apart; "" for none.
	Team string
	// CareerGames are the rated games before the event (tsh's "lifeg"
	// field): the rating estimates' multipliers; 0 when not known.
	CareerGames int
	// Extra holds the .t file's other fields (newr, class, team, xtid ...)
	// untouched, so that a file read and written keeps them.
	Extra map[string][]string
}

// DisplayName turns tsh's "Last, First" into "First Last".
func (p Player) DisplayName() string {
	last, first, ok := strings.Cut(p.Name, ",")
	if !ok {
		return p.Name
	}
	return strings.TrimSpace(first) + " " + strings.TrimSpace(last)
}

func (p Player) clone() Player {
	if p.Extra != nil {
		p.Extra = maps.Clone(p.Extra)
		for k, v := range p.Extra {
			p.Extra[k] = slices.Clone(v)
		}
	}
	return p
}
