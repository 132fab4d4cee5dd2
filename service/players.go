package service

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// PlayerInput is a player's details; nil fields of an update are kept.
// Reason says why a player is changed (PATCH): it goes to the audit log.
type PlayerInput struct {
	// Name as typed: "Last, First" is split at the comma, "First Last"
	// before its last word. Surname and GivenNames correct a split.
	Name       *string `json:"name"`
	Surname    *string `json:"surname"`
	GivenNames *string `json:"given_names"`
	Rating     *int    `json:"rating"`
	MemberID   *string `json:"member_id"`
	DivisionID *int64  `json:"division_id"`
	FixedTable *int    `json:"fixed_table"`
	// Class sets the rating class by hand ("" clears it: the division's
	// class_floors decide again).
	Class *string `json:"class"`
	// Team: the player's team, club or country ("" for none).
	Team *string `json:"team"`
	// CareerGames: rated games before the event (0: not known).
	CareerGames *int   `json:"career_games"`
	Reason      string `json:"reason"`
}

// CreatePlayer enters a player.
func (s *Service) CreatePlayer(ctx context.Context, a Actor, tournamentID int64, in PlayerInput) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	p := &Player{TournamentID: tournamentID}
	if (in.Name == nil || strings.TrimSpace(*in.Name) == "") && in.MemberID != nil {
		// entered by member id alone: the name from the division's list
		name, err := s.nameFromRatingList(ctx, tournamentID, in.DivisionID, *in.MemberID)
		if err != nil {
			return nil, err
		}
		if name != "" {
			in.Name = &name
		}
	}
	if err := s.applyPlayer(ctx, p, in); err != nil {
		return nil, err
	}
	if err := s.fromRatingList(ctx, p, in.Rating != nil, in.CareerGames != nil); err != nil {
		return nil, err
	}
	return p, s.Store.CreatePlayer(ctx, p)
}

// UpdatePlayer changes a player's details (director): their name, rating,
// member id, fixed table, and their division while they have no game and
// no result (player-has-results once they have). A change needs a reason
// and is in the audit log, before and after; watchers are told, as the
// pages show the names. A request that changes nothing changes nothing.
func (s *Service) UpdatePlayer(ctx context.Context, a Actor, tournamentID, id int64, in PlayerInput) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out *Player
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		p, err := s.Store.GetPlayer(ctx, id)
		if err != nil || p.TournamentID != tournamentID {
			return Errorf(KindNotFound, "not-found", "player %d does not exist in tournament %d", id, tournamentID)
		}
		before := *p
		if err := s.applyPlayer(ctx, p, in); err != nil {
			return err
		}
		if reflect.DeepEqual(before, *p) {
			out = p
			return nil
		}
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		// Checked after the write, which holds the write lock: a round
		// paired a moment earlier is seen (an error undoes the write).
		if !eqID(before.DivisionID, p.DivisionID) {
			if err := s.refuseDivisionChange(ctx, &before); err != nil {
				return err
			}
		}
		reason := strings.TrimSpace(in.Reason)
		if reason == "" {
			return Errorf(KindInvalid, "missing-reason", "say why %s's details change", before.Name)
		}
		out = p
		return s.auditTournament(ctx, a, tournamentID, "update-player", reason, before, *p)
	})
	return out, err
}

// refuseDivisionChange keeps a player in their division once they have a
// game (paired or played) or a result there: their record belongs to it.
// MovePlayer (registration.go) is the way to move such a player.
func (s *Service) refuseDivisionChange(ctx context.Context, p *Player) error {
	where := ""
	if div, err := s.divisionOfPlayer(ctx, p); err == nil && div != nil {
		where = " of division " + div.Name
	}
	refuse := func(what string) error {
		return Errorf(KindConflict, "player-has-results", "%s %s%s: a player's division cannot change once they are paired or have a result",
			p.Name, what, where)
	}
	what, err := s.firstRecord(ctx, p)
	if err != nil || what == "" {
		return err
	}
	return refuse(what)
}

