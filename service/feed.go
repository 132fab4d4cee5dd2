package service

import (
	"context"
	"encoding/json"

	"tourney/standings"
)

// The tsh feed (public): a tournament as tsh's tourney.js gives it,
// "newt=" + one JSON object + ";", so that what reads tsh's live file (a
// streaming overlay, Woogles' broadcasts) reads tourney's unchanged.
// Players are numbered by line, 1-based, as in a .t file (index 0 of each
// division's players is undefined, as tsh writes it); pairings name
// opponents by line, 0 for a bye or a forfeit; a score is there only once
// the game's result is in (readers take any score that is not 0 as
// final), a bye's or forfeit's as its spread, as tsh writes them. Names
// are tsh's "Surname, Given Names".
//
// Each key means what it means in the feeds tsh wrote (held side by side
// by api/feed_tsh_test.go): maxr is the division's last round as
// configured, 0-based; maxrp the last round with a score, 0-based (-1:
// none); seeds each line's rank by rating (ties share); rrank one entry
// more than the rounds with scores, [0] the rank by rating before round
// 1, [k] after round k; newr one estimate per round with scores.

// feedNewt is the object after "newt=".
type feedNewt struct {
	Config    feedConfig     `json:"config"`
	Divisions []feedDivision `json:"divisions"`
}

// feedConfig is the part of tsh's config the readers use.
type feedConfig struct {
	EventName    string `json:"event_name"`
	EventDate    string `json:"event_date"` // as a director writes it: "July 20-24, 2024"
	MaxRounds    int    `json:"max_rounds"`
	TrackFirsts  int    `json:"track_firsts"`  // 1: p12 records who started
	RatingSystem string `json:"rating_system"` // tsh's name: nsa2008, wespa, none
	Realm        string `json:"realm,omitempty"`
	// PrizeBands are the places the rank prizes pay, by division name
	// ({} when none).
	PrizeBands   map[string][]int `json:"prize_bands"`
	PlayerPhotos int              `json:"player_photos"` // 1: some player has a photo
}

type feedDivision struct {
	Name         string        `json:"name"`
	MaxR         int           `json:"maxr"`    // the last round configured, 0-based
	MaxRP        int           `json:"maxrp"`   // the last round with a score, 0-based (-1: none)
	Classes      *int          `json:"classes"` // null: none
	RatingSystem string        `json:"rating_system"`
	Seeds        []int         `json:"seeds"`   // by line-1: the rank by rating, ties sharing
	Players      []*feedPlayer `json:"players"` // [0] is undefined
}

type feedPlayer struct {
	ID       int     `json:"id"` // the line, as pairings name it
	Name     string  `json:"name"`
	Rating   int     `json:"rating"`
	Pairings []int   `json:"pairings"` // per round: the opponent's line, 0 for a bye
	Scores   []int   `json:"scores"`   // per round up to the last with a result: 0 for none yet
	Photo    string  `json:"photo"`    // under the feed's folder; "" for none
	Etc      feedEtc `json:"etc"`
}

// feedEtc are tsh's further fields, each a list as in a .t file.
type feedEtc struct {
	Board []int `json:"board"` // per round: the table, 0 for none
	P12   []int `json:"p12"`   // per round: 1 started, 2 went second, 0 a bye, 4 not known
	// Newr is the estimated rating after each round (absent when the
	// division is not rated); RRank the rank after each round, 0 for a
	// withdrawn player, who has none (as tsh leaves inactive players out
	// of its ranking).
	Newr  []int    `json:"newr,omitempty"`
	RRank []int    `json:"rrank"`
	Class []string `json:"class,omitempty"`
	Off   []int    `json:"off,omitempty"` // a withdrawn player: the spread given each round they miss
	// Naspa is the member id, Lifeg the career games (from an imported
	// .t line), Time when the player's record last changed and RTime when
	// each round's result was entered (Unix seconds; 0 for none).
	Naspa []string `json:"naspa,omitempty"`
	Lifeg []int    `json:"lifeg,omitempty"`
	Time  []int64  `json:"time,omitempty"`
	RTime []int64  `json:"rtime,omitempty"`
}

