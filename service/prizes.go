package service

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// The prize table: what the director awards at the end of the event, in
// ceremony order, kept in the tournament's settings under "prizes" (a
// tournament PATCH that replaces the settings replaces it too). Winners
// are computed on every read from the division's standings and results
// (loadDivision), the one place every other view reads them from.

// Prize types.
const (
	PrizeRank             = "rank"       // place N in the division
	PrizeClassRank        = "class-rank" // place N among the class
	PrizeHighWin          = "high-win"
	PrizeHighLoss         = "high-loss"
	PrizeLowWin           = "low-win"
	PrizeLowLoss          = "low-loss"
	PrizeHighCombined     = "high-combined"
	PrizeUpset            = "upset"
	PrizeBRLH             = "brlh" // best record in the lower half by seed
	PrizeOverseed         = "overseed"
	PrizeHighRatingChange = "high-rating-change"
	PrizeRoundRecord      = "round-record"
	PrizeSignup           = "signup" // the director names the winner
	PrizeHighPlay         = "high-play"
	PrizeBestBingo        = "best-bingo"
	PrizeMostBingos       = "most-bingos"
)

// prizeTypes are the known types; true for those that come from games
// recorded turn by turn.
var prizeTypes = map[string]bool{
	PrizeRank: false, PrizeClassRank: false, PrizeHighWin: false, PrizeHighLoss: false, PrizeLowWin: false,
	PrizeLowLoss: false, PrizeHighCombined: false, PrizeUpset: false, PrizeBRLH: false, PrizeOverseed: false,
	PrizeHighRatingChange: false, PrizeRoundRecord: false, PrizeSignup: false,
	PrizeHighPlay: true, PrizeBestBingo: true, PrizeMostBingos: true,
}

// MaxPrizes bounds a prize table.
const MaxPrizes = 500

// prizesSetting is the tournament settings' key of the prize table.
const prizesSetting = "prizes"

// Prize is one line of the prize table as the director sets it. Place
// is 1 when not given (rank and class-rank need it); Class names the
// class of a class-rank prize; First and Last the rounds of a
// round-record prize. Exclusive overrides the default: rank and
// class-rank prizes are exclusive as a group (a player who already holds
// one is passed over), the others are not. Winners are a signup prize's
// winners, named by the director (player ids); every other prize's are
// computed.
type Prize struct {
	Type       string  `json:"type"`
	Place      int     `json:"place,omitempty"`
	Class      string  `json:"class,omitempty"`
	DivisionID *int64  `json:"division_id,omitempty"`
	Label      string  `json:"label,omitempty"`
	First      int     `json:"first,omitempty"`
	Last       int     `json:"last,omitempty"`
	Exclusive  *bool   `json:"exclusive,omitempty"`
	Winners    []int64 `json:"winners,omitempty"`
}

// PrizeInput is one prize as PUT: a Prize, where a signup prize's
// winners may be ids or {"player_id": id} objects (as GET gives them) or
// one "player_id"; the computed fields a GET adds (and the winners of
// every other type) are accepted and ignored, so that a table read can
// be written back.
type PrizeInput struct {
	Prize
	Winners           []winnerRef     `json:"winners,omitempty"`
	PlayerID          *int64          `json:"player_id,omitempty"`
	Value             json.RawMessage `json:"value,omitempty"`
	Round             json.RawMessage `json:"round,omitempty"`
	Detail            json.RawMessage `json:"detail,omitempty"`
	Wins              json.RawMessage `json:"wins,omitempty"`
	Spread            json.RawMessage `json:"spread,omitempty"`
	FromRecordedGames json.RawMessage `json:"from_recorded_games,omitempty"`
}

// winnerRef is a player id, bare or as {"player_id": id}.
type winnerRef int64

