// file.go reads and writes weight files: a fixed header, then the parameters
// as little-endian float64 compressed with zstd. Every way a file can be bad
// has its own error (errors.Is-comparable), and the message says what was
// found.
//
// Format (little-endian), version 1:
//
//	offset size
//	 0     8   magic    "CROWNNET"
//	 8     2   version  1
//	10     2   arch     architecture id (1 plain, 2 spatial)
//	12     4   flags    bit 0: step sizes follow the weights; other bits 0
//	16     8   k        king value, IEEE 754 float64
//	24     4   params   number of weights and biases (1741 or 5046)
//	28     4   sigmas   number of step sizes: 0 or params
//	32     4   rawLen   uncompressed payload length: 8·(params+sigmas)
//	36     4   zLen     compressed payload length
//	40     4   crc      CRC-32C of bytes 0-39 and of the compressed payload
//	44     4   reserved 0
//	48   zLen  payload  zstd frame: params float64s (W), then sigmas float64s
//
// The checksum covers the compressed bytes, so damage anywhere after the
// length fields is reported as a checksum mismatch before decompressing.
// The declared lengths must match the architecture's, and the payload is
// decompressed through fsutil.Payload (at most the declared length, 64x
// the compressed size), so a header cannot make the reader allocate more.
package nets

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil"
)

const (
	fileMagic   = "CROWNNET"
	fileVersion = 1
	headerSize  = 48
	flagSigma   = 1 << 0
)

// Errors returned when reading a weight file, one per kind of bad file.
var (
	ErrNotNet    = errors.New("not a crown weight file")
	ErrVersion   = errors.New("unsupported weight file version")
	ErrTruncated = errors.New("weight file truncated")
	ErrChecksum  = errors.New("weight file checksum mismatch")
	ErrArch      = errors.New("weight file architecture mismatch")
	ErrSize      = errors.New("weight file sizes wrong")
	ErrCorrupt   = errors.New("weight file payload corrupt")
	ErrValue     = errors.New("weight file holds invalid values")
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Header is the fixed part of a weight file.
type Header struct {
	Version uint16
	Arch    Arch
	Flags   uint32
	K       float64
	Params  uint32
	Sigmas  uint32
	RawLen  uint32
	ZLen    uint32
	CRC     uint32
}

// Marshal encodes n as a weight file. It fails if n is not valid.
func (n *Network) Marshal() ([]byte, error) {
	if err := n.Validate(); err != nil {
		return nil, err
	}
	raw := make([]byte, 0, 8*(len(n.W)+len(n.Sigma)))
	for _, v := range n.W {
		raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(v))
	}
	for _, v := range n.Sigma {
		raw = binary.LittleEndian.AppendUint64(raw, math.Float64bits(v))
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<17), zstd.WithLowerEncoderMem(true))
	if err != nil {
		return nil, err
	}
	payload := enc.EncodeAll(raw, nil)
	enc.Close()

	h := make([]byte, headerSize, headerSize+len(payload))
	copy(h, fileMagic)
	le := binary.LittleEndian
	le.PutUint16(h[8:], fileVersion)
	le.PutUint16(h[10:], uint16(n.Arch))
	var flags uint32
	if n.Sigma != nil {
		flags |= flagSigma
	}
	le.PutUint32(h[12:], flags)
	le.PutUint64(h[16:], math.Float64bits(n.K))
	le.PutUint32(h[24:], uint32(len(n.W)))
	le.PutUint32(h[28:], uint32(len(n.Sigma)))
	le.PutUint32(h[32:], uint32(len(raw)))
	le.PutUint32(h[36:], uint32(len(payload)))
	le.PutUint32(h[40:], fileCRC(h, payload))
	return append(h, payload...), nil
}

func fileCRC(header, payload []byte) uint32 {
	c := crc32.Checksum(header[:40], crcTable)
	return crc32.Update(c, crcTable, payload)
}

// wrongMagic says that a file does not start with the weight file's magic.
// Another crown file's magic (capitals, such as CRWNBOOK) is named; other
// bytes are not quoted: the message reaches engine mode's client, and the
// file may be anything the user can read (net-file=/etc/passwd).
func wrongMagic(head []byte) string {
	for _, c := range head {
		if c < 'A' || c > 'Z' {
			return fmt.Sprintf("does not start with %q", fileMagic)
		}
	}
	return fmt.Sprintf("starts with %q, not %q", head, fileMagic)
}

