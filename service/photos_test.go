package service_test

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tourney/service"
)

func testPhoto(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "photos", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func photoCode(err error) string {
	var e *service.Error
	if errors.As(err, &e) {
		return e.Type
	}
	return ""
}

// A director gives a player a photo, replaces it (a new name, so no
// cache shows the old one), takes it away; a table or the public may
// not; each change is in the audit log. A folder of photos named by
// member id reaches the players of both divisions, and says which files
// named no player and which were refused.
func TestPlayerPhotos(t *testing.T) {
	e := newImportEnv(t)
	tid := e.tournament("naspa", "double", "")
	var divs []int64
	for _, name := range []string{"A", "B"} {
		d, err := e.svc.CreateDivision(e.ctx, director, tid, service.DivisionInput{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		divs = append(divs, d.ID)
	}
	player := func(name, member string, div int64) *service.Player {
		p, err := e.svc.CreatePlayer(e.ctx, director, tid, service.PlayerInput{Name: &name, MemberID: &member, DivisionID: &div})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	mack := player("Mack Meller", "AA003200", divs[0])
	ann := player("Ann Émile-Zola", "BB000001", divs[1])
	player("Cy Nobody", "", divs[1])

	p, err := e.svc.SetPlayerPhoto(e.ctx, director, tid, mack.ID, testPhoto(t, "exif.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^pix/m/meller_mack_aa003200_[0-9a-f]{6}\.jpg$`).MatchString(p.Photo) {
		t.Errorf("photo path %q", p.Photo)
	}
	first := p.Photo
	ph, err := e.svc.Photo(e.ctx, tid, first)
	if err != nil || ph.PlayerID != mack.ID || ph.ContentType != "image/jpeg" || strings.Contains(string(ph.Content), "SecretCam") {
		t.Fatalf("photo kept: %v %+v", err, ph)
	}
	p, err = e.svc.SetPlayerPhoto(e.ctx, director, tid, mack.ID, testPhoto(t, "face.png"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Photo == first || !strings.HasPrefix(p.Photo, "pix/m/meller_mack_aa003200_") {
		t.Errorf("replaced photo path %q (was %q)", p.Photo, first)
	}
	if _, err := e.svc.Photo(e.ctx, tid, first); photoCode(err) != "no-photo" {
		t.Errorf("the old photo's path: %v, want no-photo", err)
	}
	for _, tc := range []struct {
		who  service.Actor
		file string
		code string
	}{
		{director, "garbage.jpg", "not-an-image"},
		{director, "huge.png", "photo-too-large"},
		{service.Actor{Kind: service.CredTable}, "exif.jpg", "forbidden"},
		{service.Actor{}, "exif.jpg", "unauthorized"},
	} {
		_, err := e.svc.SetPlayerPhoto(e.ctx, tc.who, tid, ann.ID, testPhoto(t, tc.file))
		if code := photoCode(err); code != tc.code && service.AsError(err).Kind != service.Kind(tc.code) {
			t.Errorf("%s by %q: %v, want %s", tc.file, tc.who.Kind, err, tc.code)
		}
	}
	if _, err := e.svc.SetPlayerPhoto(e.ctx, director, tid+99, ann.ID, testPhoto(t, "exif.jpg")); photoCode(err) != "not-found" {
		t.Errorf("player of another tournament: %v", err)
	}

	// A folder: Mack's (again, in lower case), Ann's, a stranger's, a
	// text file named as Ann's (refused, Ann keeps the good one: the
	// refused one comes first).
	res, err := e.svc.ImportPhotos(e.ctx, director, tid, []service.PhotoFile{
		{Name: "BB000001.png", Data: testPhoto(t, "garbage.jpg")},
		{Name: "photos/aa003200.JPG", Data: testPhoto(t, "exif.jpg")},
		{Name: "BB000001.png", Data: testPhoto(t, "face.png")},
		{Name: "ZZ999999.jpg", Data: testPhoto(t, "exif.jpg")},
		{Name: "BB000001.jpg", TooLarge: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Matched) != 2 || res.Matched[1].PlayerID != mack.ID || res.Matched[1].File != "aa003200.JPG" ||
		res.Matched[0].PlayerID != ann.ID || !strings.HasPrefix(res.Matched[0].Photo, "pix/e/emilezola_ann_bb000001_") {
		t.Errorf("matched %+v", res.Matched)
	}
	if len(res.NoPlayer) != 1 || res.NoPlayer[0] != "ZZ999999.jpg" {
		t.Errorf("no player %v", res.NoPlayer)
	}
	if len(res.Failed) != 2 || res.Failed[0].Code != "not-an-image" || res.Failed[1].Code != "photo-too-large" {
		t.Errorf("failed %+v", res.Failed)
	}
	players, err := e.svc.ListPlayers(e.ctx, tid)
	if err != nil {
		t.Fatal(err)
	}
	photos := map[int64]string{}
	for _, p := range players {
		photos[p.ID] = p.Photo
	}
	if photos[mack.ID] != first || photos[ann.ID] != res.Matched[0].Photo {
		t.Errorf("players' photos after the import: %v (Mack's first was %q)", photos, first)
	}

	p, err = e.svc.DeletePlayerPhoto(e.ctx, director, tid, mack.ID)
	if err != nil || p.Photo != "" {
		t.Fatalf("delete: %v %+v", err, p)
	}
	if _, err := e.svc.Photo(e.ctx, tid, first); photoCode(err) != "no-photo" {
		t.Errorf("a deleted photo: %v", err)
	}
	if _, err := e.svc.DeletePlayerPhoto(e.ctx, director, tid, mack.ID); err != nil {
		t.Errorf("delete with none: %v", err)
	}
	audit, err := e.svc.ListAudit(e.ctx, director, tid, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, a := range audit {
		count[a.Action]++
	}
	if count["set-photo"] != 4 || count["delete-photo"] != 1 {
		t.Errorf("audit: %v", count)
	}
}
