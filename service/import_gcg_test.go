package service_test

import (
	"slices"
	"strings"
	"testing"

	"tourney/gcg"
	"tourney/service"
)

// dougEmely is Macondo's doug_v_emely_double_challenge.gcg: a play
// challenged off (line 9), a pass after the play that went out (the
// opponent accepts it) and the end-of-game rack line. Final 451-345.
const dougEmely = `#player1 doug doug
#player2 emely emely
>doug: DINNVWY 8D WINDY +32 32
>emely: ADEEGIL 7C GALE +16 16
>doug: AEJNOSV E3 JAVE..N +34 66
>emely: DEILOVX F2 VOX +39 55
>doug: ADENOST 10B DONATES +82 148
>emely: DEIILTZ 4B TIL.. +24 79
>emely: DEIILTZ --  -24 55
>doug: AAEINRU 9G EAU +16 164
>emely: DEIILTZ 4D Z.. +38 93
>doug: AILNORT A5 LATINO +27 191
>emely: DEEIILT B2 TEIID +29 122
>doug: ?BDERUW A1 WEB +30 221
>emely: AELLNST 11E SAT +51 173
>doug: ?DINRRU 6D R.D +22 243
>emely: ACELLMN C1 CAN +23 196
>doug: ?EFINRU B8 FU. +14 257
>emely: EILLMRR 7H RILL +12 208
>doug: ?EIINOR K5 RE.IgION +78 335
>emely: EKMORRU L11 MURK +28 236
>doug: AEIOORS 15H ARIOSE +33 368
>emely: ?CEORUY 14F COY +19 255
>doug: EGHMOPT L4 GET +12 380
>emely: ?BERSTU 2F .ERB +9 264
>doug: AEHIMOP 1G PEA +29 409
>emely: ?HOQSTU M2 QUOTH +46 310
>doug: EGHIMOP N1 HIM +42 451
>emely: ?FS 14L .aFS +21 331
>doug: EGOP - +0 451
>emely:  (OPEG) +14 345
`

func TestImportGCGReplaysAsAtATable(t *testing.T) {
	e := newImportEnv(t)
	tid := e.tournament("naspa", "double", "")
	g := e.game(tid, "Doug", "Emely")

	// A preview saves nothing.
	pre := e.mustImport(g, dougEmely, service.GCGImportInput{Preview: true})
	if !pre.Preview || len(pre.Turns) != 29 || pre.Status != service.StatusFinished || !slices.Equal(pre.Result.Final, []int{451, 345}) {
		t.Fatalf("preview: %d turns, status %s, result %+v", len(pre.Turns), pre.Status, pre.Result)
	}
	if v := e.view(g); len(v.Turns) != 0 {
		t.Fatalf("a preview saved %d turns", len(v.Turns))
	}
	if t1 := pre.Turns[0]; t1.Score != 32 || !t1.Agrees || t1.Line != 3 || !slices.Equal(t1.Totals, []int{32, 0}) || pre.Game.Turns[0].Score != 32 {
		t.Errorf("previewed turn 1: %+v", t1)
	}

	imp := e.mustImport(g, dougEmely, service.GCGImportInput{})
	if imp.Preview || imp.Flagged != 0 || imp.Status != service.StatusFinished || !slices.Equal(imp.Result.Final, []int{451, 345}) {
		t.Fatalf("import: flagged %d, status %s, result %+v", imp.Flagged, imp.Status, imp.Result)
	}
	v := e.view(g)
	if len(v.Turns) != 29 || v.Official == nil || !slices.Equal(v.Official.Scores, []int{451, 345}) {
		t.Fatalf("game: %d turns, official %+v", len(v.Turns), v.Official)
	}
	// Line 9 took TIL.. back: a challenge the record ruled on.
	ch := v.Turns[6]
	if ch.Kind != service.EventChallenge || ch.Verdict != service.VerdictUnacceptable || ch.ChallengedTurn != 6 || ch.Seat != 1 ||
		ch.Score != -24 || ch.ClaimedScore == nil || *ch.ClaimedScore != -24 || ch.DecidedBy != "record" {
		t.Errorf("line 9 became %+v", ch)
	}
	if imp.Turns[6].Line != 9 {
		t.Errorf("turn 7 comes from line %d, want 9", imp.Turns[6].Line)
	}
	// Doug's pass after emely went out accepts the play; (OPEG) reveals
	// his tiles.
	if acc, end := v.Turns[27], v.Turns[28]; acc.Kind != service.EventAccept || acc.Seat != 1 || end.Kind != service.EventEndRack || end.Seat != 1 || end.Rack != "OPEG" {
		t.Errorf("the last lines became %+v and %+v", acc, end)
	}
	// The game has turns now: a second import is refused.
	_, err := e.importGCG(g, dougEmely, service.GCGImportInput{})
	if se := service.AsError(err); se.Type != "game-has-turns" || se.Kind != service.KindConflict {
		t.Fatalf("second import: %v", err)
	}
}

