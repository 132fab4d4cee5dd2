package service

import (
	"net"
	"strings"
	"testing"
)

// The tablets' address is decided in one place: the public URL, then the
// tournament's hall address, then the laptop's LAN address when the
// server listens on every interface, then the host the director asked
// for, with a warning when that is the laptop itself.
func TestTabletAddress(t *testing.T) {
	lan := func(ip string) func() net.IP { return func() net.IP { return net.ParseIP(ip) } }
	asked := false
	spy := func() net.IP { asked = true; return net.ParseIP("192.168.1.20") }
	for _, tc := range []struct {
		name             string
		h                HallNetwork
		setting, request string
		want             TabletAddress
		lanAsked         bool
	}{
		{"public URL wins", HallNetwork{PublicURL: "https://scores.example.org/", Listen: ":8080", LAN: spy}, "http://hall.local:8080", "http://localhost:8080",
			TabletAddress{Base: "https://scores.example.org", Source: AddressPublicURL, Reachable: true}, false},
		{"tournament setting", HallNetwork{Listen: ":8080", LAN: spy}, "http://hall.local:8080/", "http://localhost:8080",
			TabletAddress{Base: "http://hall.local:8080", Source: AddressTournament, Reachable: true}, false},
		{"all interfaces: the LAN address", HallNetwork{Listen: ":8080", LAN: spy}, "", "http://localhost:8080",
			TabletAddress{Base: "http://192.168.1.20:8080", Source: AddressLAN, Reachable: true}, true},
		{"0.0.0.0 is all interfaces", HallNetwork{Listen: "0.0.0.0:9000", LAN: lan("10.0.0.7")}, "", "",
			TabletAddress{Base: "http://10.0.0.7:9000", Source: AddressLAN, Reachable: true}, false},
		{"[::] is all interfaces", HallNetwork{Listen: "[::]:8080", LAN: lan("fd00::5")}, "", "",
			TabletAddress{Base: "http://[fd00::5]:8080", Source: AddressLAN, Reachable: true}, false},
		{"all interfaces, no network: the request's host", HallNetwork{Listen: ":8080", LAN: lan("")}, "", "http://localhost:8080",
			TabletAddress{Base: "http://localhost:8080", Source: AddressRequest,
				Warning: "Tablets cannot reach this laptop at localhost: connect it to the hall's network or set the hall address"}, false},
		{"loopback listener", HallNetwork{Listen: "127.0.0.1:8080", LAN: spy}, "", "http://127.0.0.1:8080",
			TabletAddress{Base: "http://127.0.0.1:8080", Source: AddressRequest,
				Warning: "Tablets cannot reach this laptop at 127.0.0.1: connect it to the hall's network or set the hall address"}, false},
		{"loopback listener, no request", HallNetwork{Listen: "127.0.0.1:8080", LAN: spy}, "", "",
			TabletAddress{Base: "http://127.0.0.1:8080", Source: AddressRequest,
				Warning: "Tablets cannot reach this laptop at 127.0.0.1: connect it to the hall's network or set the hall address"}, false},
		{"one interface: the request's host", HallNetwork{Listen: "192.168.1.20:8080", LAN: spy}, "", "http://192.168.1.20:8080",
			TabletAddress{Base: "http://192.168.1.20:8080", Source: AddressRequest, Reachable: true}, false},
		{"a bad setting is no setting", HallNetwork{Listen: ":8080", LAN: lan("192.168.1.20")}, "ftp://x", "",
			TabletAddress{Base: "http://192.168.1.20:8080", Source: AddressLAN, Reachable: true}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			asked = false
			got := tc.h.Address(tc.setting, tc.request)
			if got != tc.want {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
			if asked != tc.lanAsked {
				t.Errorf("LAN address looked up: %v, want %v", asked, tc.lanAsked)
			}
		})
	}
}

// The hall address setting is an http(s) address or nothing.
func TestCheckHallAddress(t *testing.T) {
	for _, tc := range []struct {
		in      any
		want    any // the setting kept; nil: none
		wantErr bool
	}{
		{"http://192.168.1.20:8080/", "http://192.168.1.20:8080", false},
		{" https://scores.example.org ", "https://scores.example.org", false},
		{"", nil, false},
		{"192.168.1.20:8080", nil, true},
		{"ftp://hall", nil, true},
		{"http://hall/?x=1", nil, true},
		{"http://", nil, true},
		{42, nil, true},
	} {
		st := Settings{PublicURLSetting: tc.in}
		err := checkHallAddress(st)
		if (err != nil) != tc.wantErr {
			t.Errorf("%v: error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if err != nil {
			if e := AsError(err); e.Type != "bad-public-url" || !strings.Contains(e.Msg, "hall address") {
				t.Errorf("%v: error %+v", tc.in, e)
			}
			continue
		}
		if got := st[PublicURLSetting]; got != tc.want {
			t.Errorf("%v: kept %v, want %v", tc.in, got, tc.want)
		}
	}
	if err := checkHallAddress(Settings{"judge_open": true}); err != nil {
		t.Errorf("no hall address: %v", err)
	}
}

// The LAN address, when the machine has one, is not its loopback.
func TestLANAddressNotLoopback(t *testing.T) {
	if ip := LANAddress(); ip != nil && (ip.IsLoopback() || ip.IsUnspecified()) {
		t.Errorf("LAN address %v", ip)
	}
}
