package standings

import (
	"reflect"
	"testing"
)

// TestEnterChecks: every rule an entry can break has its code, and a
// valid entry passes. Each case starts from a 6-player division where
// round 1 is paired 1-2, 3-4, 5-6 and 1-2 has been entered 400-350.
func TestEnterChecks(t *testing.T) {
	setup := func(t *testing.T) *Division {
		d := newTestDivision(t, 6, func(c *Config) { c.Rounds = 3 })
		if _, err := d.ApplyPairings(1, []Pairing{{Player: 1, Opponent: 2}, {Player: 3, Opponent: 4}, {Player: 5, Opponent: 6}}); err != nil {
			t.Fatal(err)
		}
		mustEnter(t, d, game(1, 1, 2, 400, 350))
		return d
	}
	cases := []struct {
		name  string
		entry Entry
		amend bool
		code  Code
	}{
		{"valid game", game(1, 3, 4, 420, 380), false, ""},
		{"valid game, from the other side", game(1, 4, 3, 380, 420), false, ""},
		{"unknown player", game(1, 3, 9, 400, 300), false, CodeUnknownPlayer},
		{"unknown player entering", game(1, 0, 3, 400, 300), false, CodeUnknownPlayer},
		{"round 0", game(0, 3, 4, 400, 300), false, CodeRoundOutOfRange},
		{"round past the next", game(3, 3, 4, 400, 300), false, CodeRoundOutOfRange},
		{"paired with someone else", game(1, 3, 5, 400, 300), false, CodePairedElsewhere},
		{"the same two again next round", game(2, 1, 2, 400, 300), false, ""},
		{"already entered", game(1, 1, 2, 400, 351), false, CodeAlreadyEntered},
		{"amend what was never entered", game(1, 3, 4, 400, 300), true, CodeNotEntered},
		{"highest score", game(1, 3, 4, DefaultMaxScore, 300), false, ""},
		{"score too high", game(1, 3, 4, DefaultMaxScore+1, 300), false, CodeImplausibleScore},
		{"opponent's score too high", game(1, 3, 4, 300, 9999), false, CodeImplausibleScore},
		{"negative game score", game(1, 3, 4, -5, 300), false, ""},
		{"lowest score", game(1, 3, 4, 300, DefaultMinScore), false, ""},
		{"score too low", game(1, 3, 4, DefaultMinScore-1, 300), false, CodeImplausibleScore},
		{"both below zero", game(1, 3, 4, -12, -40), false, ""},
		{"spread mismatch", Entry{Kind: EntryGame, Round: 1, Player: 3, Opponent: 4, Score: 400, OppScore: 300, Spread: ptr(90)}, false, CodeSpreadMismatch},
		{"spread matches", Entry{Kind: EntryGame, Round: 1, Player: 3, Opponent: 4, Score: 400, OppScore: 300, Spread: ptr(100)}, false, ""},
		{"self", game(2, 3, 3, 400, 300), false, CodeSelfPairing},
		{"first not in game", Entry{Kind: EntryGame, Round: 1, Player: 3, Opponent: 4, Score: 400, OppScore: 300, First: 5}, false, CodeBadStart},
		{"tie-break on untied game", Entry{Kind: EntryGame, Round: 1, Player: 3, Opponent: 4, Score: 400, OppScore: 300, TieBreakWinner: 3}, false, CodeBadTieBreak},
		{"tie-break winner not in game", Entry{Kind: EntryGame, Round: 1, Player: 3, Opponent: 4, Score: 400, OppScore: 400, TieBreakWinner: 6}, false, CodeBadTieBreak},
		{"tie-break", Entry{Kind: EntryGame, Round: 1, Player: 3, Opponent: 4, Score: 400, OppScore: 400, TieBreakWinner: 4}, false, ""},
		{"game without opponent", game(1, 3, 0, 400, 300), false, CodeBadEntry},
		{"bye for a paired player", Entry{Kind: EntryBye, Round: 1, Player: 3}, false, CodePairedElsewhere},
		{"bye with scores", Entry{Kind: EntryBye, Round: 2, Player: 3, Score: 50}, false, CodeBadEntry},
		{"bye losing spread", Entry{Kind: EntryBye, Round: 2, Player: 3, Spread: ptr(-50)}, false, CodeScoreOutOfRange},
		{"forfeit of zero", Entry{Kind: EntryForfeit, Round: 1, Player: 3, Opponent: 4, Spread: ptr(0)}, false, CodeScoreOutOfRange},
		{"bye above the highest score", Entry{Kind: EntryBye, Round: 2, Player: 3, Spread: ptr(DefaultMaxScore + 1)}, false, CodeScoreOutOfRange},
		{"forfeit above the highest score", Entry{Kind: EntryForfeit, Round: 1, Player: 3, Opponent: 4, Spread: ptr(DefaultMaxScore + 1)}, false, CodeScoreOutOfRange},
		{"forfeit to nobody above the highest score", Entry{Kind: EntryForfeit, Round: 2, Player: 3, Spread: ptr(DefaultMaxScore + 1)}, false, CodeScoreOutOfRange},
		{"bye of the highest score", Entry{Kind: EntryBye, Round: 2, Player: 3, Spread: ptr(DefaultMaxScore)}, false, ""},
		{"forfeit", Entry{Kind: EntryForfeit, Round: 1, Player: 3, Opponent: 4}, false, ""},
		{"amend a game into a forfeit", Entry{Kind: EntryForfeit, Round: 1, Player: 2, Opponent: 1}, true, ""},
		{"unknown kind", Entry{Kind: "draw", Round: 1, Player: 3, Opponent: 4}, false, CodeBadEntry},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := setup(t)
			var err error
			if tc.amend {
				_, err = d.Amend(tc.entry)
			} else {
				_, err = d.Enter(tc.entry)
			}
			wantCode(t, err, tc.code)
		})
	}
}

