// serve.go is the coordinator: an embedded NATS server with JetStream on
// disk, listening for workers and submitters, with token or NKey
// authentication and optional TLS. It holds no crown logic: it creates the
// streams of layout.go, records its identity and then only routes and
// stores messages, so restarting it on the same store directory resumes
// every queued job and keeps every result. The port opens only once the
// layout exists: a worker that connected earlier (as soon as the port
// answered) found no identity bucket and gave up ("bucket not found").
package cluster

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
	"github.com/rs/zerolog"
)

// ServeOptions configure a coordinator.
type ServeOptions struct {
	Listen   string // host:port; port 0 picks a free one
	StoreDir string // JetStream's directory (created if missing)
	Identity Identity

	// Authentication: a shared token, or the public keys of NKey users
	// (clients sign with their seeds). One of them, or neither (anyone who
	// can reach the port may submit and work: for a trusted network only).
	Token string
	NKeys []string

	// TLS: certificate and key files; clients then need the CA (or a
	// system-trusted certificate).
	TLSCert, TLSKey string

	Lease       time.Duration // a job's lease (AckWait); 0: 30 s
	MaxDeliver  int           // deliveries of a job before it is given up; 0: 5
	ResultsKeep time.Duration // how long results are kept; 0: forever

	Log zerolog.Logger

	// beforeLayout, when set, runs after the server has started and
	// before the layout is created (tests: nothing may connect then).
	beforeLayout func()
}

// Coordinator is a running coordinator.
type Coordinator struct {
	srv *server.Server
	nc  *nats.Conn // the coordinator's own connection (giving up jobs)
	url string
}

// Serve starts a coordinator and returns once it accepts connections.
func Serve(ctx context.Context, o ServeOptions) (*Coordinator, error) {
	if o.StoreDir == "" {
		return nil, errors.New("cluster: a store directory is required")
	}
	if o.Token != "" && len(o.NKeys) > 0 {
		return nil, errors.New("cluster: give a token or NKeys, not both")
	}
	if o.Lease == 0 {
		o.Lease = 30 * time.Second
	}
	if o.Lease < 300*time.Millisecond {
		return nil, fmt.Errorf("cluster: lease %s is too short (at least 300ms)", o.Lease)
	}
	if o.MaxDeliver == 0 {
		o.MaxDeliver = 5
	}
	if o.MaxDeliver < 1 {
		return nil, fmt.Errorf("cluster: max deliveries %d: want at least 1", o.MaxDeliver)
	}
	host, portStr, err := net.SplitHostPort(o.Listen)
	if err != nil {
		return nil, fmt.Errorf("cluster: listen address %q: %w", o.Listen, err)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("cluster: listen address %q: bad port", o.Listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	opts := &server.Options{
		ServerName:             "crown",
		Host:                   host,
		Port:                   port,
		JetStream:              true,
		StoreDir:               o.StoreDir,
		MaxPayload:             maxMessage,
		NoSigs:                 true,
		DisableJetStreamBanner: true,
		Authorization:          o.Token,
		// No client port until the layout exists (listen, below); the
		// coordinator's own connection is in-process.
		DontListen: true,
	}
	// The coordinator's own connection (creating the streams) needs a
	// credential too; with NKeys it is a key pair made for this run.
	self := []nats.Option{nats.Name("crown coordinator")}
	if o.Token != "" {
		self = append(self, nats.Token(o.Token))
	}
	if len(o.NKeys) > 0 {
		kp, err := nkeys.CreateUser()
		if err != nil {
			return nil, err
		}
		pub, _ := kp.PublicKey()
		for _, k := range append([]string{pub}, o.NKeys...) {
			if !nkeys.IsValidPublicUserKey(k) {
				return nil, fmt.Errorf("cluster: %q is not an NKey user public key (U...)", k)
			}
			opts.Nkeys = append(opts.Nkeys, &server.NkeyUser{Nkey: k})
		}
		self = append(self, nats.Nkey(pub, kp.Sign))
	}
	if o.TLSCert != "" || o.TLSKey != "" {
		tc, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: o.TLSCert, KeyFile: o.TLSKey})
		if err != nil {
			return nil, fmt.Errorf("cluster: TLS: %w", err)
		}
		opts.TLSConfig, opts.TLS, opts.TLSTimeout = tc, true, 5
		// The coordinator's own connection is an in-memory pipe to its own
		// server: there is no one in between whose certificate to check.
		self = append(self, nats.Secure(&tls.Config{InsecureSkipVerify: true}))
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	fatal := make(chan string, 1)
	srv.SetLoggerV2(natsLogger{o.Log, fatal}, false, false, false)
	srv.Start()
	if err := waitReady(srv, fatal, 10*time.Second); err != nil {
		srv.Shutdown()
		return nil, fmt.Errorf("cluster: starting the server on %s: %w", o.Listen, err)
	}
	c := &Coordinator{srv: srv}
	nc, err := nats.Connect(srv.ClientURL(), append(self, nats.InProcessServer(srv))...)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("cluster: connecting to itself: %w", err)
	}
	c.nc = nc
	if o.beforeLayout != nil {
		o.beforeLayout()
	}
	js, err := jetstream.New(nc)
	if err == nil {
		err = createLayout(ctx, js, layoutOptions{Lease: o.Lease, MaxDeliver: o.MaxDeliver, ResultsKeep: o.ResultsKeep, Identity: o.Identity})
	}
	if err == nil {
		err = watchGiveUps(nc, js, o.Log)
	}
	if err == nil {
		err = listen(srv, o.Listen, fatal)
	}
	if err != nil {
		c.Close()
		return nil, err
	}
	c.url = srv.ClientURL()
	o.Log.Info().Str("url", c.url).Str("store", o.StoreDir).Str("version", o.Identity.Version).
		Str("network", o.Identity.Network).Dur("lease", o.Lease).Int("max_deliver", o.MaxDeliver).
		Bool("tls", opts.TLSConfig != nil).Bool("auth", o.Token != "" || len(o.NKeys) > 0).Msg("coordinator ready")
	return c, nil
}

