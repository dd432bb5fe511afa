// file.go reads and writes weight files: fsutil's container (magic
// "CROWNNET", version 3, length, CRC-32C) around the network, stored as it
// is: evolved float64 weights do not compress (zstd made the default
// network 0.1 % larger). Every way a file can be bad has its own error
// (errors.Is-comparable: the container's, or ErrArch, ErrSize and ErrValue
// for the network it holds), and the message says what was found.
//
// Payload, version 3 (little-endian):
//
//	offset size
//	 0     2   arch     architecture id (1 plain, 2 spatial)
//	 2     2   flags    bit 0: step sizes follow the weights; other bits 0
//	 4     8   k        king value, IEEE 754 float64
//	12     4   params   number of weights and biases (1741 or 5046)
//	16     4   sigmas   number of step sizes: 0 or params
//	20         params float64s (W), then sigmas float64s
//
// The container holds the payload to the largest architecture's with step
// sizes before reading it, and the counts must be the architecture's and
// fill the payload exactly. The trained network (nets/nnue) shares the
// magic with version 2, so that one --net flag takes either. Version 1
// (before the container) still loads (filev1.go).
package nets

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"crown/engine/fsutil"
)

const (
	fileMagic   = "CROWNNET"
	fileVersion = 3
	// trainedVersion is the trained network's version (nets/nnue).
	trainedVersion = 2
	// payloadHeader is arch, flags, k, params and sigmas.
	payloadHeader = 2 + 2 + 8 + 4 + 4
	flagSigma     = 1 << 0
)

// Errors returned when a weight file's network is not one this build can
// play. A bad weight file is otherwise one of the container's errors
// (fsutil.ErrMagic, ErrVersion, ErrTruncated, ErrTrailing, ErrChecksum,
// ErrCorrupt, ErrTooLarge), its message starting "weight file: ".
var (
	ErrArch  = errors.New("weight file architecture mismatch")
	ErrSize  = errors.New("weight file sizes wrong")
	ErrValue = errors.New("weight file holds invalid values")
)

// format is the weight file in the container.
var format = fsutil.Format{Magic: fileMagic, Name: "weight file", Max: payloadHeader + 16*uint64(maxParams()), Reads: []uint32{1, fileVersion}}

// maxParams is the largest architecture's parameter count.
func maxParams() int {
	most := 0
	for _, a := range Arches() {
		most = max(most, a.NumParams())
	}
	return most
}

// Header is what a weight file declares about its network.
type Header struct {
	Version uint32
	Arch    Arch
	Flags   uint32
	K       float64
	Params  uint32
	Sigmas  uint32
	CRC     uint32 // the checksum the file holds
}

// Marshal encodes n as a weight file. It fails if n is not valid.
func (n *Network) Marshal() ([]byte, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	var flags uint16
	if n.Sigma != nil {
		flags |= flagSigma
	}
	raw := make([]byte, 0, payloadHeader+8*(len(n.W)+len(n.Sigma)))
	raw = le.AppendUint16(raw, uint16(n.Arch))
	raw = le.AppendUint16(raw, flags)
	raw = le.AppendUint64(raw, math.Float64bits(n.K))
	raw = le.AppendUint32(raw, uint32(len(n.W)))
	raw = le.AppendUint32(raw, uint32(len(n.Sigma)))
	raw = appendFloats(raw, n.W)
	raw = appendFloats(raw, n.Sigma)
	return format.Seal(fileVersion, raw, fsutil.Stored), nil
}

// appendFloats appends vs as little-endian float64s.
func appendFloats(raw []byte, vs []float64) []byte {
	for _, v := range vs {
		raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(v))
	}
	return raw
}

