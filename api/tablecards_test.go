package api

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tourney/service"
)

// withOptions serves ts's service again with the HTTP options given,
// in place of the plain test server.
func withOptions(t *testing.T, ts *testServer, opts Options) {
	t.Helper()
	h, err := NewWith(ts.Svc, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ts.URL, ts.Handler = srv.URL, h
}

// cardsFixture is a fixture served with opts.
func cardsFixture(t *testing.T, opts Options) *fixture {
	t.Helper()
	f := newFixture(t)
	withOptions(t, f.testServer, opts)
	return f
}

// The tablets' address: the public URL, else the tournament's hall
// address, else the laptop's LAN address on a server listening on every
// interface, else the host asked for, which on the laptop itself comes
// with a warning. The cards without ?base= name the same.
func TestTabletAddress(t *testing.T) {
	lan := service.LANAddress()
	for _, tc := range []struct {
		name    string
		opts    Options
		setting string
		want    func(f *fixture) service.TabletAddress
	}{
		{"public URL", Options{PublicURL: "http://scores.example.org:8080/", ListenAddr: "0.0.0.0:8080"}, "http://hall.example:8080", func(*fixture) service.TabletAddress {
			return service.TabletAddress{Base: "http://scores.example.org:8080", Source: service.AddressPublicURL, Reachable: true}
		}},
		{"hall address", Options{ListenAddr: "0.0.0.0:8080"}, "http://hall.example:8080/", func(*fixture) service.TabletAddress {
			return service.TabletAddress{Base: "http://hall.example:8080", Source: service.AddressTournament, Reachable: true}
		}},
		{"every interface", Options{ListenAddr: "0.0.0.0:8080"}, "", func(f *fixture) service.TabletAddress {
			if lan == nil { // a machine on no network: the host asked for
				return service.TabletAddress{Base: f.URL, Source: service.AddressRequest,
					Warning: "Tablets cannot reach this laptop at 127.0.0.1: connect it to the hall's network or set the hall address"}
			}
			return service.TabletAddress{Base: "http://" + net.JoinHostPort(lan.String(), "8080"), Source: service.AddressLAN, Reachable: true}
		}},
		{"loopback only", Options{ListenAddr: "127.0.0.1:8080"}, "", func(f *fixture) service.TabletAddress {
			return service.TabletAddress{Base: f.URL, Source: service.AddressRequest,
				Warning: "Tablets cannot reach this laptop at 127.0.0.1: connect it to the hall's network or set the hall address"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := cardsFixture(t, tc.opts)
			if tc.setting != "" {
				must[service.Tournament](t, f.patch(f.tpath(""), f.Director, map[string]any{"settings": map[string]any{"public_url": tc.setting}}), http.StatusOK)
			}
			want := tc.want(f)
			got := must[service.TabletAddress](t, f.get(f.tpath("/tablet-address"), f.Director), http.StatusOK)
			if got != want {
				t.Fatalf("tablet address %+v, want %+v", got, want)
			}
			host := strings.TrimPrefix(strings.TrimPrefix(want.Base, "http://"), "https://")
			r := f.get(f.tpath("/rounds/1/tablecards.pdf"), f.Director)
			wantPDF(t, r)
			if codes := cardCodes(t, pdfText(t, r.Body), host); codes["1"] != f.table {
				t.Errorf("cards at %s: codes %v, want table 1's %s", host, codes, f.table)
			}
		})
	}
	f := newFixture(t)
	wantProblem(t, f.get(f.tpath("/tablet-address"), f.table), http.StatusForbidden, "director-only")
	wantProblem(t, f.get("/api/v1/tournaments/999/tablet-address", f.Director), http.StatusNotFound, "not-found")
}

// The hall address is an http(s) address; an empty one is none.
func TestHallAddressSetting(t *testing.T) {
	f := newFixture(t)
	set := func(v any) response {
		return f.patch(f.tpath(""), f.Director, map[string]any{"settings": map[string]any{"public_url": v, "judge_open": true}})
	}
	for _, bad := range []any{"hall.example:8080", "ftp://hall", "http://hall/?x=1", 8080} {
		wantProblem(t, set(bad), http.StatusBadRequest, "bad-public-url")
	}
	tr := must[service.Tournament](t, set("https://scores.example.org/"), http.StatusOK)
	if tr.Settings["public_url"] != "https://scores.example.org" || tr.Settings["judge_open"] != true {
		t.Fatalf("settings %v", tr.Settings)
	}
	tr = must[service.Tournament](t, set(""), http.StatusOK)
	if _, ok := tr.Settings["public_url"]; ok {
		t.Fatalf("an empty hall address kept: %v", tr.Settings)
	}
}

// The QR code on a table card is BASE/table/N#code=CODE: the tablets'
// address, and the code in the fragment. Read with zbarimg from the
// printed page (CI has zbar-tools; a developer without it skips).
func TestTableCardQRCode(t *testing.T) {
	for _, tool := range []string{"zbarimg", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing: CI installs zbar-tools and poppler-utils", tool)
			}
			t.Skipf("%s not installed (apt-get install zbar-tools poppler-utils)", tool)
		}
	}
	f := cardsFixture(t, Options{PublicURL: "https://scores.example.org", ListenAddr: "0.0.0.0:8080"})
	r := f.get(f.tpath("/rounds/1/tablecards.pdf"), f.Director)
	wantPDF(t, r)
	dir := t.TempDir()
	pdf := filepath.Join(dir, "cards.pdf")
	if err := os.WriteFile(pdf, r.Body, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "150", "-f", "1", "-l", "1", pdf, filepath.Join(dir, "card")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "card*.png"))
	if len(pngs) != 1 {
		t.Fatalf("pages drawn: %v", pngs)
	}
	out, err := exec.Command("zbarimg", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", pngs[0]).Output()
	if err != nil {
		t.Fatalf("zbarimg found no QR code: %v", err)
	}
	want := "https://scores.example.org/table/1#code=" + f.table
	for _, got := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if got != want {
			t.Errorf("QR code %q, want %q", got, want)
		}
	}
	if n := len(strings.Split(strings.TrimSpace(string(out)), "\n")); n != 2 {
		t.Errorf("%d QR codes on the card, want one a face", n)
	}
}

