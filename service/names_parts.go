package service

import "strings"

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
	if i < 0 {
		return name, ""
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