// buildFeed reads every division of a tournament and writes its feed,
// into room for size bytes (the last build's size, with some to spare).
func (s *Service) buildFeed(ctx context.Context, tournamentID int64, size int) ([]byte, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	divs, err := s.hallDivisions(ctx, t)
	if err != nil {
		return nil, err
	}
	bands, err := prizeBands(t)
	if err != nil {
		return nil, err
	}
	newt := feedNewt{Config: feedConfig{EventName: t.Name, EventDate: eventDateText(t.StartDate, t.EndDate),
		PrizeBands: map[string][]int{}}, Divisions: []feedDivision{}}
	unset := make([]bool, len(divs)) // divisions with no rounds configured
	for i, div := range divs {
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			return nil, err
		}
		unset[i] = st.cfg.Rounds == 0
		fd := st.feedDivision(&s.feeds, tournamentID)
		newt.Divisions = append(newt.Divisions, fd)
		if places := bands[divKey(st.divisionID())]; len(places) > 0 {
			newt.Config.PrizeBands[fd.Name] = places
		}
		newt.Config.MaxRounds = max(newt.Config.MaxRounds, fd.MaxR+1)
		if st.d.TrackFirsts {
			newt.Config.TrackFirsts = 1
		}
		for _, p := range st.players {
			if p.Photo != "" {
				newt.Config.PlayerPhotos = 1
			}
		}
		if i == 0 {
			newt.Config.RatingSystem = fd.RatingSystem
			newt.Config.Realm = string(st.cfg.Realm)
		}
	}
	// A division with no rounds configured has as many as the event (as
	// tsh's max_rounds is the event's).
	for i := range newt.Divisions {
		if unset[i] {
			newt.Divisions[i].MaxR = max(newt.Divisions[i].MaxR, newt.Config.MaxRounds-1)
		}
	}
	out, err := appendNewt(append(make([]byte, 0, size), "newt="...), &newt)
	if err != nil {
		return nil, err
	}
	return append(out, ";\n"...), nil
}

// hallDivisions are the divisions the public pages show: each of the
// tournament's, and its undivided players (nil) when it has any.
func (s *Service) hallDivisions(ctx context.Context, t *Tournament) ([]*Division, error) {
	ds, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	divs := make([]*Division, 0, len(ds)+1)
	for i := range ds {
		divs = append(divs, &ds[i])
	}
	if len(ds) == 0 || s.hasUndivided(ctx, t.ID) {
		divs = append(divs, nil)
	}
	return divs, nil
}