// The tablet signs in by posting its code (the page's form, or its
// script with the card link's fragment); a post from another site, a
// wrong code or another table's is refused plainly, and the box is a
// plain text box.
func TestTablePostSignIn(t *testing.T) {
	f := newFixture(t)
	other := f.credential(2)
	b := newBrowser(t, f.URL)
	box := b.get("/table/1")
	wantPage(t, box, http.StatusUnauthorized, `method="post"`, `action="/table/1"`, `name="code" type="text"`,
		`autocapitalize="characters"`, `autocorrect="off"`, `<script src="/static/table-signin.js"></script>`)
	if strings.Contains(string(box.Body), `type="password"`) {
		t.Error("the table code box hides what is typed")
	}
	for _, tc := range []struct {
		name, code string
		header     map[string]string
		status     int
		says       string
	}{
		{"wrong code", "AAAAA-AAAAA", nil, http.StatusUnauthorized, "not this table"},
		{"another table's", other, nil, http.StatusUnauthorized, "not this table"},
		{"from another site", f.table, map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden, "another site"},
		{"cross-site fetch", f.table, map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, "another site"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nb := newBrowser(t, f.URL)
			h := map[string]string{"Content-Type": "application/x-www-form-urlencoded"}
			for k, v := range tc.header {
				h[k] = v
			}
			r := nb.do("POST", "/table/1", strings.NewReader(url.Values{"code": {tc.code}}.Encode()), h)
			wantPage(t, r, tc.status, tc.says)
			if strings.Contains(r.Header.Get("Set-Cookie"), tableCookie) {
				t.Error("a refused sign-in set the session cookie")
			}
		})
	}
	// Behind a proxy that passes another Host on, the public URL's origin
	// is the pages' own.
	proxied := cardsFixture(t, Options{PublicURL: "https://scores.example.org"})
	r := newBrowser(t, proxied.URL).do("POST", "/table/1", strings.NewReader(url.Values{"code": {proxied.table}}.Encode()),
		map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": "https://scores.example.org"})
	if r.Status != http.StatusSeeOther {
		t.Errorf("a post from the public URL's page: %d, want 303: %s", r.Status, r.Body)
	}

	typed := strings.ToLower(strings.ReplaceAll(f.table, "-", " "))
	r = b.do("POST", "/table/1", strings.NewReader(url.Values{"code": {typed}}.Encode()),
		map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Origin": f.URL, "Sec-Fetch-Site": "same-origin"})
	if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/table/1" {
		t.Fatalf("sign-in: %d to %q, want 303 to /table/1: %s", r.Status, r.Header.Get("Location"), r.Body)
	}
	wantPage(t, b.get("/table/1"), http.StatusOK, "Doug", "Emely")
}

