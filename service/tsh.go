package service

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"tourney/standings"
)

// ExportT writes a division as a tsh .t file, exactly as tsh writes one
// (public: it holds what the standings and pairings show), with the
// file's name ("a.t"). Without a division, a tournament of several
// divisions is written as tsh's archive of them all (see tshArchive).
func (s *Service) ExportT(ctx context.Context, tournamentID int64, q StandingsQuery) ([]byte, string, error) {
	if q.DivisionID == nil {
		ids, err := s.printDivisions(ctx, tournamentID, nil)
		if err != nil {
			return nil, "", err
		}
		if len(ids) > 1 {
			data, err := s.tshArchive(ctx, tournamentID, ids)
			return data, "archive.tsh", err
		}
	}
	st, err := s.requestedDivision(ctx, tournamentID, q.DivisionID)
	if err != nil {
		return nil, "", err
	}
	if st.d.HasGroups() {
		return nil, "", tFileTwoPlayer("")
	}
	return st.marshalT(), TSHFileName(st.d.Name) + ".t", nil
}

// ImportInput is a tsh .t file to read into a tournament: into a new
// division (named Division, by default the first free letter from A), or
// into an existing division. RosterOnly takes the players alone, and may
// add them to a division that has players (a player of the same name is
// not added twice); otherwise their pairings and results come too, into
// a division with no players yet.
type ImportInput struct {
	Text       string `json:"text"`
	DivisionID *int64 `json:"division_id"`
	Division   string `json:"division"`
	RosterOnly bool   `json:"roster_only"`
	// Config: the division's config.tsh as tourney exports it (see
	// ExportTSHConfig); its settings become the division's.
	Config string `json:"config,omitempty"`
}

// ImportResult says what an import made.
type ImportResult struct {
	Division Division `json:"division"`
	Players  []Player `json:"players"` // the players added
	// Existing: the file's players the division already had (by name),
	// left as they were.
	Existing []Player `json:"existing,omitempty"`
	Rounds   int      `json:"rounds"`
	Games    int      `json:"games"`   // pairings not yet played, as games
	Results  int      `json:"results"` // results, byes included
}

// ImportT reads a .t roster or division file (director). Players are
// created in line order, so that the division reads back line for line;
// results become imported results (a pairing with no result yet becomes
// a game, at the table the file gives or the lowest free one).
func (s *Service) ImportT(ctx context.Context, a Actor, tournamentID int64, in ImportInput) (*ImportResult, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.Text) == "" {
		return nil, Errorf(KindInvalid, "empty-file", "the .t file is empty")
	}
	var out *ImportResult
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		t, err := s.Store.GetTournament(ctx, tournamentID)
		if err != nil {
			return notFound(err, "tournament %d", tournamentID)
		}
		div, had, err := s.importTarget(ctx, t, in)
		if err != nil {
			return err
		}
		if strings.TrimSpace(in.Config) != "" {
			ds, err := settingsFromConfig(in.Config, div.Name)
			if err != nil {
				return err
			}
			if err := ds.check(t.Variant); err != nil {
				return err
			}
			div.Settings = *ds
			if err := s.Store.UpdateDivision(ctx, div); err != nil {
				return err
			}
		}
		cfg, err := div.Settings.config(t.Variant)
		if err != nil {
			return err
		}
		cfg.Rounds, cfg.MaxScore, cfg.MinScore = 0, max(cfg.MaxScore, 1_000_000), min(cfg.MinScore, -1_000_000)
		d, err := standings.ParseT([]byte(in.Text), div.Name, cfg)
		if err != nil {
			return standingsError(err)
		}
		if d.NumPlayers() == 0 {
			return Errorf(KindInvalid, "empty-file", "the .t file has no player lines")
		}
		if err := checkTNames(d); err != nil {
			return err
		}
		out = &ImportResult{Division: *div, Players: []Player{}}
		ids := make([]int64, d.NumPlayers()+1)
		byName := map[string]Player{}
		for _, p := range had {
			byName[samePlayerName(p.Name)] = p
		}
		order := nameOrder(t)
		for _, tp := range d.Players() {
			if p, ok := byName[samePlayerName(tp.Name)]; ok {
				ids[tp.ID] = p.ID
				out.Existing = append(out.Existing, p)
				continue
			}
			p := &Player{TournamentID: t.ID, DivisionID: &div.ID, Rating: tp.Rating,
				FixedTable: tp.FixedTable, Class: tp.Class, Team: tp.Team, CareerGames: tp.CareerGames}
			p.MemberID, p.TSHFields = memberFromT(tp.Extra)
			last, first := tshLineName(tp.Name)
			p.setNameParts(last, first, order)
			if tp.Withdrawn {
				p.Withdrawn = string(unplayedOf(tp.UnplayedSpread))
			}
			if err := s.fromRatingListT(ctx, div, p, tp.Name); err != nil {
				return err
			}
			if err := s.Store.CreatePlayer(ctx, p); err != nil {
				return err
			}
			ids[tp.ID] = p.ID
			byName[samePlayerName(p.Name)] = *p
			out.Players = append(out.Players, *p)
		}
		if !in.RosterOnly {
			if err := s.importRounds(ctx, t, div, d, ids, out); err != nil {
				return err
			}
		}
		// The division must read back as the file did.
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			return err
		}
		if len(st.problems) > 0 {
			return Errorf(KindRule, "import-inconsistent", "the file reads, but not back: %s", strings.Join(st.problems, "; "))
		}
		// Rounds the file completes may be the last before one to pair.
		s.Store.AfterCommit(ctx, func() { s.autoPair(context.Background(), tournamentID) })
		return s.auditTournament(ctx, a, tournamentID, "import-t", "", nil,
			map[string]any{"division_id": div.ID, "players": len(out.Players), "rounds": out.Rounds, "games": out.Games, "results": out.Results})
	})
	return out, err
}

