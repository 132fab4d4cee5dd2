package main

import (
	"crypto/tls"
	"errors"
	"fmt"
)

// checkLimits refuses stream limits and PDF builders below one, and
// half a TLS pair.
func (c serveConfig) checkLimits() error {
	if c.MaxStreams < 1 {
		return fmt.Errorf("--max-streams must be at least 1, not %d", c.MaxStreams)
	}
	if c.MaxStreamsPerAddress < 1 {
		return fmt.Errorf("--max-streams-per-address must be at least 1, not %d", c.MaxStreamsPerAddress)
	}
	if c.MaxStaffStreams < 1 {
		return fmt.Errorf("--max-staff-streams must be at least 1, not %d", c.MaxStaffStreams)
	}
	if c.PDFBuilders < 1 {
		return fmt.Errorf("--pdf-builders must be at least 1, not %d", c.PDFBuilders)
	}
	return c.checkTLS()
}

// checkTLS: a certificate and its key come together, or not at all.
func (c serveConfig) checkTLS() error {
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return errors.New("--tls-cert and --tls-key go together: give both files, or neither")
	}
	return nil
}

// tlsConfig is the HTTPS configuration of --tls-cert and --tls-key; nil
// without them. A file that cannot be read, or a key that is not the
// certificate's, stops the start with a plain error.
func (c serveConfig) tlsConfig() (*tls.Config, error) {
	if err := c.checkTLS(); err != nil {
		return nil, err
	}
	if c.TLSCert == "" {
		return nil, nil
	}
	pair, err := tls.LoadX509KeyPair(c.TLSCert, c.TLSKey)
	if err != nil {
		return nil, fmt.Errorf("TLS certificate %s and key %s: %w", c.TLSCert, c.TLSKey, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{pair}, MinVersion: tls.VersionTLS12}, nil
}

// scheme is how the server is reached: https with a certificate of its
// own.
func (c serveConfig) scheme() string {
	if c.TLSCert != "" {
		return "https"
	}
	return "http"
}
