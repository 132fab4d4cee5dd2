package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourney/challenges"
	"tourney/scoring"
)

// TournamentInput is what a director sends to create or change a
// tournament. Nil fields of an update are left as they are.
type TournamentInput struct {
	Name          *string   `json:"name"`
	StartDate     *string   `json:"start_date"`
	EndDate       *string   `json:"end_date"`
	Variant       *string   `json:"variant"`
	Lexicon       *string   `json:"lexicon"`
	ChallengeRule *string   `json:"challenge_rule"`
	CurrentRound  *int      `json:"current_round"`
	Board         *string   `json:"board"`
	Tiles         *string   `json:"tiles"`
	Settings      *Settings `json:"settings"`
	// Force makes a round current while an earlier round still has games
	// in play (round-incomplete otherwise); Reason says why (audited).
	Force  bool   `json:"force"`
	Reason string `json:"reason"`
}

// CreateTournament configures a new tournament. The variant defaults to
// naspa; the challenge rule and lexicon default to the variant's own.
func (s *Service) CreateTournament(ctx context.Context, a Actor, in TournamentInput) (*Tournament, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	t := &Tournament{Variant: "naspa", CurrentRound: 1, Settings: Settings{}}
	if err := s.applyTournament(t, in, true); err != nil {
		return nil, err
	}
	t.CreatedAt, t.UpdatedAt = s.now(), s.now()
	if err := s.Store.CreateTournament(ctx, t); err != nil {
		return nil, err
	}
	return t, nil
}

// UpdateTournament changes a tournament's configuration.
func (s *Service) UpdateTournament(ctx context.Context, a Actor, id int64, in TournamentInput) (*Tournament, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var t *Tournament
	err := s.changeTournament(ctx, id, NoticeTournament, 0, func(ctx context.Context) error {
		var err error
		if t, err = s.Store.GetTournament(ctx, id); err != nil {
			return notFound(err, "tournament %d", id)
		}
		rules := [4]string{t.Variant, t.ChallengeRule, t.Board, t.Tiles}
		current, order := t.CurrentRound, nameOrder(t)
		if err := s.applyTournament(t, in, false); err != nil {
			return err
		}
		if nameOrder(t) != order {
			if err := s.renameAll(ctx, a, t, in.Reason); err != nil {
				return err
			}
		}
		if t.CurrentRound > current {
			if err := s.checkCurrentRound(ctx, t, t.CurrentRound, in.Force, in.Reason); err != nil {
				return err
			}
		}
		if t.CurrentRound != current {
			if err := s.auditTournament(ctx, a, t.ID, "set-current-round", in.Reason,
				map[string]any{"current_round": current}, map[string]any{"current_round": t.CurrentRound, "forced": in.Force}); err != nil {
				return err
			}
		}
		if rules != [4]string{t.Variant, t.ChallengeRule, t.Board, t.Tiles} {
			if err := s.refuseRuleChangeMidPlay(ctx, t.ID); err != nil {
				return err
			}
		}
		t.UpdatedAt = s.now()
		return s.Store.UpdateTournament(ctx, t)
	})
	return t, err
}

// refuseRuleChangeMidPlay keeps the rules of recorded games fixed: once a
// turn is entered, the variant, board, tiles and challenge rule stay.
func (s *Service) refuseRuleChangeMidPlay(ctx context.Context, tournamentID int64) error {
	games, err := s.Store.ListGames(ctx, tournamentID)
	if err != nil {
		return err
	}
	for _, g := range games {
		turns, err := s.Store.ListTurns(ctx, g.ID)
		if err != nil {
			return err
		}
		if len(turns) > 0 {
			return Errorf(KindConflict, "rules-in-use", "game %d (round %d, table %d) already has turns under these rules; the variant, board, tiles and challenge rule can no longer change", g.ID, g.Round, g.Table)
		}
	}
	return nil
}

// checkDivision refuses a division id that is not the tournament's.
func (s *Service) checkDivision(ctx context.Context, tournamentID int64, id *int64) error {
	if id == nil {
		return nil
	}
	ds, err := s.Store.ListDivisions(ctx, tournamentID)
	if err != nil {
		return err
	}
	for _, d := range ds {
		if d.ID == *id {
			return nil
		}
	}
	return Errorf(KindInvalid, "unknown-division", "division %d is not in this tournament", *id)
}

