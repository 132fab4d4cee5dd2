package service

import (
	"context"
	"errors"
	"path"
	"sort"
	"strings"
)

// Players' photos, as tsh's player_photos: the director uploads one per
// player, or a folder of them named by member id; each is kept
// re-encoded (PreparePhoto) at a path under the tournament's html/ folder
// (Player.Photo, the tsh feed's "photo"), from which the pages and any
// reader of tourney.js load it.

// SetPlayerPhoto gives a player a photo (director), replacing the one
// they had: refused, with a code, unless it is a JPEG or PNG within
// MaxPhotoBytes and MaxPhotoPixels. In the audit log; watchers are told.
func (s *Service) SetPlayerPhoto(ctx context.Context, a Actor, tournamentID, playerID int64, data []byte) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	content, err := PreparePhoto(data)
	if err != nil {
		return nil, err
	}
	var out *Player
	err = s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		p, err := s.tournamentPlayer(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		out = p
		return s.setPhoto(ctx, a, p, content, "photo uploaded")
	})
	return out, err
}

// setPhoto keeps a prepared photo as p's, at a path no other player's
// photo has, and records it.
func (s *Service) setPhoto(ctx context.Context, a Actor, p *Player, content []byte, reason string) error {
	before := p.Photo
	for try := 1; ; try++ {
		p.Photo = photoPath(p, content, try)
		held, err := s.Store.PlayerPhotoByPath(ctx, p.TournamentID, p.Photo)
		if errors.Is(err, ErrNotFound) || (err == nil && held.PlayerID == p.ID) {
			break
		}
		if err != nil {
			return err
		}
	}
	if err := s.Store.SavePlayerPhoto(ctx, &PlayerPhoto{PlayerID: p.ID, TournamentID: p.TournamentID,
		Path: p.Photo, ContentType: "image/jpeg", Content: content, UpdatedAt: s.now()}); err != nil {
		return err
	}
	if err := s.Store.UpdatePlayer(ctx, p); err != nil {
		return err
	}
	return s.auditTournament(ctx, a, p.TournamentID, "set-photo", reason,
		photoAudit{p.ID, p.Name, before}, photoAudit{p.ID, p.Name, p.Photo})
}

// photoAudit is what the audit log keeps of a photo's change: its path.
type photoAudit struct {
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Photo    string `json:"photo"`
}

// DeletePlayerPhoto takes a player's photo away (director); a player
// without one is left as they are.
func (s *Service) DeletePlayerPhoto(ctx context.Context, a Actor, tournamentID, playerID int64) (*Player, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	var out *Player
	err := s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		p, err := s.tournamentPlayer(ctx, tournamentID, playerID)
		if err != nil {
			return err
		}
		out = p
		if p.Photo == "" {
			return nil
		}
		before := p.Photo
		p.Photo = ""
		if err := s.Store.DeletePlayerPhoto(ctx, p.ID); err != nil {
			return err
		}
		if err := s.Store.UpdatePlayer(ctx, p); err != nil {
			return err
		}
		return s.auditTournament(ctx, a, tournamentID, "delete-photo", "photo removed",
			photoAudit{p.ID, p.Name, before}, photoAudit{p.ID, p.Name, ""})
	})
	return out, err
}

