package service

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"
)

// The tournament settings NASPA's archive carries as tsh's config
// tournament_id and director_id.
const (
	NASPATournamentSetting = "naspa_tournament_id"
	NASPADirectorSetting   = "naspa_director_id"
)

var naspaMemberID = regexp.MustCompile(`^[A-Z]{2}[0-9]{6}$`)

// checkNASPASettings holds the NASPA settings to what NASPA issues: a
// tournament number, a director's member id ("AA000000"); empty removes
// one.
func checkNASPASettings(st Settings) error {
	if v, ok := st[NASPATournamentSetting]; ok {
		text := strings.TrimSpace(fmt.Sprint(v))
		if f, isNum := v.(float64); isNum && f == float64(int64(f)) {
			text = strconv.FormatInt(int64(f), 10)
		}
		n, err := strconv.ParseInt(text, 10, 64)
		switch {
		case v == nil || text == "":
			delete(st, NASPATournamentSetting)
		case err != nil || n <= 0:
			return Errorf(KindInvalid, "bad-naspa-tournament-id", "the NASPA tournament id is the number NASPA gave the event, not %v", v)
		default:
			st[NASPATournamentSetting] = strconv.FormatInt(n, 10)
		}
	}
	if v, ok := st[NASPADirectorSetting]; ok {
		text, isText := v.(string)
		text = strings.ToUpper(strings.TrimSpace(text))
		switch {
		case v == nil || isText && text == "":
			delete(st, NASPADirectorSetting)
		case !isText || !naspaMemberID.MatchString(text):
			return Errorf(KindInvalid, "bad-naspa-director-id", "the director's NASPA id is two letters and six digits, such as AA000123, not %v", v)
		default:
			st[NASPADirectorSetting] = text
		}
	}
	return nil
}

// naspaSetting is a NASPA setting of the tournament, "" when not set.
func naspaSetting(t *Tournament, key string) string {
	if v, ok := t.Settings[key].(string); ok {
		return v
	}
	return ""
}

// tFields are a player's .t fields: those an imported line brought, with
// the member id as tsh's field naspa.
func tFields(p *Player) map[string][]string {
	if p.MemberID == "" {
		return p.TSHFields
	}
	out := maps.Clone(p.TSHFields)
	if out == nil {
		out = map[string][]string{}
	}
	out["naspa"] = []string{p.MemberID}
	return out
}

// memberFromT takes an imported line's member id from its naspa field,
// and the other fields to keep.
func memberFromT(fields map[string][]string) (string, map[string][]string) {
	v := fields["naspa"]
	if len(v) == 0 || strings.TrimSpace(v[0]) == "" || len(v) > 1 {
		return "", fields
	}
	rest := maps.Clone(fields)
	delete(rest, "naspa")
	if len(rest) == 0 {
		rest = nil
	}
	return strings.TrimSpace(v[0]), rest
}

// SubmissionArchive writes tsh's archive as its submit command sends it
// to NASPA (director): the config with the event's name and day and the
// NASPA ids, then every division's .t file.
func (s *Service) SubmissionArchive(ctx context.Context, a Actor, tournamentID int64) ([]byte, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	states, err := s.submissionDivisions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	t := states[0].t
	var lines []string
	for _, kv := range [][2]string{{"event_name", t.Name}, {"event_date", eventDay(t)},
		{"tournament_id", naspaSetting(t, NASPATournamentSetting)}, {"director_id", naspaSetting(t, NASPADirectorSetting)}} {
		if kv[1] != "" {
			lines = append(lines, fmt.Sprintf("config %s = %s;\n", kv[0], perlString(kv[1])))
		}
	}
	ids, err := s.printDivisions(ctx, tournamentID, nil)
	if err != nil {
		return nil, err
	}
	return s.tshArchive(ctx, tournamentID, ids, lines...)
}

// perlString is text as a Perl string literal in single quotes, which
// interpolate nothing.
func perlString(text string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(oneLine(text)) + "'"
}

// SubmissionABSP writes the ABSP set as a zip (director): the event's
// config.tsh and each division's .t file, the files tsh's submit uploads.
func (s *Service) SubmissionABSP(ctx context.Context, a Actor, tournamentID int64) ([]byte, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	states, err := s.submissionDivisions(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	config, _, err := s.ExportTSHConfig(ctx, tournamentID, StandingsQuery{})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	add := func(name string, data []byte) error {
		w, err := z.Create(name)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	if err := add("config.tsh", config); err != nil {
		return nil, err
	}
	for _, f := range tshFiles(states) {
		if err := add(f.name, f.st.marshalT()); err != nil {
			return nil, err
		}
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