// A claim the board does not give is kept beside the computed score and
// the turn flagged, as at a table.
func TestImportGCGFlagsWrongClaim(t *testing.T) {
	e := newImportEnv(t)
	g := e.game(e.tournament("naspa", "double", ""), "Doug", "Emely")
	rec := strings.Replace(dougEmely, ">emely: ADEEGIL 7C GALE +16 16", ">emely: ADEEGIL 7C GALE +14 14", 1)
	imp := e.mustImport(g, rec, service.GCGImportInput{})
	if imp.Flagged != 1 {
		t.Errorf("%d turns flagged, want 1", imp.Flagged)
	}
	turn := imp.Turns[1]
	if turn.Line != 4 || turn.Score != 16 || *turn.ClaimedScore != 14 || turn.Agrees || turn.Flag != "score-disagreement" {
		t.Errorf("turn 2: %+v", turn)
	}
	v := e.view(g)
	if len(v.Flags) != 1 || v.Flags[0].Turn != 2 || v.Flags[0].Flag != "score-disagreement" || !slices.Equal(v.Result.Final, []int{451, 345}) {
		t.Errorf("game flags %+v, final %v", v.Flags, v.Result.Final)
	}
}

// A record that does not read, or whose line the rules refuse, is
// refused whole, with its line, and the game stays empty.
func TestImportGCGRefusesWhole(t *testing.T) {
	e := newImportEnv(t)
	g := e.game(e.tournament("naspa", "double", ""), "Doug", "Emely")
	// Line 14: WEB moved to where it touches nothing.
	bad := strings.Replace(dougEmely, ">doug: ?BDERUW A1 WEB +30 221", ">doug: ?BDERUW O1 WEB +30 221", 1)
	_, err := e.importGCG(g, bad, service.GCGImportInput{})
	se := wantRefused(t, err, "not-connected", 14)
	if se.Kind != service.KindRule || !strings.Contains(se.Msg, "line 14") || !strings.Contains(se.Msg, "O1 WEB") {
		t.Errorf("refusal %v %q", se.Kind, se.Msg)
	}
	// A line that does not read: the reader's code and line.
	_, err = e.importGCG(g, strings.Replace(dougEmely, ">doug: AAEINRU 9G EAU +16 164", ">doug: AAEINRU 9G EAU sixteen", 1), service.GCGImportInput{})
	wantRefused(t, err, gcg.CodeMalformedScore, 10)
	_, err = e.importGCG(g, "#player1 doug doug\n#player2 emely emely\n", service.GCGImportInput{})
	wantRefused(t, err, "no-turns", 0)
	if v := e.view(g); len(v.Turns) != 0 || v.Status != service.StatusInProgress {
		t.Fatalf("after refusals the game has %d turns (%s)", len(v.Turns), v.Status)
	}
	// The record then goes in.
	e.mustImport(g, dougEmely, service.GCGImportInput{})
}

