// checkpoint.go saves and loads the evolution state: a small header with a
// version and a CRC-32C of the payload, then the gob-encoded state compressed
// with zstd, written atomically so an interruption never leaves a half file.
package evolve

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"
	"os"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil"
)

const (
	ckMagic   = "CRWNEVOL"
	ckVersion = 1
	ckHeader  = 8 + 4 + 4 + 4
)

// Errors of checkpoint files.
var (
	ErrNotCheckpoint = errors.New("not a crown evolution checkpoint")
	ErrCkVersion     = errors.New("unsupported checkpoint version")
	ErrCkChecksum    = errors.New("checkpoint checksum mismatch")
	ErrCkCorrupt     = errors.New("checkpoint corrupt")
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Marshal encodes the state.
func (s *State) Marshal() ([]byte, error) {
	var raw bytes.Buffer
	if err := gob.NewEncoder(&raw).Encode(s); err != nil {
		return nil, err
	}
	enc, _ := zstd.NewWriter(nil)
	payload := enc.EncodeAll(raw.Bytes(), nil)
	enc.Close()
	out := make([]byte, ckHeader, ckHeader+len(payload))
	copy(out, ckMagic)
	binary.LittleEndian.PutUint32(out[8:], ckVersion)
	binary.LittleEndian.PutUint32(out[12:], uint32(raw.Len()))
	binary.LittleEndian.PutUint32(out[16:], crc32.Checksum(raw.Bytes(), crcTable))
	return append(out, payload...), nil
}

// UnmarshalState decodes a checkpoint.
func UnmarshalState(data []byte) (*State, error) {
	if len(data) < ckHeader || string(data[:8]) != ckMagic {
		return nil, ErrNotCheckpoint
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != ckVersion {
		return nil, fmt.Errorf("%w: %d", ErrCkVersion, v)
	}
	n := binary.LittleEndian.Uint32(data[12:])
	dec, _ := zstd.NewReader(nil, zstd.WithDecoderMaxMemory(uint64(n)+1024))
	defer dec.Close()
	raw, err := dec.DecodeAll(data[ckHeader:], nil)
	if err != nil || len(raw) != int(n) {
		return nil, fmt.Errorf("%w: payload does not decompress to %d bytes (%v)", ErrCkCorrupt, n, err)
	}
	if crc32.Checksum(raw, crcTable) != binary.LittleEndian.Uint32(data[16:]) {
		return nil, ErrCkChecksum
	}
	var s State
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(&s); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCkCorrupt, err)
	}
	if err := s.Params.Validate(); err != nil || len(s.Population) != s.Params.Parents {
		return nil, fmt.Errorf("%w: inconsistent state", ErrCkCorrupt)
	}
	for _, ind := range s.Population {
		if len(ind.Weights) != s.Params.NumWeights || len(ind.Sigmas) != s.Params.NumWeights {
			return nil, fmt.Errorf("%w: individual %d has %d weights", ErrCkCorrupt, ind.ID, len(ind.Weights))
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
func LoadState(path string) (*State, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := UnmarshalState(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
