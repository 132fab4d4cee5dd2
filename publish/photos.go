package publish

import "strings"

// photos writes the tournament's players' photos into its folder at the
// paths its tourney.js names them (pix/...), beside that copy of the
// feed, so that a reader of the published feed finds them as tsh's
// readers do, and the player pages show them.
func (s *site) photos(x *tournamentSite) error {
	list, err := s.svc.Photos(s.ctx, x.t.ID)
	if err != nil {
		return err
	}
	x.photos = map[int64]string{}
	for _, ph := range list {
		s.files[x.base+ph.Path] = ph.Content
		x.photos[ph.PlayerID] = ph.Path
	}
	return nil
}

// photoOf is the address of a player's photo from one of the division's
// pages ("": none).
func (d *divisionSite) photoOf(player int64) string {
	path, ok := d.ts.photos[player]
	if !ok {
		return ""
	}
	return strings.Repeat("../", strings.Count(d.Dir, "/")) + path
}
