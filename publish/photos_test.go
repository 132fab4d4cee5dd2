package publish

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tourney/service"
)

// The published site carries each photo at the path its tourney.js
// names, beside that copy of the feed; the player's page shows it (a
// link the site holds); a player without one shows no image; a photo
// taken away leaves the folder at the next write.
func TestPublishPhotos(t *testing.T) {
	e := newEvent(t)
	ctx := context.Background()
	players, err := e.svc.ListPlayers(ctx, e.id)
	if err != nil {
		t.Fatal(err)
	}
	jpeg, err := os.ReadFile(filepath.Join("..", "service", "testdata", "photos", "exif.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	var with []service.Player // one player in each division
	for _, div := range []int64{e.divA, e.divB} {
		for _, p := range players {
			if p.DivisionID != nil && *p.DivisionID == div {
				got, err := e.svc.SetPlayerPhoto(ctx, director, e.id, p.ID, jpeg)
				if err != nil {
					t.Fatal(err)
				}
				with = append(with, *got)
				break
			}
		}
	}
	dir := t.TempDir()
	if err := Write(ctx, e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	checkLinks(t, dir) // the photos' links included
	feed := read(t, dir, "tourney.js")
	for i, p := range with {
		kept, err := e.svc.Photo(ctx, e.id, p.Photo)
		if err != nil {
			t.Fatal(err)
		}
		if got := read(t, dir, p.Photo); !bytes.Equal([]byte(got), kept.Content) {
			t.Errorf("%s: the published file is not the photo", p.Photo)
		}
		if strings.Contains(feed, `"photo"`) && !strings.Contains(feed, p.Photo) {
			t.Errorf("the published feed names no %s", p.Photo)
		}
		div := []string{"a", "b"}[i]
		page := read(t, dir, div+"/player-"+strconv.FormatInt(p.ID, 10)+".html")
		if !strings.Contains(page, `<img class="player-photo" src="../`+p.Photo+`"`) {
			t.Errorf("%s's page shows no photo:\n%s", p.Name, page)
		}
	}
	for _, p := range players {
		if p.ID == with[0].ID || p.ID == with[1].ID || p.DivisionID == nil || *p.DivisionID != e.divA {
			continue
		}
		if page := read(t, dir, "a/player-"+strconv.FormatInt(p.ID, 10)+".html"); strings.Contains(page, "<img") {
			t.Errorf("%s has no photo, but their page shows an image", p.Name)
		}
		break
	}

	if _, err := e.svc.DeletePlayerPhoto(ctx, director, e.id, with[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := Write(ctx, e.svc, dir, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(with[0].Photo))); !os.IsNotExist(err) {
		t.Errorf("a removed photo is still published: %v", err)
	}
	checkLinks(t, dir)
}
