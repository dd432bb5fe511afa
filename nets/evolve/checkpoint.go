// checkpoint.go saves and loads the evolution state in fsutil's container
// (magic, version, length, CRC-32C, zstd), gob-encoded, written atomically
// so an interruption never leaves a half file. Checkpoints written before
// the container was shared read unchanged: they were already in its
// compressed layout.
package evolve

import (
	"bytes"
	"encoding/gob"
	"fmt"

	"crown/engine/fsutil"
)

const (
	ckMagic   = "CRWNEVOL"
	ckVersion = 1
)

// ckFormat is the checkpoint in the container.
var ckFormat = fsutil.StateFormat(ckMagic, ckVersion)

// Marshal encodes the state.
func (s *State) Marshal() ([]byte, error) {
	var raw bytes.Buffer
	if err := gob.NewEncoder(&raw).Encode(s); err != nil {
		return nil, err
	}
	return ckFormat.Seal(ckVersion, raw.Bytes(), fsutil.Zstd), nil
}

// UnmarshalState decodes a checkpoint.
func UnmarshalState(data []byte) (*State, error) {
	raw, err := ckFormat.Open(data, ckVersion)
	if err != nil {
		return nil, err
	}
	var s State
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: %v", fsutil.ErrCorrupt, err)
	}
	if err := s.Params.Validate(); err != nil || len(s.Population) != s.Params.Parents {
		return nil, fmt.Errorf("%w: inconsistent state", fsutil.ErrCorrupt)
	}
	for _, ind := range s.Population {
		if len(ind.Weights) != s.Params.NumWeights || len(ind.Sigmas) != s.Params.NumWeights {
			return nil, fmt.Errorf("%w: individual %d has %d weights", fsutil.ErrCorrupt, ind.ID, len(ind.Weights))
		}
	}
	return &s, nil
}

// Save writes the state to path atomically.
func (s *State) Save(path string) error {
	data, err := s.Marshal()
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, data)
}

// LoadState reads a checkpoint file.
func LoadState(path string) (*State, error) { return fsutil.Load(path, UnmarshalState) }
