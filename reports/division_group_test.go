package reports

import (
	"bytes"
	"strings"
	"testing"

	"tourney/service"
)

// groupRecord is a division of seven after two rounds, as the service
// records it. Round 1: Ann, Bob and Cy at a table of three (350, 310,
// 290); Di and Fay against Eve and Gus in a team game (380 to 340).
// Round 2: Ann beats Di 400–380; Bob, Cy, Eve and Fay at a table of four
// (300, 300, 420, 280: Bob and Cy tie their pair); Gus has the bye.
func groupRecord() *service.DivisionRecord {
	names := []string{"Ann Able", "Bob Baker", "Cy Çelik", "Di Dee", "Eve Eng", "Fay Fox", "Gus Gray"}
	seat := func(line, score int) service.TableSeat {
		return service.TableSeat{ID: int64(100 + line), Line: line, Name: names[line-1], Score: &score}
	}
	r1group := []service.TableSeat{seat(1, 350), seat(2, 310), seat(3, 290)}
	r1team := []service.TableSeat{seat(4, 380), seat(5, 340), seat(6, 380), seat(7, 340)}
	r2group := []service.TableSeat{seat(2, 300), seat(3, 300), seat(5, 420), seat(6, 280)}
	group := func(round, table int, g []service.TableSeat, score, spread int, w, l float64) service.RoundRecord {
		return service.RoundRecord{Round: round, Table: table, Entered: true, Group: g, Score: score, Spread: spread, Wins: w, Losses: l}
	}
	team := func(table int, score, opp int) service.RoundRecord {
		r := service.RoundRecord{Round: 1, Table: table, Entered: true, Group: r1team, Teams: true, Score: score, OppScore: opp,
			Spread: score - opp, Outcome: "W", Wins: 1}
		if score < opp {
			r.Outcome, r.Wins, r.Losses = "L", 0, 1
		}
		return r
	}
	pair := func(opp, score, oppScore int, start, outcome string) service.RoundRecord {
		return service.RoundRecord{Round: 2, Table: 1, OpponentID: int64(100 + opp), OpponentLine: opp, Opponent: names[opp-1],
			Start: start, Entered: true, Score: score, OppScore: oppScore, Spread: score - oppScore, Outcome: outcome}
	}
	rounds := [][]service.RoundRecord{
		{group(1, 1, r1group, 350, 100, 2, 0), pair(4, 400, 380, "first", "W")},
		{group(1, 1, r1group, 310, -20, 1, 1), group(2, 2, r2group, 300, -100, 1.5, 1.5)},
		{group(1, 1, r1group, 290, -80, 0, 2), group(2, 2, r2group, 300, -100, 1.5, 1.5)},
		{team(2, 380, 340), pair(1, 380, 400, "second", "L")},
		{team(2, 340, 380), group(2, 2, r2group, 420, 380, 3, 0)},
		{team(2, 380, 340), group(2, 2, r2group, 280, -180, 0, 3)},
		{team(2, 340, 380), {Round: 2, Entered: true, Bye: true, Score: 50, Spread: 50, Outcome: "W"}},
	}
	rec := &service.DivisionRecord{Tournament: "Chums Cup", Division: "Open", Through: 2, Complete: 2, Rounds: 4}
	for i, name := range names {
		rec.Players = append(rec.Players, service.PlayerRecord{ID: int64(101 + i), Line: i + 1, Name: name, Rating: 1500, Rounds: rounds[i]})
	}
	for rank, s := range []struct {
		line         int
		wins, losses float64
		spread       int
	}{{5, 3, 1, 340}, {1, 3, 0, 120}, {2, 2.5, 2.5, -120}, {3, 1.5, 3.5, -180}, {4, 1, 1, 20}, {7, 1, 1, 10}, {6, 1, 3, -140}} {
		rec.Standings = append(rec.Standings, service.StandingRow{Rank: rank + 1, PlayerID: int64(100 + s.line), Name: names[s.line-1],
			Wins: s.wins, Losses: s.losses, Spread: s.spread})
	}
	return rec
}

