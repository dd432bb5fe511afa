// connect.go is how workers and submitters reach a coordinator: the
// credentials and TLS trust they present, reconnection when it restarts,
// and the identity check that refuses another crown build before any job
// is taken or sent. Workers wait for a coordinator that is not there yet
// (retry): a machine's workers may well start before its coordinator.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"
)

// ConnectOptions say where the coordinator is and how to authenticate.
type ConnectOptions struct {
	URL      string   // nats://host:port (tls:// to insist on TLS)
	Token    string   // the coordinator's token, if it has one
	NKeySeed string   // file holding an NKey user seed, if the coordinator uses NKeys
	CAFiles  []string // certificates to trust for a TLS coordinator (default: the system's)
	Identity Identity // this process's build; must equal the coordinator's
	Name     string   // this client's name in the coordinator's connection list
	Log      zerolog.Logger
}

// conn is an open connection whose identity was checked.
type conn struct {
	nc  *nats.Conn
	js  jetstream.JetStream
	idh string
}

// connect opens a connection and checks the coordinator's identity.
func connect(ctx context.Context, o ConnectOptions) (*conn, error) {
	opts := []nats.Option{
		nats.Name(o.Name),
		nats.MaxReconnects(-1), // a restarted coordinator is found again
		nats.ReconnectWait(500 * time.Millisecond),
		nats.Timeout(5 * time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				o.Log.Warn().Err(err).Msg("disconnected from the coordinator")
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			o.Log.Info().Str("url", nc.ConnectedUrlRedacted()).Msg("reconnected to the coordinator")
		}),
	}
	if o.Token != "" {
		opts = append(opts, nats.Token(o.Token))
	}
	if o.NKeySeed != "" {
		opt, err := nats.NkeyOptionFromSeed(o.NKeySeed)
		if err != nil {
			return nil, fmt.Errorf("cluster: NKey seed %s: %w", o.NKeySeed, err)
		}
		opts = append(opts, opt)
	}
	if len(o.CAFiles) > 0 {
		opts = append(opts, nats.RootCAs(o.CAFiles...))
	}
	nc, err := nats.Connect(o.URL, opts...)
	if err != nil {
		return nil, fmt.Errorf("cluster: connecting to %s: %w", o.URL, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, err
	}
	coord, err := readIdentity(ctx, js)
	if err == nil {
		err = o.Identity.check(coord)
	}
	if err != nil {
		nc.Close()
		return nil, err
	}
	return &conn{nc: nc, js: js, idh: o.Identity.hash()}, nil
}

// backoff is how long to wait between connection attempts: first, doubling
// up to most.
type backoff struct{ first, most time.Duration }

// The default backoff starts at the 500 ms nats.ReconnectWait that connect
// uses for a dropped connection, and stops doubling at 30 s, the default
// lease, so a waiting worker finds a coordinator within about a lease of
// its start.
const (
	retryFirst = 500 * time.Millisecond
	retryMost  = 30 * time.Second
)

// retry calls attempt until it succeeds, returns an error that waiting
// cannot mend (transient), or ctx ends (ctx's error then), sleeping with
// exponential backoff between attempts and logging each failure.
func retry(ctx context.Context, log zerolog.Logger, b backoff, attempt func() error) error {
	if b.first <= 0 {
		b = backoff{retryFirst, retryMost}
	}
	wait := b.first
	for n := 1; ; n++ {
		err := attempt()
		if err == nil || !transient(err) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		log.Warn().Err(err).Int("attempt", n).Dur("retry_in", wait).Msg("coordinator not reachable; retrying")
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, b.most)
	}
}

// transient says whether a failed connection may succeed later: nothing
// listening or answering yet, or a coordinator still creating its layout.
// Another build (ErrIdentity), refused credentials, TLS and configuration
// errors are not.
func transient(err error) bool {
	var ne net.Error
	switch {
	case errors.Is(err, ErrIdentity), errors.Is(err, nats.ErrAuthorization):
		return false
	case errors.Is(err, nats.ErrNoServers), errors.Is(err, nats.ErrTimeout), errors.Is(err, nats.ErrNoResponders),
		errors.Is(err, context.DeadlineExceeded), errors.Is(err, jetstream.ErrJetStreamNotEnabled),
		errors.Is(err, jetstream.ErrBucketNotFound), errors.Is(err, jetstream.ErrKeyNotFound),
		errors.Is(err, jetstream.ErrStreamNotFound), errors.Is(err, jetstream.ErrConsumerNotFound):
		return true
	}
	return errors.As(err, &ne) && ne.Timeout()
}
