package api

import (
	"fmt"
	"math"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"tourney/service"
)

// statsGame is a result the test entered (or recorded turn by turn), as
// the test itself keeps it: the statistics are checked against straight
// loops over these, not against the code under test.
type statsGame struct {
	div          string
	round, table int
	a, b         string // a is first when first is set
	sa, sb       int
	first        string // who started; "" not known
	kind         string // game (""), bye (a), forfeit (a forfeits to b)
}

// statsEvent is an event of two divisions: byes, a forfeit in each, a
// tie, and two games recorded turn by turn (dougVEmely, with its two
// bingos and a play withdrawn, and a short game whose phony is
// challenged off and which the director ends on time).
type statsEvent struct {
	*event
	divs    map[string]int64
	div     map[string]string // player → division
	ratings map[string]int
	games   []statsGame
}

func newStatsEvent(t *testing.T) *statsEvent {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Stats Open", "variant": "naspa"}), http.StatusCreated)
	e := &statsEvent{event: &event{testServer: ts, t: t, tournament: tour.ID, ids: map[string]int64{}},
		divs: map[string]int64{}, div: map[string]string{}, ratings: map[string]int{}}
	players := map[string][]string{"A": {"Doug", "Emely", "Ann", "Bob", "Cat"}, "B": {"Dan", "Eve", "Fay", "Gus"}}
	ratings := map[string]int{"Doug": 1800, "Emely": 1700, "Ann": 1600, "Bob": 1600, "Cat": 1500,
		"Dan": 1900, "Eve": 1850, "Fay": 0, "Gus": 1850}
	for _, d := range []string{"A", "B"} {
		div := must[service.Division](t, ts.post(e.path("/divisions"), ts.Director, map[string]any{"name": d}), http.StatusCreated)
		e.divs[d] = div.ID
		for _, name := range players[d] {
			p := must[service.Player](t, ts.post(e.path("/players"), ts.Director,
				map[string]any{"name": name, "rating": ratings[name], "division_id": div.ID}), http.StatusCreated)
			e.ids[name], e.div[name], e.ratings[name] = p.ID, d, ratings[name]
		}
	}
	return e
}

// result enters a game (first may be ""), a bye or a forfeit.
func (e *statsEvent) result(g statsGame) {
	e.t.Helper()
	in := map[string]any{"round": g.round}
	switch g.kind {
	case "bye":
		in["kind"], in["players"] = "bye", []int64{e.ids[g.a]}
	case "forfeit":
		in["kind"], in["players"] = "forfeit", []int64{e.ids[g.a], e.ids[g.b]}
	default:
		in["players"], in["scores"] = []int64{e.ids[g.a], e.ids[g.b]}, []int{g.sa, g.sb}
		if g.first != "" {
			in["first"] = e.ids[g.first]
		}
	}
	must[service.RoundResult](e.t, e.post(e.path("/results"), e.Director, in), http.StatusCreated)
	g.div = e.div[g.a]
	e.games = append(e.games, g)
}

// recorded pairs a game at a table (a in seat 1) and returns its id.
func (e *statsEvent) recorded(round, table int, a, b string) int64 {
	e.t.Helper()
	g := must[service.Game](e.t, e.post(e.path("/games"), e.Director,
		map[string]any{"round": round, "table": table, "players": []int64{e.ids[a], e.ids[b]}}), http.StatusCreated)
	return g.ID
}

func (e *statsEvent) turn(game int64, in turn) {
	e.t.Helper()
	must[service.TurnResult](e.t, e.post(gpath(game, "/turns"), e.Director, in), http.StatusCreated)
}