func TestEnterWithdrawnPlayerIsRefused(t *testing.T) {
	d := newTestDivision(t, 4)
	if _, err := d.Withdraw(4, ""); err != nil {
		t.Fatal(err)
	}
	_, err := d.Enter(game(1, 3, 4, 400, 300))
	wantCode(t, err, CodeWithdrawn)
	if e := err.(*Error); e.Kind() != KindConflict {
		t.Errorf("withdrawn is a conflict, got %s", e.Kind())
	}
}

// Entering a result for two unpaired players pairs them, as tsh does.
func TestEnterPairs(t *testing.T) {
	d := newTestDivision(t, 4)
	mustEnter(t, d, Entry{Kind: EntryGame, Round: 1, Player: 2, Opponent: 3, Score: 390, OppScore: 410, First: 3})
	if opp, ok := d.Opponent(2, 1); !ok || opp != 3 {
		t.Fatalf("2 should be paired with 3, got %d %v", opp, ok)
	}
	r, _ := d.Result(3, 1)
	want := Result{Round: 1, Player: 3, Opponent: 2, Score: 410, OppScore: 390, Start: StartFirst}
	if !reflect.DeepEqual(r, want) {
		t.Fatalf("got %+v, want %+v", r, want)
	}
	if !d.TrackFirsts {
		t.Error("a recorded start should turn on start tracking")
	}
	// The start recorded at pairing time stays when the scorecard does not say.
	if _, err := d.ApplyPairings(2, []Pairing{{Player: 1, Opponent: 4, First: 4}}); err != nil {
		t.Fatal(err)
	}
	mustEnter(t, d, game(2, 1, 4, 300, 301))
	if r, _ := d.Result(4, 2); r.Start != StartFirst {
		t.Errorf("start from the pairing lost: %+v", r)
	}
}

func TestAmendReturnsBeforeAndAfter(t *testing.T) {
	d := newTestDivision(t, 2)
	mustEnter(t, d, game(1, 1, 2, 400, 350))
	ch, err := d.Amend(game(1, 2, 1, 360, 400))
	if err != nil {
		t.Fatal(err)
	}
	want := Change{Players: []PlayerChange{
		{Round: 1, Player: 2,
			Before: &Result{Round: 1, Player: 2, Opponent: 1, Score: 350, OppScore: 400},
			After:  &Result{Round: 1, Player: 2, Opponent: 1, Score: 360, OppScore: 400}},
		{Round: 1, Player: 1,
			Before: &Result{Round: 1, Player: 1, Opponent: 2, Score: 400, OppScore: 350},
			After:  &Result{Round: 1, Player: 1, Opponent: 2, Score: 400, OppScore: 360}},
	}}
	if !reflect.DeepEqual(ch, want) {
		t.Fatalf("got %+v\nwant %+v", ch, want)
	}
}

