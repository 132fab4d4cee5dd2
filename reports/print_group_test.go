package reports

import (
	"bytes"
	"strings"
	"testing"

	"tourney/service"
)

// groupRound is round 3 of the Chums Cup as the service pairs it: a
// table of three, a team game, a pair and a bye.
func groupRound() *service.RoundPairings {
	ref := func(names ...string) []service.PlayerRef {
		var out []service.PlayerRef
		for i, n := range names {
			out = append(out, service.PlayerRef{ID: int64(i + 1), Name: n})
		}
		return out
	}
	return &service.RoundPairings{Round: 3, Pairings: []service.PairingView{
		{Table: 1, Players: ref("Ann Able", "Bob Baker", "Cy Çelik")},
		{Table: 2, Players: ref("Di Dee", "Eve Eng", "Fay Fox", "Gus Gray"), Teams: true},
		{Table: 3, Players: ref("Hal Hope", "Ivy Ink")},
		{Players: ref("Jo Jones"), Bye: true},
	}}
}

func TestGroupPairings(t *testing.T) {
	needPoppler(t)
	p := PairingsFromRound("Chums Cup", "Open", groupRound())
	if !p.Games[1].Teams || p.Games[0].Teams || len(p.Games[0].Players) != 3 {
		t.Fatalf("from the round: %+v", p.Games)
	}
	pdf := renderWith(t, "pairings-groups", func(b *bytes.Buffer) error { return WritePairings(b, A4, p) })
	wantText(t, pageText(t, pdf, 1), "PAIRINGS BY TABLE", "Open · Round 3\n",
		"The first named goes first, then play goes round in the order named (teams: partners joined by &, teams take turns).",
		// Both lists on landscape pages (the one by name needs its
		// width): by table, a line a table.
		"TABLE GOES FIRST THEN, IN TURN",
		"1 Ann Able v Bob Baker, Cy Çelik",
		"2 Di Dee & Fay Fox v Eve Eng & Gus Gray",
		"3 Hal Hope v Ivy Ink", "– Jo Jones bye")
	wantText(t, pageText(t, pdf, 2), "PLAYER TABLE GOES OPPONENTS",
		"Ann Able 1 first Bob Baker, Cy Çelik",
		"Bob Baker 1 second Cy Çelik, Ann Able",
		"Cy Çelik 1 third Ann Able, Bob Baker",
		"Di Dee 2 first Eve Eng & Gus Gray, with Fay Fox",
		"Eve Eng 2 second Fay Fox & Di Dee, with Gus Gray",
		"Gus Gray 2 fourth Di Dee & Fay Fox, with Eve Eng",
		"Hal Hope 3 first Ivy Ink", "Ivy Ink 3 second Hal Hope", "Jo Jones – bye")
	golden(t, "pairings-groups", pdfText(t, pdf))
}

// A round of pairs says who goes first, and has no word of groups.
func TestPairingsHeadsWithoutGroups(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "pairings-pairs", func(b *bytes.Buffer) error { return WritePairings(b, A4, polishPairings()) })
	wantText(t, pageText(t, pdf, 1), "Élite · Round 3\n", "The player named first at each table goes first.\n")
	wantText(t, pageText(t, pdf, 2), "PLAYER TABLE GOES OPPONENT\n")
}

func TestGroupTableCards(t *testing.T) {
	needPoppler(t)
	url := "https://club.example/table/1?code=abc"
	pdf := renderWith(t, "tablecards-groups", func(b *bytes.Buffer) error {
		return WriteTableCards(b, A4,
			TableCard{Tournament: "Chums Cup", Round: 3, Table: 1, Players: []string{"Ann Able", "Bob Baker", "Cy Çelik"}, URL: url},
			TableCard{Tournament: "Chums Cup", Round: 3, Table: 2, Players: []string{"Di Dee", "Eve Eng", "Fay Fox", "Gus Gray"}, Teams: true, URL: url},
			TableCard{Tournament: "Chums Cup", Round: 3, Table: 4, Players: []string{"Hal Hope", "Ivy Ink", "Jo Jones", "Kit Kay"}, URL: url})
	})
	if n := pages(t, pdf); n != 3 {
		t.Fatalf("%d pages, want 3", n)
	}
	wantText(t, pageText(t, pdf, 1), "play in this order", "1 Ann Able", "2 Bob Baker", "3 Cy Çelik", url)
	two := pageText(t, pdf, 2)
	wantText(t, two, "Di Dee & Fay Fox", "against", "Eve Eng & Gus Gray", "in turn: Di Dee, Eve Eng, Fay Fox, Gus Gray", url)
	if strings.Contains(two, "play in this order") {
		t.Errorf("the team card lists the table as a table of four:\n%s", two)
	}
	wantText(t, pageText(t, pdf, 3), "1 Hal Hope", "4 Kit Kay")
	wantImages(t, pdf, 6) // a QR code on each face
}

func TestGroupResultSlips(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "slips-groups", func(b *bytes.Buffer) error {
		return WriteResultSlips(b, A4,
			ResultSlip{Tournament: "Chums Cup", Round: 3, Table: 1, Players: []string{"Ann Able", "Bob Baker", "Cy Çelik"}},
			ResultSlip{Tournament: "Chums Cup", Round: 3, Table: 2, Players: []string{"Di Dee", "Eve Eng", "Fay Fox", "Gus Gray"}, Teams: true},
			ResultSlip{Tournament: "Chums Cup", Round: 3, Table: 3, Players: []string{"Hal Hope", "Ivy Ink"}})
	})
	if n := pages(t, pdf); n != 1 {
		t.Fatalf("%d pages, want 1", n)
	}
	text := pageText(t, pdf, 1)
	slips := strings.Split(text, "RESULT SLIP")
	if len(slips) != 4 {
		t.Fatalf("%d slips:\n%s", len(slips)-1, text)
	}
	// A table of three: a line and a score each, the order of play, no
	// spread (each pair is a game of its own).
	wantText(t, slips[1], "Round 3 · Table 1", "PLAYER PLAYS FINAL SCORE", "Ann Able 1st", "Bob Baker 2nd", "Cy Çelik 3rd",
		"worked out pair by pair", "Signature: Ann Able", "Signature: Cy Çelik")
	if strings.Contains(slips[1], "Spread") || strings.Contains(slips[1], "WENT FIRST") {
		t.Errorf("the slip of a table of three:\n%s", slips[1])
	}
	// A team game: the two teams' scores and the spread; all four sign.
	wantText(t, slips[2], "Round 3 · Table 2", "TEAM PLAYS TEAM SCORE", "Di Dee & Fay Fox 1st & 3rd", "Eve Eng & Gus Gray 2nd & 4th",
		"Spread (winner's)", "Signature: Di Dee", "Signature: Gus Gray")
	// A pair, as ever.
	wantText(t, slips[3], "Round 3 · Table 3", "PLAYER WENT FIRST FINAL SCORE", "Hal Hope", "Spread (winner's)", "Signature: Ivy Ink")
}
