package main

import (
	"bufio"
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// selfSigned writes a self-signed certificate for 127.0.0.1 and its key
// as PEM files into dir, and returns them with a pool that trusts it.
func selfSigned(t *testing.T, dir, name string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: name},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, name+".pem"), filepath.Join(dir, name+"-key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}

// TestServeTLS: with --tls-cert and --tls-key the server speaks HTTPS
// with that certificate (a client trusting it gets answers), not plain
// HTTP, and its sign-in cookies are Secure.
func TestServeTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key, pool := selfSigned(t, dir, "venue")
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: filepath.Join(dir, "t.db"), TLSCert: cert, TLSKey: key, DirectorToken: "s3cret-director"}
	url, stderr, stop := startServe(t, cfg)
	defer stop()
	url = strings.Replace(url, "http://", "https://", 1)
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}, ForceAttemptHTTP2: true}}
	res, err := client.Get(url + "/healthz")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var health struct{ Status string }
	json.NewDecoder(res.Body).Decode(&health)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || health.Status != "ok" || res.TLS == nil {
		t.Fatalf("healthz over TLS: %d %+v", res.StatusCode, health)
	}
	res, err = client.Get(url + "/director")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	cookies := res.Cookies()
	if len(cookies) == 0 || !cookies[0].Secure {
		t.Errorf("sign-in page cookies %v, want Secure", cookies)
	}
	// A live-update stream works over it (HTTP/2).
	req, _ := http.NewRequest("POST", url+"/api/v1/tournaments", strings.NewReader(`{"name":"Open"}`))
	req.Header.Set("Authorization", "Bearer s3cret-director")
	if res, err = client.Do(req); err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create tournament: %v %v", res, err)
	}
	res.Body.Close()
	res, err = client.Get(url + "/t/1/updates")
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	res.Body.Close()
	if res.StatusCode != http.StatusOK || res.ProtoMajor != 2 || line != ": watching\n" {
		t.Errorf("stream over TLS: %d %s %q %v", res.StatusCode, res.Proto, line, err)
	}
	// A client that does not trust the certificate is refused, and plain
	// HTTP gets no answer of the API.
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("a client not trusting the certificate got an answer")
	}
	if res, err := http.Get(strings.Replace(url, "https://", "http://", 1) + "/healthz"); err == nil {
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			t.Error("plain HTTP answered")
		}
	}
	if !strings.Contains(stderr.String(), `"tls":true`) {
		t.Errorf("start-up log does not say TLS:\n%s", stderr)
	}
}

// TestServeLimitFlags: --tls-cert and --tls-key go together, a key that is
// not the certificate's (or a missing file) stops the start with a plain
// error, and the stream limits are at least one.
func TestServeLimitFlags(t *testing.T) {
	dir := t.TempDir()
	cert, key, _ := selfSigned(t, dir, "one")
	_, otherKey, _ := selfSigned(t, dir, "two")
	db := filepath.Join(dir, "t.db")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"cert without key", []string{"--tls-cert", cert}, 2, "--tls-cert and --tls-key go together"},
		{"key without cert", []string{"--tls-key", key}, 2, "--tls-cert and --tls-key go together"},
		{"key of another certificate", []string{"--tls-cert", cert, "--tls-key", otherKey}, 1, "TLS certificate " + cert + " and key " + otherKey},
		{"no such file", []string{"--tls-cert", filepath.Join(dir, "none.pem"), "--tls-key", key}, 1, "no such file"},
		{"no streams", []string{"--max-streams", "0"}, 2, "--max-streams must be at least 1"},
		{"no streams per address", []string{"--max-streams-per-address", "-3"}, 2, "--max-streams-per-address must be at least 1"},
		{"no staff streams", []string{"--max-staff-streams", "0"}, 2, "--max-staff-streams must be at least 1"},
		{"no PDF builders", []string{"--pdf-builders", "0"}, 2, "--pdf-builders must be at least 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, tc.args...)
			if code := run(args, nil, &out, &errb); code != tc.code || !strings.Contains(errb.String(), tc.want) {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tc.code, errb.String())
			}
		})
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("a refused start created the database")
	}
}

// TestServeMaxStreams: serve's stream limits reach the server: past
// --max-streams a stream is refused with 503 streams-full, and /healthz
// still answers.
func TestServeMaxStreams(t *testing.T) {
	cfg := serveConfig{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), DirectorToken: "s3cret-director",
		MaxStreams: 1, MaxStreamsPerAddress: 5}
	url, _, stop := startServe(t, cfg)
	defer stop()
	req, _ := http.NewRequest("POST", url+"/api/v1/tournaments", strings.NewReader(`{"name":"Open"}`))
	req.Header.Set("Authorization", "Bearer s3cret-director")
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusCreated {
		t.Fatalf("create tournament: %v %v", res, err)
	}
	res.Body.Close()
	first, err := http.Get(url + "/t/1/updates")
	if err != nil || first.StatusCode != http.StatusOK {
		t.Fatalf("first stream: %v %v", first, err)
	}
	defer first.Body.Close()
	second, err := http.Get(url + "/t/1/updates")
	if err != nil {
		t.Fatal(err)
	}
	second.Body.Close()
	if second.StatusCode != http.StatusServiceUnavailable || second.Header.Get("Retry-After") == "" {
		t.Errorf("a stream past --max-streams: %d, Retry-After %q", second.StatusCode, second.Header.Get("Retry-After"))
	}
	health, err := (&http.Client{Timeout: 2 * time.Second}).Get(url + "/healthz")
	if err != nil || health.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", health, err)
	}
	health.Body.Close()
}
