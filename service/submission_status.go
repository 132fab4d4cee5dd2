package service

import (
	"context"
	"fmt"
	"strings"
)

// SubmissionStatus says, for each rating body's file, what it needs and
// what is missing, in plain words for the console's "Submit results"
// page. Problems stop the file (or the body will refuse it); notes are
// what the file does that the director should know.
type SubmissionStatus struct {
	Bodies []SubmissionBody `json:"bodies"`
}

// SubmissionBody is one rating body's file.
type SubmissionBody struct {
	Body     string   `json:"body"`  // WESPA, NASPA, ABSP
	File     string   `json:"file"`  // the route's last part: submission.tou ...
	Needs    string   `json:"needs"` // what the body takes, in a sentence
	Problems []string `json:"problems,omitempty"`
	Notes    []string `json:"notes,omitempty"`
}

// Ready: nothing stops the file.
func (b SubmissionBody) Ready() bool { return len(b.Problems) == 0 }

// SubmissionCheck reads the tournament as each rating body's file would
// carry it (director).
func (s *Service) SubmissionCheck(ctx context.Context, a Actor, tournamentID int64) (*SubmissionStatus, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	states, err := s.submissionDivisions(ctx, tournamentID)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Type == "t-file-two-player" {
			msg := []string{e.Msg}
			return &SubmissionStatus{Bodies: []SubmissionBody{
				{Body: "WESPA", File: "submission.tou", Problems: msg}, {Body: "NASPA", File: "submission.t", Problems: msg}, {Body: "ABSP", File: "submission-absp.zip", Problems: msg}}}, nil
		}
		return nil, err
	}
	t := states[0].t
	var results, noGames, noMember []string
	rated := 0
	for _, st := range states {
		d := st.d
		most, short := 0, 0
		for _, p := range d.Players() {
			most = max(most, scoredRounds(d, p.ID))
		}
		for i, p := range d.Players() {
			if scoredRounds(d, p.ID) < most {
				short++
			}
			name := st.players[i].SpokenName()
			if gamesPlayed(d, p.ID, most) == 0 {
				noGames = append(noGames, name)
				continue // not rated: no member id needed
			}
			rated++
			if len(memberIDs(&st.players[i])) == 0 {
				noMember = append(noMember, name)
			}
		}
		if short > 0 {
			results = append(results, fmt.Sprintf("Division %s: %s still without a result in round %d.", st.d.Name, plural(short, "player"), most))
		}
	}
	var dateProblem []string
	if eventDay(t) == "" {
		dateProblem = []string{"The tournament has no date: set its end date (or start date) in Setup."}
	}
	leftOut := []string{}
	if len(noGames) > 0 {
		leftOut = append(leftOut, "Left out, as they played no game: "+strings.Join(noGames, ", ")+".")
	}
	tou := SubmissionBody{Body: "WESPA", File: "submission.tou",
		Needs:    "WESPA rates from a .TOU file, as tsh's aupair command writes it: every division, each player who played a game.",
		Problems: append(append([]string{}, dateProblem...), results...), Notes: leftOut}
	naspa := SubmissionBody{Body: "NASPA", File: "submission.t",
		Needs:    "NASPA takes tsh's archive file: the event's name and date, its NASPA tournament number and the director's NASPA id, and every division's .t file with each player's NASPA member id.",
		Problems: append(append([]string{}, dateProblem...), results...)}
	if naspaSetting(t, NASPATournamentSetting) == "" {
		naspa.Problems = append(naspa.Problems, "The NASPA tournament number is not set.")
	}
	if naspaSetting(t, NASPADirectorSetting) == "" {
		naspa.Problems = append(naspa.Problems, "The director's NASPA id is not set.")
	}
	if len(noMember) > 0 {
		naspa.Problems = append(naspa.Problems, fmt.Sprintf("%s of the %d who played without a NASPA member id: %s.", plural(len(noMember), "player"), rated, strings.Join(noMember, ", ")))
	}
	absp := SubmissionBody{Body: "ABSP", File: "submission-absp.zip",
		Needs:    "The ABSP takes the event's config.tsh and each division's .t file; the download holds them in one zip.",
		Problems: append([]string{}, results...)}
	return &SubmissionStatus{Bodies: []SubmissionBody{tou, naspa, absp}}, nil
}

// plural is "1 player", "2 players".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
