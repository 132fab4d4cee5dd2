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
