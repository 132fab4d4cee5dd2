package gcg

// Record is one game record as written: its header pragmas, its players
// and its events in file order. Nothing in it is recomputed; replaying it
// is the scoring engine's job.
type Record struct {
	// Encoding is the #character-encoding pragma ("UTF-8", "ISO-8859-1")
	// or, when absent, the encoding that was detected ("UTF-8" or
	// "ISO-8859-1"). Text in the record is always held as UTF-8.
	Encoding string
	Players  []Player // in #playerN order: Players[0] is #player1
	Pragmas  []Pragma // every pragma line except #playerN and #note, in order (known and unknown)
	Events   []Event  // every event line ('>' lines), in order
	Notes    []Note   // every #note, with the index of the event it follows
	// Racks holds #rack1/#rack2... pragmas: the racks known at the end of
	// an unfinished record.
	Racks []FinalRack
	// Teams holds the #teams pragma (an extension, see EXTENSIONS.md):
	// each team's player numbers (1-based), in the order written; nil
	// when the record has no #teams line. TeamsLine is its line.
	Teams     [][]int `json:",omitempty"`
	TeamsLine int     `json:",omitempty"`
}

// Player is a #playerN pragma: "#player1 nick Full Name".
type Player struct {
	Number int    // N of #playerN, 1-based
	Nick   string // first word: the name used on event lines
	Name   string // the rest of the line (may be empty or equal to Nick)
	Line   int
}

// Pragma is a header or other '#' line other than #playerN, #note and
// #rackN: "#lexicon CSW21" is Pragma{Name: "lexicon", Value: "CSW21"}.
type Pragma struct {
	Name  string
	Value string
	Line  int
}

// Note is a #note line with any continuation lines that follow it.
type Note struct {
	AfterEvent int // number of events before the note (0 = before the first event)
	Text       string
	Line       int
}

// FinalRack is a #rackN pragma.
type FinalRack struct {
	Player int // N of #rackN
	Rack   string
	Line   int
}

// EventKind says what a '>' line records.
type EventKind int

const (
	// Play: ">nick: RACK 8D WORD +score cumulative".
	Play EventKind = iota + 1
	// Exchange: ">nick: RACK -TILES +0 cumulative" or a counted "-7".
	Exchange
	// Pass: ">nick: RACK - +0 cumulative".
	Pass
	// Withdrawn: ">nick: RACK -- -score cumulative", the previous play
	// taken back after a successful challenge.
	Withdrawn
	// ChallengeBonus: ">nick: RACK (challenge) +5 cumulative", points for
	// a play that was challenged and stood.
	ChallengeBonus
	// EndRackPoints: ">nick: (RACK) +N cumulative", the player who went out
	// scoring the opponent's remaining tiles.
	EndRackPoints
	// EndRackPenalty: ">nick: RACK (RACK) -N cumulative", a player losing
	// the value of their own remaining tiles.
	EndRackPenalty
	// TimePenalty: ">nick: RACK (time) -N cumulative".
	TimePenalty
)

// Event is one '>' line, holding exactly what was written.
type Event struct {
	Line int
	Kind EventKind
	Nick string
	Rack string // the rack column as written (may be empty); '?' is a blank

	// Play only. Position as written, upper-cased ("8D" across, "D8"
	// down); Word as written: lowercase = blank, '.' = a tile already on
	// the board, an uppercase letter may also stand for one.
	Position string
	Word     string

	// Exchange only: the tiles exchanged when written out, else empty with
	// Count set; Count is always the number of tiles exchanged.
	Exchanged string
	Count     int

	// EndRackPoints / EndRackPenalty: the tiles inside the parentheses.
	EndRack string

	Score         int    // the +N / -N column (signed)
	Cumulative    int    // the running total column
	HasCumulative bool   // false when the column was missing
	Trailing      string // any text after the cumulative score, trimmed
}
