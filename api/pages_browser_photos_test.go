package api

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"tourney/service"
)

// The director uploads a player's photo from the setup page's list and
// imports a folder of photos named by member id; the live boards and the
// featured table's overlay show them, each beside its player; a player
// without one shows initials, never a broken image.
func TestBrowserPhotosFromConsoleToLive(t *testing.T) {
	f := newFixture(t) // Doug and Emely are paired at table 1
	emely := f.players[1]
	f.patch(f.tpath("/players/"+itoa(emely)), f.Director, map[string]any{"member_id": "EM000001", "reason": "member id from the entry list"})
	jpeg, err := filepath.Abs(filepath.Join("..", "service", "testdata", "photos", "exif.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	folder := t.TempDir()
	png, err := os.ReadFile(filepath.Join("..", "service", "testdata", "photos", "face.png"))
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range map[string][]byte{"EM000001.png": png, "ZZ999999.jpg": png, "notes.txt": []byte("hello")} {
		if err := os.WriteFile(filepath.Join(folder, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doug := fmt.Sprintf(`#players tr[data-player="%d"]`, f.players[0])
	ctx := newChrome(t)
	run(t, ctx, consoleSignIn(f),
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player] .photo-btn").length === 2`),
		chromedp.SetUploadFiles(chromedp.CSS(doug+" input.photo-file"), []string{jpeg}),
		waitFor(`document.getElementById("players-status").textContent === "Doug's photo saved."`),
		waitFor(`(function(){ var i = document.querySelector(`+jsString(doug+" img.console-photo")+`); return !!i && i.complete && i.naturalWidth > 0; })()`),
		waitFor(`!!document.querySelector(`+jsString(doug+" .photo-remove-btn")+`)`),
		eval(`document.getElementById("photos-card").scrollIntoView()`),
		shotAt("photos-console", 1280, 800),
	)
	ps := must[[]service.Player](t, f.get(f.tpath("/players"), f.Director), http.StatusOK)
	if ps[0].Photo == "" || ps[1].Photo != "" {
		t.Fatalf("after the upload: %+v", ps)
	}

	live := func(path string) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(
			chromedp.Navigate(f.URL+path),
			waitFor(`(function(){ var i = document.querySelectorAll(".live-player img.live-photo"); return i.length === 1 && i[0].complete && i[0].naturalWidth > 0 &&
				i[0].closest(".live-player").textContent.includes("Doug"); })()`),
			waitFor(`(function(){ var s = document.querySelectorAll(".live-player .live-initials"); return s.length === 1 && s[0].textContent === "E"; })()`),
		)
	}
	run(t, ctx, live(fmt.Sprintf("/t/%d/live", f.tournament)), shotAt("photos-live", 1280, 800),
		live(fmt.Sprintf("/t/%d/live/1", f.tournament)), shotAt("photos-table-1920x1080", 1920, 1080), shotAt("photos-table-390x844", 390, 844),
		live(fmt.Sprintf("/t/%d/live/1?overlay=1", f.tournament)), shotAt("photos-overlay-1920x1080", 1920, 1080), shotAt("photos-overlay-390x844", 390, 844))

	// A folder: Emely's photo by her member id, one named by nobody's, a
	// file that is no photo left out.
	run(t, ctx,
		chromedp.Navigate(fmt.Sprintf("%s/director/%d/setup", f.URL, f.tournament)),
		waitFor(`document.querySelectorAll("#players tbody tr[data-player] .photo-btn").length === 2`),
		chromedp.SetUploadFiles(chromedp.CSS("#photos-folder"), []string{folder}),
		waitFor(`document.getElementById("photos-folder").files.length === 3`), // the folder is read after the call
		submitForm("#photos-form", "1 photo given to players (Emely). 1 file is named by no player's member id: ZZ999999.jpg. 1 other files left out (not .jpg or .png)."),
		waitFor(`document.querySelectorAll("#players img.console-photo").length === 2`),
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/live", f.URL, f.tournament)),
		waitFor(`(function(){ var i = document.querySelectorAll(".live-player img.live-photo"); return i.length === 2 && i[1].complete && i[1].naturalWidth > 0; })()`),
		waitFor(`document.querySelectorAll(".live-initials").length === 0`),
		// The projector's standings, each photo beside its player.
		chromedp.Navigate(fmt.Sprintf("%s/t/%d/standings", f.URL, f.tournament)),
		waitFor(`(function(){ var i = document.querySelectorAll(".hall-standings img.hall-photo"); return i.length === 2 &&
			Array.prototype.every.call(i, function (x) { return x.complete && x.naturalWidth > 0; }); })()`),
		shotAt("photos-projector", 1280, 720),
	)
}
