package standings

// Exagony (tsh's word, used at the Worlds): with Config.Exagony, players
// of one team, club or country (Player.Team) do not meet while another
// pairing exists. Every system asks sameTeam: Swiss and King of the Hill
// cost a team-mate pairing as a sixth meeting (above any repeat a field
// can avoid), a random draw re-deals a clash with a later pair, tables
// seat team-mates apart where they can, COP weighs a clash with its major
// penalty, ChewPair and InitFontes keep team-mates in separate flights
// and groups. A round robin is a fixed schedule: exagony leaves it be.

// sameTeam: a and b are team-mates and the division keeps them apart.
func (c *roundContext) sameTeam(a, b int) bool {
	if !c.d.cfg.Exagony || a == 0 || b == 0 {
		return false
	}
	ta := c.d.players[a-1].Team
	return ta != "" && ta == c.d.players[b-1].Team
}

// exagonyNote is what a reason adds when team-mates meet after all.
func (c *roundContext) exagonyNote(a, b int) string {
	if c.sameTeam(a, b) {
		return "; team-mates (" + c.d.players[a-1].Team + "): no other pairing kept them apart"
	}
	return ""
}

// separateTeamMates re-deals a drawn order (pairs two by two) so that no
// pair is two team-mates where swapping one of them with a player of
// another pair, that pair not becoming a clash, avoids it.
func (c *roundContext) separateTeamMates(order []int) {
	if !c.d.cfg.Exagony {
		return
	}
	for i := 0; i+1 < len(order); i += 2 {
		if !c.sameTeam(order[i], order[i+1]) {
			continue
		}
		for j := 0; j < len(order); j++ {
			k := j ^ 1 // j's partner
			if j/2 == i/2 || k >= len(order) {
				continue
			}
			// order[i+1] and order[j] change places.
			if !c.sameTeam(order[i], order[j]) && !c.sameTeam(order[i+1], order[k]) {
				order[i+1], order[j] = order[j], order[i+1]
				break
			}
		}
	}
}