func TestUnpairAndClearResult(t *testing.T) {
	d := newTestDivision(t, 4)
	mustEnter(t, d, game(1, 1, 2, 400, 350))
	mustEnter(t, d, game(1, 3, 4, 400, 350))
	ch, err := d.ClearResult(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(ch.Players) != 2 || ch.Players[0].After != nil || ch.Players[0].Before == nil {
		t.Fatalf("clear should report both results removed: %+v", ch)
	}
	if opp, ok := d.Opponent(1, 1); !ok || opp != 2 {
		t.Fatal("clearing a result keeps the pairing")
	}
	if _, err := d.Unpair(1, 3); err != nil {
		t.Fatal(err)
	}
	if _, ok := d.Opponent(4, 1); ok {
		t.Fatal("unpair removes both sides")
	}
	_, err = d.Unpair(1, 3)
	wantCode(t, err, CodeBadEntry)
	_, err = d.ClearResult(1, 3)
	wantCode(t, err, CodeNotEntered)
	if d.RoundComplete(1) {
		t.Error("round 1 has a game without result")
	}
	mustEnter(t, d, game(1, 1, 2, 400, 350))
	if !d.RoundComplete(1) {
		t.Error("round 1 is complete")
	}
}

func TestAddPlayerChecksNames(t *testing.T) {
	cases := []struct {
		name string
		code Code
	}{
		{"Müller, Jürgen", ""},
		{"  Łukasz Nowak  ", ""},
		{"Smith 3rd, Al", ""},
		{"2 Fast, Ed", ""},
		{"", CodeBadName},
		{"   ", CodeBadName},
		{"Team 5", CodeBadName},
		{"Smith 1500.5", CodeBadName},
		{"A;B", CodeBadName},
		{"#hash", CodeBadName},
		{"line\nbreak", CodeBadName},
		{"bad \xff utf8", CodeBadName},
	}
	for _, tc := range cases {
		d := newTestDivision(t, 0)
		_, err := d.AddPlayer(Player{Name: tc.name})
		wantCode(t, err, tc.code)
	}
	d := newTestDivision(t, 0)
	_, err := d.AddPlayer(Player{Name: "A, B", Extra: map[string][]string{"p12": {"1"}}})
	wantCode(t, err, CodeReservedField)
	_, err = d.AddPlayer(Player{Name: "A, B", Extra: map[string][]string{"newr": {"a b"}}})
	wantCode(t, err, CodeBadEntry)
	_, err = d.Player(7)
	wantCode(t, err, CodeUnknownPlayer)
}

func TestConfigValidate(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*Config)
		code   Code
	}{
		{"default", func(*Config) {}, ""},
		{"unknown key", func(c *Config) { c.Chain = []string{"wins", "buchholz"} }, CodeUnknownKey},
		{"key twice", func(c *Config) { c.Chain = []string{"wins", "wins"} }, CodeUnknownKey},
		{"negative bye", func(c *Config) { c.ByeSpread = -1 }, CodeBadConfig},
		{"zero forfeit", func(c *Config) { c.ForfeitSpread = 0 }, CodeBadConfig},
		{"zero cap", func(c *Config) { c.SpreadCaps = []int{0} }, CodeBadConfig},
		{"bad unplayed", func(c *Config) { c.Withdrawal = "sleep" }, CodeBadConfig},
		{"too many rounds", func(c *Config) { c.Rounds = MaxRounds + 1 }, CodeBadConfig},
		{"zero highest score", func(c *Config) { c.MaxScore = 0 }, CodeBadConfig},
		{"lowest score above zero", func(c *Config) { c.MinScore = 1 }, CodeBadConfig},
		{"no negative scores", func(c *Config) { c.MinScore = 0 }, ""},
		{"bye above the highest score", func(c *Config) { c.MaxScore = 40 }, CodeBadConfig},
		{"forfeit above the highest score", func(c *Config) { c.ByeSpread, c.ForfeitSpread, c.MaxScore = 0, 60, 50 }, CodeBadConfig},
	}
	for _, tc := range cases {
		cfg := DefaultConfig(RealmNASPA)
		tc.mutate(&cfg)
		wantCode(t, cfg.Validate(), tc.code)
	}
	if c := DefaultConfig(RealmNASPA); c.MinScore != -500 || c.MaxScore != 2500 {
		t.Errorf("default game scores %d..%d, want -500..2500", c.MinScore, c.MaxScore)
	}
	if w := DefaultConfig(RealmWESPA); w.ByeSpread != 100 {
		t.Errorf("WESPA bye spread %d, want 100", w.ByeSpread)
	}
}