// checkTNames holds a .t file's names, and the other fields of its
// lines that are kept and written back, to the rule every name follows
// (checkName), before any of the file is stored: the standings reader
// takes any text as a name.
func checkTNames(d *standings.Division) error {
	for _, tp := range d.Players() {
		if err := checkName(fmt.Sprintf("the name of the file's player %d", tp.ID), tp.Name); err != nil {
			return inFile(err, "", nil)
		}
		if _, err := checkClass(tp.Class); err != nil {
			return inFile(err, "", nil)
		}
		if _, err := checkTeam(tp.Team); err != nil {
			return inFile(err, "", nil)
		}
		for _, key := range slices.Sorted(maps.Keys(tp.Extra)) {
			what := fmt.Sprintf("the %q field of the file's player %d", key, tp.ID)
			if err := checkLine(what, key, MaxShortField); err != nil {
				return inFile(err, "", nil)
			}
			if err := checkLine(what, strings.Join(tp.Extra[key], " "), MaxNameLength); err != nil {
				return inFile(err, "", nil)
			}
		}
	}
	return nil
}

// unplayedOf reads a tsh "off" spread as what unplayed rounds become.
func unplayedOf(spread int) standings.Unplayed {
	switch {
	case spread > 0:
		return standings.UnplayedBye
	case spread < 0:
		return standings.UnplayedForfeit
	}
	return standings.UnplayedNone
}

