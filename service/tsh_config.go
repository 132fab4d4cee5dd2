package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// A .t file carries players, pairings and results; a division's rules
// (rounds planned, spread caps, bye and forfeit spreads, the standings
// chain, pairing systems, Gibson, tables and teams) travel beside it in a
// tsh config.tsh. tsh reads its "division" and "config max_rounds" lines;
// the "#tourney division" comment line, which tsh skips, holds every
// setting as JSON for tourney's import to read back exactly.

// tshConfigTag starts the line that carries a division's settings.
const tshConfigTag = "#tourney division "

// ExportTSHConfig writes a division's config.tsh (public, as its .t);
// without a division, a tournament of several divisions has one
// config.tsh for them all, a division's lines each, as tsh keeps one for
// the event.
func (s *Service) ExportTSHConfig(ctx context.Context, tournamentID int64, q StandingsQuery) ([]byte, string, error) {
	ids := []*int64{q.DivisionID}
	if q.DivisionID == nil {
		var err error
		if ids, err = s.printDivisions(ctx, tournamentID, nil); err != nil {
			return nil, "", err
		}
	}
	var states []*divState
	for _, id := range ids {
		st, err := s.requestedDivision(ctx, tournamentID, id)
		if err != nil {
			return nil, "", err
		}
		states = append(states, st)
	}
	var b bytes.Buffer
	what := "division " + oneLine(states[0].d.Name)
	if len(states) > 1 {
		what = "every division"
	}
	fmt.Fprintf(&b, "# config.tsh for %s, %s, written by tourney.\n", oneLine(states[0].t.Name), what)
	fmt.Fprintf(&b, "# tsh reads the lines below; the %sline holds the division's settings for tourney.\n", tshConfigTag)
	if rounds := states[0].settings.Rounds; rounds > 0 && sameRounds(states) {
		fmt.Fprintf(&b, "config max_rounds = %d;\n", rounds)
	}
	writeTSHEventPairing(&b, states[0])
	for _, st := range states {
		if err := writeTSHDivision(&b, st); err != nil {
			return nil, "", err
		}
	}
	return b.Bytes(), states[0].d.Name, nil
}

// sameRounds: every division plans the same number of rounds, which
// tsh's max_rounds then says for the event.
func sameRounds(states []*divState) bool {
	for _, st := range states {
		if st.settings.Rounds != states[0].settings.Rounds {
			return false
		}
	}
	return true
}

// writeTSHDivision writes one division's lines of a config.tsh: its
// division line naming its .t file, its settings for tourney, its classes
// and its prizes.
func writeTSHDivision(b *bytes.Buffer, st *divState) error {
	settings, err := json.Marshal(st.settings)
	if err != nil {
		return err
	}
	name := st.d.Name
	fmt.Fprintf(b, "division %s %s.t\n", tshDivisionName(name), TSHFileName(name))
	fmt.Fprintf(b, "%s%s %s\n", tshConfigTag, tshDivisionName(name), settings)
	if n := st.classCount(); n > 0 {
		fmt.Fprintf(b, "classes %s %d\n", tshDivisionName(name), n)
	}
	writeTSHPrizes(b, st)
	writeTSHDivisionPairing(b, st)
	return nil
}

// settingsFromConfig reads a division's settings back from a config.tsh:
// the #tourney line for the division named (or the only one); in a
// config.tsh with no #tourney line (tsh's own), the settings tsh's lines
// say (settingsFromTSH).
func settingsFromConfig(text, division string) (*DivisionSettings, error) {
	type found struct {
		name string
		raw  string
	}
	var all []found
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), tshConfigTag)
		if !ok {
			continue
		}
		name, raw, _ := strings.Cut(rest, " ")
		all = append(all, found{name, raw})
	}
	if err := sc.Err(); err != nil {
		return nil, Errorf(KindInvalid, "bad-config", "the config.tsh cannot be read: %v", err)
	}
	var pick *found
	for i := range all {
		if len(all) == 1 || strings.EqualFold(all[i].name, tshDivisionName(division)) {
			pick = &all[i]
		}
	}
	if pick == nil && len(all) == 0 {
		// tsh's own config.tsh: the settings it says under tsh's names.
		ds, found, err := settingsFromTSH(text, division)
		if err != nil {
			return nil, err
		}
		if found {
			return &ds, nil
		}
	}
	if pick == nil {
		return nil, Errorf(KindInvalid, "bad-config", "the config.tsh has no %sline for division %s (tourney writes one with each export), nor tsh's settings tourney reads (max_rounds, COP's, autopair)", tshConfigTag, division)
	}
	var ds DivisionSettings
	dec := json.NewDecoder(strings.NewReader(pick.raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&ds); err != nil {
		return nil, Errorf(KindInvalid, "bad-config", "the division's settings in the config.tsh do not read: %v", err)
	}
	// An empty list means what an absent one does (the export omits both).
	if len(ds.Chain) == 0 {
		ds.Chain = nil
	}
	if len(ds.SpreadCaps) == 0 {
		ds.SpreadCaps = nil
	}
	if len(ds.Teams) == 0 {
		ds.Teams = nil
	}
	if len(ds.ClassFloors) == 0 {
		ds.ClassFloors = nil
	}
	return &ds, nil
}

// tshDivisionName is a division name as one config.tsh word.
func tshDivisionName(name string) string {
	f := strings.Fields(name)
	if len(f) == 0 {
		return "A"
	}
	return strings.Join(f, "_")
}

// TSHFileName keeps the letters and digits of a division's name, as
// tsh names its files ("a.t").
func TSHFileName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "division"
	}
	return b.String()
}

// oneLine keeps a name on one comment line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
