package api

import (
	"net/http"
	"strings"
	"testing"

	"tourney/service"
)

// exchangeSecret is the letters Bob exchanges: no other string of the
// game (its board, its unseen tiles in order) holds them.
const exchangeSecret = "QZJ"

// exchangeGCG is a record of WINDY and Bob's exchange, his rack given.
const exchangeGCG = "#character-encoding UTF-8\n#player1 ann Ann\n#player2 bob Bob\n" +
	">ann: DINNVWY 8D WINDY +32 32\n>bob: AEIJOQZ -QZJ +0 0\n"

// noSecret fails when an answer holds the exchanged letters.
func noSecret(t *testing.T, what string, r response) {
	t.Helper()
	if r.Status != http.StatusOK && r.Status != http.StatusCreated && r.Status != http.StatusConflict {
		t.Fatalf("%s: status %d: %s", what, r.Status, r.Body)
	}
	if strings.Contains(string(r.Body), exchangeSecret) {
		t.Errorf("%s holds the exchanged letters %s:\n%s", what, exchangeSecret, r.Body)
	}
}

// exchangeTurn is the game's exchange as a view shows it.
func exchangeTurn(t *testing.T, v service.GameView) service.TurnView {
	t.Helper()
	for _, tv := range v.Turns {
		if tv.Kind == service.EventMove && strings.HasPrefix(tv.Move, "-") && tv.Move != "-" {
			return tv
		}
	}
	t.Fatalf("no exchange among %+v", v.Turns)
	return service.TurnView{}
}

// TestExchangedLettersStayWithTheirPlayer (issue 37): whatever a table
// reads (its game, its replay, the answer to its own entry, a stale
// entry's game, its record while the game is played) shows an exchange
// by its count, "-3", with no rack; so does the public once the game is
// over. The director's view and the GCG record keep the letters. In both
// divisions, for an exchange entered at the tablet, keyed by the director
// and imported from a GCG record.
func TestExchangedLettersStayWithTheirPlayer(t *testing.T) {
	for _, way := range []string{"tablet", "director keyed", "imported GCG"} {
		t.Run(way, func(t *testing.T) {
			e := newDecidedEvent(t)
			for d := range 2 {
				g, table := e.games[d], e.tables[d]
				switch way {
				case "tablet", "director keyed":
					by := table
					if way == "director keyed" {
						by = e.Director
					}
					must[map[string]any](t, e.enter(g, by, turn{Turn: 1, Player: 1, Move: "8D WINDY"}), http.StatusCreated)
					r := e.enter(g, by, turn{Turn: 2, Player: 2, Move: "-" + exchangeSecret})
					if way == "tablet" {
						noSecret(t, "the table's answer to its exchange", r)
					}
					res := must[service.TurnResult](t, r, http.StatusCreated)
					if want := map[bool]string{true: "-3", false: "-" + exchangeSecret}[way == "tablet"]; res.Move != want {
						t.Errorf("the answer to the exchange says %q, want %q", res.Move, want)
					}
				case "imported GCG":
					must[service.GCGImport](t, e.importGCGText(g, exchangeGCG), http.StatusCreated)
				}
				// The director's view keeps the letters (and an imported rack).
				if x := exchangeTurn(t, e.view(g)); x.Move != "-"+exchangeSecret {
					t.Errorf("division %d: the director's view shows the exchange as %q", d, x.Move)
				}
				// The table's: the count, no rack.
				r := e.get(gpath(g, ""), table)
				noSecret(t, "the table's game", r)
				if x := exchangeTurn(t, must[service.GameView](t, r, http.StatusOK)); x.Move != "-3" || x.Rack != "" {
					t.Errorf("division %d: the table's view shows the exchange as %q, rack %q", d, x.Move, x.Rack)
				}
				rep := e.get(gpath(g, "/replay"), table)
				noSecret(t, "the table's replay", rep)
				steps := must[service.GameReplay](t, rep, http.StatusOK).Steps
				if len(steps) != 2 || steps[1].Kind != "exchange" || steps[1].Tiles != 3 {
					t.Errorf("division %d: the replay's steps %+v", d, steps)
				}
				// A stale entry is answered with the game as the table sees it.
				stale := e.enter(g, table, turn{Turn: 1, Player: 1, Move: "7C GALE"})
				wantProblem(t, stale, http.StatusConflict, "stale-turn")
				noSecret(t, "the table's stale-turn answer", stale)
				// The record: the director's keeps the letters, the table's
				// while the game is played does not.
				if gcg := e.get(gpath(g, "/export.gcg"), e.Director); !strings.Contains(string(gcg.Body), " -"+exchangeSecret+" +0 ") {
					t.Errorf("division %d: the director's export.gcg lacks the exchange's letters:\n%s", d, gcg.Body)
				}
				tg := e.get(gpath(g, "/export.gcg"), table)
				noSecret(t, "the table's export.gcg in play", tg)
				if !strings.Contains(string(tg.Body), " -3 +0 ") {
					t.Errorf("division %d: the table's export.gcg lacks the exchange by its count:\n%s", d, tg.Body)
				}
			}
			// Over: the public reads the game, still by the count; the
			// record keeps the letters.
			g := e.games[1]
			must[service.GameView](t, e.post(gpath(g, "/end"), e.Director, map[string]any{"how": "time", "reason": "time ran out"}), http.StatusOK)
			for who, token := range map[string]string{"table": e.tables[1], "public": ""} {
				r := e.get(gpath(g, ""), token)
				noSecret(t, "the "+who+"'s finished game", r)
				noSecret(t, "the "+who+"'s replay", e.get(gpath(g, "/replay"), token))
				if gcg := e.get(gpath(g, "/export.gcg"), token); !strings.Contains(string(gcg.Body), " -"+exchangeSecret+" +0 ") {
					t.Errorf("the %s's export.gcg of the finished game lacks the letters:\n%s", who, gcg.Body)
				}
			}
			noSecret(t, "the live boards", e.get(e.tpath("/live"), ""))
		})
	}
}

// importGCGText imports a record into a game as the director, whoever its
// players are called.
func (e *decidedEvent) importGCGText(game int64, text string) response {
	e.t.Helper()
	return e.send(req{method: "POST", path: gpath(game, "/import.gcg?players=any"), token: e.Director, body: text,
		header: map[string]string{"Content-Type": "text/plain"}})
}