// The record's players sit by #playerN unless ?seats= names them; players
// who are not the game's are refused unless the director says so.
func TestImportGCGPlayers(t *testing.T) {
	e := newImportEnv(t)
	tid := e.tournament("naspa", "double", "")
	// In this copy doug, who moves first, is #player2.
	swapped := strings.Replace(dougEmely, "#player1 doug doug\n#player2 emely emely", "#player1 emely Emely_Ekdahl\n#player2 doug Doug Dahl", 1)
	g := e.game(tid, "Doug Dahl", "Emely Ekdahl")
	_, err := e.importGCG(g, swapped, service.GCGImportInput{})
	se := wantRefused(t, err, "players-differ", -1)
	if se.Kind != service.KindConflict || !strings.Contains(se.Msg, "?seats=doug,emely") || !strings.Contains(se.Msg, "Doug Dahl, Emely Ekdahl") {
		t.Errorf("refusal %q", se.Msg)
	}
	detail := se.Detail.(map[string]any)
	if !slices.Equal(detail["record_players"].([]string), []string{"emely", "doug"}) || !slices.Equal(detail["game_players"].([]string), []string{"Doug Dahl", "Emely Ekdahl"}) {
		t.Errorf("detail %+v", detail)
	}
	// ?seats= names a record player who is not one.
	_, err = e.importGCG(g, swapped, service.GCGImportInput{Seats: []string{"doug", "zed"}})
	wantRefused(t, err, "bad-seats", -1)
	// Named in seat order, they are the game's (case, spaces and
	// underscores aside).
	imp := e.mustImport(g, swapped, service.GCGImportInput{Seats: []string{"DOUG", "emely"}})
	if !imp.Players[0].Matches || imp.Players[0].Nick != "doug" || imp.Players[1].RecordName != "Emely_Ekdahl" || !slices.Equal(imp.Result.Final, []int{451, 345}) {
		t.Errorf("players %+v, final %v", imp.Players, imp.Result.Final)
	}

	// Other players altogether: refused, then imported on the director's word.
	other := e.game(tid, "Ann", "Bob")
	_, err = e.importGCG(other, dougEmely, service.GCGImportInput{})
	wantRefused(t, err, "players-differ", -1)
	imp = e.mustImport(other, dougEmely, service.GCGImportInput{AnyPlayers: true})
	if imp.Players[0].Matches || imp.Players[0].Name != "Ann" || imp.Players[0].Nick != "doug" || !slices.Equal(imp.Result.Final, []int{451, 345}) {
		t.Errorf("players %+v, final %v", imp.Players, imp.Result.Final)
	}
	// A record of three players for a game of two.
	three := e.game(tid, "Cy", "Di")
	_, err = e.importGCG(three, "#player1 cy Cy\n#player2 di Di\n#player3 ed Ed\n>cy: DINNVWY 8D WINDY +32 32\n", service.GCGImportInput{AnyPlayers: true})
	wantRefused(t, err, "player-count-differs", -1)
}