// ReadHeader decodes and checks the header of a weight file: magic, version,
// and that the file is as long as the header says.
func ReadHeader(data []byte) (Header, error) {
	var h Header
	if len(data) < len(fileMagic) {
		if len(data) > 0 && bytes.HasPrefix([]byte(fileMagic), data) {
			return h, fmt.Errorf("%w: %d bytes, the header alone is %d", ErrTruncated, len(data), headerSize)
		}
		return h, fmt.Errorf("%w: %d bytes without the %q magic", ErrNotNet, len(data), fileMagic)
	}
	if string(data[:len(fileMagic)]) != fileMagic {
		return h, fmt.Errorf("%w: %s", ErrNotNet, wrongMagic(data[:len(fileMagic)]))
	}
	if len(data) < headerSize {
		return h, fmt.Errorf("%w: %d bytes, the header alone is %d", ErrTruncated, len(data), headerSize)
	}
	le := binary.LittleEndian
	h = Header{
		Version: le.Uint16(data[8:]),
		Arch:    Arch(le.Uint16(data[10:])),
		Flags:   le.Uint32(data[12:]),
		K:       math.Float64frombits(le.Uint64(data[16:])),
		Params:  le.Uint32(data[24:]),
		Sigmas:  le.Uint32(data[28:]),
		RawLen:  le.Uint32(data[32:]),
		ZLen:    le.Uint32(data[36:]),
		CRC:     le.Uint32(data[40:]),
	}
	if h.Version != fileVersion {
		return h, fmt.Errorf("%w: file is version %d, this build reads version %d", ErrVersion, h.Version, fileVersion)
	}
	if h.Flags&^flagSigma != 0 {
		return h, fmt.Errorf("%w: flags %#x not defined in version %d", ErrVersion, h.Flags, fileVersion)
	}
	if le.Uint32(data[44:]) != 0 {
		return h, fmt.Errorf("%w: reserved header word is %#x, must be 0 in version %d", ErrVersion, le.Uint32(data[44:]), fileVersion)
	}
	if have := uint64(len(data) - headerSize); have < uint64(h.ZLen) {
		return h, fmt.Errorf("%w: payload has %d of %d bytes", ErrTruncated, have, h.ZLen)
	} else if have > uint64(h.ZLen) {
		return h, fmt.Errorf("%w: %d bytes after the %d-byte payload", ErrSize, have-uint64(h.ZLen), h.ZLen)
	}
	return h, nil
}

// Unmarshal decodes a weight file.
func Unmarshal(data []byte) (*Network, error) {
	h, err := ReadHeader(data)
	if err != nil {
		return nil, err
	}
	payload := data[headerSize:]
	if got := fileCRC(data, payload); got != h.CRC {
		return nil, fmt.Errorf("%w: header says %08x, contents give %08x", ErrChecksum, h.CRC, got)
	}
	if !h.Arch.Valid() {
		return nil, fmt.Errorf("%w: unknown architecture id %d (this build knows 1 plain, 2 spatial)", ErrArch, uint16(h.Arch))
	}
	want := uint32(h.Arch.NumParams())
	if h.Params != want {
		return nil, fmt.Errorf("%w: %d parameters, the %s architecture has %d", ErrSize, h.Params, h.Arch, want)
	}
	hasSigma := h.Flags&flagSigma != 0
	if (hasSigma && h.Sigmas != h.Params) || (!hasSigma && h.Sigmas != 0) {
		return nil, fmt.Errorf("%w: %d step sizes for %d parameters (flags %#x)", ErrSize, h.Sigmas, h.Params, h.Flags)
	}
	if h.RawLen != 8*(h.Params+h.Sigmas) {
		return nil, fmt.Errorf("%w: payload length %d, want %d", ErrSize, h.RawLen, 8*(h.Params+h.Sigmas))
	}
	// RawLen is the architecture's exact size (checked above): the limit.
	p := fsutil.Payload{Len: uint64(h.RawLen), Max: uint64(h.RawLen),
		TooLarge: ErrSize, Truncated: ErrCorrupt, Trailing: ErrCorrupt, Corrupt: ErrCorrupt}
	raw, err := p.Decompress(payload)
	if err != nil {
		return nil, err
	}
	n := &Network{Arch: h.Arch, K: h.K, W: make([]float64, h.Params)}
	for i := range n.W {
		n.W[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
	}
	if hasSigma {
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
func (n *Network) Save(path string) error {
	data, err := n.Marshal()
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, data)
}