func TestGroupDivisionFromRecord(t *testing.T) {
	d := DivisionFromRecord(groupRecord())
	r := d.Players[2].Rounds[0] // Cy, round 1
	if len(r.Group) != 3 || r.Seat != 3 || r.Wins != 0 || r.Losses != 2 || r.Group[0].Name != "Ann Able" || *r.Group[1].Score != 310 {
		t.Fatalf("Cy's round 1: %+v", r)
	}
	if r := d.Players[4].Rounds[0]; !r.Teams || r.Seat != 2 || r.groupOpponents(false) != "with Gus Gray v Di Dee & Fay Fox" {
		t.Fatalf("Eve's team game: %+v (%q)", r, r.groupOpponents(false))
	}
	if got := d.Players[1].Rounds[1].groupOpponents(true); got != "Cy Çelik 300, Eve Eng 420, Fay Fox 280" {
		t.Errorf("Bob's round 2 opponents: %q", got)
	}
}

func TestGroupScorecards(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "scorecards-groups", func(b *bytes.Buffer) error {
		return WriteScorecards(b, A4, DivisionFromRecord(groupRecord()), nil)
	})
	if n := pages(t, pdf); n != 2 {
		t.Fatalf("%d pages, want 2 (seven cards of four rounds, four to a sheet)", n)
	}
	cards := scorecardTexts(pdfText(t, pdf))
	if len(cards) != 7 {
		t.Fatalf("%d cards, want 7", len(cards))
	}
	// A table of three: the others with their scores and the round's
	// record, the seat in the order of play, the player's score and the
	// sum of the pairwise spreads; the running record counts pair by pair.
	wantText(t, cards[0], "Ann Able",
		"1 1 Bob Baker 310, Cy Çelik 290 — 2–0 1st 350 +100 2–0 +100",
		"2 1 Di Dee (#4) first 400 380 +20 3–0 +120")
	wantText(t, cards[1], "1 1 Ann Able 350, Cy Çelik 290 — 1–1 2nd 310 −20 1–1 −20",
		// A table of four takes two lines.
		"Cy Çelik 300, Eve Eng 420, Fay Fox 280\n2 2 — 1½–1½\n1st 300 −100 2½–2½ −120")
	// A team game: partner and opponents, the teams' scores.
	wantText(t, cards[3], "1 2 with Fay Fox v Eve Eng & Gus Gray 1st 380 340 +40 1–0 +40",
		"2 1 Ann Able (#1) second 380 400 −20 1–1 +20")
	wantText(t, cards[4], "1 2 with Gus Gray v Di Dee & Fay Fox 2nd 340 380 −40 0–1 −40",
		"Bob Baker 300, Cy Çelik 300, Fay Fox\n2 2 280 — 3–0\n3rd 420 +380 3–1 +340")
	golden(t, "scorecards-groups", pdfText(t, pdf))
}

func TestGroupCrossTable(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "crosstable-groups", func(b *bytes.Buffer) error {
		return WriteCrossTable(b, A4, DivisionFromRecord(groupRecord()))
	})
	text := pdfText(t, pdf)
	// Ann: 2–0 at table 1 against 2 and 3, then W against 4 who went
	// second; Di: a team win against 5 and 7.
	// Each line: the rounds' results over the name, the scores, the
	// record and the spread (set as large as the name, on its line).
	wantText(t, text, "2–0 2,3 W 4*\n1 Ann Able 350 +100 400–380 3–0 +120",
		"1–1 1,3 1½–1½ 3,5,6\n2 Bob Baker 310 −20 300 −100 2½–2½ −120",
		"W 5&7 L",
		"4 Di Dee 380–340 380–400 1–1 +20",
		"L 4&6 3–0 2,3,6\n5 Eve Eng 340–380 420 +380 3–1 +340",
		"L 4&6 bye\n7 Gus Gray",
		"At a table of three or four: the round's record, counted pair by pair")
}

func TestGroupStandingsLastGame(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "standings-groups", func(b *bytes.Buffer) error {
		return WriteStandings(b, A4, DivisionFromRecord(groupRecord()))
	})
	wantText(t, pdfText(t, pdf),
		"1 Eve Eng 3–1 +340 R2 3–0 420 v Bob Baker 300, Cy Çelik 300, Fay Fox 280",
		"5 Di Dee 1–1 +20 R2 L 380–400 v Ann Able",
		"6 Gus Gray 1–1 +10 R2 bye +50")
}

// A two-player division prints as before: no key for groups.
func TestCrossTableKeyWithoutGroups(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "crosstable-pairs", func(b *bytes.Buffer) error { return WriteCrossTable(b, A4, polishDivision()) })
	if text := pdfText(t, pdf); strings.Contains(text, "three or four") || !strings.Contains(text, "(* went first)") {
		t.Errorf("the key of a division of pairs:\n%s", text)
	}
}
