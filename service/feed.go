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
// division's players is null); pairings name opponents by line, 0 for a
// bye or a forfeit; a score is there only once the game's result is in
// (readers take any score that is not 0 as final), a bye's or forfeit's
// as its spread, as tsh writes them.

// feedNewt is the object after "newt=".
type feedNewt struct {
	Config    feedConfig     `json:"config"`
	Divisions []feedDivision `json:"divisions"`
}

// feedConfig is the part of tsh's config the readers use.
type feedConfig struct {
	EventName    string `json:"event_name"`
	EventDate    string `json:"event_date"`
	MaxRounds    int    `json:"max_rounds"`
	TrackFirsts  int    `json:"track_firsts"` // 1: p12 records who started
	RatingSystem string `json:"rating_system"`
	Realm        string `json:"realm,omitempty"`
}

type feedDivision struct {
	Name    string        `json:"name"`
	MaxR    int           `json:"maxr"`    // the last round paired, 0-based (-1: none)
	Classes int           `json:"classes"` // 0: none
	Players []*feedPlayer `json:"players"` // [0] is null
}

type feedPlayer struct {
	ID       int     `json:"id"` // the line, as pairings name it
	Name     string  `json:"name"`
	Rating   int     `json:"rating"`
	Pairings []int   `json:"pairings"` // per round: the opponent's line, 0 for a bye
	Scores   []int   `json:"scores"`   // per round up to the last with a result: 0 for none yet
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
	newt := feedNewt{Config: feedConfig{EventName: t.Name, EventDate: t.StartDate}, Divisions: []feedDivision{}}
	for i, div := range divs {
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			return nil, err
		}
		fd := st.feedDivision(&s.feeds, tournamentID)
		newt.Divisions = append(newt.Divisions, fd)
		newt.Config.MaxRounds = max(newt.Config.MaxRounds, st.cfg.Rounds, fd.MaxR+1)
		if st.d.TrackFirsts {
			newt.Config.TrackFirsts = 1
		}
		if i == 0 {
			newt.Config.RatingSystem = string(st.ratingSystem())
			newt.Config.Realm = string(st.cfg.Realm)
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
	fd := feedDivision{Name: tshDivisionName(d.Name), MaxR: rounds - 1, Classes: st.classCount(),
		Players: make([]*feedPlayer, len(st.players)+1)}
	sys := st.ratingSystem()
	rules, rated := sys.Rules()
	h := newFeedDigest()
	h.str(fd.Name)
	h.str(string(sys))
	settings, _ := json.Marshal(st.settings)
	h.str(st.t.Variant)
	h.str(string(settings))
	for i, p := range d.Players() {
		fp := &feedPlayer{ID: p.ID, Name: st.players[i].Name, Rating: p.Rating,
			Pairings: make([]int, rounds), Scores: make([]int, 0, rounds),
			Etc: feedEtc{Board: make([]int, rounds), P12: make([]int, rounds), RRank: make([]int, rounds)}}
		if rated {
			fp.Etc.Newr = make([]int, rounds)
		}
		if c := st.classOf(p.ID); c != "" {
			fp.Etc.Class = []string{c}
		}
		if p.Withdrawn {
			fp.Etc.Off = []int{p.UnplayedSpread}
		}
		fd.Players[p.ID] = fp
		h.ints(p.Rating, b2i(p.Withdrawn), p.UnplayedSpread)
	}
	for round := 1; round <= rounds; round++ {
		st.feedRound(fd.Players, round, h)
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
			fp.Etc.RRank[round-1] = m.rrank[id]
			if rated && m.newr != nil {
				fp.Etc.Newr[round-1] = m.newr[id]
			}
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
//
// Everything it reads goes into h, which then stands for the division up
// to this round.
func (st *divState) feedRound(players []*feedPlayer, round int, h *feedDigest) {
	d := st.d
	r := round - 1
	for _, pr := range d.Pairings(round) {
		if pr.Group != nil { // a table of three or four: no tsh pairing
			for _, id := range pr.Group {
				players[id].Etc.Board[r] = pr.Table
				h.ints(pr.Table, id)
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
		h.ints(pr.Table, pr.Player, pr.Opponent, pr.First)
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
		h.ints(id, res.Score, res.OppScore, b2i(res.Forfeit), int(res.TieBreak), res.Opponent, len(res.Group))
		h.ints(res.GroupScores...)
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
