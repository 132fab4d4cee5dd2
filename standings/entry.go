package standings

// Enter records a scorecard. Two players not yet paired in that round
// become paired by it, as in tsh. A result already entered is refused
// (CodeAlreadyEntered): changing it is Amend's job, so that every change
// to a past result is explicit in the audit log.
func (d *Division) Enter(e Entry) (Change, error) { return d.record(e, false) }

// Amend replaces a result already entered, between the same players (a
// game may become a forfeit and back, a bye may become a forfeit). To
// change who played whom, Unpair first. The Change holds the results
// before and after.
func (d *Division) Amend(e Entry) (Change, error) { return d.record(e, true) }

// lastRound is the last round a result or pairing may name: one past the
// last round paired, within the planned rounds when they are set.
func (d *Division) lastRound() int {
	last := d.Rounds() + 1
	if d.cfg.Rounds > 0 {
		last = max(d.Rounds(), min(last, d.cfg.Rounds))
	}
	return min(last, MaxRounds)
}

func (d *Division) checkRound(round int) error {
	if last := d.lastRound(); round < 1 || round > last {
		e := errorf(CodeRoundOutOfRange, "round %d is out of range: this division can take rounds 1 to %d now", round, last)
		e.Round = round
		return e
	}
	return nil
}

func (d *Division) record(e Entry, amend bool) (Change, error) {
	if err := d.checkRound(e.Round); err != nil {
		return Change{}, err
	}
	if e.Kind == EntryGroup {
		if len(e.Group) > 0 && e.Player == 0 {
			e.Player = e.Group[0]
		}
		if len(e.Group) == 0 || e.Player != e.Group[0] || e.Opponent != 0 {
			return Change{}, errorf(CodeBadGroup, "a table's entry names its players in Group, seat order")
		}
		return d.recordGroup(e, amend)
	}
	if len(e.Group) > 0 || len(e.Scores) > 0 || e.Teams {
		return Change{}, errorf(CodeBadEntry, "only a table's entry (kind group) has Group, Scores or Teams")
	}
	if err := d.checkPlayer(e.Player); err != nil {
		return Change{}, err
	}
	switch e.Kind {
	case EntryGame:
		return d.recordGame(e, amend)
	case EntryBye:
		return d.recordUnopposed(e, amend)
	case EntryForfeit:
		if e.Opponent == 0 {
			return d.recordUnopposed(e, amend)
		}
		return d.recordForfeit(e, amend)
	}
	return Change{}, errorf(CodeBadEntry, "unknown entry kind %q (game, bye, forfeit or group)", e.Kind)
}

// checkPairing refuses an entry between p and opp (0: no opponent) when
// either is paired otherwise in the round, or when it would be a new
// pairing for a withdrawn player.
func (d *Division) checkPairing(round, p, opp int) error {
	sp := d.slotAt(p, round)
	if sp.seats != 0 {
		return pairedElsewhere(d, round, p)
	}
	if opp != 0 && d.slotAt(opp, round).seats != 0 {
		return pairedElsewhere(d, round, opp)
	}
	if sp.state != slotEmpty && sp.opp != opp {
		return pairedElsewhere(d, round, p)
	}
	if opp != 0 {
		so := d.slotAt(opp, round)
		if so.state != slotEmpty && so.opp != p {
			return pairedElsewhere(d, round, opp)
		}
	}
	if sp.state == slotEmpty {
		for _, id := range []int{p, opp} {
			if id != 0 && d.players[id-1].Withdrawn {
				e := errorf(CodeWithdrawn, "%s has withdrawn and cannot be paired in round %d (reinstate them first)", d.players[id-1].Name, round)
				e.Round, e.Player = round, id
				return e
			}
		}
	}
	return nil
}

// checkEntered enforces Enter's "not yet" and Amend's "already".
func (d *Division) checkEntered(round int, amend bool, ids ...int) error {
	for _, id := range ids {
		if id == 0 {
			continue
		}
		scored := d.slotAt(id, round).state == slotScored
		if !amend && scored {
			e := errorf(CodeAlreadyEntered, "%s already has a result in round %d; amend it instead", d.players[id-1].Name, round)
			e.Round, e.Player = round, id
			return e
		}
		if amend && !scored {
			e := errorf(CodeNotEntered, "%s has no result in round %d to amend", d.players[id-1].Name, round)
			e.Round, e.Player = round, id
			return e
		}
	}
	return nil
}

