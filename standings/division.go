package standings

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// slotState is how far one player's round has got.
type slotState uint8

const (
	slotEmpty  slotState = iota // not paired
	slotPaired                  // paired (a game or a bye), no result yet
	slotScored                  // result entered
)

// slot is one player's round, from that player's side; a game's two slots
// mirror each other. It holds no pointer (a table's seats are kept apart,
// in the division's seatings), so that a division's slots, read on every
// view, are small and close together and the garbage collector has
// nothing in them to follow.
type slot struct {
	opp      int
	table    int
	score    int
	oppScore int
	// seats is a table of three or four, or a team game: its seating
	// (Division.seatsOf), numbered from 1; 0 for a two-player game.
	seats    int32
	state    slotState
	start    Start
	forfeit  bool
	tieBreak TieBreak
}

// Division is a group of players paired among themselves, with every
// pairing and result so far. The zero value is not usable: use
// NewDivision or ReadT.
//
// A Division is not safe for concurrent use; the service holds one per
// request or guards it.
type Division struct {
	Name string
	// TrackFirsts records starts in .t files (tsh's p12 field) even when
	// none is known yet. Set by ReadT when the file had p12, and whenever a
	// start is recorded.
	TrackFirsts bool

	cfg     Config
	players []Player
	slots   [][]slot  // slots[id-1][round-1]; trailing empty slots trimmed
	seating []seating // the tables' seatings, which slots name by number
	rounds  int       // the longest of slots, kept by setSlot (every entry asks for it)
	quiet   bool      // inside Quietly: Changes are left empty
}

// NewDivision starts an empty division with the given rules.
func NewDivision(name string, cfg Config) (*Division, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Division{Name: name, cfg: cfg.clone()}, nil
}

// Config returns a copy of the division's rules.
func (d *Division) Config() Config { return d.cfg.clone() }

// SetConfig changes the rules; standings and pairings computed afterwards
// use them.
func (d *Division) SetConfig(cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	d.cfg = cfg.clone()
	return nil
}

// Clone returns an independent copy (for "what if" pairings).
func (d *Division) Clone() *Division {
	c := &Division{Name: d.Name, TrackFirsts: d.TrackFirsts, cfg: d.cfg.clone()}
	c.players = make([]Player, len(d.players))
	for i, p := range d.players {
		c.players[i] = p.clone()
	}
	c.slots = make([][]slot, len(d.slots))
	for i, s := range d.slots {
		c.slots[i] = slices.Clone(s)
	}
	c.seating = slices.Clone(d.seating) // seatings are never changed: shared
	c.rounds = d.rounds
	return c
}

// NumPlayers is the number of players, withdrawn ones included.
func (d *Division) NumPlayers() int { return len(d.players) }

// Players returns copies of all players in id order.
func (d *Division) Players() []Player {
	out := make([]Player, len(d.players))
	for i, p := range d.players {
		out[i] = p.clone()
	}
	return out
}

// Player returns a copy of one player.
func (d *Division) Player(id int) (Player, error) {
	if err := d.checkPlayer(id); err != nil {
		return Player{}, err
	}
	return d.players[id-1].clone(), nil
}

func (d *Division) checkPlayer(id int) error {
	if id < 1 || id > len(d.players) {
		e := errorf(CodeUnknownPlayer, "there is no player %d in division %q (it has %d)", id, d.Name, len(d.players))
		e.Player = id
		return e
	}
	return nil
}

// reservedFields are the .t fields this package reads into Player and
// slot fields and writes itself.
var reservedFields = []string{"board", "fixedboard", "forfeit", "off", "p12", "tiebreak"}

// AddPlayer adds a player at the next id and returns it. The name is
// trimmed and must read back from a .t file: no ';', no line break, no
// leading '#', and a last word that tsh would not take for the rating.
func (d *Division) AddPlayer(p Player) (int, error) {
	if len(d.players) >= MaxPlayers {
		return 0, errorf(CodeTooManyPlayers, "a division holds at most %d players", MaxPlayers)
	}
	p.Name = strings.Trim(p.Name, asciiSpace)
	if err := checkName(p.Name); err != nil {
		return 0, err
	}
	if p.Rating < 0 {
		return 0, errorf(CodeBadEntry, "a rating cannot be negative (%d)", p.Rating)
	}
	if p.FixedTable < 0 {
		return 0, errorf(CodeBadEntry, "a table number cannot be negative (%d)", p.FixedTable)
	}
	for k, words := range p.Extra {
		if err := checkExtra(k, words); err != nil {
			return 0, err
		}
	}
	if p.Class != "" {
		if err := checkExtra("class", []string{p.Class}); err != nil {
			return 0, err
		}
	}
	if p.CareerGames < 0 {
		return 0, errorf(CodeBadEntry, "career games cannot be negative (%d)", p.CareerGames)
	}
	p = p.clone()
	if v := p.Extra["lifeg"]; len(v) > 0 {
		// career games kept among the .t file's other fields (a player
		// imported before they had their own place)
		if n, err := strconv.Atoi(v[0]); err == nil && n >= 0 && p.CareerGames == 0 {
			p.CareerGames = n
		}
		delete(p.Extra, "lifeg")
	}
	p.ID = len(d.players) + 1
	d.players = append(d.players, p)
	d.slots = append(d.slots, nil)
	return p.ID, nil
}

