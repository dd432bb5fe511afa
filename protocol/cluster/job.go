// Package cluster runs crown's batch work (self-play chunks, match games,
// database slices) as jobs: a job has a stable id, a kind naming its
// handler, an input, and one result. The same Run call executes a batch in
// this process on all cores (Local) or submits it to a coordinator for
// workers on other machines (Client), so a command has one code path.
//
// Across machines the coordinator (Serve) is an embedded NATS server with
// JetStream on disk: a work-queue stream of jobs with explicit acks and a
// lease, a stream of results kept on disk, and a key-value entry holding
// the coordinator's crown version and network checksum, which workers and
// submitters must match. Workers (Work) pull one job per core, renew their
// lease while a handler runs, publish the result and then ack; a worker
// that dies loses its lease and the job goes to another. Results are
// de-duplicated by job id (by the server's message-id window and by the
// submitter), so each job is counted exactly once, and a batch whose
// results already exist is not run again: that is how an interrupted
// submitter or a restarted coordinator resumes.
//
// job.go holds the job, its result, the handler a kind names and the
// files a batch's jobs share.
package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// Job is one unit of work. ID must be unique within its batch and stable
// across runs (it is what resuming matches on); Kind names the handler.
type Job struct {
	ID    string
	Kind  string
	Input []byte
}

// Result is a job's outcome: Output when the handler succeeded, else Err
// (the handler's error text; the job is not retried). Worker names the
// process that ran it.
type Result struct {
	ID     string
	Output []byte
	Err    string
	Worker string
}

// Handler runs one job of its kind. It must parse its input defensively
// (bad input is an error, never a panic) and stop when ctx is done. The
// worker renews the job's lease while the handler runs, so a long handler
// needs no heartbeat of its own. files holds what the submitter shared
// with PutFile (a network, a database slice), named in the job's input;
// a handler whose output is large (a database slice) puts it there too
// and returns its name, which the submitter fetches with File.
type Handler func(ctx context.Context, job Job, files Files) ([]byte, error)

// Files gives handlers the files shared with their batch, by the name
// PutFile returned (FileName of the contents), and lets them share files
// of their own (Put returns the name).
type Files interface {
	File(ctx context.Context, name string) ([]byte, error)
	Put(ctx context.Context, data []byte) (string, error)
}

// FileName is the name of a shared file: the hex SHA-256 of its contents,
// so equal contents are stored once and a fetched file can be checked.
func FileName(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Handlers maps job kinds to their handlers.
type Handlers map[string]Handler

// maxName is the longest batch name, job id or kind accepted: they become
// tokens of NATS subjects.
const maxName = 128

// checkName accepts names made of letters, digits, '-' and '_' (what a
// NATS subject token may hold without escaping), 1 to maxName bytes.
func checkName(what, s string) error {
	if s == "" || len(s) > maxName {
		return fmt.Errorf("cluster: %s %q: want 1 to %d characters", what, s, maxName)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("cluster: %s %q: only letters, digits, '-' and '_' are allowed", what, s)
		}
	}
	return nil
}

// checkBatch checks a batch name and its jobs' ids and kinds, and that no
// id repeats.
func checkBatch(batch string, jobs []Job) error {
	if err := checkName("batch", batch); err != nil {
		return err
	}
	seen := make(map[string]bool, len(jobs))
	for _, j := range jobs {
		if err := checkName("job id", j.ID); err != nil {
			return err
		}
		if err := checkName("job kind", j.Kind); err != nil {
			return err
		}
		if seen[j.ID] {
			return fmt.Errorf("cluster: job id %q appears twice in batch %s", j.ID, batch)
		}
		seen[j.ID] = true
	}
	return nil
}
