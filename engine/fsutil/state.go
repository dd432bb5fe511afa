// state.go keeps crown's state files (checkpoints of training, evolution,
// the genetic algorithm and tournaments) in the container: the state
// gob-encoded, compressed, written atomically.
package fsutil

import (
	"bytes"
	"encoding/gob"
	"fmt"
)

// MaxState is the limit on the payload of a state file (gob checkpoints:
// training, evolution, tournaments): 1 GiB, about 12 times the largest
// state crown saves, a training checkpoint of the largest trained-network
// shape (nets/nnue: 3.2 M parameters at 256-256-256 with 24 buckets, three
// float32 slices of them, at most 9 gob bytes each: 86 MiB).
const MaxState = 1 << 30

// StateFormat is the container format of state files named magic (8
// bytes), whose payload may be at most MaxState bytes.
func StateFormat(magic string, version uint32) Format {
	return Format{Magic: magic, Max: MaxState, Reads: []uint32{version}}
}

// SaveGob gob-encodes v, seals it and writes it atomically to path.
func SaveGob(path, magic string, version uint32, v any) error {
	var raw bytes.Buffer
	if err := gob.NewEncoder(&raw).Encode(v); err != nil {
		return err
	}
	return StateFormat(magic, version).Save(path, version, raw.Bytes(), Zstd)
}

// LoadGob reads a file written by SaveGob into v; the file must be a
// regular one (ReadFile).
func LoadGob(path, magic string, version uint32, v any) error {
	data, err := ReadFile(path)
	if err != nil {
		return err
	}
	f := StateFormat(magic, version)
	raw, err := f.Open(data, version)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(v); err != nil {
		return fmt.Errorf("%s: %w", path, f.Errorf(ErrCorrupt, "%v", err))
	}
	return nil
}
