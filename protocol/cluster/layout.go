// layout.go names what the coordinator keeps in JetStream and creates it:
//
//   - CROWN_JOBS, a work-queue stream on crown.job.<identity>.<batch>.<id>:
//     a job stays until a worker acks it; the one durable pull consumer
//     "workers" hands each job to one worker at a time, with explicit acks,
//     a lease (AckWait) that workers renew, and a bounded number of
//     deliveries;
//   - CROWN_RESULTS, a stream on crown.result.<identity>.<batch>.<id>,
//     kept on disk so that a restarted submitter or coordinator finds the
//     results already computed;
//   - the key-value bucket crown_coordinator, whose key identity holds the
//     coordinator's crown version and network checksum;
//   - the object store crown_files: files a batch's jobs share (a network
//     file, a database slice), named by their SHA-256.
//
// Both streams de-duplicate by message id (identity/batch/id) over
// dedupWindow, so a job submitted twice is queued once and a job run twice
// (a lease that expired under a slow worker) stores one result.
package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

const (
	jobsStream    = "CROWN_JOBS"
	resultsStream = "CROWN_RESULTS"
	workersName   = "workers"
	jobPrefix     = "crown.job."
	resultPrefix  = "crown.result."
	infoBucket    = "crown_coordinator"
	filesBucket   = "crown_files"
	identityKey   = "identity"

	hdrKind   = "Crown-Kind"
	hdrWorker = "Crown-Worker"
	hdrFailed = "Crown-Failed" // set on a failed job's result, whose body is then the error text

	// dedupWindow is how long message ids are remembered.
	dedupWindow = 24 * time.Hour
	// maxMessage is the largest job input or result output, with headers.
	maxMessage = 8 << 20
)

// subject is a job's or result's subject under prefix.
func subject(prefix, idh, batch, id string) string {
	return prefix + idh + "." + batch + "." + id
}

// msgID is the de-duplication id of a job or result.
func msgID(idh, batch, id string) string { return idh + "/" + batch + "/" + id }

// parseSubject splits a subject made by subject into its parts.
func parseSubject(prefix, s string) (idh, batch, id string, err error) {
	parts := strings.Split(strings.TrimPrefix(s, prefix), ".")
	if !strings.HasPrefix(s, prefix) || len(parts) != 3 {
		return "", "", "", fmt.Errorf("cluster: malformed subject %q", s)
	}
	return parts[0], parts[1], parts[2], nil
}

// layoutOptions are the settings the coordinator's streams take.
type layoutOptions struct {
	Lease       time.Duration
	MaxDeliver  int
	ResultsKeep time.Duration // 0: forever
	Identity    Identity
}

// createLayout creates or updates the streams, the consumer and the
// identity entry; it is idempotent, so a restarted coordinator finds its
// queue and results as it left them.
func createLayout(ctx context.Context, js jetstream.JetStream, o layoutOptions) error {
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        jobsStream,
		Description: "crown jobs waiting for a worker",
		Subjects:    []string{jobPrefix + ">"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  dedupWindow,
		MaxMsgSize:  maxMessage,
	}); err != nil {
		return fmt.Errorf("cluster: jobs stream: %w", err)
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        resultsStream,
		Description: "crown job results",
		Subjects:    []string{resultPrefix + ">"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  dedupWindow,
		MaxAge:      o.ResultsKeep,
		MaxMsgSize:  maxMessage,
	}); err != nil {
		return fmt.Errorf("cluster: results stream: %w", err)
	}
	if _, err := js.CreateOrUpdateConsumer(ctx, jobsStream, jetstream.ConsumerConfig{
		Durable:       workersName,
		Description:   "crown workers pull jobs here",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       o.Lease,
		MaxDeliver:    o.MaxDeliver,
		MaxAckPending: -1,
		DeliverPolicy: jetstream.DeliverAllPolicy,
	}); err != nil {
		return fmt.Errorf("cluster: workers consumer: %w", err)
	}
	if _, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket:      filesBucket,
		Description: "files shared by crown jobs, by SHA-256",
		Storage:     jetstream.FileStorage,
	}); err != nil {
		return fmt.Errorf("cluster: files bucket: %w", err)
	}
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      infoBucket,
		Description: "the coordinator's crown build",
		Storage:     jetstream.FileStorage,
	})
	if err != nil {
		return fmt.Errorf("cluster: identity bucket: %w", err)
	}
	b, err := json.Marshal(o.Identity)
	if err != nil {
		return err
	}
	if _, err := kv.Put(ctx, identityKey, b); err != nil {
		return fmt.Errorf("cluster: storing the identity: %w", err)
	}
	return nil
}

// readIdentity reads the coordinator's identity.
func readIdentity(ctx context.Context, js jetstream.JetStream) (Identity, error) {
	var id Identity
	kv, err := js.KeyValue(ctx, infoBucket)
	if err != nil {
		return id, fmt.Errorf("cluster: no coordinator identity (is this a crown serve?): %w", err)
	}
	e, err := kv.Get(ctx, identityKey)
	if err != nil {
		return id, fmt.Errorf("cluster: reading the coordinator identity: %w", err)
	}
	if err := json.Unmarshal(e.Value(), &id); err != nil {
		return id, fmt.Errorf("cluster: coordinator identity: %w", err)
	}
	return id, nil
}