// Replacing a table's code is its own action, with a reason: the old
// code stops working, the audit log says why, the tablet that held it is
// told in plain words, and the table's card prints the new code. A code
// withdrawn without a replacement says so too.
func TestReplaceTableCode(t *testing.T) {
	f := newFixture(t)
	tablet, _ := signInTable(t, f)
	replace := func(token string, body any) response { return f.post(f.tpath("/tables/1/code/replace"), token, body) }
	wantProblem(t, replace(f.Director, map[string]any{}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, replace(f.Director, map[string]any{"reason": "  "}), http.StatusBadRequest, "missing-reason")
	wantProblem(t, replace(f.table, map[string]any{"reason": "mine"}), http.StatusForbidden, "director-only")
	wantProblem(t, f.post(f.tpath("/tables/0/code/replace"), f.Director, map[string]any{"reason": "x"}), http.StatusBadRequest, "bad-id")
	if live := f.liveCodes(); len(live[1]) != 1 {
		t.Fatalf("a refused replacement changed the codes: %v", live)
	}

	fresh := must[service.IssuedCredential](t, replace(f.Director, map[string]any{"reason": "card seen by a spectator"}), http.StatusCreated)
	if fresh.Token == f.table || fresh.Table != 1 || len(fresh.Replaced) != 1 {
		t.Fatalf("replacement %+v", fresh)
	}
	wantProblem(t, f.enter(f.game, f.table, turn{Turn: 1, Player: 1, Move: "-"}), http.StatusUnauthorized, "bad-credentials")
	must[service.TurnResult](t, f.enter(f.game, fresh.Token, turn{Turn: 1, Player: 1, Move: "-"}), http.StatusCreated)
	revs := f.revocations()
	if len(revs) != 1 || revs[0].Reason != "card seen by a spectator" || revs[0].Who != "director" || replacedBy(t, revs[0]) != fresh.ID {
		t.Fatalf("revocations %+v", revs)
	}
	if strings.Contains(string(revs[0].Before)+string(revs[0].After), f.table) {
		t.Errorf("the audit log keeps the code in the clear: %s %s", revs[0].Before, revs[0].After)
	}
	page := tablet.get("/table/1")
	wantPage(t, page, http.StatusUnauthorized, "This table&#39;s code was replaced by the director: scan the new card.", `name="code"`)

	// The table's card, printed alone, carries the new code.
	r := f.get(f.tpath("/rounds/1/tablecards.pdf?base=https://club.example&table=1"), f.Director)
	if n := wantPDF(t, r); n != 1 {
		t.Fatalf("%d pages, want table 1's card", n)
	}
	if codes := cardCodes(t, pdfText(t, r.Body), "club.example"); codes["1"] != fresh.Token {
		t.Errorf("card codes %v, want the new %s", codes, fresh.Token)
	}
	wantProblem(t, f.get(f.tpath("/rounds/1/tablecards.pdf?table=7"), f.Director), http.StatusNotFound, "no-such-table")

	// Withdrawn: revoked with no code in its place.
	tablet = newBrowser(t, f.URL)
	if r := tablet.get("/table/1?code=" + url.QueryEscape(fresh.Token)); r.Status != http.StatusSeeOther {
		t.Fatalf("sign-in with the new code: %d", r.Status)
	}
	must[service.Credential](t, f.post(f.tpath(fmt.Sprintf("/credentials/%d/revoke", fresh.ID)), f.Director, map[string]any{"reason": "table closed"}), http.StatusOK)
	wantPage(t, tablet.get("/table/1"), http.StatusUnauthorized, "This table&#39;s code was withdrawn by the director: ask the director.")
	// A tablet never signed in sees the bare box.
	if body := string(newBrowser(t, f.URL).get("/table/1").Body); strings.Contains(body, "by the director") {
		t.Errorf("a new tablet is told of a code it never had:\n%s", body)
	}
}
