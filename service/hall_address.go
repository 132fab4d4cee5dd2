package service

import (
	"context"
	"net"
	"net/url"
	"strings"
)

// The address tablets use: where the table cards send them, and what the
// console shows the director. The director's own browser is no guide: at
// a venue it is on localhost, which no tablet can reach. The server
// decides, in this order:
//
//  1. the public URL it was started with (serve --public-url);
//  2. the tournament's hall address (the public_url setting), for a hall
//     whose network gives the laptop a fixed name;
//  3. listening on all interfaces, the laptop's address on the hall's
//     network (the interface of its default route) with the port;
//  4. the host the director's browser asked for.
//
// An address on the laptop itself (127.0.0.1, localhost), or a server
// listening on loopback only, is said to be out of the tablets' reach.

// PublicURLSetting is the tournament setting naming the hall address.
const PublicURLSetting = "public_url"

// Where a tablet address comes from.
const (
	AddressPublicURL  = "public-url" // serve --public-url
	AddressTournament = "tournament" // the tournament's public_url setting
	AddressLAN        = "lan"        // the laptop's address on the hall's network
	AddressRequest    = "request"    // the host the director's browser asked for
)

// HallNetwork is what the server knows of how it is reached.
type HallNetwork struct {
	PublicURL string // serve --public-url; "" for none
	Listen    string // the listener's address: ":8080", "127.0.0.1:8080", "[::]:8080"
	TLS       bool   // the server itself serves HTTPS (serve --tls-cert)
	// LAN finds the laptop's address on the hall's network; nil:
	// LANAddress. It is asked only when the answer depends on it.
	LAN func() net.IP
}

// TabletAddress is the base address of the tablets' pages
// (BASE/table/N), where it comes from, and whether a tablet can reach
// it; when it cannot, Warning says so in plain words.
type TabletAddress struct {
	Base      string `json:"base"`
	Source    string `json:"source"`
	Reachable bool   `json:"reachable"`
	Warning   string `json:"warning,omitempty"`
}

// TabletAddress is the address tablets use for a tournament (director),
// decided by h (see HallNetwork.Address) with the tournament's hall
// address; requestBase is the scheme and host the director asked for.
func (s *Service) TabletAddress(ctx context.Context, a Actor, tournamentID int64, h HallNetwork, requestBase string) (*TabletAddress, error) {
	if err := requireDirector(a); err != nil {
		return nil, err
	}
	t, err := s.Store.GetTournament(ctx, tournamentID)
	if err != nil {
		return nil, notFound(err, "tournament %d", tournamentID)
	}
	setting, _ := t.Settings[PublicURLSetting].(string)
	out := h.Address(setting, requestBase)
	return &out, nil
}

// Address decides the tablets' address (see the list above): setting is
// the tournament's hall address ("" for none), requestBase the scheme and
// host a request came to ("" for none: the listener's own address).
func (h HallNetwork) Address(setting, requestBase string) TabletAddress {
	if base, ok := ParseBaseURL(h.PublicURL); ok {
		return TabletAddress{Base: base, Source: AddressPublicURL, Reachable: true}
	}
	if base, ok := ParseBaseURL(setting); ok {
		return TabletAddress{Base: base, Source: AddressTournament, Reachable: true}
	}
	host, port, err := net.SplitHostPort(h.Listen)
	listenIP := net.ParseIP(host)
	if err == nil && (host == "" || listenIP != nil && listenIP.IsUnspecified()) {
		lan := h.LAN
		if lan == nil {
			lan = LANAddress
		}
		if ip := lan(); ip != nil && !ip.IsLoopback() && !ip.IsUnspecified() {
			return TabletAddress{Base: h.scheme() + "://" + net.JoinHostPort(ip.String(), port), Source: AddressLAN, Reachable: true}
		}
	}
	base, ok := ParseBaseURL(requestBase)
	if !ok {
		if host == "" || listenIP != nil && listenIP.IsUnspecified() {
			host = "127.0.0.1"
		}
		base = h.scheme() + "://" + net.JoinHostPort(host, port)
	}
	out := TabletAddress{Base: base, Source: AddressRequest, Reachable: true}
	u, _ := url.Parse(base)
	if onThisLaptop(u.Hostname()) || listenIP != nil && listenIP.IsLoopback() {
		out.Reachable = false
		out.Warning = "Tablets cannot reach this laptop at " + u.Hostname() + ": connect it to the hall's network or set the hall address"
	}
	return out
}

// onThisLaptop reports whether a host names the machine itself.
func onThisLaptop(host string) bool {
	host = strings.ToLower(host)
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && (ip.IsLoopback() || ip.IsUnspecified())
}

// ParseBaseURL reads the base address of the pages, an absolute http or
// https URL with no query or fragment, and returns it without a trailing
// slash; ok is false for anything else, "" included.
func ParseBaseURL(s string) (base string, ok bool) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	return strings.TrimRight(u.String(), "/"), true
}

// checkHallAddress checks the tournament's hall address setting: absent,
// empty (none) or an http(s) address, kept as ParseBaseURL returns it.
func checkHallAddress(st Settings) error {
	v, present := st[PublicURLSetting]
	if !present {
		return nil
	}
	s, isText := v.(string)
	if isText && strings.TrimSpace(s) == "" {
		delete(st, PublicURLSetting)
		return nil
	}
	base, ok := ParseBaseURL(s)
	if !isText || !ok {
		return Errorf(KindInvalid, "bad-public-url", "the hall address must be the address tablets open, such as http://192.168.1.20:8080 or https://scores.example.org, not %v", v)
	}
	st[PublicURLSetting] = base
	return nil
}

// LANAddress is this machine's address on its network: the one its
// default route leaves from, found by "dialling" a UDP address, which
// only picks a route and sends nothing; without a default route, the
// first address of an interface that is up and not loopback. nil if it
// has none.
func LANAddress() net.IP {
	if c, err := net.Dial("udp4", "192.0.2.1:9"); err == nil { // TEST-NET-1: nobody is contacted
		ip := c.LocalAddr().(*net.UDPAddr).IP
		c.Close()
		if !ip.IsLoopback() && !ip.IsUnspecified() {
			return ip
		}
	}
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var v6 net.IP
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, _ := ifc.Addrs()
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() {
				continue
			}
			if n.IP.To4() != nil {
				return n.IP
			}
			if v6 == nil {
				v6 = n.IP
			}
		}
	}
	return v6
}

// scheme is the tablets' scheme on the server's own listener.
func (h HallNetwork) scheme() string {
	if h.TLS {
		return "https"
	}
	return "http"
}
