package challenges

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"tourney/gcg"
	"tourney/scoring"
)

// enableDisagrees lists challenged plays in the shared records whose
// recorded outcome ENABLE cannot reproduce, and why. Each entry is
// "file:line".
var enableDisagrees = map[string]string{
	"domino14+macondo/josh2.gcg:4":                    "DOWLY is not in ENABLE; the lexicon the game was played under accepted it",
	"domino14+macondo/josh2.gcg:12":                   "ALBUGOS and TOPO are not in ENABLE; the game's lexicon accepted them",
	"domino14+macondo/vs_frentz.gcg:25":               "NONVIRILE is not in ENABLE; the game's lexicon accepted it",
	"jvc56+MAGPIE-DATA/no_challenge_rack_start.gcg:5": "PHEO is not in ENABLE; the game's lexicon accepted it",
	"jvc56+MAGPIE-DATA/success_long_game.gcg:11":      "WHEYIEST is not in ENABLE; the game's lexicon accepted it",
	"olaugh+cgpbot/h3c2z3Uykv.gcg:27":                 "OCTOPOID is not in ENABLE; the record's lexicon, CSW24, accepted it",
}

// TestSharedChallengedGames judges, with ENABLE, every play that a shared
// record shows challenged: a withdrawn play ("--") must be unacceptable,
// a play that earned a challenge bonus must be acceptable (needs ../shared).
func TestSharedChallengedGames(t *testing.T) {
	lex, err := LoadLexicon(enablePath(t))
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(sharedDir(t), "gcg", "*", "*.gcg"))
	sort.Strings(files)
	agreed, checked := 0, 0
	for _, file := range files {
		data, _ := os.ReadFile(file)
		if !strings.Contains(string(data), "--") && !strings.Contains(string(data), "(challenge)") {
			continue
		}
		rec, err := gcg.Read(data)
		if err != nil {
			continue // malformed fixtures are the gcg package's business
		}
		ch := gcg.ChooseRules(rec)
		if ch.Problem != nil || ch.Tiles != "english" {
			continue
		}
		v, _ := scoring.LookupVariant(ch.Rules)
		rep := gcg.Check(rec, v)
		if rep.Game == nil {
			continue
		}
		rel, _ := filepath.Rel(filepath.Join(sharedDir(t), "gcg"), file)
		// Replay the engine events again with breakdowns kept, to know the
		// words each play formed.
		g, _ := scoring.NewGame(v, len(rec.Players))
		lines := eventLines(rec, rep)
		var words []string
		for i, turn := range rep.Game.Turns() {
			nt, err := g.Apply(turn.Event)
			if err != nil {
				t.Fatalf("%s: replay: %v", rel, err)
			}
			var want bool
			switch turn.Event.Kind {
			case scoring.EventMove:
				if nt.Breakdown != nil {
					words = words[:0]
					for _, w := range nt.Breakdown.Words {
						words = append(words, w.Word)
					}
				}
				continue
			case scoring.EventWithdraw:
				want = false
			case scoring.EventChallengeBonus:
				want = true
			default:
				continue
			}
			checked++
			verdict := Judge(lex, words)
			where := rel + ":" + lines[i]
			if verdict.Acceptable == want {
				agreed++
				if why, ok := enableDisagrees[where]; ok {
					t.Errorf("%s is listed as a disagreement (%s) but ENABLE agrees now", where, why)
				}
				continue
			}
			if _, ok := enableDisagrees[where]; !ok {
				t.Errorf("%s: %v judged acceptable=%v by ENABLE; the record says %v (invalid: %v)", where, words, verdict.Acceptable, want, verdict.Invalid)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no challenged plays found in the shared records")
	}
	t.Logf("%d challenged plays judged with ENABLE, %d agree with their records", checked, agreed)
}

// eventLines maps each engine turn of a report to the line of the record
// it came from (as text, for messages): the checker applies one engine
// event per record event, in order, skipping end-of-game rack lines.
func eventLines(rec *gcg.Record, rep *gcg.Report) []string {
	var lines []string
	for _, e := range rec.Events {
		if e.Kind == gcg.EndRackPoints || e.Kind == gcg.EndRackPenalty {
			continue
		}
		lines = append(lines, itoa(e.Line))
	}
	for len(lines) < len(rep.Game.Turns()) {
		lines = append(lines, "?")
	}
	return lines
}

func itoa(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	if s == "" {
		return "0"
	}
	return s
}
