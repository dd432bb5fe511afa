package cluster

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nkeys"
	"github.com/rs/zerolog"
)

// TestOtherBuildIsRefused: a worker or submitter whose network checksum
// or version differs from the coordinator's is refused with ErrIdentity.
func TestOtherBuildIsRefused(t *testing.T) {
	c := coordinator(t, ServeOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, id := range []Identity{{Version: testID.Version, Network: "12345678"}, {Version: "test-2", Network: testID.Network}} {
		err := Work(ctx, WorkOptions{ConnectOptions: ConnectOptions{URL: c.URL(), Identity: id, Log: zerolog.Nop()}, Handlers: testHandlers("", nil)})
		if !errors.Is(err, ErrIdentity) {
			t.Errorf("worker with %s: %v, want ErrIdentity", id, err)
		}
		if _, err := Dial(ctx, ConnectOptions{URL: c.URL(), Identity: id}); !errors.Is(err, ErrIdentity) {
			t.Errorf("submitter with %s: %v, want ErrIdentity", id, err)
		}
	}
}

// TestTokenIsRequired: with a token, a wrong or missing token is refused
// and the right one runs jobs.
func TestTokenIsRequired(t *testing.T) {
	c := coordinator(t, ServeOptions{Token: "s3cret"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, tok := range []string{"wrong", ""} {
		if _, err := Dial(ctx, ConnectOptions{URL: c.URL(), Token: tok, Identity: testID}); err == nil {
			t.Errorf("token %q accepted", tok)
		}
		err := Work(ctx, WorkOptions{ConnectOptions: ConnectOptions{URL: c.URL(), Token: tok, Identity: testID, Log: zerolog.Nop()}})
		if err == nil {
			t.Errorf("worker with token %q accepted", tok)
		}
	}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), Token: "s3cret"}, 1, testHandlers("", nil))
	jobs := squareJobs(3, "square", 0)
	runSquares(t, ctx, dial(t, ConnectOptions{URL: c.URL(), Token: "s3cret"}), "tok", jobs)
}

// TestNKeyIsRequired: with NKeys, only a listed user's seed gets in.
func TestNKeyIsRequired(t *testing.T) {
	dir := t.TempDir()
	seedFile := func(name string) (string, string) {
		kp, err := nkeys.CreateUser()
		if err != nil {
			t.Fatal(err)
		}
		seed, _ := kp.Seed()
		pub, _ := kp.PublicKey()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, seed, 0o600); err != nil {
			t.Fatal(err)
		}
		return path, pub
	}
	good, pub := seedFile("good.nk")
	bad, _ := seedFile("bad.nk")
	c := coordinator(t, ServeOptions{NKeys: []string{pub}})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Dial(ctx, ConnectOptions{URL: c.URL(), NKeySeed: bad, Identity: testID}); err == nil {
		t.Error("an unlisted NKey was accepted")
	}
	if _, err := Dial(ctx, ConnectOptions{URL: c.URL(), Identity: testID}); err == nil {
		t.Error("no NKey was accepted")
	}
	inProcessWorker(t, ConnectOptions{URL: c.URL(), NKeySeed: good}, 1, testHandlers("", nil))
	jobs := squareJobs(3, "square", 0)
	runSquares(t, ctx, dial(t, ConnectOptions{URL: c.URL(), NKeySeed: good}), "nk", jobs)
	if _, err := Serve(ctx, ServeOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), NKeys: []string{"not-a-key"}}); err == nil {
		t.Error("a malformed NKey was accepted")
	}
}

// TestTLS: a coordinator with a self-signed certificate is reached by
// clients that trust it and refused by those that do not.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	c := coordinator(t, ServeOptions{TLSCert: cert, TLSKey: key, Token: "t"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := Dial(ctx, ConnectOptions{URL: c.URL(), Token: "t", Identity: testID}); err == nil {
		t.Error("a client that does not trust the certificate connected")
	}
	o := ConnectOptions{URL: c.URL(), Token: "t", CAFiles: []string{cert}}
	inProcessWorker(t, o, 1, testHandlers("", nil))
	jobs := squareJobs(3, "square", 0)
	runSquares(t, ctx, dial(t, o), "tls", jobs)
}

// selfSigned writes a certificate for 127.0.0.1 and its key into dir.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "crown test coordinator"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}
