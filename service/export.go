package service

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"tourney/gcg"
	"tourney/scoring"
)

// ExportGCG writes a game as a GCG record, the format Quackle, Macondo and
// Woogles read: every turn with its computed score and running total,
// challenges in the standard form ("--" for a withdrawn play, "(challenge)
// +5" for a bonus, a pass for a lost turn), the end-of-game rack lines and
// time penalties. A team game carries the #teams extension and games of
// more than two players the end-of-game lines of gcg/EXTENSIONS.md. The
// record keeps the letters of exchanges, except for a table reading its
// game while it is being played: the shared tablet then gets each
// exchange by its count (see exchange_shown.go).
func (s *Service) ExportGCG(ctx context.Context, a Actor, gameID int64) ([]byte, error) {
	l, err := s.loadToRead(ctx, a, gameID)
	if err != nil {
		return nil, err
	}
	rec := gcgRecord(l)
	if !a.IsDirector() && !l.decided() {
		gcgExchangesByCount(rec)
	}
	return gcgBytes(l, rec)
}

// gcgText is a loaded game written as a GCG record.
func gcgText(l *loaded) ([]byte, error) {
	return gcgBytes(l, gcgRecord(l))
}

// gcgBytes is a loaded game's GCG record written out.
func gcgBytes(l *loaded, rec *gcg.Record) ([]byte, error) {
	out := gcg.Marshal(rec)
	if out == nil {
		return nil, fmt.Errorf("game %d cannot be written as GCG", l.g.ID)
	}
	return out, nil
}

// gcgNicks makes each seat's nick: the name without spaces, unique.
func gcgNicks(l *loaded) []string {
	nicks := make([]string, len(l.g.Seats))
	used := map[string]bool{}
	for i, id := range l.g.Seats {
		nick := strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || r == ':' || r == '#' || r == '>' {
				return '_'
			}
			return r
		}, l.names[id])
		if nick == "" {
			nick = fmt.Sprintf("player%d", i+1)
		}
		for used[nick] {
			nick += fmt.Sprintf("_%d", i+1)
		}
		used[nick] = true
		nicks[i] = nick
	}
	return nicks
}

func gcgRecord(l *loaded) *gcg.Record {
	r, ts := l.r, l.r.v.Tiles
	nicks := gcgNicks(l)
	rec := &gcg.Record{}
	gameType := l.t.Variant
	if gameType == "naspa" {
		gameType = "classic"
	}
	rec.Pragmas = append(rec.Pragmas,
		gcg.Pragma{Name: "description", Value: "Exported by tourney"},
		gcg.Pragma{Name: "title", Value: fmt.Sprintf("%s, round %d, table %d", l.t.Name, l.g.Round, l.g.Table)},
		gcg.Pragma{Name: "game-type", Value: gameType},
	)
	if l.t.Lexicon != "" {
		rec.Pragmas = append(rec.Pragmas, gcg.Pragma{Name: "lexicon", Value: l.t.Lexicon})
	}
	for i, id := range l.g.Seats {
		rec.Players = append(rec.Players, gcg.Player{Number: i + 1, Nick: nicks[i], Name: l.names[id]})
	}
	if r.game.Teamed() {
		// GCG has no teams: the #teams extension (gcg/EXTENSIONS.md).
		rec.Teams = gcg.EngineTeams()
	}
	totals := make([]int, len(l.g.Seats))
	add := func(seat int, ev gcg.Event) {
		totals[seat] += ev.Score
		ev.Nick, ev.Cumulative, ev.HasCumulative = nicks[seat], totals[seat], true
		rec.Events = append(rec.Events, ev)
	}
	racks := map[int]string{} // rack of each play, for its withdrawal line
	var penalties []gcg.Event
	var penaltySeats []int
	var penaltyNotes, endNotes []string // written after the lines they follow, at the end
	for i, e := range r.events {
		t := r.turns[i]
		seat := e.Seat - 1
		switch {
		case e.Kind == EventMove && t != nil && t.Placement != nil:
			racks[e.Seq] = e.Rack
			add(seat, gcg.Event{Kind: gcg.Play, Rack: e.Rack, Position: t.Placement.Position(), Word: placedWord(ts, t.Placement), Score: t.Score})
		case e.Kind == EventMove && t != nil && t.Event.Move.Kind == scoring.MoveExchange:
			m := t.Event.Move
			add(seat, gcg.Event{Kind: gcg.Exchange, Rack: e.Rack, Exchanged: tilesText(ts, m.Exchange), Count: m.Count})
		case e.Kind == EventMove, e.Kind == EventLostTurn:
			add(seat, gcg.Event{Kind: gcg.Pass, Rack: e.Rack})
		case e.Kind == EventWithdraw, e.Kind == EventChallenge && t != nil && t.Event.Kind == scoring.EventWithdraw:
			played := t.Event.Player
			add(played, gcg.Event{Kind: gcg.Withdrawn, Rack: racks[challengedSeq(e)], Score: t.Score})
		case e.Kind == EventChallengeBonus, e.Kind == EventChallenge && t != nil && t.Event.Kind == scoring.EventChallengeBonus:
			add(t.Event.Player, gcg.Event{Kind: gcg.ChallengeBonus, Score: t.Score})
		case e.Kind == EventChallenge && t != nil && t.Event.Kind == scoring.EventLostTurn:
			add(t.Event.Player, gcg.Event{Kind: gcg.Pass})
		case e.Kind == EventTimePenalty:
			penalties = append(penalties, gcg.Event{Kind: gcg.TimePenalty, Score: -e.Points})
			penaltySeats, penaltyNotes = append(penaltySeats, seat), append(penaltyNotes, e.Note)
			continue
		case e.Kind == EventEnd:
			// GCG has no line for it: a note says why the record stops.
			rec.Notes = append(rec.Notes, gcg.Note{AfterEvent: len(rec.Events), Text: "The director ended the game where it stood: " + endHows[e.Move] + "."})
		case e.Kind == EventVoid:
			rec.Notes = append(rec.Notes, gcg.Note{AfterEvent: len(rec.Events), Text: "The director set this record aside; the game's result was entered by hand."})
		case e.Kind == EventEndRack:
			endNotes = append(endNotes, e.Note)
			continue
		}
		rec.Notes = appendNotes(rec.Notes, len(rec.Events), e.Note)
	}
	endRackLines(r.game, add)
	for _, n := range endNotes {
		rec.Notes = appendNotes(rec.Notes, len(rec.Events), n)
	}
	for i, p := range penalties {
		add(penaltySeats[i], p)
		rec.Notes = appendNotes(rec.Notes, len(rec.Events), penaltyNotes[i])
	}
	return rec
}

