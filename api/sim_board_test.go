package api

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"tourney/gcg"
	"tourney/scoring"
	"tourney/service"
)

// The simulator's checks of what a recorded game shows: the board (tiles
// played through stay after a phony is taken off), the turn numbers
// people read, the GCG export, and the pairing reasons in seat order.

// simBoard is the board the model's plays leave: 15 rows of 15, '.'
// for an empty square, a blank's letter in lower case.
func simBoard(steps []simStep) []string {
	var b [15][15]byte
	for i := range b {
		for j := range b[i] {
			b[i][j] = '.'
		}
	}
	for _, st := range steps {
		if st.phony || st.exchange || st.pass {
			continue
		}
		pos, word, _ := strings.Cut(st.move, " ")
		var row, col int
		across := pos[0] >= '0' && pos[0] <= '9'
		if across {
			i := strings.IndexFunc(pos, func(r rune) bool { return r >= 'A' && r <= 'Z' })
			row, _ = strconv.Atoi(pos[:i])
			col = int(pos[i]-'A') + 1
		} else {
			col = int(pos[0]-'A') + 1
			row, _ = strconv.Atoi(pos[1:])
		}
		for k := range len(word) {
			r, c := row-1, col-1+k
			if !across {
				r, c = row-1+k, col-1
			}
			if word[k] != '.' {
				b[r][c] = word[k]
			}
		}
	}
	out := make([]string, 15)
	for i := range b {
		out[i] = string(b[i][:])
	}
	return out
}

// modelSteps are the plays the model holds a recorded game to (the
// imported record's are dougScript's, played out).
func (g *simGame) modelSteps() []simStep {
	if g.script == nil {
		return dougScript()
	}
	return g.script.steps[:g.script.stop]
}

// sameBoard compares boards letter by letter, a blank's case aside.
func sameBoard(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

// checkRecord: a recorded game's board is the model's plays' (game view
// and, in its round, the live boards), and its GCG export replays to the
// official finals.
func (w *simWorld) checkRecord(g *simGame, live map[int64]service.LiveTable) {
	w.t.Helper()
	if !g.done || !g.record {
		return
	}
	want := simBoard(g.modelSteps())
	if v := w.view(g); !sameBoard(v.Board, want) {
		w.fail("board", "%s: the game view's board\n%s\nthe model's\n%s", g, strings.Join(v.Board, "\n"), strings.Join(want, "\n"))
	}
	if lt, ok := live[g.id]; ok && !sameBoard(lt.Board, want) {
		w.fail("board", "%s: the live board\n%s\nthe model's\n%s", g, strings.Join(lt.Board, "\n"), strings.Join(want, "\n"))
	}
	r := w.get(gpath(g.id, "/export.gcg"), w.Director)
	rec, err := gcg.Read(r.Body)
	if r.Status != http.StatusOK || err != nil {
		w.fail("gcg-export", "%s: export.gcg %d %v:\n%s", g, r.Status, err, r.Body)
		return
	}
	v, _ := scoring.LookupVariant("naspa")
	rep := gcg.Check(rec, v)
	if !slices.Equal(rep.Result.Final, g.scores[:]) {
		w.fail("gcg-export", "%s: export.gcg replays to %v (%v):\n%s", g, rep.Result.Final, rep.Problems, r.Body)
	}
}

// playNumber is the number people read for the model's play of a move:
// plays, exchanges and passes counted, holds and challenges not.
func playNumber(steps []simStep, move string) int {
	return slices.IndexFunc(steps, func(s simStep) bool { return s.move == move }) + 1
}

// publishedBoard reads the board of a published game page.
var boardCellRE = regexp.MustCompile(`<td(?: class="tile")?>([^<]*)</td>`)

func publishedBoard(page []byte) []string {
	s := string(page)
	i := strings.Index(s, `<table class="board">`)
	if i < 0 {
		return nil
	}
	s = s[i:]
	if j := strings.Index(s, "</table>"); j >= 0 {
		s = s[:j]
	}
	var rows []string
	for _, tr := range strings.Split(s, "<tr>")[2:] {
		var row strings.Builder
		for _, m := range boardCellRE.FindAllStringSubmatch(tr, -1) {
			if c := strings.TrimSpace(m[1]); c != "" {
				row.WriteString(c)
			} else {
				row.WriteByte('.')
			}
		}
		rows = append(rows, row.String())
	}
	return rows
}

// reasonRecords are the records a pairing reason names, in its order.
var reasonRecordRE = regexp.MustCompile(`\((\d+(?:\.5)?)-(\d+(?:\.5)?)\)`)

// checkReason: a Swiss reason's records are the seats' records, seat 1's
// first.
func (w *simWorld) checkReason(g *simGame, reason string, recs map[int64]*simRecord) {
	ms := reasonRecordRE.FindAllStringSubmatch(reason, -1)
	if len(ms) != 2 {
		return
	}
	for i, m := range ms {
		x := recs[g.seats[i].id]
		wins, _ := strconv.ParseFloat(m[1], 64)
		losses, _ := strconv.ParseFloat(m[2], 64)
		if x == nil || wins != x.wins || losses != x.losses {
			w.fail("pairing-reasons", "%s: reason %q; the seats' records are %s %g-%g and %s %g-%g", g, reason,
				g.seats[0].name, recs[g.seats[0].id].wins, recs[g.seats[0].id].losses, g.seats[1].name, recs[g.seats[1].id].wins, recs[g.seats[1].id].losses)
			return
		}
	}
}

// checkPairingsKinds: in every round's pairings JSON, a bye is the
// model's bye; a withdrawn player's or late entrant's round is never
// bye: true.
func (w *simWorld) checkPairingsKinds(d *simDiv) {
	for round := 1; round <= d.paired; round++ {
		rp := must[service.RoundPairings](w.t, w.getOK(w.dpath(fmt.Sprintf("/rounds/%d/pairings", round), d), ""), http.StatusOK)
		for _, p := range rp.Pairings {
			if !p.Bye || len(p.Players) != 1 {
				continue
			}
			if !slices.ContainsFunc(d.unopposed, func(u *simUnopposed) bool {
				return u.round == round && u.player.id == p.Players[0].ID && u.kind == "bye"
			}) {
				w.fail("withdrawn-as-bye", "%s round %d: %s is bye: true in the pairings JSON (%q), not a bye in the model", d.name, round, p.Players[0].Name, p.Reason)
			}
		}
	}
}
