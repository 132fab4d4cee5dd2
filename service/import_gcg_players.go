package service

import (
	"fmt"
	"strings"
	"unicode"

	"tourney/gcg"
)

// gcgSeats is how a record's players sit in the game: player[k] is the
// index in the record's players of the one in seat k+1.
type gcgSeats struct {
	player []int
	view   []ImportSeat
}

// importSeats maps the record's players to the game's seats, in #playerN
// order or as in.Seats names them, and refuses a record whose players
// are not the game's (unless in.AnyPlayers).
func importSeats(l *loaded, rec *gcg.Record, in GCGImportInput) (*gcgSeats, error) {
	n := len(l.g.Seats)
	if len(rec.Players) != n {
		return nil, playersDiffer(l, rec, "player-count-differs",
			fmt.Sprintf("the record has %d players (%s); this game has %d (%s)", len(rec.Players), recordPlayers(rec), n, gamePlayers(l)))
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if len(in.Seats) > 0 {
		var err error
		if order, err = namedSeats(rec, in.Seats, n); err != nil {
			return nil, err
		}
	}
	out := &gcgSeats{player: order}
	differ := false
	for k, i := range order {
		p, id := rec.Players[i], l.g.Seats[k]
		seat := ImportSeat{Seat: k + 1, PlayerID: id, Name: l.names[id], Nick: p.Nick, RecordName: p.Name,
			Matches: samePlayer(p, l.names[id])}
		differ = differ || !seat.Matches
		out.view = append(out.view, seat)
	}
	if differ && !in.AnyPlayers {
		msg := fmt.Sprintf("the record's players are %s; this game's are %s", recordPlayers(rec), gamePlayers(l))
		if hint := matchingSeats(l, rec); hint != "" {
			msg += "; if the record's players sit the other way round, import it with ?seats=" + hint
		}
		return nil, playersDiffer(l, rec, "players-differ", msg+", or import it anyway with ?players=any")
	}
	return out, nil
}

// playersDiffer refuses a record for its players, with both lists.
func playersDiffer(l *loaded, rec *gcg.Record, code, msg string) error {
	nicks, names := []string{}, []string{}
	for _, p := range rec.Players {
		nicks = append(nicks, p.Nick)
		names = append(names, p.Name)
	}
	game := []string{}
	for _, id := range l.g.Seats {
		game = append(game, l.names[id])
	}
	return &Error{Kind: KindConflict, Type: code, Msg: msg,
		Detail: map[string]any{"record_players": nicks, "record_names": names, "game_players": game}}
}

// namedSeats reads ?seats=: the record's nicks in seat order, each naming
// one record player (its nick exactly, else as names are compared).
func namedSeats(rec *gcg.Record, seats []string, n int) ([]int, error) {
	bad := func(format string, args ...any) error {
		return Errorf(KindInvalid, "bad-seats", "?seats= names the record's players by nick, in seat order (%s): "+format,
			append([]any{nickList(rec)}, args...)...)
	}
	if len(seats) != n {
		return nil, bad("%d names for %d seats", len(seats), n)
	}
	used := make([]bool, len(rec.Players))
	order := make([]int, n)
	for k, nick := range seats {
		nick = strings.TrimSpace(nick)
		i := findNick(rec, used, func(p gcg.Player) bool { return p.Nick == nick })
		if i < 0 {
			i = findNick(rec, used, func(p gcg.Player) bool { return normName(p.Nick) == normName(nick) })
		}
		if i < 0 {
			return nil, bad("%q is not one of them, or is named twice", nick)
		}
		used[i], order[k] = true, i
	}
	return order, nil
}

func findNick(rec *gcg.Record, used []bool, match func(gcg.Player) bool) int {
	for i, p := range rec.Players {
		if !used[i] && match(p) {
			return i
		}
	}
	return -1
}

// matchingSeats is the ?seats= that would seat every record player by
// name, when one would and it is not the record's own order; "" if none.
func matchingSeats(l *loaded, rec *gcg.Record) string {
	used := make([]bool, len(rec.Players))
	var nicks []string
	moved := false
	for k, id := range l.g.Seats {
		i := findNick(rec, used, func(p gcg.Player) bool { return samePlayer(p, l.names[id]) })
		if i < 0 {
			return ""
		}
		used[i], moved = true, moved || i != k
		nicks = append(nicks, rec.Players[i].Nick)
	}
	if !moved {
		return ""
	}
	return strings.Join(nicks, ",")
}

// samePlayer reports whether a record's player is the player of that
// name: the nick or the name, compared as normName compares them, or the
// record's name split into the same surname and given names ("Nathan
// Gruzd" is the player shown "Gruzd, Nathan" under name_order
// surname-first).
func samePlayer(p gcg.Player, name string) bool {
	n := normName(name)
	if n == "" {
		return false
	}
	if normName(p.Nick) == n || normName(p.Name) == n {
		return true
	}
	return strings.TrimSpace(p.Name) != "" && samePlayerName(p.Name) == samePlayerName(name)
}

// normName is a name as a record's nick may write it: without case,
// spaces or underscores, nor the characters the export's nicks replace
// with '_' (see gcgNicks).
func normName(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) || r == '_' || r == ':' || r == '#' || r == '>' {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

func recordPlayers(rec *gcg.Record) string {
	var out []string
	for _, p := range rec.Players {
		if p.Name != "" && p.Name != p.Nick {
			out = append(out, p.Nick+" ("+p.Name+")")
		} else {
			out = append(out, p.Nick)
		}
	}
	return strings.Join(out, ", ")
}

func nickList(rec *gcg.Record) string {
	var out []string
	for _, p := range rec.Players {
		out = append(out, p.Nick)
	}
	return strings.Join(out, ",")
}

func gamePlayers(l *loaded) string {
	var out []string
	for _, id := range l.g.Seats {
		out = append(out, l.names[id])
	}
	return strings.Join(out, ", ")
}

// recordWarnings compare what the record says of its rules with the
// tournament's: the tournament's apply, and the director is told.
func recordWarnings(l *loaded, rec *gcg.Record) []ImportWarning {
	out := []ImportWarning{}
	line := func(name string) int {
		for _, p := range rec.Pragmas {
			if strings.EqualFold(p.Name, name) {
				return p.Line
			}
		}
		return 0
	}
	if gt, ok := rec.Pragma("game-type"); ok {
		switch name := strings.ToLower(strings.TrimSpace(gt)); name {
		case "", "classic", "standard", "crosswordgame", l.t.Variant:
		default:
			out = append(out, ImportWarning{Code: "variant-differs", Line: line("game-type"),
				Msg: fmt.Sprintf("The record says it was played under %s; this tournament plays %s, and its rules apply.", gt, l.t.Variant)})
		}
	}
	if lex, ok := rec.Pragma("lexicon"); ok && strings.TrimSpace(lex) != "" && !strings.EqualFold(strings.TrimSpace(lex), l.t.Lexicon) {
		mine := "this tournament's is " + l.t.Lexicon
		if l.t.Lexicon == "" {
			mine = "this tournament has none"
		}
		out = append(out, ImportWarning{Code: "lexicon-differs", Line: line("lexicon"),
			Msg: fmt.Sprintf("The record was played with the word list %s; %s. Its challenges stand as the record shows them.", lex, mine)})
	}
	if (rec.Teams != nil) != l.g.Teams {
		out = append(out, ImportWarning{Code: "teams-differ", Line: rec.TeamsLine,
			Msg: "The record and this game differ on team play; the game's seats decide the teams."})
	}
	return out
}
