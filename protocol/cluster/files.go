// files.go shares files between a submitter and the workers through the
// coordinator's object store: a network file or a database slice is
// stored once under the SHA-256 of its contents and named in each job's
// input, instead of travelling in every job; a handler's large output (a
// finished database slice) goes the other way by the same road, since a
// result message is limited to maxMessage. A worker fetches a file the
// first time a job asks for it, checks its checksum and keeps it in memory
// for the jobs after, up to memCacheBytes in all (database slices for
// 7 and 8 pieces would not fit; their handler keeps them on disk).
package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"
)

// memCacheBytes bounds the fetched files a process keeps in memory.
const memCacheBytes = 256 << 20

// storeFiles is the object store with a cache of fetched files.
type storeFiles struct {
	obj    jetstream.ObjectStore
	mu     sync.Mutex
	cache  map[string][]byte
	cached int // bytes in cache
}

func openFiles(ctx context.Context, js jetstream.JetStream) (*storeFiles, error) {
	obj, err := js.ObjectStore(ctx, filesBucket)
	if err != nil {
		return nil, fmt.Errorf("cluster: the coordinator's file store: %w", err)
	}
	return &storeFiles{obj: obj, cache: map[string][]byte{}}, nil
}

// Put implements Files: it stores data unless a file of that name is
// there already.
func (f *storeFiles) Put(ctx context.Context, data []byte) (string, error) {
	name := FileName(data)
	if _, err := f.obj.GetInfo(ctx, name); err == nil {
		return name, nil
	} else if !errors.Is(err, jetstream.ErrObjectNotFound) {
		return "", fmt.Errorf("cluster: file store: %w", err)
	}
	if _, err := f.obj.PutBytes(ctx, name, data); err != nil {
		return "", fmt.Errorf("cluster: storing a %d-byte file: %w", len(data), err)
	}
	return name, nil
}

// File implements Files.
func (f *storeFiles) File(ctx context.Context, name string) ([]byte, error) {
	f.mu.Lock()
	data, ok := f.cache[name]
	f.mu.Unlock()
	if ok {
		return data, nil
	}
	data, err := f.fetch(ctx, name)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	if _, ok := f.cache[name]; !ok && f.cached+len(data) <= memCacheBytes {
		f.cache[name] = data
		f.cached += len(data)
	}
	f.mu.Unlock()
	return data, nil
}

// fetch reads a file from the store, uncached, and checks its checksum.
func (f *storeFiles) fetch(ctx context.Context, name string) ([]byte, error) {
	data, err := f.obj.GetBytes(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("cluster: shared file %s: %w", name, err)
	}
	if FileName(data) != name {
		return nil, fmt.Errorf("cluster: shared file %s arrived with another checksum", name)
	}
	return data, nil
}
