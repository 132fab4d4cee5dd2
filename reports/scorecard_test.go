package reports

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// scorecardTexts cuts the text of a scorecards PDF into its cards, each
// from its "SCORECARD" line on.
func scorecardTexts(text string) []string {
	parts := cardHeads.Split(text, -1)
	cards := make([]string, 0, len(parts))
	for _, part := range parts[1:] {
		cards = append(cards, "SCORECARD\n"+strings.TrimLeft(part, "\n"))
	}
	return cards
}

var cardHeads = regexp.MustCompile(`(?m)^SCORECARD\n`)

// cardName is the name a card is for: the line under "SCORECARD".
func cardName(card string) string {
	lines := strings.Split(strings.TrimSpace(card), "\n")
	if len(lines) < 2 || lines[0] != "SCORECARD" {
		return ""
	}
	return lines[1]
}

// cardDivision is a division of n players over the given rounds, every
// player's first half of the rounds played.
func cardDivision(n, rounds int) Division {
	d := Division{Tournament: "Wall Open", Division: "A", Rounds: rounds, Through: rounds / 2}
	name := func(i int) string { return fmt.Sprintf("Quill%02d Yarrow", i) }
	for i := 1; i <= n; i++ {
		p := PlayerCard{Number: i, Name: name(i), Rating: 1500 + i}
		for r := 1; r <= rounds/2; r++ {
			opp := 1 + (i+r-1)%n
			p.Rounds = append(p.Rounds, RoundLine{Round: r, Table: 1 + (i-1)/2, OpponentNumber: opp, Opponent: name(opp),
				Start: "first", Entered: true, Score: 400, OppScore: 380, Spread: 20, Outcome: "W"})
		}
		d.Players = append(d.Players, p)
	}
	return d
}

// Scorecards share a sheet, as many as fit whole: every player has one
// card, each card has every round's line, and no card runs over a sheet.
func TestScorecardsPerSheet(t *testing.T) {
	needPoppler(t)
	for _, tc := range []struct {
		name            string
		paper           Paper
		players, rounds int
		perPage         int
	}{
		{"a4-7-rounds", A4, 16, 7, 3},
		{"letter-7-rounds", Letter, 16, 7, 3},
		{"a4-4-rounds", A4, 9, 4, 4},
		{"a4-12-rounds", A4, 16, 12, 2},
		{"letter-12-rounds", Letter, 5, 12, 2},
		{"a4-30-rounds", A4, 3, 30, 1},
		{"letter-45-rounds", Letter, 2, 45, 1}, // squeezed onto one sheet
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := 0
			pdf := renderWith(t, "scorecards-"+tc.name, func(b *bytes.Buffer) error {
				return WriteScorecards(b, tc.paper, cardDivision(tc.players, tc.rounds), func(n int) { done = n })
			})
			if done != tc.players {
				t.Errorf("progress said %d, want %d", done, tc.players)
			}
			wantPages := (tc.players + tc.perPage - 1) / tc.perPage
			if n := pages(t, pdf); n != wantPages {
				t.Fatalf("%d sheets, want %d (%d cards a sheet)", n, wantPages, tc.perPage)
			}
			seen := map[string]int{}
			lastRound := regexp.MustCompile(fmt.Sprintf(`(?m)^%d$`, tc.rounds))
			for page := 1; page <= wantPages; page++ {
				cards := scorecardTexts(pageText(t, pdf, page))
				want := min(tc.perPage, tc.players-(page-1)*tc.perPage)
				if len(cards) != want {
					t.Errorf("sheet %d has %d cards, want %d:\n%s", page, len(cards), want, pageText(t, pdf, page))
				}
				for _, card := range cards {
					seen[cardName(card)]++
					if !lastRound.MatchString(card) {
						t.Errorf("the card of %s lacks round %d's line:\n%s", cardName(card), tc.rounds, card)
					}
					wantText(t, card, "Wall Open · A · Player", "ROUND TABLE OPPONENT")
				}
				if cuts := strings.Count(pageText(t, pdf, page), "cut cut"); cuts != want-1 {
					t.Errorf("sheet %d has %d cut lines, want %d", page, cuts, want-1)
				}
			}
			for i := 1; i <= tc.players; i++ {
				if name := fmt.Sprintf("Quill%02d Yarrow", i); seen[name] != 1 {
					t.Errorf("%s has %d cards, want 1", name, seen[name])
				}
			}
			if len(seen) != tc.players {
				t.Errorf("cards for %v", seen)
			}
		})
	}
}

// A division without players still prints a page saying what it is.
func TestScorecardsNone(t *testing.T) {
	needPoppler(t)
	pdf := renderWith(t, "scorecards-none", func(b *bytes.Buffer) error {
		return WriteScorecards(b, A4, Division{Tournament: "Empty"}, nil)
	})
	if n := pages(t, pdf); n != 1 {
		t.Fatalf("%d pages", n)
	}
	wantText(t, pdfText(t, pdf), "SCORECARDS", "Empty")
}

func TestScorecardLayout(t *testing.T) {
	for _, tc := range []struct {
		paper   Paper
		rounds  int
		perPage int
	}{{A4, 1, 4}, {A4, 7, 3}, {Letter, 7, 3}, {A4, 8, 3}, {A4, 12, 2}, {A4, 24, 1}, {Letter, 60, 1}} {
		f := frameFor(tc.paper)
		l := layoutScorecards(f, tc.rounds)
		if l.perPage != tc.perPage {
			t.Errorf("%s, %d rounds: %d a sheet, want %d", tc.paper, tc.rounds, l.perPage, tc.perPage)
		}
		if used := float64(l.perPage)*l.cardH + float64(l.perPage-1)*cutGap; used > f.bottom-f.top+0.01 {
			t.Errorf("%s, %d rounds: the cards take %.1f mm of %.1f", tc.paper, tc.rounds, used, f.bottom-f.top)
		}
		if l.rowH > cardRowMaxH {
			t.Errorf("%s, %d rounds: lines %.1f mm tall", tc.paper, tc.rounds, l.rowH)
		}
	}
}