func (d *Division) recordGame(e Entry, amend bool) (Change, error) {
	p, o := e.Player, e.Opponent
	if o == 0 {
		return Change{}, errorf(CodeBadEntry, "a game needs two players; a game without an opponent is a bye or a forfeit")
	}
	if err := d.checkPlayer(o); err != nil {
		return Change{}, err
	}
	if p == o {
		return Change{}, errorf(CodeSelfPairing, "%s cannot play themself", d.players[p-1].Name)
	}
	for _, s := range []int{e.Score, e.OppScore} {
		if err := d.cfg.checkGameScore(s); err != nil {
			return Change{}, err
		}
	}
	if e.Spread != nil && *e.Spread != e.Score-e.OppScore {
		return Change{}, errorf(CodeSpreadMismatch, "the spread %+d does not match the scores %d-%d (%+d)",
			*e.Spread, e.Score, e.OppScore, e.Score-e.OppScore)
	}
	if e.First != 0 && e.First != p && e.First != o {
		return Change{}, errorf(CodeBadStart, "player %d, said to have gone first, is not in this game", e.First)
	}
	if e.TieBreakWinner != 0 {
		if e.TieBreakWinner != p && e.TieBreakWinner != o {
			return Change{}, errorf(CodeBadTieBreak, "player %d, said to have won the tie-break, is not in this game", e.TieBreakWinner)
		}
		if e.Score != e.OppScore {
			return Change{}, errorf(CodeBadTieBreak, "a tie-break decides only tied games, not %d-%d", e.Score, e.OppScore)
		}
	}
	if err := d.checkPairing(e.Round, p, o); err != nil {
		return Change{}, err
	}
	if err := d.checkEntered(e.Round, amend, p, o); err != nil {
		return Change{}, err
	}
	old := d.slotAt(p, e.Round)
	start := old.start
	switch e.First {
	case p:
		start = StartFirst
	case o:
		start = StartSecond
	}
	tb := TieBreakNone
	switch e.TieBreakWinner {
	case p:
		tb = TieBreakWon
	case o:
		tb = TieBreakLost
	}
	var ch Change
	bp, bo := d.resultPtr(p, e.Round), d.resultPtr(o, e.Round)
	d.setSlot(p, e.Round, slot{state: slotScored, opp: o, table: old.table, start: start,
		score: e.Score, oppScore: e.OppScore, tieBreak: tb})
	d.setSlot(o, e.Round, slot{state: slotScored, opp: p, table: old.table, start: start.opposite(),
		score: e.OppScore, oppScore: e.Score, tieBreak: tb.opposite()})
	d.changed(&ch, e.Round, p, bp, d.resultPtr(p, e.Round))
	d.changed(&ch, e.Round, o, bo, d.resultPtr(o, e.Round))
	return ch, nil
}

// noGameFields refuses game fields on a bye or forfeit entry, rather than
// silently ignoring what the scorekeeper typed.
func noGameFields(e Entry) error {
	if e.Score != 0 || e.OppScore != 0 || e.First != 0 || e.TieBreakWinner != 0 {
		return errorf(CodeBadEntry, "a %s has no scores, start or tie-break; use Spread to award a spread other than the configured one", e.Kind)
	}
	return nil
}