func (w *winnerRef) UnmarshalJSON(b []byte) error {
	var id int64
	if err := json.Unmarshal(b, &id); err == nil {
		*w = winnerRef(id)
		return nil
	}
	var o struct {
		PlayerID int64 `json:"player_id"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return fmt.Errorf("a winner is a player id or {\"player_id\": id}")
	}
	*w = winnerRef(o.PlayerID)
	return nil
}

// PrizesInput is the whole table, in ceremony order; Reason goes to the
// audit log.
type PrizesInput struct {
	Prizes []PrizeInput `json:"prizes"`
	Reason string       `json:"reason,omitempty"`
	// Provisional, as GET gives it, is accepted and ignored.
	Provisional json.RawMessage `json:"provisional,omitempty"`
}

// PrizesView is the table with its winners (public).
type PrizesView struct {
	// Provisional until every division the table names has played its
	// last round (the rounds planned, else the last paired) to the end.
	Provisional bool          `json:"provisional"`
	Prizes      []PrizeResult `json:"prizes"`
}

// PrizeResult is a prize and who wins it. Winners are several when tied
// (they share it), empty when nobody has won it yet. Value is the score,
// difference or count the prize is for (game prizes, upset, overseed,
// rating change, bingos), Round the game's round; Wins and Spread the
// record of a place or record prize; Detail a play's word.
type PrizeResult struct {
	Prize
	Winners           []PrizeWinner `json:"winners"`
	Value             *int          `json:"value,omitempty"`
	Round             int           `json:"round,omitempty"`
	Wins              *float64      `json:"wins,omitempty"`
	Spread            *int          `json:"spread,omitempty"`
	Detail            string        `json:"detail,omitempty"`
	FromRecordedGames bool          `json:"from_recorded_games,omitempty"`
}

// PrizeWinner is one winner of a prize; Round the round of their game,
// for a game prize.
type PrizeWinner struct {
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Round    int    `json:"round,omitempty"`
}

// exclusive reports whether a prize is in the exclusive group.
func (p *Prize) exclusive() bool {
	if p.Exclusive != nil {
		return *p.Exclusive
	}
	return p.Type == PrizeRank || p.Type == PrizeClassRank
}

// storedPrizes reads a tournament's prize table.
func storedPrizes(t *Tournament) ([]Prize, error) {
	raw, ok := t.Settings[prizesSetting]
	if !ok || raw == nil {
		return []Prize{}, nil
	}
	var ps []Prize
	b, err := json.Marshal(raw)
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		err = dec.Decode(&ps)
	}
	if err != nil {
		return nil, Errorf(KindInvalid, "bad-settings", "the tournament's settings.prizes cannot be read: %v", err)
	}
	return ps, nil
}

// SetPrizes replaces the prize table (director). Every prize is checked
// (checkPrizes) before any is kept; the change is in the audit log.
func (s *Service) SetPrizes(ctx context.Context, a Actor, tournamentID int64, in PrizesInput) (*PrizesView, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if in.Prizes == nil {
		return nil, Errorf(KindInvalid, "missing-prizes", "give the prize table as {\"prizes\": [...]}, in ceremony order")
	}
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		t, err := s.Store.GetTournament(ctx, tournamentID)
		if err != nil {
			return notFound(err, "tournament %d", tournamentID)
		}
		before, err := storedPrizes(t)
		if err != nil {
			before = nil // a table that no longer reads is replaced
		}
		prizes, err := s.checkPrizes(ctx, t, in.Prizes)
		if err != nil {
			return err
		}
		if t.Settings == nil {
			t.Settings = Settings{}
		}
		var stored any
		b, _ := json.Marshal(prizes) // plain fields: always encodes
		_ = json.Unmarshal(b, &stored)
		t.Settings[prizesSetting] = stored
		t.UpdatedAt = s.now()
		if err := s.Store.UpdateTournament(ctx, t); err != nil {
			return err
		}
		return s.auditTournament(ctx, a, tournamentID, "set-prizes", in.Reason,
			map[string]any{"prizes": before}, map[string]any{"prizes": prizes})
	})
	if err != nil {
		return nil, err
	}
	return s.Prizes(ctx, tournamentID)
}

// checkPrizes checks a table as given and returns it as kept: every
// prize with its division, place and winners filled in.
func (s *Service) checkPrizes(ctx context.Context, t *Tournament, in []PrizeInput) ([]Prize, error) {
	if len(in) > MaxPrizes {
		return nil, Errorf(KindInvalid, "too-many-prizes", "a prize table has at most %d prizes, not %d", MaxPrizes, len(in))
	}
	divs, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	players, err := s.Store.ListPlayers(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	out := make([]Prize, 0, len(in))
	for i, pi := range in {
		p := pi.Prize
		p.Type = strings.TrimSpace(p.Type)
		p.Class = strings.TrimSpace(p.Class)
		p.Label = strings.TrimSpace(p.Label)
		bad := func(code, format string, args ...any) error {
			return Errorf(KindInvalid, code, "prize %d: %s", i+1, fmt.Sprintf(format, args...))
		}
		if _, ok := prizeTypes[p.Type]; !ok {
			return nil, bad("bad-prize-type", "%q is not a prize type (rank, class-rank, high-win, high-loss, low-win, low-loss, high-combined, upset, brlh, overseed, high-rating-change, round-record, signup, high-play, best-bingo, most-bingos)", p.Type)
		}
		switch {
		case p.Place < 0, p.Place == 0 && (p.Type == PrizeRank || p.Type == PrizeClassRank):
			return nil, bad("bad-prize-place", "a %s prize needs a place from 1", p.Type)
		case p.Place == 0:
			p.Place = 1
		}
		if p.Type == PrizeClassRank && p.Class == "" {
			return nil, bad("class-required", "a class-rank prize names its class")
		}
		if p.Class != "" {
			c, err := checkClass(p.Class)
			if err != nil {
				return nil, bad("bad-class", "%s", err.(*Error).Msg)
			}
			p.Class = c
		}
		if p.Type == PrizeRoundRecord {
			if p.First < 1 || p.Last < p.First {
				return nil, bad("bad-prize-rounds", "a round-record prize runs from round first to round last (first from 1, not after last), not %d to %d", p.First, p.Last)
			}
		} else if p.First != 0 || p.Last != 0 {
			return nil, bad("bad-prize-rounds", "only a round-record prize has rounds first and last")
		}
		if err := checkLine("the prize's label", p.Label, MaxNameLength); err != nil {
			return nil, err
		}
		switch {
		case p.DivisionID != nil:
			found := false
			for _, d := range divs {
				found = found || d.ID == *p.DivisionID
			}
			if !found {
				return nil, bad("unknown-division", "division %d is not in tournament %d", *p.DivisionID, t.ID)
			}
		case len(divs) == 1:
			p.DivisionID = &divs[0].ID
		case len(divs) > 1:
			return nil, bad("division-required", "the tournament has %d divisions: say which division the prize is for (division_id)", len(divs))
		}
		p.Winners = nil
		for _, w := range pi.Winners {
			p.Winners = append(p.Winners, int64(w))
		}
		if pi.PlayerID != nil {
			p.Winners = append(p.Winners, *pi.PlayerID)
		}
		if p.Type != PrizeSignup {
			p.Winners = nil // computed: what a table read back carries is ignored
		}
		for _, id := range p.Winners {
			ok := false
			for j := range players {
				ok = ok || players[j].ID == id && (p.DivisionID == nil || eqID(players[j].DivisionID, p.DivisionID))
			}
			if !ok {
				return nil, bad("unknown-player", "player %d is not in the prize's division", id)
			}
		}
		out = append(out, p)
	}
	return out, nil
}

// Prizes is the prize table with its winners (public).
func (s *Service) Prizes(ctx context.Context, tournamentID int64) (*PrizesView, error) {
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	prizes, err := storedPrizes(t)
	if err != nil {
		return nil, err
	}
	states, err := s.prizeDivisions(ctx, t, prizes)
	if err != nil {
		return nil, err
	}
	return s.awardPrizes(ctx, prizes, states)
}

// divKey is a division's key in maps by division (the prize table's,
// the live boards' rounds): 0 for no division.
func divKey(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

// prizeDivisions loads the divisions the prizes name (every division
// when there are no prizes yet, for the provisional flag).
func (s *Service) prizeDivisions(ctx context.Context, t *Tournament, prizes []Prize) (map[int64]*divState, error) {
	divs, err := s.Store.ListDivisions(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	want := []*int64{}
	for i := range prizes {
		want = append(want, prizes[i].DivisionID)
	}
	if len(prizes) == 0 {
		want = append(want, nil)
		if len(divs) > 0 {
			want = want[:0]
			for i := range divs {
				want = append(want, &divs[i].ID)
			}
		}
	}
	states := map[int64]*divState{}
	for _, id := range want {
		if states[divKey(id)] != nil {
			continue
		}
		var div *Division
		for i := range divs {
			if id != nil && divs[i].ID == *id {
				div = &divs[i]
			}
		}
		if id != nil && div == nil {
			return nil, Errorf(KindConflict, "unknown-division", "a prize names division %d, which is gone", *id)
		}
		st, err := s.loadDivision(ctx, t, div)
		if err != nil {
			return nil, err
		}
		states[divKey(id)] = st
	}
	return states, nil
}

// awardPrizes awards the prizes in order, each division's from its
// loaded state.
func (s *Service) awardPrizes(ctx context.Context, prizes []Prize, states map[int64]*divState) (*PrizesView, error) {
	view := &PrizesView{Prizes: []PrizeResult{}}
	awards := map[int64]*prizeAwards{}
	for i := range prizes {
		key := divKey(prizes[i].DivisionID)
		aw := awards[key]
		if aw == nil {
			aw = s.newPrizeAwards(ctx, states[key])
			awards[key] = aw
		}
		view.Prizes = append(view.Prizes, aw.award(prizes[i]))
		if aw.err != nil {
			return nil, aw.err
		}
	}
	for _, st := range states {
		view.Provisional = view.Provisional || st.provisional()
	}
	return view, nil
}

// provisional: the division's last round (the rounds planned, else the
// last paired) is not complete yet.
func (st *divState) provisional() bool {
	last := st.cfg.Rounds
	if last == 0 {
		last = st.d.Rounds()
	}
	return last == 0 || st.lastComplete() < last
}