// firstRecord says where a player first has a game (paired or played) or
// a result in the store ("is paired at table 3 in round 2", "has a result
// in round 1"); "" when they have none.
func (s *Service) firstRecord(ctx context.Context, p *Player) (string, error) {
	games, err := s.Store.ListGames(ctx, p.TournamentID)
	if err != nil {
		return "", err
	}
	for _, g := range games {
		if slices.Contains(g.Seats, p.ID) {
			return fmt.Sprintf("is paired at table %d in round %d", g.Table, g.Round), nil
		}
	}
	results, err := s.Store.ListResults(ctx, p.TournamentID)
	if err != nil {
		return "", err
	}
	for _, r := range results {
		if slices.Contains(r.playerIDs(), p.ID) {
			return fmt.Sprintf("has a result in round %d", r.Round), nil
		}
	}
	return "", nil
}

func (s *Service) applyPlayer(ctx context.Context, p *Player, in PlayerInput) error {
	if err := s.applyPlayerName(ctx, p, in); err != nil {
		return err
	}
	if in.Rating != nil {
		p.Rating = *in.Rating
	}
	if in.MemberID != nil {
		p.MemberID = strings.TrimSpace(*in.MemberID)
		if err := checkLine("the member id", p.MemberID, MaxShortField); err != nil {
			return err
		}
	}
	if in.FixedTable != nil {
		if *in.FixedTable < 0 {
			return Errorf(KindInvalid, "bad-table", "a fixed table is a table number, or 0 for none")
		}
		p.FixedTable = *in.FixedTable
	}
	if in.Class != nil {
		c, err := checkClass(*in.Class)
		if err != nil {
			return err
		}
		p.Class = c
	}
	if in.Team != nil {
		team, err := checkTeam(*in.Team)
		if err != nil {
			return err
		}
		p.Team = team
	}
	if in.CareerGames != nil {
		if *in.CareerGames < 0 || *in.CareerGames > 1_000_000 {
			return Errorf(KindInvalid, "bad-career-games", "career games are a number from 0 to 1000000")
		}
		p.CareerGames = *in.CareerGames
	}
	if in.DivisionID != nil {
		if err := s.checkDivision(ctx, p.TournamentID, in.DivisionID); err != nil {
			return err
		}
		p.DivisionID = in.DivisionID
	}
	switch {
	case p.Name == "":
		return Errorf(KindInvalid, "missing-name", "a player needs a name")
	case p.Rating < 0 || p.Rating > 4000:
		return Errorf(KindInvalid, "bad-rating", "a rating is a number from 0 to 4000")
	}
	return nil
}

// applyPlayerName stores a name typed, split into its parts, and the
// parts the director corrects; the name shown is made from them in the
// tournament's name_order.
func (s *Service) applyPlayerName(ctx context.Context, p *Player, in PlayerInput) error {
	if in.Name == nil && in.Surname == nil && in.GivenNames == nil {
		return nil
	}
	t, err := s.Store.GetTournament(ctx, p.TournamentID)
	if err != nil {
		return notFound(err, "tournament %d", p.TournamentID)
	}
	last, first := p.NameParts()
	if in.Name != nil {
		typed := strings.TrimSpace(*in.Name)
		if err := checkName("the player's name", typed); err != nil {
			return err
		}
		last, first = SplitName(typed)
	}
	if in.Surname != nil {
		last = strings.TrimSpace(*in.Surname)
	}
	if in.GivenNames != nil {
		first = strings.TrimSpace(*in.GivenNames)
	}
	for _, part := range []struct{ what, text string }{{"the surname", last}, {"the given names", first}} {
		if err := checkName(part.what, part.text); err != nil {
			return err
		}
	}
	p.setNameParts(last, first, nameOrder(t))
	return checkName("the player's name", p.Name)
}

// ListPlayers lists a tournament's players (public).
func (s *Service) ListPlayers(ctx context.Context, tournamentID int64) ([]Player, error) {
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	return s.Store.ListPlayers(ctx, tournamentID)
}