// feedDivision is one division in tsh's shape. The ranks and rating
// estimates after each round are kept (memo) by a digest of everything
// they depend on up to that round, so that a result in the last round
// computes that round's alone again.
func (st *divState) feedDivision(memo *feedCache, tournamentID int64) feedDivision {
	d := st.d
	rounds := d.Rounds()
	// named as config.tsh names it (tsh's names have no spaces)
	fd := feedDivision{Name: tshDivisionName(d.Name), MaxR: max(st.cfg.Rounds, rounds) - 1, MaxRP: -1,
		Players: make([]*feedPlayer, len(st.players)+1)}
	if n := st.classCount(); n > 0 {
		fd.Classes = &n
	}
	sys := st.ratingSystem()
	fd.RatingSystem = tshRatingSystem(sys)
	rules, rated := sys.Rules()
	fd.Seeds = st.seeds(nil)
	active := st.seeds(d.Players())
	times := st.resultTimes()
	dps := d.Players() // a copy each call
	for i, p := range dps {
		sp := &st.players[i]
		fp := &feedPlayer{ID: p.ID, Name: sp.TSHName(), Rating: p.Rating, Photo: sp.Photo,
			Pairings: make([]int, rounds), Scores: make([]int, 0, rounds),
			Etc: feedEtc{Board: make([]int, rounds), P12: make([]int, rounds), Naspa: memberIDs(sp), Lifeg: careerGames(sp)}}
		if c := st.classOf(p.ID); c != "" {
			fp.Etc.Class = []string{c}
		}
		if p.Withdrawn {
			fp.Etc.Off = []int{p.UnplayedSpread}
		}
		fd.Players[p.ID] = fp
	}
	for round := 1; round <= rounds; round++ {
		st.feedRound(fd.Players, round)
		for id := 1; id < len(fd.Players); id++ {
			if len(fd.Players[id].Scores) == round {
				fd.MaxRP = round - 1
			}
		}
	}
	// Ranks and estimates for each round with a score, kept (memo) by a
	// digest of everything they depend on up to that round.
	scored := fd.MaxRP + 1
	settings, _ := json.Marshal(st.settings)
	h := newFeedDigest()
	h.str(fd.Name)
	h.str(string(sys))
	h.str(st.t.Variant)
	h.str(string(settings))
	for id := 1; id < len(fd.Players); id++ {
		fp := fd.Players[id]
		fp.Etc.RRank = make([]int, scored+1)
		fp.Etc.RRank[0] = active[id-1]
		if rated && scored > 0 {
			fp.Etc.Newr = make([]int, scored)
		}
		fp.Etc.RTime, fp.Etc.Time = times.of(id, len(fp.Scores))
		p := dps[id-1]
		h.ints(p.Rating, b2i(p.Withdrawn), p.UnplayedSpread)
	}
	for round := 1; round <= scored; round++ {
		st.digestRound(round, h)
		key := feedRoundKey{tournament: tournamentID, division: fd.Name, round: round}
		m, ok := memo.round(key, h.sum)
		if !ok {
			m = feedRoundMemo{digest: h.sum, rrank: make([]int, len(st.players)+1)}
			for _, r := range d.Standings(round) {
				m.rrank[r.Player] = r.Rank
			}
			if rated {
				m.newr = make([]int, len(st.players)+1)
				for i, e := range d.RatingEstimates(round, rules, nil) {
					m.newr[i+1] = e.After
				}
			}
			memo.keepRound(key, m)
		}
		for id := 1; id < len(fd.Players); id++ {
			fp := fd.Players[id]
			if len(fp.Etc.RRank) > round {
				fp.Etc.RRank[round] = m.rrank[id]
			}
			if rated && m.newr != nil {
				fp.Etc.Newr[round-1] = m.newr[id]
			}
		}
	}
	// A withdrawn player has no rank, as tsh leaves inactive players out
	// of its ranking: their rrank is their seed alone.
	for id := 1; id < len(fd.Players); id++ {
		if dps[id-1].Withdrawn {
			fd.Players[id].Etc.RRank = []int{fd.Seeds[id-1]}
		}
	}
	return fd
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// feedRound fills in one round: who plays whom at which table, who
// starts, and the scores of the results that are in.
func (st *divState) feedRound(players []*feedPlayer, round int) {
	d := st.d
	r := round - 1
	for _, pr := range d.Pairings(round) {
		if pr.Group != nil { // a table of three or four: no tsh pairing
			for _, id := range pr.Group {
				players[id].Etc.Board[r] = pr.Table
			}
			continue
		}
		seat := func(id, opp int) {
			fp := players[id]
			fp.Pairings[r], fp.Etc.Board[r] = opp, pr.Table
			switch {
			case opp == 0:
				fp.Etc.P12[r] = 0
			case pr.First == id:
				fp.Etc.P12[r] = int(standings.StartFirst)
			case pr.First == opp:
				fp.Etc.P12[r] = int(standings.StartSecond)
			default:
				fp.Etc.P12[r] = 4 // tsh's "not known"
			}
		}
		seat(pr.Player, pr.Opponent)
		if pr.Opponent != 0 {
			seat(pr.Opponent, pr.Player)
		}
	}
	for id := 1; id < len(players); id++ {
		res, ok := d.Result(id, round)
		if !ok {
			continue
		}
		fp := players[id]
		score := res.Score
		if !res.Played() || res.IsGroup() { // a bye, a forfeit: its spread, against nobody
			score = res.Spread()
			fp.Pairings[r], fp.Etc.P12[r] = 0, 0
		}
		for len(fp.Scores) < round {
			fp.Scores = append(fp.Scores, 0)
		}
		fp.Scores[r] = score
	}
}

// digestRound puts into h everything of a round that the ranks and
// estimates after it depend on: its pairings and its results. h then
// stands for the division up to this round.
func (st *divState) digestRound(round int, h *feedDigest) {
	d := st.d
	for _, pr := range d.Pairings(round) {
		h.ints(pr.Table, pr.Player, pr.Opponent, pr.First)
		h.ints(pr.Group...)
	}
	for id := 1; id <= len(st.players); id++ {
		if res, ok := d.Result(id, round); ok {
			h.ints(id, res.Score, res.OppScore, b2i(res.Forfeit), int(res.TieBreak), res.Opponent, len(res.Group))
			h.ints(res.GroupScores...)
		}
	}
}
