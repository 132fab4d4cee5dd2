package standings

// PairManual checks the director's pairings for a round: every player to
// be paired appears exactly once, nobody withdrawn or already paired, no
// self-pairing, a bye is Opponent 0. Who starts and the tables are
// decided here where the director left them 0.
func PairManual(d *Division, round int, ps []Pairing) ([]Pairing, error) {
	c, err := newRoundContext(d, round, 0)
	if err != nil {
		return nil, err
	}
	toPair := map[int]bool{}
	for _, id := range c.eligible {
		toPair[id] = true
	}
	seen := map[int]bool{}
	var drafts []draft
	for _, p := range ps {
		ids := []int{p.Player}
		if p.Opponent != 0 {
			ids = append(ids, p.Opponent)
		}
		for _, id := range ids {
			if err := d.checkPlayer(id); err != nil {
				return nil, err
			}
			if seen[id] {
				e := errorf(CodeDuplicateInRound, "%s is paired twice in round %d", d.players[id-1].Name, round)
				e.Round, e.Player = round, id
				return nil, e
			}
			seen[id] = true
			if !toPair[id] {
				code, why := CodeAlreadyPaired, "is already paired"
				if d.players[id-1].Withdrawn {
					code, why = CodeWithdrawn, "has withdrawn"
				}
				e := errorf(code, "%s %s in round %d", d.players[id-1].Name, why, round)
				e.Round, e.Player = round, id
				return nil, e
			}
		}
		if p.Player == p.Opponent {
			return nil, errorf(CodeSelfPairing, "%s cannot play themself", d.players[p.Player-1].Name)
		}
		if p.First != 0 && (p.Opponent == 0 || (p.First != p.Player && p.First != p.Opponent)) {
			return nil, errorf(CodeBadStart, "player %d, said to go first, is not in the game %d-%d", p.First, p.Player, p.Opponent)
		}
		if p.Table < 0 {
			return nil, errorf(CodeBadEntry, "a table number cannot be negative (%d)", p.Table)
		}
		why := p.Reason
		if why == "" {
			why = "paired by the director"
			if p.Opponent == 0 {
				why = "bye: given by the director"
			}
		}
		drafts = append(drafts, draft{a: p.Player, b: p.Opponent, first: p.First, table: p.Table, reason: why})
	}
	for _, id := range c.eligible {
		if !seen[id] {
			e := errorf(CodeIncompletePairing, "%s is not paired in round %d", d.players[id-1].Name, round)
			e.Round, e.Player = round, id
			return nil, e
		}
	}
	tables := map[int]bool{}
	for _, g := range drafts {
		if g.table > 0 {
			if tables[g.table] || d.tablesInUse(round)[g.table] {
				return nil, errorf(CodeDuplicateTable, "two games at table %d in round %d", g.table, round)
			}
			tables[g.table] = true
		}
	}
	return c.finish(drafts), nil
}