const asciiSpace = " \t\n\v\f\r"

func isSpace(c byte) bool { return strings.IndexByte(asciiSpace, c) >= 0 }

func checkName(name string) error {
	bad := func(why string) error {
		return errorf(CodeBadName, "the name %q cannot be written to a .t file: %s", name, why)
	}
	switch {
	case name == "":
		return bad("it is empty")
	case !utf8.ValidString(name):
		return bad("it is not valid UTF-8")
	case strings.ContainsAny(name, ";\r\n"):
		return bad("it holds a ';' or a line break")
	case name[0] == '#':
		return bad("a line starting with '#' is a comment")
	}
	words := strings.FieldsFunc(name, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) })
	if isRatingWord(words[len(words)-1]) {
		return bad("its last word would be read as the rating")
	}
	return nil
}

// isRatingWord matches what tsh reads as a rating: digits, perhaps with
// '.' or '+' between groups of digits ("1500", "1500.5", "1800+1600").
func isRatingWord(w string) bool {
	groups := strings.FieldsFunc(w, func(r rune) bool { return r == '.' || r == '+' })
	if len(groups) == 0 || strings.HasPrefix(w, ".") || strings.HasPrefix(w, "+") ||
		strings.HasSuffix(w, ".") || strings.HasSuffix(w, "+") ||
		strings.Contains(w, "..") || strings.Contains(w, "++") || strings.Contains(w, ".+") || strings.Contains(w, "+.") {
		return false
	}
	for _, g := range groups {
		if !isDigits(g) {
			return false
		}
	}
	return true
}