// importTarget is the division an import fills, with the players it
// already has: the one named by id (which must have no players unless
// the import takes players only), or a new one.
func (s *Service) importTarget(ctx context.Context, t *Tournament, in ImportInput) (*Division, []Player, error) {
	ds, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil {
		return nil, nil, err
	}
	if in.DivisionID != nil {
		var div *Division
		for i := range ds {
			if ds[i].ID == *in.DivisionID {
				div = &ds[i]
			}
		}
		if div == nil {
			return nil, nil, Errorf(KindNotFound, "unknown-division", "division %d is not in tournament %d", *in.DivisionID, t.ID)
		}
		players, err := s.Store.ListPlayers(ctx, t.ID)
		if err != nil {
			return nil, nil, err
		}
		var had []Player
		for i := range players {
			if inScope(&players[i], div) {
				had = append(had, players[i])
			}
		}
		if len(had) > 0 && !in.RosterOnly {
			return nil, nil, Errorf(KindConflict, "division-not-empty", "division %s already has players: import the file's players only (roster only) to add them to it, or import its results into a new division", div.Name)
		}
		return div, had, nil
	}
	name := strings.TrimSpace(in.Division)
	taken := map[string]bool{}
	for _, d := range ds {
		taken[d.Name] = true
	}
	for c := 'A'; name == "" && c <= 'Z'; c++ {
		if !taken[string(c)] {
			name = string(c)
		}
	}
	if name == "" {
		name = fmt.Sprintf("Division %d", len(ds)+1)
	}
	if err := checkName("the division's name", name); err != nil {
		return nil, nil, err
	}
	if taken[name] {
		return nil, nil, Errorf(KindConflict, "duplicate", "tournament %d already has a division %s", t.ID, name)
	}
	div := &Division{TournamentID: t.ID, Name: name}
	if err := s.Store.CreateDivision(ctx, div); err != nil {
		return nil, nil, err
	}
	return div, nil, nil
}

// importRounds stores the file's rounds: results as imported results
// (with the start and table the file gives), pairings not yet played as
// games.
func (s *Service) importRounds(ctx context.Context, t *Tournament, div *Division, d *standings.Division, ids []int64, out *ImportResult) error {
	games, err := s.Store.ListGames(ctx, t.ID)
	if err != nil {
		return err
	}
	out.Rounds = d.Rounds()
	now := s.now()
	for round := 1; round <= d.Rounds(); round++ {
		taken := map[int]bool{}
		for _, g := range games {
			if g.Round == round {
				taken[g.Table] = true
			}
		}
		next := 1
		for _, p := range d.Pairings(round) {
			r, scored := d.Result(p.Player, round)
			row := &Result{TournamentID: t.ID, DivisionID: &div.ID, Round: round, Table: p.Table, Source: SourceImported, CreatedAt: now, UpdatedAt: now}
			switch {
			case p.Opponent == 0:
				// A bye the file paired but did not score gets the bye spread.
				row.Kind, row.Player1, row.Score1 = ResultBye, ids[p.Player], d.Config().ByeSpread
				if scored {
					row.Score1 = r.Score
				}
				if row.Score1 < 0 {
					row.Kind = ResultForfeit
				}
			case scored && r.Forfeit:
				loser, winner, spread := p.Player, p.Opponent, r.OppScore
				if r.Score > r.OppScore {
					loser, winner, spread = p.Opponent, p.Player, r.Score
				}
				row.Kind, row.Player1, row.Player2, row.Score2 = ResultForfeit, ids[loser], ptr(ids[winner]), spread
			case scored:
				row.Kind, row.Player1, row.Player2, row.Score1, row.Score2 = ResultGame, ids[p.Player], ptr(ids[p.Opponent]), r.Score, r.OppScore
				switch r.Start {
				case standings.StartFirst:
					row.First = ptr(ids[p.Player])
				case standings.StartSecond:
					row.First = ptr(ids[p.Opponent])
				}
				switch r.TieBreak {
				case standings.TieBreakWon:
					row.TieBreakWinner = ptr(ids[p.Player])
				case standings.TieBreakLost:
					row.TieBreakWinner = ptr(ids[p.Opponent])
				}
			default:
				first, second := p.Player, p.Opponent
				if p.First == p.Opponent {
					first, second = second, first
				}
				table := p.Table
				if table == 0 || taken[table] {
					for taken[next] {
						next++
					}
					table = next
				}
				taken[table] = true
				g := &Game{TournamentID: t.ID, DivisionID: &div.ID, Round: round, Table: table,
					Seats: []int64{ids[first], ids[second]}, Reason: "imported from a .t file", CreatedAt: now}
				if err := s.Store.CreateGame(ctx, g); err != nil {
					return err
				}
				out.Games++
				continue
			}
			if err := s.Store.CreateResult(ctx, row); err != nil {
				return err
			}
			out.Results++
		}
	}
	return nil
}
