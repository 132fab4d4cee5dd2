package standings

import (
	"fmt"
	"strings"
)

// GibsonReport says whether the leader after a round has clinched first
// place: whether anyone could still catch them in wins and spread if the
// leader lost every remaining game by the maximum spread and the chaser
// won every one by it (tsh's gibson_spread per game, capped by any spread
// cap). Withdrawn players can only gain what their unplayed rounds give
// them.
type GibsonReport struct {
	Through    int // results counted: rounds 1..Through
	RoundsLeft int
	MaxSpread  int // per game, as assumed
	Leader     int // 0 when there is nobody
	Clinched   bool
	// Contenders are the players other than the leader who can still
	// finish within the prize places.
	Contenders []int
	Reason     string
}

// Gibson reports on the standings after round through.
func (d *Division) Gibson(through int) GibsonReport {
	rep := GibsonReport{Through: through, MaxSpread: d.cfg.Gibson.SpreadPerRound}
	rows := d.Standings(through)
	if len(rows) == 0 {
		rep.Reason = "no players"
		return rep
	}
	leader := rows[0]
	rep.Leader = leader.Player
	if d.cfg.Rounds == 0 {
		rep.Reason = "the number of rounds is not set, so nobody can be known to have clinched"
		return rep
	}
	rep.RoundsLeft = max(0, d.cfg.Rounds-through)
	if c := d.cfg.spreadCap(through + 1); c > 0 {
		rep.MaxSpread = min(rep.MaxSpread, c)
	}
	if leader.Withdrawn {
		rep.Reason = leader.Name + " leads but has withdrawn"
		return rep
	}
	var catchers []string
	for _, r := range rows[1:] {
		if d.canCatch(r, leader, rep.RoundsLeft, rep.MaxSpread) {
			catchers = append(catchers, r.Name)
		}
	}
	places := max(1, d.cfg.Gibson.PrizePlaces)
	target := rows[min(places, len(rows))-1]
	for i, r := range rows[1:] {
		if i+1 < places || d.canCatch(r, target, rep.RoundsLeft, rep.MaxSpread) {
			rep.Contenders = append(rep.Contenders, r.Player)
		}
	}
	if len(catchers) == 0 {
		rep.Clinched = true
		rep.Reason = fmt.Sprintf("%s has clinched first place: with %d round(s) left nobody can catch up, even winning every game by %d",
			leader.Name, rep.RoundsLeft, rep.MaxSpread)
		return rep
	}
	more := ""
	if len(catchers) > 3 {
		more = fmt.Sprintf(" and %d more", len(catchers)-3)
		catchers = catchers[:3]
	}
	rep.Reason = fmt.Sprintf("%s leads, but %s%s can still catch up", leader.Name, strings.Join(catchers, ", "), more)
	return rep
}

// canCatch: could chaser finish level with or ahead of target in wins,
// then spread, over the remaining rounds?
func (d *Division) canCatch(chaser, target Row, left, maxSpread int) bool {
	cw, cs := d.bestCase(chaser, left, maxSpread)
	tw, ts := target.winsHalf, target.Spread-left*maxSpread
	if target.Withdrawn {
		tw, ts = d.bestCase(target, left, maxSpread)
	}
	return cw > tw || (cw == tw && cs >= ts)
}

// bestCase is the most wins (in halves) and spread a player can end with.
func (d *Division) bestCase(r Row, left, maxSpread int) (winsHalf, spread int) {
	if !r.Withdrawn {
		return r.winsHalf + 2*left, r.Spread + left*maxSpread
	}
	u := d.players[r.Player-1].UnplayedSpread
	winsHalf = r.winsHalf
	if u > 0 {
		winsHalf += 2 * left
	}
	return winsHalf, r.Spread + left*u
}

// bestRank is the best final rank chaser can still reach among rows (the
// players still in): one more than the number of players it cannot catch
// (canCatch), each of them losing every remaining game by maxSpread while
// chaser wins every one. tsh's MaxRank (TSH::PairingCommand::CalculateBPFs)
// also makes the players above meet one another, some of whom must win;
// this bound does not, so it is never worse than tsh's.
func (d *Division) bestRank(chaser Row, rows []Row, left, maxSpread int) int {
	rank := 1
	for _, r := range rows {
		if r.Player != chaser.Player && !r.Withdrawn && !d.canCatch(chaser, r, left, maxSpread) {
			rank++
		}
	}
	return rank
}