func checkExtra(key string, words []string) error {
	if key == "" || key[0] == '#' || strings.ContainsAny(key, asciiSpace+";\\") || !utf8.ValidString(key) {
		return errorf(CodeBadEntry, "extension field name %q must be one word without ';', '\\' or a leading '#'", key)
	}
	if slices.Contains(reservedFields, key) {
		return errorf(CodeReservedField, "extension field %q is written from the division's own data", key)
	}
	for _, w := range words {
		if w == "" || strings.ContainsAny(w, asciiSpace) || !utf8.ValidString(w) {
			return errorf(CodeBadEntry, "extension field %q: value %q must be one word", key, w)
		}
	}
	return nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// SetFixedTable seats a player at one table every round (0 clears it).
func (d *Division) SetFixedTable(id, table int) error {
	if err := d.checkPlayer(id); err != nil {
		return err
	}
	if table < 0 {
		return errorf(CodeBadEntry, "a table number cannot be negative (%d)", table)
	}
	d.players[id-1].FixedTable = table
	return nil
}

// Rounds is the last round in which anyone is paired.
func (d *Division) Rounds() int { return d.rounds }

// countRounds is the longest of the slots, counted.
func (d *Division) countRounds() int {
	n := 0
	for _, s := range d.slots {
		n = max(n, len(s))
	}
	return n
}

// slotAt returns a player's slot in a round (the zero slot past the end).
func (d *Division) slotAt(id, round int) slot {
	s := d.slots[id-1]
	if round < 1 || round > len(s) {
		return slot{}
	}
	return s[round-1]
}

// setSlot stores a slot, growing or trimming the player's rounds.
func (d *Division) setSlot(id, round int, s slot) {
	ss := d.slots[id-1]
	had := len(ss)
	for len(ss) < round {
		ss = append(ss, slot{})
	}
	ss[round-1] = s
	for len(ss) > 0 && ss[len(ss)-1].state == slotEmpty {
		ss = ss[:len(ss)-1]
	}
	d.slots[id-1] = ss
	switch {
	case len(ss) > d.rounds:
		d.rounds = len(ss)
	case len(ss) < had && had == d.rounds:
		d.rounds = d.countRounds()
	}
	if s.start != StartUnknown {
		d.TrackFirsts = true
	}
}

// resultOf is a slot's result to hand out: a table's slices are copies.
func (d *Division) resultOf(s slot, round, id int) Result {
	r := d.slotResult(s, round, id)
	r.Group, r.GroupScores = slices.Clone(r.Group), slices.Clone(r.GroupScores)
	return r
}

// resultPtr is the result in a slot, nil when none is entered.
func (d *Division) resultPtr(id, round int) *Result {
	if d.quiet {
		return nil
	}
	s := d.slotAt(id, round)
	if s.state != slotScored {
		return nil
	}
	r := d.resultOf(s, round, id)
	return &r
}

// Result returns a player's result in a round; false when none is entered.
func (d *Division) Result(id, round int) (Result, bool) {
	if id < 1 || id > len(d.players) {
		return Result{}, false
	}
	s := d.slotAt(id, round) // not through resultPtr: no copy on the heap
	if s.state != slotScored {
		return Result{}, false
	}
	return d.resultOf(s, round, id), true
}

// Results returns a player's entered results in round order.
func (d *Division) Results(id int) []Result {
	if id < 1 || id > len(d.players) {
		return nil
	}
	var out []Result
	for i, s := range d.slots[id-1] {
		if s.state == slotScored {
			out = append(out, d.resultOf(s, i+1, id))
		}
	}
	return out
}

// Opponent tells whom a player is paired with in a round: paired is false
// when unpaired, opp is 0 for a bye (or a forfeit with no opponent).
func (d *Division) Opponent(id, round int) (opp int, paired bool) {
	if id < 1 || id > len(d.players) {
		return 0, false
	}
	s := d.slotAt(id, round)
	return s.opp, s.state != slotEmpty
}

// RoundComplete reports whether every pairing of a round has its result.
func (d *Division) RoundComplete(round int) bool {
	for id := range d.players {
		if d.slotAt(id+1, round).state == slotPaired {
			return false
		}
	}
	return true
}

// Withdraw stops pairing a player. Games they were paired for and have
// not played become forfeit wins for their opponents; a pending bye and
// every later round they are not paired in get the unplayed treatment
// (empty: the configured one, else forfeits).
func (d *Division) Withdraw(id int, unplayed Unplayed) (Change, error) {
	var ch Change
	if err := d.checkPlayer(id); err != nil {
		return ch, err
	}
	if unplayed == "" {
		unplayed = cmp.Or(d.cfg.Withdrawal, UnplayedForfeit)
	}
	if err := CheckUnplayed(unplayed); err != nil {
		return ch, err
	}
	spread := d.cfg.unplayedSpread(unplayed)
	for round := 1; round <= len(d.slots[id-1]); round++ {
		s := d.slotAt(id, round)
		if s.state != slotPaired {
			continue
		}
		if s.seats != 0 {
			continue // the director enters the table's result or unpairs it
		}
		if s.opp == 0 {
			before := d.resultPtr(id, round)
			d.setSlot(id, round, unplayedSlot(spread, s.table))
			d.changed(&ch, round, id, before, d.resultPtr(id, round))
			continue
		}
		opp := s.opp
		d.setForfeit(round, id, opp, d.cfg.ForfeitSpread, &ch)
	}
	p := &d.players[id-1]
	p.Withdrawn = true
	p.UnplayedSpread = spread
	return ch, nil
}

// Reinstate makes a withdrawn player pairable again.
func (d *Division) Reinstate(id int) error {
	if err := d.checkPlayer(id); err != nil {
		return err
	}
	d.players[id-1].Withdrawn = false
	d.players[id-1].UnplayedSpread = 0
	return nil
}

// AddLatePlayer adds a player after rounds have been paired: every round
// paired so far gets the missed-round treatment (empty: the configured
// one, else forfeits), so they join with that record.
func (d *Division) AddLatePlayer(p Player, missed Unplayed) (int, Change, error) {
	var ch Change
	if missed == "" {
		missed = cmp.Or(d.cfg.LateEntry, UnplayedForfeit)
	}
	if err := CheckUnplayed(missed); err != nil {
		return 0, ch, err
	}
	rounds := d.Rounds()
	id, err := d.AddPlayer(p)
	if err != nil {
		return 0, ch, err
	}
	spread := d.cfg.unplayedSpread(missed)
	for round := 1; round <= rounds; round++ {
		d.setSlot(id, round, unplayedSlot(spread, 0))
		d.changed(&ch, round, id, nil, d.resultPtr(id, round))
	}
	return id, ch, nil
}

// CheckUnplayed refuses what an unplayed round cannot become.
func CheckUnplayed(u Unplayed) error {
	switch u {
	case UnplayedForfeit, UnplayedBye, UnplayedNone:
		return nil
	}
	return errorf(CodeBadEntry, "unplayed rounds can be %q, %q or %q, not %q", UnplayedForfeit, UnplayedBye, UnplayedNone, u)
}

// unplayedSlot is a round without an opponent recorded with a spread: a
// bye when positive, a forfeit loss when negative, nothing when zero.
func unplayedSlot(spread, table int) slot {
	return slot{state: slotScored, score: spread, forfeit: spread < 0, table: table}
}

// setForfeit records that loser forfeited to winner in a round.
func (d *Division) setForfeit(round, loser, winner, spread int, ch *Change) {
	bl, bw := d.resultPtr(loser, round), d.resultPtr(winner, round)
	table := d.slotAt(loser, round).table
	d.setSlot(loser, round, slot{state: slotScored, opp: winner, table: table, oppScore: spread, forfeit: true})
	d.setSlot(winner, round, slot{state: slotScored, opp: loser, table: table, score: spread, forfeit: true})
	d.changed(ch, round, loser, bl, d.resultPtr(loser, round))
	d.changed(ch, round, winner, bw, d.resultPtr(winner, round))
}