// appendNotes writes a turn's note after the record's first after events,
// as #note lines that read back as the same text: a line that would read
// as a pragma or an event ('#' or '>' first) starts a #note of its own.
func appendNotes(notes []gcg.Note, after int, text string) []gcg.Note {
	if text == "" {
		return notes
	}
	var cur []string
	flush := func() {
		if cur != nil {
			notes = append(notes, gcg.Note{AfterEvent: after, Text: strings.Join(cur, "\n")})
		}
		cur = nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r", ""), "\n") {
		if t := strings.TrimSpace(line); t != "" && (t[0] == '#' || t[0] == '>') {
			flush()
		}
		cur = append(cur, line)
	}
	flush()
	return notes
}

// challengedSeq is the play a withdrawal takes back: for a challenge, the
// turn it challenged; for a director's withdrawal, the latest play (its
// rack is looked up by the caller, so 0 simply finds none).
func challengedSeq(e TurnEvent) int { return e.ChallengedTurn }

// placedWord writes a placement's main word: new tiles as letters
// (lowercase for a blank), tiles already on the board as '.'.
func placedWord(ts *scoring.TileSet, p *scoring.Placement) string {
	var b strings.Builder
	for i := 0; i < p.Length; i++ {
		r, c := p.Row, p.Col+i
		if p.Down {
			r, c = p.Row+i, p.Col
		}
		found := false
		for _, t := range p.Tiles {
			if t.Row == r && t.Col == c {
				b.WriteRune(ts.Rune(t.Tile))
				found = true
			}
		}
		if !found {
			b.WriteByte('.')
		}
	}
	return b.String()
}

func tilesText(ts *scoring.TileSet, tiles []scoring.Tile) string {
	if tiles == nil {
		return ""
	}
	return scoring.TilesString(ts, tiles)
}

// endRackLines writes the end-of-game rack adjustments as GCG does (see
// gcg.EndRackEvents): the player who went out scores "(RACKS) +N" for the
// racks the rules count; everyone else loses their own, "RACK (RACK) -N".
func endRackLines(g *scoring.Game, add func(int, gcg.Event)) {
	seats, events := gcg.EndRackEvents(g)
	for i, e := range events {
		add(seats[i], e)
	}
}