// open checks a weight file of either version and returns its header and
// its parameters' bytes.
func open(data []byte) (Header, []byte, error) {
	v, err := format.Version(data)
	switch {
	case err != nil:
		return Header{}, nil, err
	case uint16(v) == 1: // version 1 held the architecture in the high half
		return openV1(data)
	case v == trainedVersion:
		return Header{}, nil, format.Errorf(fsutil.ErrVersion, "version %d is a trained network (evaluator nnue), not a seed network", v)
	}
	raw, err := format.Open(data, fileVersion)
	if err != nil {
		return Header{}, nil, err
	}
	if len(raw) < payloadHeader {
		return Header{}, nil, fmt.Errorf("%w: payload of %d bytes, its header alone is %d", ErrSize, len(raw), payloadHeader)
	}
	le := binary.LittleEndian
	h := Header{Version: v, Arch: Arch(le.Uint16(raw)), Flags: uint32(le.Uint16(raw[2:])), K: math.Float64frombits(le.Uint64(raw[4:])),
		Params: le.Uint32(raw[12:]), Sigmas: le.Uint32(raw[16:]), CRC: le.Uint32(data[16:])}
	body := raw[payloadHeader:]
	if err := h.check(uint64(len(body))); err != nil {
		return Header{}, nil, err
	}
	return h, body, nil
}

// ReadHeader decodes and checks the header of a weight file of either
// version.
func ReadHeader(data []byte) (Header, error) {
	h, _, err := open(data)
	return h, err
}

// check refuses flags this build does not know, an unknown architecture,
// counts that are not the architecture's, and n bytes of parameters that
// are not exactly what the counts need.
func (h Header) check(n uint64) error {
	if h.Flags&^flagSigma != 0 {
		return format.Errorf(fsutil.ErrVersion, "flags %#x not defined in version %d", h.Flags, h.Version)
	}
	if !h.Arch.Valid() {
		return fmt.Errorf("%w: unknown architecture id %d (this build knows 1 plain, 2 spatial)", ErrArch, uint16(h.Arch))
	}
	if want := uint32(h.Arch.NumParams()); h.Params != want {
		return fmt.Errorf("%w: %d parameters, the %s architecture has %d", ErrSize, h.Params, h.Arch, want)
	}
	hasSigma := h.Flags&flagSigma != 0
	if (hasSigma && h.Sigmas != h.Params) || (!hasSigma && h.Sigmas != 0) {
		return fmt.Errorf("%w: %d step sizes for %d parameters (flags %#x)", ErrSize, h.Sigmas, h.Params, h.Flags)
	}
	if want := 8 * uint64(h.Params+h.Sigmas); n != want {
		return fmt.Errorf("%w: payload length %d, want %d", ErrSize, n, want)
	}
	return nil
}

// decode reads the network h declares from raw (checked by h.check).
func (h Header) decode(raw []byte) (*Network, error) {
	n := &Network{Arch: h.Arch, K: h.K, W: make([]float64, h.Params)}
	for i := range n.W {
		n.W[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
	}
	if h.Flags&flagSigma != 0 {
		n.Sigma = make([]float64, h.Sigmas)
		for i := range n.Sigma {
			n.Sigma[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*(int(h.Params)+i):]))
		}
	}
	if err := n.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrValue, err)
	}
	return n, nil
}

// Unmarshal decodes a weight file.
func Unmarshal(data []byte) (*Network, error) {
	h, raw, err := open(data)
	if err != nil {
		return nil, err
	}
	return h.decode(raw)
}

// UnmarshalArch decodes a weight file that must hold architecture want.
func UnmarshalArch(data []byte, want Arch) (*Network, error) {
	n, err := Unmarshal(data)
	if err != nil {
		return nil, err
	}
	if n.Arch != want {
		return nil, fmt.Errorf("%w: file holds a %s network, want %s", ErrArch, n.Arch, want)
	}
	return n, nil
}

// Load reads a weight file.
func Load(path string) (*Network, error) { return fsutil.Load(path, Unmarshal) }

// LoadOrDefault reads the weight file at path, or returns the embedded
// default network when path is empty (the engine's --net flag).
func LoadOrDefault(path string) (*Network, error) {
	if path == "" {
		return Default()
	}
	return Load(path)
}

// Save writes n to path atomically (temporary file, sync, rename).
func (n *Network) Save(path string) error { return fsutil.Save(path, n.Marshal) }
