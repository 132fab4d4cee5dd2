package service

import (
	"context"
	"strings"
	"unicode"
)

// A player's name has two parts, as tsh holds it: the surname and the
// given names. tsh's files and feed write "Surname, Given Names"
// (TSHName); pages, printouts and highlights say it as people do,
// "Given Names Surname" (SpokenName).
//
// A name typed "Last, First" is split at its first comma; one typed
// "First Last" before its last word; a name of one word is a surname
// alone. The director corrects a split on the player's form (surname,
// given_names).

// SplitName splits a name as typed into surname and given names.
func SplitName(name string) (surname, given string) {
	name = strings.Join(strings.Fields(name), " ")
	if last, first, ok := strings.Cut(name, ","); ok {
		last, first = strings.TrimSpace(last), strings.TrimSpace(first)
		if last != "" {
			return last, first
		}
		return first, ""
	}
	i := strings.LastIndexByte(name, ' ')
	if i < 0 || !strings.ContainsFunc(name[i+1:], unicode.IsLetter) {
		return name, "" // one word, or a last word of no letters ("Player 4")
	}
	return name[i+1:], name[:i]
}

// NameParts are the player's surname and given names: as stored, or
// split from the name when it never was.
func (p *Player) NameParts() (surname, given string) {
	if p.Surname != "" || p.GivenNames != "" {
		return p.Surname, p.GivenNames
	}
	return SplitName(p.Name)
}

// TSHName is the name as tsh's files hold it: "Surname, Given Names", or
// the surname alone.
func (p *Player) TSHName() string {
	last, first := p.NameParts()
	return joinName(last, ", ", first)
}

// SpokenName is the name as people say it: "Given Names Surname".
func (p *Player) SpokenName() string {
	last, first := p.NameParts()
	return joinName(first, " ", last)
}

// joinName joins two parts of a name, either of which may be empty.
func joinName(a, sep, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + sep + b
}

// The tournament's setting name_order chooses how its pages show names:
// "given-first" (the default: "Nathan Gruzd") or "surname-first"
// ("Gruzd, Nathan"). A player's Name is that form of their parts, set
// whenever a name or its parts are stored (setNameParts), and rewritten
// for every player when the setting changes (renameAll), so that every
// page, printout and highlight reads the one Name.
const (
	nameOrderSetting = "name_order"
	NameGivenFirst   = "given-first"
	NameSurnameFirst = "surname-first"
)

// nameOrder is the tournament's name_order, given-first by default.
func nameOrder(t *Tournament) string {
	if t != nil {
		if s, ok := t.Settings[nameOrderSetting].(string); ok && s == NameSurnameFirst {
			return NameSurnameFirst
		}
	}
	return NameGivenFirst
}

// checkNameOrder refuses a name_order that is neither.
func checkNameOrder(s Settings) error {
	v, ok := s[nameOrderSetting]
	if !ok || v == nil || v == NameGivenFirst || v == NameSurnameFirst {
		return nil
	}
	return Errorf(KindInvalid, "bad-name-order", "name_order is %q or %q", NameGivenFirst, NameSurnameFirst)
}

// shownName is the name as the tournament shows it.
func (p *Player) shownName(order string) string {
	if order == NameSurnameFirst {
		return p.TSHName()
	}
	return p.SpokenName()
}

// setNameParts stores a name's parts and shows it in order.
func (p *Player) setNameParts(surname, given, order string) {
	p.Surname, p.GivenNames = strings.TrimSpace(surname), strings.TrimSpace(given)
	if p.Surname == "" {
		p.Surname, p.GivenNames = p.GivenNames, ""
	}
	if order == NameSurnameFirst {
		p.Name = joinName(p.Surname, ", ", p.GivenNames)
	} else {
		p.Name = joinName(p.GivenNames, " ", p.Surname)
	}
}

// tshLineName splits a name as a tsh file holds it: at its comma, or,
// without one, a surname alone (written back as it was).
func tshLineName(name string) (surname, given string) {
	if strings.Contains(name, ",") {
		return SplitName(name)
	}
	return strings.Join(strings.Fields(name), " "), ""
}

// samePlayerName is the key two names of one player share, however they
// were typed: "Gruzd, Nathan" and "Nathan Gruzd" alike.
func samePlayerName(name string) string {
	last, first := SplitName(name)
	return strings.ToLower(last + "\x00" + first)
}

// renameAll shows every player's name in the tournament's name_order,
// after it changed: one audit entry for them all.
func (s *Service) renameAll(ctx context.Context, a Actor, t *Tournament, reason string) error {
	players, err := s.Store.ListPlayers(ctx, t.ID)
	if err != nil {
		return err
	}
	order, renamed := nameOrder(t), 0
	for i := range players {
		p := &players[i]
		last, first := p.NameParts()
		before := p.Name
		p.setNameParts(last, first, order)
		if p.Name == before {
			continue
		}
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		renamed++
	}
	return s.auditTournament(ctx, a, t.ID, "set-name-order", reason,
		map[string]any{nameOrderSetting: map[string]string{NameGivenFirst: NameSurnameFirst, NameSurnameFirst: NameGivenFirst}[order]},
		map[string]any{nameOrderSetting: order, "players_renamed": renamed})
}