// applyTournament validates and applies an input. On creation, a variant
// brings its default challenge rule and lexicon unless they are given.
func (s *Service) applyTournament(t *Tournament, in TournamentInput, creating bool) error {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	set(&t.Name, in.Name)
	set(&t.StartDate, in.StartDate)
	set(&t.EndDate, in.EndDate)
	set(&t.Variant, in.Variant)
	set(&t.Lexicon, in.Lexicon)
	set(&t.ChallengeRule, in.ChallengeRule)
	if in.Board != nil {
		t.Board = *in.Board
	}
	if in.Tiles != nil {
		t.Tiles = *in.Tiles
	}
	if in.Settings != nil {
		if err := checkNameOrder(*in.Settings); err != nil {
			return err
		}
		t.Settings = *in.Settings
	}
	if in.CurrentRound != nil {
		t.CurrentRound = *in.CurrentRound
	}
	for _, f := range []struct {
		what, text string
		limit      int
	}{{"the name", t.Name, MaxNameLength}, {"the start date", t.StartDate, MaxShortField}, {"the end date", t.EndDate, MaxShortField},
		{"the variant", t.Variant, MaxShortField}, {"the lexicon", t.Lexicon, MaxShortField}, {"the challenge rule", t.ChallengeRule, MaxShortField}} {
		if err := checkLine(f.what, f.text, f.limit); err != nil {
			return err
		}
	}
	if t.Name == "" {
		return Errorf(KindInvalid, "missing-name", "a tournament needs a name")
	}
	v, err := buildVariant(t.Variant, t.Board, t.Tiles)
	if err != nil {
		return err
	}
	defaultLexicon := false
	if creating {
		if in.ChallengeRule == nil {
			t.ChallengeRule = v.ChallengeRule
		}
		if in.Lexicon == nil {
			t.Lexicon, defaultLexicon = v.Lexicon, v.Lexicon != ""
		}
	}
	if _, err := challenges.LookupRule(t.ChallengeRule); err != nil {
		return Errorf(KindInvalid, "unknown-challenge-rule", "%v", err)
	}
	if t.Lexicon != "" {
		// A variant's default lexicon (ENABLE for AlphaJax and Word Chums)
		// that the server lacks refuses the tournament rather than leaving
		// its words unchecked: the director installs the list, names
		// another, or sends an empty lexicon to rule by hand.
		why := ""
		if defaultLexicon {
			why = fmt.Sprintf(" (%s checks words against %s by default: put %s.txt in the lexicon folder, name another lexicon, or send an empty lexicon to rule on challenges by hand)", v.Name, t.Lexicon, t.Lexicon)
		}
		noFolder := s.Lexicons == nil
		var err error
		if !noFolder {
			err = s.Lexicons.Check(t.Lexicon)
			noFolder = errors.Is(err, challenges.ErrNoLexiconFolder)
		}
		if noFolder {
			return Errorf(KindInvalid, "no-lexicon-folder", "the tournament names the lexicon %q, but the service has no lexicon folder (start it with --lexicons DIR, or leave the lexicon empty and rule on challenges by hand)%s", t.Lexicon, why)
		}
		if err != nil {
			return Errorf(KindInvalid, "unknown-lexicon", "the lexicon %q cannot be used: %v%s", t.Lexicon, err, why)
		}
	}
	for _, d := range []string{t.StartDate, t.EndDate} {
		if d == "" {
			continue
		}
		if _, err := time.Parse("2006-01-02", d); err != nil {
			return Errorf(KindInvalid, "bad-date", "dates are written YYYY-MM-DD, not %q", d)
		}
	}
	if t.CurrentRound < 0 {
		return Errorf(KindInvalid, "bad-round", "rounds start at 1")
	}
	if err := checkSettingsDepth(t.Settings); err != nil {
		return err
	}
	if err := checkBroadcastDelay(t.Settings); err != nil {
		return err
	}
	if err := checkHallAddress(t.Settings); err != nil {
		return err
	}
	return checkNASPASettings(t.Settings)
}

// GetTournament reads a tournament (public).
func (s *Service) GetTournament(ctx context.Context, id int64) (*Tournament, error) {
	t, err := s.Store.GetTournament(ctx, id)
	return t, notFound(err, "tournament %d", id)
}