// tournamentPlayer is a player of the tournament, or not-found.
func (s *Service) tournamentPlayer(ctx context.Context, tournamentID, playerID int64) (*Player, error) {
	p, err := s.Store.GetPlayer(ctx, playerID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err != nil || p.TournamentID != tournamentID {
		return nil, Errorf(KindNotFound, "not-found", "player %d does not exist in tournament %d", playerID, tournamentID)
	}
	return p, nil
}

// PhotoFile is one file of a folder of photos: its name, as sent, and
// its bytes (nil with TooLarge when it was over MaxPhotoBytes and not
// read).
type PhotoFile struct {
	Name     string
	Data     []byte
	TooLarge bool
}

// PhotoImport says what became of each file of a folder of photos.
type PhotoImport struct {
	Matched  []PhotoMatched `json:"matched"`
	NoPlayer []string       `json:"no_player"` // files whose name is no player's member id
	Failed   []PhotoFailed  `json:"failed"`    // files that are no photo this service reads
}

// PhotoMatched is a file given to a player.
type PhotoMatched struct {
	File     string `json:"file"`
	PlayerID int64  `json:"player_id"`
	Name     string `json:"name"`
	Photo    string `json:"photo"`
}

// PhotoFailed is a file refused, with the code and words of the reason.
type PhotoFailed struct {
	File   string `json:"file"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

// ImportPhotos gives players the photos of a folder (director), each
// file named by a player's member id ("AA003200.jpg", any case): every
// player of the tournament with that member id, in any division, gets
// it. It says which files matched, which named no player, and which were
// refused (and why); the matched are kept in one change, audited each.
func (s *Service) ImportPhotos(ctx context.Context, a Actor, tournamentID int64, files []PhotoFile) (*PhotoImport, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	if _, err := s.Store.GetTournament(ctx, tournamentID); err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	if len(files) == 0 {
		return nil, Errorf(KindInvalid, "no-photos", "no files were sent: send the photos as the form's files")
	}
	players, err := s.Store.ListPlayers(ctx, tournamentID)
	if err != nil {
		return nil, err
	}
	byMember := map[string][]int64{}
	for _, p := range players {
		if id := strings.ToUpper(strings.TrimSpace(p.MemberID)); id != "" {
			byMember[id] = append(byMember[id], p.ID)
		}
	}
	out := &PhotoImport{Matched: []PhotoMatched{}, NoPlayer: []string{}, Failed: []PhotoFailed{}}
	type ready struct {
		file    string
		players []int64
		content []byte
	}
	var todo []ready
	for _, f := range files {
		name := path.Base(strings.ReplaceAll(f.Name, `\`, "/"))
		member := strings.ToUpper(strings.TrimSuffix(name, path.Ext(name)))
		ids := byMember[member]
		if len(ids) == 0 {
			out.NoPlayer = append(out.NoPlayer, name)
			continue
		}
		content, err := []byte(nil), photoTooLarge()
		if !f.TooLarge {
			content, err = PreparePhoto(f.Data)
		}
		if err != nil {
			e := AsError(err)
			out.Failed = append(out.Failed, PhotoFailed{File: name, Code: e.Type, Detail: e.Msg})
			continue
		}
		todo = append(todo, ready{name, ids, content})
	}
	if len(todo) == 0 {
		return out, nil
	}
	err = s.changeTournament(ctx, tournamentID, NoticePlayers, 0, func(ctx context.Context) error {
		out.Matched = out.Matched[:0]
		for _, r := range todo {
			for _, id := range r.players {
				p, err := s.tournamentPlayer(ctx, tournamentID, id)
				if err != nil {
					return err
				}
				if err := s.setPhoto(ctx, a, p, r.content, "photo imported from "+r.file); err != nil {
					return err
				}
				out.Matched = append(out.Matched, PhotoMatched{File: r.file, PlayerID: p.ID, Name: p.Name, Photo: p.Photo})
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.SliceStable(out.Matched, func(i, j int) bool { return out.Matched[i].File < out.Matched[j].File })
	return out, nil
}

// Photo is the tournament's photo at a path under its html/ folder
// (public): not-found (no-photo) when there is none.
func (s *Service) Photo(ctx context.Context, tournamentID int64, path string) (*PlayerPhoto, error) {
	ph, err := s.Store.PlayerPhotoByPath(ctx, tournamentID, path)
	if errors.Is(err, ErrNotFound) {
		return nil, Errorf(KindNotFound, "no-photo", "tournament %d has no photo at %s", tournamentID, path)
	}
	return ph, err
}

// Photos are a tournament's photos (for the published site).
func (s *Service) Photos(ctx context.Context, tournamentID int64) ([]PlayerPhoto, error) {
	return s.Store.ListPlayerPhotos(ctx, tournamentID)
}
