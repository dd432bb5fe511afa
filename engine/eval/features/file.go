// file.go reads and writes heuristic weight files in fsutil's container
// (magic "CRWNHEUR", version 2, length, CRC-32C), stored as they are (a
// few dozen float64s do not compress), written atomically.
//
// Payload, version 2 (little-endian):
//
//	kind    uint8   Kind (0 = 8F ... 6 = E3Ph)
//	pad     uint8   0
//	count   uint32  number of weights, must equal the kind's
//	weights         count float64s
//
// The container holds the payload to the largest kind's before reading
// it, and the count must be the kind's and fill the payload exactly.
// Version 1 (before the container; the trained files in weights/) still
// loads (filev1.go).
package features

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"crown/engine/fsutil"
)

const (
	fileMagic   = "CRWNHEUR"
	fileVersion = 2
	// payloadHeader is kind, pad and count.
	payloadHeader = 1 + 1 + 4
)

// ErrKind is returned for a weight file whose kind is unknown, whose
// weights are not the kind's in number, or are not finite. A bad weight
// file is otherwise one of the container's errors (fsutil.ErrMagic,
// ErrVersion, ErrTruncated, ErrTrailing, ErrChecksum, ErrCorrupt,
// ErrTooLarge), its message starting "heuristic weight file: ".
var ErrKind = errors.New("heuristic weight file kind or size mismatch")

// format is the heuristic weight file in the container.
var format = fsutil.Format{Magic: fileMagic, Name: "heuristic weight file", Max: payloadHeader + 8*uint64(maxWeights()), Reads: []uint32{1, fileVersion}}

// maxWeights is the largest kind's weight count.
func maxWeights() int {
	most := 0
	for k := range numKinds {
		most = max(most, k.NumWeights())
	}
	return most
}

// Marshal encodes the heuristic.
func (h *Heuristic) Marshal() []byte {
	raw := make([]byte, payloadHeader, payloadHeader+8*len(h.Weights))
	raw[0] = byte(h.Kind)
	binary.LittleEndian.PutUint32(raw[2:], uint32(len(h.Weights)))
	for _, w := range h.Weights {
		raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(w))
	}
	return format.Seal(fileVersion, raw, fsutil.Stored)
}

// Unmarshal decodes a weight file.
func Unmarshal(data []byte) (*Heuristic, error) {
	v, err := format.Version(data)
	if err != nil {
		return nil, err
	}
	if uint16(v) == 1 { // version 1 held the kind in the high half
		return unmarshalV1(data)
	}
	raw, err := format.Open(data, fileVersion)
	if err != nil {
		return nil, err
	}
	if len(raw) < payloadHeader || raw[1] != 0 {
		return nil, format.Errorf(fsutil.ErrCorrupt, "payload header of %d bytes", min(len(raw), payloadHeader))
	}
	k, n := Kind(raw[0]), binary.LittleEndian.Uint32(raw[2:])
	if err := checkKind(k, n); err != nil {
		return nil, err
	}
	if len(raw) != payloadHeader+8*int(n) {
		return nil, fmt.Errorf("%w: %d bytes of weights for %d", ErrKind, len(raw)-payloadHeader, n)
	}
	return decode(k, raw[payloadHeader:])
}

// checkKind refuses an unknown kind and a count that is not the kind's.
func checkKind(k Kind, n uint32) error {
	if k >= numKinds || int(n) != k.NumWeights() {
		return fmt.Errorf("%w: kind %d with %d weights", ErrKind, uint8(k), n)
	}
	return nil
}

// decode reads kind k's weights from raw (exactly them), refusing values
// that are not finite.
func decode(k Kind, raw []byte) (*Heuristic, error) {
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
