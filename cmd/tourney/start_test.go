package main

import (
	"bytes"
	"net"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"tourney/service"
	"tourney/store"
)

func TestDataDir(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("the XDG rule is for Linux and other Unix systems")
	}
	home := t.TempDir()
	for _, c := range []struct {
		name, dataDir, xdg, want string
	}{
		{"TOURNEY_DATA_DIR first", "/srv/tourney", "/x", "/srv/tourney"},
		{"XDG_DATA_HOME", "", "/x/data", "/x/data/tourney"},
		{"relative XDG_DATA_HOME is ignored", "", "data", filepath.Join(home, ".local/share/tourney")},
		{"home", "", "", filepath.Join(home, ".local/share/tourney")},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("HOME", home)
			t.Setenv("TOURNEY_DATA_DIR", c.dataDir)
			t.Setenv("XDG_DATA_HOME", c.xdg)
			got, err := dataDir()
			if err != nil || got != c.want {
				t.Errorf("dataDir() = %q, %v; want %q", got, err, c.want)
			}
		})
	}
}

func TestBrowserHost(t *testing.T) {
	for _, c := range []struct{ addr, want string }{
		{"[::]:8080", "localhost:8080"},
		{"0.0.0.0:8080", "localhost:8080"},
		{":9000", "localhost:9000"},
		{"127.0.0.1:8081", "127.0.0.1:8081"},
		{"[::1]:8081", "[::1]:8081"},
	} {
		if got := browserHost(c.addr); got != c.want {
			t.Errorf("browserHost(%q) = %q, want %q", c.addr, got, c.want)
		}
	}
}

// TestListenFallsBack: the no-argument mode takes another port when its
// own is taken; serve --addr does not.
func TestListenFallsBack(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, c := range []struct {
		name    string
		anyPort bool
		wantErr bool
	}{
		{"serve --addr", false, true},
		{"no arguments", true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ln, err := listen(serveConfig{Addr: taken.Addr().String(), anyPortIfBusy: c.anyPort})
			if (err != nil) != c.wantErr {
				t.Fatalf("listen: %v, want error %v", err, c.wantErr)
			}
			if ln != nil {
				defer ln.Close()
				if ln.Addr().String() == taken.Addr().String() {
					t.Errorf("listening on the taken address %s", ln.Addr())
				}
			}
		})
	}
}

func TestPrintStarted(t *testing.T) {
	lan := service.HallNetwork{Listen: ":8080", LAN: func() net.IP { return net.IPv4(192, 168, 1, 20) }}.Address("", "http://localhost:8080")
	loopback := service.HallNetwork{Listen: "127.0.0.1:8080"}.Address("", "http://localhost:8080")
	for _, c := range []struct {
		name, token string
		tablets     service.TabletAddress
		want        []string
	}{
		{"first start", "tok123", lan, []string{"Director page:  http://localhost:8080/director", "Tablets:        http://192.168.1.20:8080/table/N",
			"Director token: tok123", "Log:            /data/tourney.log", "Ctrl+C", "close this window"}},
		{"later starts", "", lan, []string{"Director page:", "tourney password --db", "Ctrl+C"}},
		{"no network", "", loopback, []string{"  Tablets cannot reach this laptop at localhost: connect it to the hall's network or set the hall address."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			printStarted(&b, "http://localhost:8080/director", c.tablets, c.token, "/data/tourney.db", "/data/tourney.log")
			for _, w := range c.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("missing %q in:\n%s", w, b.String())
				}
			}
		})
	}
}

func TestVersion(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"version"}, nil, &out, &errb); code != 0 {
		t.Fatalf("version: exit %d: %s", code, errb.String())
	}
	for _, w := range []string{"tourney dev", "commit ", store.Driver, "postgres", runtime.GOOS + "/" + runtime.GOARCH} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("tourney version: missing %q in:\n%s", w, out.String())
		}
	}
}

func TestHoldOnError(t *testing.T) {
	for _, c := range []struct {
		code  int
		goos  string
		holds bool
	}{
		{1, "windows", true},
		{0, "windows", false},
		{1, "linux", false},
		{1, "darwin", false},
	} {
		var out strings.Builder
		in := strings.NewReader("\nleft over")
		holdOnError(c.code, c.goos, in, &out)
		held := strings.Contains(out.String(), "Press Enter")
		if held != c.holds || (held && in.Len() == len("\nleft over")) {
			t.Errorf("code %d on %s: held %v (want %v), %d bytes left to read", c.code, c.goos, held, c.holds, in.Len())
		}
	}
}