// URL is the address clients connect to (nats://host:port, or tls://).
func (c *Coordinator) URL() string { return c.url }

// Close shuts the server down, flushing JetStream to disk.
func (c *Coordinator) Close() {
	if c.nc != nil {
		c.nc.Close()
	}
	c.srv.Shutdown()
	c.srv.WaitForShutdown()
}

// waitReady waits until srv accepts connections, or fails with the
// server's first fatal message (a port in use, an unusable store).
func waitReady(srv *server.Server, fatal <-chan string, within time.Duration) error {
	for deadline := time.Now().Add(within); time.Now().Before(deadline); {
		select {
		case msg := <-fatal:
			return errors.New(msg)
		default:
		}
		if srv.ReadyForConnections(50 * time.Millisecond) {
			return nil
		}
	}
	return fmt.Errorf("not listening after %s", within)
}

// listen opens the client port of srv (started with DontListen) on addr,
// or fails with the server's fatal message (a port in use).
func listen(srv *server.Server, addr string, fatal <-chan string) error {
	ready := make(chan struct{})
	srv.AcceptLoop(ready) // returns once listening, or after a fatal error
	<-ready
	if srv.Addr() != nil {
		return nil
	}
	select {
	case msg := <-fatal:
		return fmt.Errorf("cluster: starting the server on %s: %s", addr, msg)
	default:
		return fmt.Errorf("cluster: starting the server on %s: not listening", addr)
	}
}

// natsLogger forwards the server's warnings and errors to zerolog (notices
// at debug, debug and trace lines off) and hands its first fatal message
// to Serve.
type natsLogger struct {
	log   zerolog.Logger
	fatal chan<- string
}

func (l natsLogger) Noticef(format string, v ...any) { l.log.Debug().Msgf("nats: "+format, v...) }
func (l natsLogger) Warnf(format string, v ...any)   { l.log.Warn().Msgf("nats: "+format, v...) }
func (l natsLogger) Errorf(format string, v ...any)  { l.log.Error().Msgf("nats: "+format, v...) }
func (l natsLogger) Debugf(format string, v ...any)  {}
func (l natsLogger) Tracef(format string, v ...any)  {}

func (l natsLogger) Fatalf(format string, v ...any) {
	msg := fmt.Sprintf(format, v...)
	l.log.Error().Msg("nats: " + msg)
	select {
	case l.fatal <- msg:
	default:
	}
}
