package api

import (
	"encoding/json"
	"html/template"
	"strconv"
	"strings"
	"time"

	"tourney/service"
)

// The director's attention list: what a game needs from the director,
// in plain words. The rules are here alone: the server renders the list
// for the first paint and sends it as JSON (console_attention_list.go);
// the console's pages only draw it, and read it again when the server
// says the clock alone changes it.

// attentionTexts are the list's sentences; {name} is filled in.
var attentionTexts = map[string]string{
	"disagreement":           "score disagreement on turn {turn}",
	"irregular":              "irregular play on turn {turn}: {why}",
	"flag":                   "{flag} on turn {turn}",
	"hold":                   "play on hold (turn {turn}): {word} by {player}, challenge pending",
	"hold-unknown":           "play on hold, challenge pending",
	"challenge-acceptable":   "challenge of {words}: acceptable, the play stands (turn {turn})",
	"challenge-unacceptable": "challenge of {words}: unacceptable, {word} withdrawn (turn {turn})",
	"withdrawn":              "{word} withdrawn (turn {turn})",
	"awaiting-acceptance":    "game finished, waiting for the last play to be accepted",
	"awaiting-racks":         "game finished, racks to enter",
	"unconfirmed":            "game finished, result not confirmed by both players",
	"unconfirmed-all":        "game finished, result not confirmed by every player", // three or four at the table
	"quiet":                  "no entry for {minutes} minutes",
	"quiet-unstarted":        "nothing entered, {minutes} minutes after the pairing",
	"the-play":               "the play",
	// A round otherwise complete: every table still missing a result has
	// no game being played at its tablet (the slip is to be keyed).
	"round-missing": "Round {round}{division}: {count} of {games} results in; missing {tables}",
	// An address sending many wrong credentials (service.Guessers).
	"guessing": "Someone at {address} is guessing codes",
}

// statusWords say a game's status in plain words, as the console shows it.
var statusWords = map[string]string{
	service.StatusInProgress:         "in play",
	service.StatusOnHold:             "on hold",
	service.StatusAwaitingAcceptance: "went out, to be accepted",
	service.StatusAwaitingRacks:      "racks to enter",
	service.StatusFinished:           "finished",
	service.StatusVoided:             "record set aside",
	statusByHand:                     "finished, result entered by hand",
}

// statusByHand is statusWords' key for a game finished on a result the
// director entered by hand (its status is "finished"; how the result
// came is the official result's).
const statusByHand = "finished-by-hand"

// gameStatusWords says a game's status in plain words, and how its result
// came when the director keyed it (the console's script says it the same
// way: Attention.gameStatus in templates/static/console.js).
func gameStatusWords(v *service.GameView) string {
	if v.ResultByHand() {
		return plainCode(statusWords, statusByHand)
	}
	return plainCode(statusWords, v.Status)
}

// roomTurn is the room's turn column: the number of the play to be
// entered, the tablet's "Turn N" (next_play), while the game is being
// played; a dash once it is over (the tablet shows the result then).
func roomTurn(v *service.GameView) string {
	switch v.Status {
	case service.StatusInProgress, service.StatusOnHold:
		return strconv.Itoa(v.NextPlay)
	}
	return "–"
}

// irregularWords say in plain words why a play that stood was irregular
// (the engine's codes: scoring.Code).
var irregularWords = map[string]string{
	"missed-start":    "the first play misses the start square",
	"first-too-short": "the first play is a single letter",
	"not-connected":   "the play touches no tile on the board",
}

const (
	// quietAfter: a game in play with no entry for this long is listed.
	quietAfter = 10 * time.Minute
	// rulingsFor: a challenge ruling or a withdrawn play is listed this
	// long after it was entered, then only the game's turns show it.
	rulingsFor = 10 * time.Minute
)

// attentionRecheck is how often, at the longest, the console's pages
// read the list again without an event (an address guessing codes comes
// and goes without one); tests change it.
var attentionRecheck = 30 * time.Second

// attentionCatalogue is what the console's pages carry to say a game's
// status and a turn's flags in words, with the server's clock (the
// script corrects the browser's by it) and how often to read the
// attention list again at the longest. The list itself is the server's.
func attentionCatalogue(now time.Time) template.JS {
	b, _ := json.Marshal(map[string]any{
		"irregular": irregularWords, "statuses": statusWords,
		"recheck_seconds": attentionRecheck.Seconds(),
		"now":             now.UTC().Format(time.RFC3339Nano),
	})
	return template.JS(b)
}

