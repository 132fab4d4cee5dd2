package publish

import (
	"context"
	"strconv"
	"strings"
	"unicode"

	"tourney/reports"
	"tourney/service"
)

// site gathers the pages as they are rendered.
type site struct {
	ctx   context.Context
	svc   *service.Service
	files map[string][]byte
}

// link is a relative address and the words shown for it.
type link struct{ Href, Text string }

// page is what every page shares: its title, the way back to the root
// folder (for the style sheet and the index) and the trail above it.
type page struct {
	Title  string
	Root   string // "", "../" or "../../"
	Crumbs []link
}

// tournamentSite is one tournament's place in the folder.
type tournamentSite struct {
	t         service.Tournament
	base      string // "" when it is the only one, else "slug/"
	divisions []*divisionSite
	Prizes    string           // link from the index, when there is a prize page
	Stats     string           // likewise the statistics
	photos    map[int64]string // each player's photo, by player id: its path under base (photos.go)
}

// divisionSite is one division: its folder and its record.
type divisionSite struct {
	ts     *tournamentSite
	id     *int64
	Name   string
	Dir    string // "a/" (under the tournament's base)
	rec    *service.DivisionRecord
	rounds []int            // rounds with pairings, in order
	games  map[int64]string // recorded games shown: id to file name
}

func (s *site) build(ts []service.Tournament) error {
	taken := map[string]bool{"style.css": true}
	var sites []*tournamentSite
	for _, t := range ts {
		x := &tournamentSite{t: t}
		if len(ts) > 1 {
			x.base = uniqueSlug(t.Name, "t"+strconv.FormatInt(t.ID, 10), taken) + "/"
		}
		if err := s.tournament(x); err != nil {
			return err
		}
		sites = append(sites, x)
	}
	return s.index(sites)
}

// tournament renders one tournament's divisions, prizes and statistics.
func (s *site) tournament(x *tournamentSite) error {
	divs, err := s.svc.ListDivisions(s.ctx, x.t.ID)
	if err != nil {
		return err
	}
	taken := map[string]bool{"prizes": true, "stats": true}
	if len(divs) == 0 { // a tournament without divisions: its players
		x.divisions = []*divisionSite{{ts: x, Dir: "players/"}}
	}
	for _, d := range divs {
		id := d.ID
		x.divisions = append(x.divisions, &divisionSite{ts: x, id: &id, Name: d.Name,
			Dir: uniqueSlug(d.Name, "d"+strconv.FormatInt(d.ID, 10), taken) + "/"})
	}
	if err := s.photos(x); err != nil {
		return err
	}
	for _, d := range x.divisions {
		if err := s.division(d); err != nil {
			return err
		}
	}
	if err := s.prizes(x, divs); err != nil {
		return err
	}
	if err := s.tourneyJS(x); err != nil {
		return err
	}
	return s.stats(x)
}

// tourneyJS writes the tournament's tsh feed (the service's TourneyJS,
// the same text as /t/{id}/html/tourney.js) beside its index, so that a
// site synced to a web host serves it to Woogles and overlays too.
func (s *site) tourneyJS(x *tournamentSite) error {
	f, err := s.svc.TourneyJS(s.ctx, x.t.ID)
	if err != nil {
		return err
	}
	s.files[x.base+"tourney.js"] = f.Body
	return nil
}

// uniqueSlug is a folder name from a name: lower-case letters and digits
// joined by hyphens, else fallback; never one already taken, nor one
// Windows cannot write (safeFileName: a division named "Con").
func uniqueSlug(name, fallback string, taken map[string]bool) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	slug := b.String()
	if slug == "" || taken[slug] || !safeFileName(slug) {
		slug = fallback
	}
	taken[slug] = true
	return slug
}

// root is the way up from a file to the site's root folder.
func root(path string) string {
	return strings.Repeat("../", strings.Count(path, "/"))
}

// status says how far a division's rounds are, as the hall's projector
// says it.
func status(rec *service.DivisionRecord) string {
	switch next := rec.InProgress; {
	case next != nil && next.Results > 0:
		return "Round " + strconv.Itoa(next.Round) + " in progress: " + strconv.Itoa(next.Results) + " of " + strconv.Itoa(next.Games) + " results in"
	case rec.Complete > 0:
		return "After round " + strconv.Itoa(rec.Complete)
	}
	return "Before round 1"
}

// divisionTitle is the division's name for headings: its name, or the
// tournament's when it has no divisions.
func (d *divisionSite) title() string {
	if d.Name == "" {
		return d.ts.t.Name
	}
	return d.ts.t.Name + " · " + d.Name
}

// record and spread as the standings show them.
func record(w, l float64) string { return reports.Record(w, l) }
func spread(n int) string        { return reports.Signed(n) }