// ListTournaments lists every tournament (public).
func (s *Service) ListTournaments(ctx context.Context) ([]Tournament, error) {
	return s.Store.ListTournaments(ctx)
}

// Variants lists the rule variants a tournament can choose.
func (s *Service) Variants() []*scoring.Variant { return scoring.Variants() }

// DivisionInput names a new division and sets its rules (nil: the
// defaults). A change to a division is a DivisionChange.
type DivisionInput struct {
	Name     string            `json:"name"`
	Settings *DivisionSettings `json:"settings"`
	Reason   string            `json:"reason"` // for the audit log, on a change
}

// CreateDivision adds a division to a tournament.
func (s *Service) CreateDivision(ctx context.Context, a Actor, tournamentID int64, in DivisionInput) (*Division, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		return nil, Errorf(KindInvalid, "missing-name", "a division needs a name")
	}
	if err := checkName("the division's name", name); err != nil {
		return nil, err
	}
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	d := &Division{TournamentID: tournamentID, Name: name}
	if in.Settings != nil {
		if err := in.Settings.check(t.Variant); err != nil {
			return nil, err
		}
		if err := s.checkRatingList(ctx, *in.Settings); err != nil {
			return nil, err
		}
		d.Settings = *in.Settings
	}
	if err := s.Store.CreateDivision(ctx, d); err != nil {
		return d, err
	}
	s.fillNext(ctx, t, d)
	return d, nil
}

// UpdateDivision renames a division or changes its rules; an empty name
// keeps the name when settings are given. The settings change key by key
// (a merge patch: see SettingsPatch), and the rules that result are
// checked as whole settings are. The change is in the audit log (with the
// director's reason, the division before and after), and watchers are
// told, since standings may follow new rules (caps, chain). The answer
// names the next round and its system, as GET .../divisions does.
func (s *Service) UpdateDivision(ctx context.Context, a Actor, tournamentID, id int64, in DivisionChange) (*Division, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out *Division
	err := s.changeTournament(ctx, tournamentID, NoticeResult, 0, func(ctx context.Context) error {
		ds, err := s.Store.ListDivisions(ctx, tournamentID)
		if err != nil {
			return err
		}
		for _, d := range ds {
			if d.ID != id {
				continue
			}
			before := d
			name := strings.TrimSpace(in.Name)
			if err := checkName("the division's name", name); err != nil {
				return err
			}
			if name != "" || !in.Settings.given() {
				if d.Name = name; d.Name == "" {
					return Errorf(KindInvalid, "missing-name", "a division needs a name")
				}
			}
			if in.Settings.given() {
				t, err := s.Store.GetTournament(ctx, tournamentID)
				if err != nil {
					return err
				}
				if d.Settings, err = d.Settings.patched(in.Settings); err != nil {
					return err
				}
				if err := d.Settings.check(t.Variant); err != nil {
					return err
				}
				if err := s.checkRatingList(ctx, d.Settings); err != nil {
					return err
				}
			}
			if err := s.Store.UpdateDivision(ctx, &d); err != nil {
				return err
			}
			out = &d
			return s.auditTournament(ctx, a, tournamentID, "update-division", in.Reason, before, d)
		}
		return Errorf(KindNotFound, "not-found", "division %d does not exist in tournament %d", id, tournamentID)
	})
	if err == nil {
		s.fillNext(ctx, nil, out) // under the rules just saved
	}
	return out, err
}

// ListDivisions lists a tournament's divisions (public).
func (s *Service) ListDivisions(ctx context.Context, tournamentID int64) ([]Division, error) {
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	return s.Store.ListDivisions(ctx, tournamentID)
}

// RoundInput creates a round.
type RoundInput struct {
	Number     int    `json:"number"`
	DivisionID *int64 `json:"division_id"`
}

// CreateRound adds a round.
func (s *Service) CreateRound(ctx context.Context, a Actor, tournamentID int64, in RoundInput) (*Round, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if in.Number < 1 {
		return nil, Errorf(KindInvalid, "bad-round", "rounds start at 1")
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	if err := s.checkDivision(ctx, tournamentID, in.DivisionID); err != nil {
		return nil, err
	}
	r := &Round{TournamentID: tournamentID, Number: in.Number, DivisionID: in.DivisionID}
	return r, s.Store.CreateRound(ctx, r)
}