// say fills in a sentence of the catalogue: say("quiet", "minutes", 12).
func say(key string, args ...any) string {
	text := attentionTexts[key]
	for i := 0; i+1 < len(args); i += 2 {
		var v string
		switch x := args[i+1].(type) {
		case string:
			v = x
		case int:
			v = strconv.Itoa(x)
		}
		text = strings.ReplaceAll(text, "{"+args[i].(string)+"}", v)
	}
	return text
}

// attentionItem is one line of the list. Kind is the catalogue's key
// ("quiet", "hold", "round-missing", "guessing"...); a game's line names
// the game and its table, a round's the round. Since is when what it says
// began, where that is known: the flagged turn, the ruling, the hold, the
// last entry (a quiet table, a game waiting since it went out).
type attentionItem struct {
	Kind  string     `json:"kind"`
	Game  int64      `json:"game,omitempty"`
	Table int        `json:"table,omitempty"`
	Round int        `json:"round,omitempty"`
	Text  string     `json:"text"`
	Since *time.Time `json:"since,omitempty"`
}

// attention lists what a game needs from the director at the moment now,
// and the next moment the clock alone changes the list (zero: only an
// entry changes it): a table going quiet, or a quiet table's minutes, or
// a ruling no longer news.
func attention(v *service.GameView, now time.Time) (out []attentionItem, next time.Time) {
	add := func(since time.Time, key string, args ...any) {
		it := attentionItem{Kind: key, Game: v.ID, Table: v.Table, Text: say(key, args...)}
		if !since.IsZero() {
			at := since.UTC()
			it.Since = &at
		}
		out = append(out, it)
	}
	changes := func(at time.Time) {
		if at.After(now) && (next.IsZero() || at.Before(next)) {
			next = at
		}
	}
	for _, f := range v.Flags {
		var since time.Time
		if t := eventStored(v, f.Seq); t != nil {
			since = t.CreatedAt
		}
		for _, flag := range strings.Split(f.Flag, ",") {
			switch {
			case flag == "":
			case flag == "score-disagreement":
				add(since, "disagreement", "turn", f.Turn)
			case strings.HasPrefix(flag, "irregular:"):
				add(since, "irregular", "turn", f.Turn, "why", plainCode(irregularWords, strings.TrimPrefix(flag, "irregular:")))
			default:
				add(since, "flag", "turn", f.Turn, "flag", plainCode(nil, flag))
			}
		}
	}
	recent := func(t time.Time) bool {
		if t.IsZero() || now.Sub(t) >= rulingsFor {
			return false
		}
		changes(t.Add(rulingsFor))
		return true
	}
	var hold *service.TurnView
	for i := range v.Turns {
		t := &v.Turns[i]
		switch {
		case t.Kind == service.EventHold:
			hold = t
		case t.Kind == service.EventChallenge && recent(t.CreatedAt):
			play := eventStored(v, t.ChallengedTurn)
			words := strings.Join(t.Words, ", ")
			if words == "" {
				words = playWord(play)
			}
			switch t.Verdict {
			case service.VerdictAcceptable:
				add(t.CreatedAt, "challenge-acceptable", "words", words, "turn", t.Turn)
			case service.VerdictUnacceptable:
				add(t.CreatedAt, "challenge-unacceptable", "words", words, "word", playWord(play), "turn", t.Turn)
			}
		case t.Kind == service.EventWithdraw && recent(t.CreatedAt):
			if play := playWithdrawn(v, i); play != nil {
				add(t.CreatedAt, "withdrawn", "word", playWord(play), "turn", play.Turn)
			}
		}
	}
	last := lastEntry(v)
	switch v.Status {
	case service.StatusOnHold:
		if hold == nil {
			add(time.Time{}, "hold-unknown")
			break
		}
		play := eventStored(v, hold.ChallengedTurn)
		player := ""
		if play != nil {
			player = seatName(v, play.Seat)
		}
		add(hold.CreatedAt, "hold", "turn", hold.Turn, "word", playWord(play), "player", player)
	case service.StatusAwaitingAcceptance:
		add(last, "awaiting-acceptance")
	case service.StatusAwaitingRacks:
		add(last, "awaiting-racks")
	case service.StatusFinished:
		// A result the director decided (keyed, amended, the game ended
		// where it stood, or every turn entered by the director, as an
		// imported record) is nobody's to confirm at the table.
		if known, all := confirmedByAll(v); known && !all && !v.ResultByDirector() && !enteredByDirector(v) {
			if len(v.Confirmed) > 2 {
				add(last, "unconfirmed-all")
			} else {
				add(last, "unconfirmed")
			}
		}
	case service.StatusInProgress:
		// A game played on paper, its result entered by hand, is not quiet.
		if v.Official != nil || last.IsZero() {
			break
		}
		quiet := now.Sub(last)
		if quiet < quietAfter {
			changes(last.Add(quietAfter))
			break
		}
		key := "quiet"
		if len(v.Turns) == 0 {
			key = "quiet-unstarted"
		}
		minutes := int(quiet / time.Minute)
		add(last, key, "minutes", minutes)
		changes(last.Add(time.Duration(minutes+1) * time.Minute))
	}
	return out, next
}

