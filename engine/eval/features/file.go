// file.go reads and writes heuristic weight files in the style of crown's
// network files: a fixed header, a zstd-compressed payload and a checksum,
// written atomically.
//
// Format (little-endian), version 1:
//
//	magic   [8]byte "CRWNHEUR"
//	version uint16  1
//	kind    uint8   Kind (0 = 8F ... 6 = E3Ph)
//	pad     uint8   0
//	count   uint32  number of weights, must equal the kind's
//	crc     uint32  CRC-32C of the uncompressed payload
//	payload         zstd: count float64 weights
//
// The count must be the kind's, so the payload's length is known before
// it is decompressed (fsutil.Payload): appended bytes are reported as
// trailing data and damaged ones as corrupt, a payload cut short as
// truncated.
package features

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil"
)

const (
	fileMagic   = "CRWNHEUR"
	fileVersion = 1
	fileHeader  = 8 + 2 + 1 + 1 + 4 + 4
)

// Errors of weight files, one per kind of bad file.
var (
	ErrNotWeights = errors.New("not a crown heuristic weight file")
	ErrVersion    = errors.New("unsupported heuristic weight file version")
	ErrTruncated  = errors.New("heuristic weight file truncated")
	ErrChecksum   = errors.New("heuristic weight file checksum mismatch")
	ErrKind       = errors.New("heuristic weight file kind or size mismatch")
	ErrCorrupt    = errors.New("heuristic weight file payload corrupt")
	ErrTrailing   = errors.New("heuristic weight file has data after its payload")
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Marshal encodes the heuristic.
func (h *Heuristic) Marshal() []byte {
	raw := make([]byte, 8*len(h.Weights))
	for i, w := range h.Weights {
		binary.LittleEndian.PutUint64(raw[8*i:], math.Float64bits(w))
	}
	enc, _ := zstd.NewWriter(nil)
	payload := enc.EncodeAll(raw, nil)
	enc.Close()
	out := make([]byte, fileHeader, fileHeader+len(payload))
	copy(out, fileMagic)
	binary.LittleEndian.PutUint16(out[8:], fileVersion)
	out[10] = byte(h.Kind)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(h.Weights)))
	binary.LittleEndian.PutUint32(out[16:], crc32.Checksum(raw, crcTable))
	return append(out, payload...)
}

// Unmarshal decodes a weight file.
func Unmarshal(data []byte) (*Heuristic, error) {
	if len(data) < len(fileMagic) || string(data[:len(fileMagic)]) != fileMagic {
		return nil, ErrNotWeights
	}
	if len(data) < fileHeader {
		return nil, ErrTruncated
	}
	if v := binary.LittleEndian.Uint16(data[8:]); v != fileVersion {
		return nil, fmt.Errorf("%w: %d", ErrVersion, v)
	}
	k := Kind(data[10])
	n := binary.LittleEndian.Uint32(data[12:])
	if k >= numKinds || int(n) != k.NumWeights() {
		return nil, fmt.Errorf("%w: kind %d with %d weights", ErrKind, data[10], n)
	}
	// n is the kind's weight count, so the limit is the payload's exact
	// length; TooLarge cannot happen below fsutil's 1 MiB ratio slack.
	p := fsutil.Payload{Len: 8 * uint64(n), Max: 8 * uint64(n),
		TooLarge: ErrCorrupt, Truncated: ErrTruncated, Trailing: ErrTrailing, Corrupt: ErrCorrupt}
	raw, err := p.Decompress(data[fileHeader:])
	if err != nil {
		return nil, err
	}
	if crc32.Checksum(raw, crcTable) != binary.LittleEndian.Uint32(data[16:]) {
		return nil, ErrChecksum
	}
	h := New(k)
	for i := range h.Weights {
		h.Weights[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
		if math.IsNaN(h.Weights[i]) || math.IsInf(h.Weights[i], 0) {
			return nil, fmt.Errorf("%w: weight %d is %v", ErrKind, i, h.Weights[i])
		}
	}
	return h, nil
}

// Load reads a weight file.
func Load(path string) (*Heuristic, error) { return fsutil.Load(path, Unmarshal) }

// Save writes the weights atomically (temporary file, sync, rename).
func (h *Heuristic) Save(path string) error { return fsutil.WriteAtomic(path, h.Marshal()) }