// build enters the whole event; recorded plays are returned as the test
// knows them: seat's player, move, score, withdrawn.
func (e *statsEvent) build() (plays []statsPlay, turns int, challenges, upheld int) {
	t := e.t
	// Division A, round 1: Doug v Emely turn by turn, Ann and Bob tie, Cat's bye.
	g1 := e.recorded(1, 1, "Doug", "Emely")
	for i, tc := range dougVEmely {
		e.turn(g1, turn{Turn: i + 1, Player: tc.seat, Kind: tc.kind, Move: tc.move, Rack: tc.rack})
		who := "Doug"
		if tc.seat == 2 {
			who = "Emely"
		}
		if tc.kind == "withdraw" {
			plays[len(plays)-1].withdrawn = true
			challenges++
			upheld++
			continue
		}
		plays = append(plays, statsPlay{round: 1, table: 1, name: who, move: tc.move, score: tc.score})
		turns++
	}
	e.turn(g1, turn{Turn: len(dougVEmely) + 1, Player: 1, Move: "-"}) // accepts Emely's going out: not a turn
	e.games = append(e.games, statsGame{div: "A", round: 1, table: 1, a: "Doug", b: "Emely", sa: 451, sb: 345, first: "Doug"})
	e.result(statsGame{round: 1, a: "Ann", b: "Bob", sa: 400, sb: 400, first: "Bob"})
	e.result(statsGame{round: 1, a: "Cat", kind: "bye"})

	// Round 2: Emely v Ann turn by turn: Ann's GALE is challenged off, the
	// director ends the game on time (32-0). Doug v Cat, Bob's bye.
	g2 := e.recorded(2, 1, "Emely", "Ann")
	e.turn(g2, turn{Turn: 1, Player: 1, Move: "8D WINDY", Rack: "DINNVWY"})
	e.turn(g2, turn{Turn: 2, Player: 2, Move: "7C GALE", Rack: "ADEEGIL"})
	must[service.ChallengeResult](t, e.post(gpath(g2, "/challenges"), e.Director,
		map[string]any{"turn": 2, "challenger": 1, "verdict": "unacceptable", "reason": "GALE ruled a phony"}), http.StatusCreated)
	must[service.GameView](t, e.post(gpath(g2, "/end"), e.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusOK)
	plays = append(plays, statsPlay{round: 2, table: 1, name: "Emely", move: "8D WINDY", score: 32},
		statsPlay{round: 2, table: 1, name: "Ann", move: "7C GALE", score: 16, withdrawn: true})
	turns += 2
	challenges++
	upheld++
	e.games = append(e.games, statsGame{div: "A", round: 2, table: 1, a: "Emely", b: "Ann", sa: 32, sb: 0, first: "Emely"})
	e.result(statsGame{round: 2, a: "Doug", b: "Cat", sa: 350, sb: 420, first: "Cat"})
	e.result(statsGame{round: 2, a: "Bob", kind: "bye"})

	// Round 3: Bob forfeits to Doug; Emely v Cat; Ann's bye.
	e.result(statsGame{round: 3, a: "Bob", b: "Doug", kind: "forfeit"})
	e.result(statsGame{round: 3, a: "Emely", b: "Cat", sa: 380, sb: 391, first: "Emely"})
	e.result(statsGame{round: 3, a: "Ann", kind: "bye"})

	// Division B: two rounds, one start not known, a forfeit, an unrated player.
	e.result(statsGame{round: 1, a: "Eve", b: "Dan", sa: 300, sb: 500, first: "Eve"})
	e.result(statsGame{round: 1, a: "Fay", b: "Gus", sa: 350, sb: 360, first: "Fay"})
	e.result(statsGame{round: 2, a: "Dan", b: "Gus", sa: 410, sb: 411})
	e.result(statsGame{round: 2, a: "Fay", b: "Eve", kind: "forfeit"})
	return plays, turns, challenges, upheld
}

// statsPlay is a recorded play as the test entered it.
type statsPlay struct {
	round, table int
	name, move   string
	score        int
	withdrawn    bool
}

// tilesPlaced counts a move's tiles from its notation: the letters of
// its word, through letters ('.') left out.
func tilesPlaced(move string) int {
	f := strings.Fields(move)
	if len(f) != 2 {
		return 0
	}
	return len(f[1]) - strings.Count(f[1], ".")
}

// expectStats is the independent computation: straight loops over the
// games the test entered.
func (e *statsEvent) expectStats(div string, players int) map[string]any {
	want := map[string]any{"players": players}
	games, ties, byes, forfeits, scores, win, lose, decided := 0, 0, 0, 0, 0, 0, 0, 0
	firstGames, firstWins, ratedGames, ratedWins := 0, 0.0, 0, 0.0
	var highWins, highLosses, highCombined []string
	for _, g := range e.games {
		if g.div != div {
			continue
		}
		switch g.kind {
		case "bye":
			byes++
			continue
		case "forfeit":
			forfeits++
			continue
		}
		games++
		scores += g.sa + g.sb
		highCombined = append(highCombined, fmt.Sprintf("%04d r%d", g.sa+g.sb, g.round))
		// score of a against b: 1 win, 0.5 tie, 0 loss
		var aWon float64
		switch {
		case g.sa == g.sb:
			ties++
			aWon = 0.5
		case g.sa > g.sb:
			decided++
			win, lose, aWon = win+g.sa, lose+g.sb, 1
			highWins = append(highWins, fmt.Sprintf("%04d r%d %s", g.sa, g.round, g.a))
			highLosses = append(highLosses, fmt.Sprintf("%04d r%d %s", g.sb, g.round, g.b))
		default:
			decided++
			win, lose = win+g.sb, lose+g.sa
			highWins = append(highWins, fmt.Sprintf("%04d r%d %s", g.sb, g.round, g.b))
			highLosses = append(highLosses, fmt.Sprintf("%04d r%d %s", g.sa, g.round, g.a))
		}
		switch g.first {
		case g.a:
			firstGames++
			firstWins += aWon
		case g.b:
			firstGames++
			firstWins += 1 - aWon
		}
		ra, rb := e.ratings[g.a], e.ratings[g.b]
		if ra > 0 && rb > 0 && ra != rb {
			ratedGames++
			if ra > rb {
				ratedWins += aWon
			} else {
				ratedWins += 1 - aWon
			}
		}
	}
	for _, l := range [][]string{highWins, highLosses, highCombined} {
		slices.Sort(l)
		slices.Reverse(l)
	}
	want["games"], want["ties"], want["byes"], want["forfeits"] = games, ties, byes, forfeits
	want["average_score"] = float64(scores) / float64(2*games)
	want["average_winning_score"] = float64(win) / float64(decided)
	want["average_losing_score"] = float64(lose) / float64(decided)
	want["first_player_games"], want["first_player_win_pct"] = firstGames, 100*firstWins/float64(firstGames)
	want["higher_rated_games"], want["higher_rated_win_pct"] = ratedGames, 100*ratedWins/float64(ratedGames)
	want["high_wins"], want["high_losses"], want["high_combined"] = highWins, highLosses, highCombined
	return want
}

// gotStats puts a division's statistics in the shape of expectStats.
func gotStats(d service.DivisionStats) map[string]any {
	f := func(p *float64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	list := func(gs []service.GameStat, combined bool) []string {
		var out []string
		for _, g := range gs {
			if combined {
				out = append(out, fmt.Sprintf("%04d r%d", g.Value, g.Round))
			} else {
				out = append(out, fmt.Sprintf("%04d r%d %s", g.Value, g.Round, g.Players[0].Name))
			}
		}
		return out
	}
	return map[string]any{"players": d.Players, "games": d.Games, "ties": d.Ties, "byes": d.Byes, "forfeits": d.Forfeits,
		"average_score": f(d.AverageScore), "average_winning_score": f(d.AverageWinningScore), "average_losing_score": f(d.AverageLosingScore),
		"first_player_games": d.FirstPlayerGames, "first_player_win_pct": f(d.FirstPlayerWinPct),
		"higher_rated_games": d.HigherRatedGames, "higher_rated_win_pct": f(d.HigherRatedWinPct),
		"high_wins": list(d.HighWins, false), "high_losses": list(d.HighLosses, false), "high_combined": list(d.HighCombined, true)}
}

func compareStats(t *testing.T, div string, got, want map[string]any) {
	t.Helper()
	for k, w := range want {
		g := got[k]
		if wf, ok := w.(float64); ok {
			if gf, ok := g.(float64); !ok || math.Abs(gf-wf) > 0.005 {
				t.Errorf("division %s %s = %v, want %.4f", div, k, g, wf)
			}
			continue
		}
		if fmt.Sprint(g) != fmt.Sprint(w) {
			t.Errorf("division %s %s = %v, want %v", div, k, g, w)
		}
	}
}

func TestStats(t *testing.T) {
	e := newStatsEvent(t)
	plays, turns, challenges, upheld := e.build()

	v := must[service.StatsView](t, e.get(e.path("/stats"), ""), http.StatusOK)
	if v.TournamentID != e.tournament || v.Tournament != "Stats Open" || len(v.Divisions) != 2 {
		t.Fatalf("view %+v", v)
	}
	for i, div := range []string{"A", "B"} {
		d := v.Divisions[i]
		if d.Name != div || d.DivisionID == nil || *d.DivisionID != e.divs[div] {
			t.Fatalf("division %d: %q %v", i, d.Name, d.DivisionID)
		}
		players := map[string]int{"A": 5, "B": 4}[div]
		compareStats(t, div, gotStats(d), e.expectStats(div, players))
	}
	// The figures that must come out as they do, whatever the loops say.
	a, b := v.Divisions[0], v.Divisions[1]
	if a.Games != 5 || a.Ties != 1 || a.Byes != 3 || a.Forfeits != 1 || b.Games != 3 || b.Forfeits != 1 || b.Byes != 0 {
		t.Errorf("counts A %d/%d/%d/%d B %d/%d/%d", a.Games, a.Ties, a.Byes, a.Forfeits, b.Games, b.Forfeits, b.Byes)
	}
	if b.FirstPlayerGames != 2 || b.HigherRatedGames != 2 { // Dan-Gus: start not known; Fay unrated
		t.Errorf("B: first-player games %d, higher-rated games %d", b.FirstPlayerGames, b.HigherRatedGames)
	}
	if hw := a.HighWins[0]; hw.Value != 451 || hw.Round != 1 || hw.Table != 1 || hw.Players[0].Name != "Doug" || hw.Players[1].Score != 345 {
		t.Errorf("highest win %+v", hw)
	}

	// Recorded games: independent loops over the plays the test entered.
	wantBingos, points, stood := 0, 0, []statsPlay{}
	for _, p := range plays {
		if p.withdrawn {
			continue
		}
		points += p.score
		stood = append(stood, p)
		if tilesPlaced(p.move) == 7 {
			wantBingos++
		}
	}
	slices.SortStableFunc(stood, func(x, y statsPlay) int { return y.score - x.score })
	if a.RecordedGames != 2 || a.Bingos != wantBingos || wantBingos != 2 || a.Turns != turns ||
		a.Challenges != challenges || a.ChallengesUpheld != upheld || a.ChallengesUpheld != 2 {
		t.Errorf("recorded: games %d bingos %d (want %d) turns %d (want %d) challenges %d/%d (want %d/%d)",
			a.RecordedGames, a.Bingos, wantBingos, a.Turns, turns, a.Challenges, a.ChallengesUpheld, challenges, upheld)
	}
	if a.BingosPerGame == nil || *a.BingosPerGame != 1 || a.AverageTurnScore == nil || math.Abs(*a.AverageTurnScore-float64(points)/float64(turns)) > 0.005 {
		t.Errorf("bingos per game %v, average turn %v; want 1, %.2f", a.BingosPerGame, a.AverageTurnScore, float64(points)/float64(turns))
	}
	if len(a.HighPlays) != 10 {
		t.Fatalf("%d high plays", len(a.HighPlays))
	}
	for i, p := range a.HighPlays {
		w := stood[i]
		if p.Score != w.score || p.Move != w.move || p.Name != w.name || p.Round != w.round || p.Table != w.table || p.Bingo != (tilesPlaced(w.move) == 7) {
			t.Errorf("high play %d: %+v, want %+v", i+1, p, w)
		}
	}
	if top := a.HighPlays[0]; top.Word != "DONATES" || !top.Bingo || top.PlayerID != e.ids["Doug"] {
		t.Errorf("highest play %+v", top)
	}
	if b.RecordedGames != 0 || b.BingosPerGame != nil || b.AverageTurnScore != nil || len(b.HighPlays) != 0 {
		t.Errorf("B has no recorded games: %+v", b.TurnStats)
	}

	// One division; a division of another event, bad ids.
	one := must[service.StatsView](t, e.get(e.path(fmt.Sprintf("/stats?division=%d", e.divs["B"])), ""), http.StatusOK)
	if len(one.Divisions) != 1 || one.Divisions[0].Name != "B" || fmt.Sprint(gotStats(one.Divisions[0])) != fmt.Sprint(gotStats(b)) {
		t.Errorf("?division=B: %+v", one.Divisions)
	}
	wantProblem(t, e.get(e.path("/stats?division=999"), ""), http.StatusNotFound, "unknown-division")
	wantProblem(t, e.get(e.path("/stats?division=x"), ""), http.StatusBadRequest, "bad-query")
	wantProblem(t, e.get("/api/v1/tournaments/999/stats", ""), http.StatusNotFound, "not-found")

	// The same numbers as the standings: points and games per division.
	for _, d := range v.Divisions {
		rows := must[[]service.StandingRow](t, e.get(e.path(fmt.Sprintf("/standings?division=%d", *d.DivisionID)), ""), http.StatusOK)
		played := 0
		for _, r := range rows {
			played += r.Played
		}
		if played != 2*d.Games {
			t.Errorf("division %s: standings count %d player-games, stats %d games", d.Name, played, d.Games)
		}
	}
}

// TestStatsPDF: the printed sheet says what the JSON says, and where
// the recorded figures come from.
func TestStatsPDF(t *testing.T) {
	e := newStatsEvent(t)
	e.build()
	r := e.get(e.path("/stats.pdf"), "")
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("status %d %s: %.200s", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	text := pdfText(t, r.Body)
	for _, want := range []string{"STATISTICS", "Stats Open", "A · after round 3", "B · after round 2",
		"From the 2 games recorded turn by turn", "No game recorded turn by turn", "70.0% of 5 games",
		"Highest winning scores", "451", "Highest plays", "DONATES (bingo)", "10B DONATES",
		"First player won", "page 1 of", "come only from the 2 games recorded turn by turn"} {
		if !strings.Contains(text, want) {
			t.Errorf("stats.pdf lacks %q:\n%s", want, text)
		}
	}
	wantProblem(t, e.get(e.path("/stats.pdf?paper=A0"), ""), http.StatusBadRequest, "bad-paper")
	letter := e.get(e.path("/stats.pdf?paper=letter"), "")
	if letter.Status != http.StatusOK {
		t.Fatalf("letter: %d", letter.Status)
	}
	if out := os.Getenv("STATS_PDF_OUT"); out != "" { // to look at it: pdftoppm -png -r 60
		if err := os.WriteFile(out, r.Body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStatsWordChumsBingo: Word Chums gives bonuses for five, six and
// seven tiles; only the full rack's is a bingo. A tournament without
// divisions is one block without a division id.
func TestStatsWordChumsBingo(t *testing.T) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director,
		map[string]any{"name": "Chums Open", "variant": "wordchums", "lexicon": ""}), http.StatusCreated)
	e := &event{testServer: ts, t: t, tournament: tour.ID, ids: map[string]int64{}}
	for _, name := range []string{"Ann", "Bob"} {
		e.ids[name] = must[service.Player](t, ts.post(e.path("/players"), ts.Director, map[string]any{"name": name}), http.StatusCreated).ID
	}
	g := must[service.Game](t, e.post(e.path("/games"), e.Director,
		map[string]any{"round": 1, "table": 1, "players": []int64{e.ids["Ann"], e.ids["Bob"]}}), http.StatusCreated).ID
	seven := must[service.TurnResult](t, e.post(gpath(g, "/turns"), e.Director, turn{Turn: 1, Player: 1, Move: "8D STRANGE"}), http.StatusCreated)
	five := must[service.TurnResult](t, e.post(gpath(g, "/turns"), e.Director, turn{Turn: 2, Player: 2, Move: "D8 .TONES"}), http.StatusCreated)
	if seven.Breakdown == nil || seven.Breakdown.TilesPlaced != 7 || seven.Breakdown.Bingo == 0 ||
		five.Breakdown == nil || five.Breakdown.TilesPlaced != 5 || five.Breakdown.Bingo == 0 {
		t.Fatalf("the engine's bonuses: %+v / %+v", seven.Breakdown, five.Breakdown)
	}
	must[service.GameView](t, e.post(gpath(g, "/end"), e.Director, map[string]any{"how": "time", "reason": "time"}), http.StatusOK)

	v := must[service.StatsView](t, e.get(e.path("/stats"), ""), http.StatusOK)
	if len(v.Divisions) != 1 {
		t.Fatalf("%d blocks", len(v.Divisions))
	}
	d := v.Divisions[0]
	if d.DivisionID != nil || d.Name != "" || d.Players != 2 || d.Games != 1 || d.RecordedGames != 1 || d.Bingos != 1 || d.Turns != 2 {
		t.Fatalf("division %v %q players %d games %d recorded %d bingos %d turns %d", d.DivisionID, d.Name, d.Players, d.Games, d.RecordedGames, d.Bingos, d.Turns)
	}
	if len(d.HighPlays) != 2 {
		t.Fatalf("plays %+v", d.HighPlays)
	}
	for _, p := range d.HighPlays {
		if want := p.Word == "STRANGE"; p.Bingo != want || (p.Word != "STRANGE" && p.Word != "STONES") {
			t.Errorf("play %+v: bingo %v, want %v", p, p.Bingo, want)
		}
	}
	if r := e.get(e.path("/stats.pdf"), ""); r.Status != http.StatusOK || !strings.Contains(pdfText(t, r.Body), "From the 1 game recorded turn by turn") {
		t.Errorf("stats.pdf: %d", r.Status)
	}
}
