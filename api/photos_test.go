package api

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
)

func photoBytes(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "service", "testdata", "photos", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// multipartBody is a form of files (field → file name → bytes), in order.
func multipartBody(t *testing.T, files ...[3]string) (body []byte, contentType string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, f := range files {
		part, err := w.CreateFormFile(f[0], f[1])
		if err != nil {
			t.Fatal(err)
		}
		part.Write([]byte(f[2]))
	}
	w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// photoFixture is a tournament of two divisions, a player with a member
// id in each, and one without.
func photoFixture(t *testing.T) (*testServer, int64, []service.Player) {
	ts := newTestServer(t)
	tour := must[service.Tournament](t, ts.post("/api/v1/tournaments", ts.Director, map[string]any{"name": "Photo Open"}), http.StatusCreated)
	var players []service.Player
	for i, d := range []string{"A", "B"} {
		div := must[service.Division](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/divisions", tour.ID), ts.Director, map[string]any{"name": d}), http.StatusCreated)
		name, member := []string{"Mack Meller", "Ann Lee"}[i], []string{"AA003200", "BB000001"}[i]
		players = append(players, must[service.Player](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/players", tour.ID), ts.Director,
			map[string]any{"name": name, "member_id": member, "division_id": div.ID}), http.StatusCreated))
	}
	players = append(players, must[service.Player](t, ts.post(fmt.Sprintf("/api/v1/tournaments/%d/players", tour.ID), ts.Director,
		map[string]any{"name": "Cy Nomember"}), http.StatusCreated))
	return ts, tour.ID, players
}

// The director uploads a photo (the body the image, or a form's field
// "photo"), replaces it, removes it; it is served at /t/{id}/html/ + the
// player's photo path, public, cached by its ETag, readable from any
// site; whatever is not a photo is refused with its code.
func TestPlayerPhotoAPI(t *testing.T) {
	ts, tid, players := photoFixture(t)
	url := fmt.Sprintf("/api/v1/tournaments/%d/players/%d/photo", tid, players[0].ID)
	put := func(token string, body []byte, contentType string) response {
		return ts.send(req{method: "PUT", path: url, token: token, body: body, header: map[string]string{"Content-Type": contentType}})
	}
	p := must[service.Player](t, put(ts.Director, photoBytes(t, "exif.jpg"), "image/jpeg"), http.StatusOK)
	if !strings.HasPrefix(p.Photo, "pix/m/meller_mack_aa003200_") {
		t.Fatalf("photo %q", p.Photo)
	}
	served := fmt.Sprintf("/t/%d/html/%s", tid, p.Photo)
	r := ts.get(served, "")
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "image/jpeg" || r.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(r.Header.Get("Cache-Control"), "max-age") || r.Header.Get("ETag") == "" {
		t.Fatalf("served: %d %v", r.Status, r.Header)
	}
	if bytes.Contains(r.Body, []byte("SecretCam")) || !bytes.HasPrefix(r.Body, []byte{0xff, 0xd8}) {
		t.Errorf("served photo is not the re-encoded JPEG")
	}
	if r2 := ts.get(fmt.Sprintf("/api/v1/tournaments/%d/%s", tid, p.Photo), ""); r2.Status != http.StatusOK || !bytes.Equal(r2.Body, r.Body) {
		t.Errorf("beside the API's feed: %d", r2.Status)
	}
	if r2 := ts.send(req{method: "GET", path: served, header: map[string]string{"If-None-Match": r.Header.Get("ETag")}}); r2.Status != http.StatusNotModified {
		t.Errorf("If-None-Match: %d, want 304", r2.Status)
	}

	body, ct := multipartBody(t, [3]string{"photo", "me.png", string(photoBytes(t, "face.png"))})
	p2 := must[service.Player](t, put(ts.Director, body, ct), http.StatusOK)
	if p2.Photo == p.Photo {
		t.Errorf("a new photo kept the old path %q", p.Photo)
	}
	wantProblem(t, ts.get(served, ""), http.StatusNotFound, "no-photo")
	if r := ts.get(fmt.Sprintf("/t/%d/html/%s", tid, p2.Photo), ""); r.Status != http.StatusOK {
		t.Errorf("the new photo: %d", r.Status)
	}
	players2 := must[[]service.Player](t, ts.get(fmt.Sprintf("/api/v1/tournaments/%d/players", tid), ""), http.StatusOK)
	if players2[0].Photo != p2.Photo || players2[2].Photo != "" {
		t.Errorf("players list: %+v", players2)
	}

	big := append(photoBytes(t, "exif.jpg"), make([]byte, service.MaxPhotoBytes)...)
	noPhoto, noPhotoCT := multipartBody(t, [3]string{"other", "x.jpg", "x"})
	for _, tc := range []struct {
		name, token string
		body        []byte
		ct          string
		status      int
		code        string
	}{
		{"garbage", ts.Director, photoBytes(t, "garbage.jpg"), "image/jpeg", 400, "not-an-image"},
		{"huge dimensions", ts.Director, photoBytes(t, "huge.png"), "image/png", 400, "photo-too-large"},
		{"over 5 MB", ts.Director, big, "image/jpeg", 400, "photo-too-large"},
		{"far over 5 MB", ts.Director, make([]byte, 7<<20), "image/jpeg", 413, "body-too-large"},
		{"form without photo", ts.Director, noPhoto, noPhotoCT, 400, "missing-photo"},
		{"the public", "", photoBytes(t, "exif.jpg"), "image/jpeg", 401, "credentials-required"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := put(tc.token, tc.body, tc.ct)
			if r.Status != tc.status || !strings.Contains(string(r.Body), `"code":"`+tc.code+`"`) {
				t.Errorf("%d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}

	del := must[service.Player](t, ts.send(req{method: "DELETE", path: url, token: ts.Director}), http.StatusOK)
	if del.Photo != "" {
		t.Errorf("after delete: %q", del.Photo)
	}
	wantProblem(t, ts.get(fmt.Sprintf("/t/%d/html/%s", tid, p2.Photo), ""), http.StatusNotFound, "no-photo")
	wantProblem(t, ts.get(fmt.Sprintf("/t/%d/html/pix/nothing.jpg", tid), ""), http.StatusNotFound, "no-photo")
}

// A folder of photos named by member id, in one request, reaches the
// players of both divisions; it says which files named no player and
// which were refused.
func TestImportPhotosAPI(t *testing.T) {
	ts, tid, players := photoFixture(t)
	body, ct := multipartBody(t,
		[3]string{"files", "photos/AA003200.jpg", string(photoBytes(t, "exif.jpg"))},
		[3]string{"files", "photos/bb000001.PNG", string(photoBytes(t, "face.png"))},
		[3]string{"files", "photos/ZZ999999.jpg", string(photoBytes(t, "exif.jpg"))},
		[3]string{"files", "photos/notes.txt", "not a photo"},
	)
	path := fmt.Sprintf("/api/v1/tournaments/%d/photos", tid)
	res := must[service.PhotoImport](t, ts.send(req{method: "POST", path: path, token: ts.Director, body: body,
		header: map[string]string{"Content-Type": ct}}), http.StatusOK)
	if len(res.Matched) != 2 || res.Matched[0].PlayerID != players[0].ID || res.Matched[1].PlayerID != players[1].ID {
		t.Errorf("matched %+v", res.Matched)
	}
	if fmt.Sprint(res.NoPlayer) != "[ZZ999999.jpg notes.txt]" || len(res.Failed) != 0 {
		t.Errorf("no player %v, failed %+v", res.NoPlayer, res.Failed)
	}
	for _, m := range res.Matched {
		if r := ts.get(fmt.Sprintf("/t/%d/html/%s", tid, m.Photo), ""); r.Status != http.StatusOK {
			t.Errorf("%s: %d", m.Photo, r.Status)
		}
	}
	// A file named by a member id that is no photo is refused, the others kept.
	body, ct = multipartBody(t, [3]string{"files", "AA003200.jpg", "garbage"})
	res = must[service.PhotoImport](t, ts.send(req{method: "POST", path: path, token: ts.Director, body: body,
		header: map[string]string{"Content-Type": ct}}), http.StatusOK)
	if len(res.Failed) != 1 || res.Failed[0].Code != "not-an-image" || res.Failed[0].File != "AA003200.jpg" {
		t.Errorf("failed %+v", res.Failed)
	}
	// With an Idempotency-Key (the body is read before the handler) the
	// same, and a resend is the first answer.
	body, ct = multipartBody(t, [3]string{"files", "BB000001.png", string(photoBytes(t, "exif.jpg"))})
	for i := range 2 {
		r := ts.send(req{method: "POST", path: path, token: ts.Director, body: body,
			header: map[string]string{"Content-Type": ct, "Idempotency-Key": "photos-1"}})
		res = must[service.PhotoImport](t, r, http.StatusOK)
		if len(res.Matched) != 1 || res.Matched[0].PlayerID != players[1].ID || (i == 1) != (r.Header.Get("Idempotent-Replayed") == "true") {
			t.Errorf("with an Idempotency-Key, try %d: %+v %v", i, res, r.Header)
		}
	}
	wantProblem(t, ts.send(req{method: "POST", path: path, token: ts.Director, body: "{}"}), http.StatusUnsupportedMediaType, "unsupported-media-type")
	wantProblem(t, ts.send(req{method: "POST", path: path, body: body, header: map[string]string{"Content-Type": ct}}), http.StatusUnauthorized, "credentials-required")
}

// The live boards' JSON names each seated player's photo as the feed
// does, in both divisions, and the projector's standings show it.
func TestPhotosOnPublicPages(t *testing.T) {
	ts, tid, players := photoFixture(t)
	base := fmt.Sprintf("/api/v1/tournaments/%d", tid)
	for i, p := range players[:2] {
		must[service.Round](t, ts.post(base+"/rounds", ts.Director, map[string]any{"number": 1, "division_id": *p.DivisionID}), http.StatusCreated)
		other := must[service.Player](t, ts.post(base+"/players", ts.Director,
			map[string]any{"name": fmt.Sprintf("Opponent %d", i), "division_id": *p.DivisionID}), http.StatusCreated)
		must[service.Game](t, ts.post(base+"/games", ts.Director, map[string]any{"round": 1, "table": i + 1, "players": []int64{p.ID, other.ID}, "division_id": *p.DivisionID}), http.StatusCreated)
	}
	var photos []string
	for _, p := range players[:2] {
		r := ts.send(req{method: "PUT", path: fmt.Sprintf("%s/players/%d/photo", base, p.ID), token: ts.Director,
			body: photoBytes(t, "face.png"), header: map[string]string{"Content-Type": "image/png"}})
		photos = append(photos, must[service.Player](t, r, http.StatusOK).Photo)
	}
	live := must[service.Live](t, ts.get(base+"/live", ""), http.StatusOK)
	seen, divs := map[int64]string{}, 0
	for _, d := range live.Divisions {
		if len(d.Tables) > 0 {
			divs++
		}
		for _, tb := range d.Tables {
			for _, s := range tb.Players {
				seen[s.PlayerID] = s.Photo
			}
		}
	}
	if divs != 2 || seen[players[0].ID] != photos[0] || seen[players[1].ID] != photos[1] || len(seen) != 4 {
		t.Errorf("live boards' photos %v, want %v", seen, photos)
	}
	for id, ph := range seen {
		if id != players[0].ID && id != players[1].ID && ph != "" {
			t.Errorf("player %d without a photo has %q", id, ph)
		}
	}
	page := string(ts.get(fmt.Sprintf("/t/%d/standings", tid), "").Body)
	for _, ph := range photos {
		if !strings.Contains(page, fmt.Sprintf(`<img class="hall-photo" src="/t/%d/html/%s" alt="">`, tid, ph)) {
			t.Errorf("the projector shows no %s", ph)
		}
	}
	if n := strings.Count(page, `class="hall-photo"`); n != 2 {
		t.Errorf("the projector shows %d photos, want 2", n)
	}
}