// Notes stay with their turn and come back after it on export, a note of
// 10,000 characters whole.
func TestImportGCGNotes(t *testing.T) {
	long := strings.Repeat("0123456789", 1000)
	for name, note := range map[string]string{
		"one line": long,
		// Continuation lines of a note, each within the reader's old limit.
		"many lines": strings.TrimSuffix(strings.Repeat(strings.Repeat("n", 499)+"\n", 20), "\n"),
	} {
		t.Run(name, func(t *testing.T) {
			e := newImportEnv(t)
			g := e.game(e.tournament("naspa", "double", ""), "Doug", "Emely")
			rec := strings.Replace(dougEmely, ">emely: ADEEGIL 7C GALE +16 16\n", ">emely: ADEEGIL 7C GALE +16 16\n#note "+note+"\n#note a second note\n", 1)
			rec = strings.Replace(rec, ">emely: DEIILTZ --  -24 55\n", ">emely: DEIILTZ --  -24 55\n#note TILDE* is no word\n", 1)
			imp := e.mustImport(g, rec, service.GCGImportInput{})
			if got := imp.Turns[1].Note; got != note+"\na second note" {
				t.Fatalf("turn 2's note has %d characters, want %d", len(got), len(note)+len("\na second note"))
			}
			v := e.view(g)
			if v.Turns[1].Note != imp.Turns[1].Note || v.Turns[6].Note != "TILDE* is no word" {
				t.Fatalf("stored notes %q…, %q", v.Turns[1].Note[:20], v.Turns[6].Note)
			}
			out, err := e.svc.ExportGCG(e.ctx, director, g)
			if err != nil {
				t.Fatal(err)
			}
			rec2, err := gcg.Read(out)
			if err != nil {
				t.Fatalf("the export does not read: %v", err)
			}
			var notes []string
			for _, n := range rec2.Notes {
				if n.AfterEvent == 2 {
					notes = append(notes, n.Text)
				}
			}
			if len(notes) != 1 || notes[0] != note+"\na second note" {
				t.Errorf("after the export's second line: %d notes (%d characters)", len(notes), len(strings.Join(notes, "")))
			}
			if i := slices.IndexFunc(rec2.Notes, func(n gcg.Note) bool { return n.Text == "TILDE* is no word" }); i < 0 || rec2.Events[rec2.Notes[i].AfterEvent-1].Kind != gcg.Withdrawn {
				t.Errorf("the withdrawal's note is not after its line: %+v", rec2.Notes)
			}
		})
	}
}

// Under a five-point rule a "(challenge) +5" line is a challenge that
// failed; under one without points the record's bonus is kept, with a
// warning. The time penalty and rack lines are carried over.
func TestImportGCGChallengeBonusAndTime(t *testing.T) {
	rec := `#lexicon CSW21
#game-type classic
#player1 ann Ann
#player2 bob Bob
>ann: DINNVWY 8D WINDY +32 32
>bob: ADEEGIL 7C GALE +16 16
>bob: ADEEGIL (challenge) +5 21
#note it stood
>ann: AEJNOSV E3 JAVE..N +34 66
>bob: (time) -10 11
`
	e := newImportEnv(t)
	five := e.game(e.tournament("naspa", "five-point", ""), "Ann", "Bob")
	// The game is not over: the time penalty is refused, with its line.
	_, err := e.importGCG(five, rec, service.GCGImportInput{})
	wantRefused(t, err, "game-not-over", 10)
	rec = strings.Replace(rec, ">bob: (time) -10 11\n", "", 1)
	imp := e.mustImport(five, rec, service.GCGImportInput{})
	bonus := imp.Turns[2]
	if bonus.Kind != service.EventChallenge || bonus.Verdict != service.VerdictAcceptable || bonus.Seat != 1 || bonus.Score != 5 || !bonus.Agrees || bonus.Note != "it stood" || bonus.Line != 7 {
		t.Errorf("the bonus line became %+v", bonus)
	}
	if !slices.Equal(imp.Totals, []int{66, 21}) || imp.Status != service.StatusInProgress {
		t.Errorf("totals %v, status %s", imp.Totals, imp.Status)
	}
	codes := []string{}
	for _, w := range imp.Warnings {
		codes = append(codes, w.Code)
	}
	if !slices.Equal(codes, []string{"lexicon-differs"}) {
		t.Errorf("warnings %+v", imp.Warnings)
	}

	double := e.game(e.tournament("naspa", "double", ""), "Ann", "Bob")
	imp = e.mustImport(double, rec, service.GCGImportInput{})
	if b := imp.Turns[2]; b.Kind != service.EventChallengeBonus || b.Score != 5 || !slices.Equal(imp.Totals, []int{66, 21}) {
		t.Errorf("under double the bonus line became %+v, totals %v", b, imp.Totals)
	}
	if w := imp.Warnings[len(imp.Warnings)-1]; w.Code != "challenge-bonus-kept" || w.Line != 7 {
		t.Errorf("warnings %+v", imp.Warnings)
	}
}