// recordUnopposed records a bye, or a forfeit loss with nobody to win it.
func (d *Division) recordUnopposed(e Entry, amend bool) (Change, error) {
	if e.Kind == EntryBye && e.Opponent != 0 {
		return Change{}, errorf(CodeBadEntry, "a bye has no opponent")
	}
	if err := noGameFields(e); err != nil {
		return Change{}, err
	}
	spread := d.cfg.ByeSpread
	if e.Kind == EntryForfeit {
		spread = d.cfg.ForfeitSpread
	}
	if e.Spread != nil {
		spread = *e.Spread
	}
	if e.Kind == EntryBye && spread < 0 {
		return Change{}, errorf(CodeScoreOutOfRange, "a bye cannot lose spread (%+d); record a forfeit instead", spread)
	}
	if e.Kind == EntryForfeit && spread <= 0 {
		return Change{}, errorf(CodeScoreOutOfRange, "a forfeit's spread must be positive (%d)", spread)
	}
	if spread > d.cfg.MaxScore {
		return Change{}, errorf(CodeScoreOutOfRange, "a %s's spread of %d is above the highest score, %d", e.Kind, spread, d.cfg.MaxScore)
	}
	if e.Kind == EntryForfeit {
		spread = -spread
	}
	if err := d.checkPairing(e.Round, e.Player, 0); err != nil {
		return Change{}, err
	}
	if err := d.checkEntered(e.Round, amend, e.Player); err != nil {
		return Change{}, err
	}
	var ch Change
	before := d.resultPtr(e.Player, e.Round)
	d.setSlot(e.Player, e.Round, unplayedSlot(spread, d.slotAt(e.Player, e.Round).table))
	d.changed(&ch, e.Round, e.Player, before, d.resultPtr(e.Player, e.Round))
	return ch, nil
}

func (d *Division) recordForfeit(e Entry, amend bool) (Change, error) {
	loser, winner := e.Player, e.Opponent
	if err := d.checkPlayer(winner); err != nil {
		return Change{}, err
	}
	if loser == winner {
		return Change{}, errorf(CodeSelfPairing, "%s cannot forfeit to themself", d.players[loser-1].Name)
	}
	if err := noGameFields(e); err != nil {
		return Change{}, err
	}
	spread := d.cfg.ForfeitSpread
	if e.Spread != nil {
		spread = *e.Spread
	}
	if spread <= 0 {
		return Change{}, errorf(CodeScoreOutOfRange, "a forfeit's spread must be positive (%d)", spread)
	}
	if spread > d.cfg.MaxScore {
		return Change{}, errorf(CodeScoreOutOfRange, "a forfeit's spread of %d is above the highest score, %d", spread, d.cfg.MaxScore)
	}
	if err := d.checkPairing(e.Round, loser, winner); err != nil {
		return Change{}, err
	}
	if err := d.checkEntered(e.Round, amend, loser, winner); err != nil {
		return Change{}, err
	}
	var ch Change
	d.setForfeit(e.Round, loser, winner, spread, &ch)
	return ch, nil
}

// ClearResult removes a player's result in a round (and their opponent's)
// but keeps the pairing.
func (d *Division) ClearResult(round, id int) (Change, error) {
	var ch Change
	if err := d.checkPlayer(id); err != nil {
		return ch, err
	}
	s := d.slotAt(id, round)
	if s.state != slotScored {
		e := errorf(CodeNotEntered, "%s has no result in round %d", d.players[id-1].Name, round)
		e.Round, e.Player = round, id
		return ch, e
	}
	// A table stays seated as it was, without its scores.
	at := d.seatsOf(s)
	unscored := d.seat(at.group, nil, at.teams)
	for _, p := range d.tableMates(s, id) {
		old := d.slotAt(p, round)
		before := d.resultPtr(p, round)
		d.setSlot(p, round, slot{state: slotPaired, opp: old.opp, table: old.table, start: old.start, seats: unscored})
		d.changed(&ch, round, p, before, nil)
	}
	return ch, nil
}

// Unpair removes a player's pairing in a round, and their opponent's,
// with any result: the audit log gets what was removed.
func (d *Division) Unpair(round, id int) (Change, error) {
	var ch Change
	if err := d.checkPlayer(id); err != nil {
		return ch, err
	}
	s := d.slotAt(id, round)
	if s.state == slotEmpty {
		e := errorf(CodeBadEntry, "%s is not paired in round %d", d.players[id-1].Name, round)
		e.Round, e.Player = round, id
		return ch, e
	}
	for _, p := range d.tableMates(s, id) {
		before := d.resultPtr(p, round)
		d.setSlot(p, round, slot{})
		if before != nil {
			d.changed(&ch, round, p, before, nil)
		}
	}
	return ch, nil
}