// lastEntry is when the game's latest event was entered, or when the game
// was set up if it has none.
func lastEntry(v *service.GameView) time.Time {
	last := v.CreatedAt
	for _, t := range v.Turns {
		if t.CreatedAt.After(last) {
			last = t.CreatedAt
		}
	}
	return last
}

// seatName is the name of the player in a seat.
func seatName(v *service.GameView, seat int) string {
	if seat >= 1 && seat <= len(v.Players) && v.Players[seat-1].Name != "" {
		return v.Players[seat-1].Name
	}
	return "seat " + strconv.Itoa(seat)
}

// eventStored is the game's event stored as seq, if any.
func eventStored(v *service.GameView, seq int) *service.TurnView {
	for i := range v.Turns {
		if v.Turns[i].Seq == seq {
			return &v.Turns[i]
		}
	}
	return nil
}

// playWithdrawn is the play a withdraw event (at index i) took back: the
// latest play before it by the same player.
func playWithdrawn(v *service.GameView, i int) *service.TurnView {
	for j := i - 1; j >= 0; j-- {
		if t := &v.Turns[j]; t.Kind == service.EventMove && t.Seat == v.Turns[i].Seat {
			return t
		}
	}
	return nil
}

// playWord is a play's main word as players read it (blanks as the
// letters they stand for), else the word as written in its move.
func playWord(t *service.TurnView) string {
	if t == nil {
		return say("the-play")
	}
	var bd struct {
		Words []struct {
			Word string `json:"word"`
			Main bool   `json:"main"`
		} `json:"words"`
	}
	if json.Unmarshal(t.Breakdown, &bd) == nil {
		for _, w := range bd.Words {
			if w.Main {
				return strings.ToUpper(w.Word)
			}
		}
		if len(bd.Words) > 0 {
			return strings.ToUpper(bd.Words[0].Word)
		}
	}
	if _, word, ok := strings.Cut(strings.TrimSpace(t.Move), " "); ok && word != "" {
		return strings.ToUpper(word)
	}
	return say("the-play")
}

// plainCode says a code in words: from the table, else with its hyphens
// as spaces ("not-in-line": "not in line").
func plainCode(words map[string]string, code string) string {
	if w, ok := words[code]; ok {
		return w
	}
	return strings.ReplaceAll(code, "-", " ")
}

// enteredByDirector: the director entered every turn of the record (an
// imported GCG record, a paper score sheet typed in), so nobody at the
// table has a result to confirm.
func enteredByDirector(v *service.GameView) bool {
	for _, t := range v.Turns {
		if !strings.HasPrefix(t.EnteredBy, "director") {
			return false
		}
	}
	return len(v.Turns) > 0
}

// confirmedByAll reads the view's "confirmed" (one boolean per seat, set
// as the players confirm the result at the table). known is false for a
// view without seats' confirmations: nothing is claimed unconfirmed then.
func confirmedByAll(v *service.GameView) (known, all bool) {
	if len(v.Confirmed) == 0 {
		return false, false
	}
	for _, ok := range v.Confirmed {
		if !ok {
			return true, false
		}
	}
	return true, true
}
