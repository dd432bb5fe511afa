// ensemble.go reads and writes ensemble files: several networks in one file,
// each with a label, for the voting coalition of Kim & Cho (seed 002). A
// fixed header, then the members compressed together with zstd. Like weight
// files, every kind of bad file has its own error and the checksum is
// checked before decompressing; the declared length is held to what the
// members can fill and to 64x the compressed size before anything is
// allocated (fsutil.Payload). Step sizes are not stored: an ensemble is
// for playing, not for further evolution.
//
// Format (little-endian), version 1:
//
//	offset size
//	 0     8   magic    "CROWNENS"
//	 8     2   version  1
//	10     2   reserved 0
//	12     4   members  number of networks, 1..MaxMembers
//	16     4   rawLen   uncompressed payload length
//	20     4   zLen     compressed payload length
//	24     4   crc      CRC-32C of bytes 0-23 and of the compressed payload
//	28     4   reserved 0
//	32   zLen  payload  zstd frame; for each member in order:
//	                      arch u16, labelLen u16, label (UTF-8, at most
//	                      MaxLabel bytes), K float64, Arch.NumParams() float64s
package nets

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil"
)

const (
	ensMagic      = "CROWNENS"
	ensVersion    = 1
	ensHeaderSize = 32
	// MaxMembers bounds an ensemble: seed 002's fixed coalition has 20
	// players and DBSCAN rarely finds more clusters in a population of 100.
	MaxMembers = 256
	// MaxLabel bounds a member's label in bytes.
	MaxLabel = 255
)

// Errors returned when reading an ensemble file, one per kind of bad file.
var (
	ErrNotEnsemble       = errors.New("not a crown ensemble file")
	ErrEnsembleVersion   = errors.New("unsupported ensemble file version")
	ErrEnsembleTruncated = errors.New("ensemble file truncated")
	ErrEnsembleChecksum  = errors.New("ensemble file checksum mismatch")
	ErrEnsembleSize      = errors.New("ensemble file sizes wrong")
	ErrEnsembleCorrupt   = errors.New("ensemble file payload corrupt")
	ErrEnsembleValue     = errors.New("ensemble file holds an invalid network")
)

// Member is one network of an ensemble with a label saying where it came
// from (for example "cluster 2, individual 417").
type Member struct {
	Label string
	Net   *Network
}

// Ensemble is a list of networks that play together.
type Ensemble struct {
	Members []Member
}

// Validate reports the first thing wrong with e.
func (e *Ensemble) Validate() error {
	if len(e.Members) == 0 || len(e.Members) > MaxMembers {
		return fmt.Errorf("ensemble has %d members, want 1 to %d", len(e.Members), MaxMembers)
	}
	for i, m := range e.Members {
		if len(m.Label) > MaxLabel || !utf8.ValidString(m.Label) {
			return fmt.Errorf("member %d: label must be UTF-8 of at most %d bytes", i, MaxLabel)
		}
		if m.Net == nil {
			return fmt.Errorf("member %d: no network", i)
		}
		if err := m.Net.Validate(); err != nil {
			return fmt.Errorf("member %d: %w", i, err)
		}
	}
	return nil
}

// Marshal encodes e as an ensemble file. It fails if e is not valid.
func (e *Ensemble) Marshal() ([]byte, error) {
	if err := e.Validate(); err != nil {
		return nil, err
	}
	le := binary.LittleEndian
	var raw []byte
	for _, m := range e.Members {
		raw = le.AppendUint16(raw, uint16(m.Net.Arch))
		raw = le.AppendUint16(raw, uint16(len(m.Label)))
		raw = append(raw, m.Label...)
		raw = le.AppendUint64(raw, math.Float64bits(m.Net.K))
		for _, w := range m.Net.W {
			raw = le.AppendUint64(raw, math.Float64bits(w))
		}
	}
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
	if err != nil {
		return nil, err
	}
	payload := enc.EncodeAll(raw, nil)
	enc.Close()
	h := make([]byte, ensHeaderSize, ensHeaderSize+len(payload))
	copy(h, ensMagic)
	le.PutUint16(h[8:], ensVersion)
	le.PutUint32(h[12:], uint32(len(e.Members)))
	le.PutUint32(h[16:], uint32(len(raw)))
	le.PutUint32(h[20:], uint32(len(payload)))
	le.PutUint32(h[24:], ensCRC(h, payload))
	return append(h, payload...), nil
}

func ensCRC(header, payload []byte) uint32 {
	return crc32.Update(crc32.Checksum(header[:24], crcTable), crcTable, payload)
}

// maxMemberBytes is the largest encoded member: header fields, the longest
// label and the largest architecture's parameters.
func maxMemberBytes() int {
	most := 0
	for _, a := range Arches() {
		most = max(most, a.NumParams())
	}
	return 4 + MaxLabel + 8 + 8*most
}

// UnmarshalEnsemble decodes an ensemble file.
func UnmarshalEnsemble(data []byte) (*Ensemble, error) {
	if len(data) < len(ensMagic) || string(data[:len(ensMagic)]) != ensMagic {
		if len(data) > 0 && len(data) < len(ensMagic) && bytes.HasPrefix([]byte(ensMagic), data) {
			return nil, fmt.Errorf("%w: %d bytes, the header alone is %d", ErrEnsembleTruncated, len(data), ensHeaderSize)
		}
		return nil, fmt.Errorf("%w: does not start with %q", ErrNotEnsemble, ensMagic)
	}
	if len(data) < ensHeaderSize {
		return nil, fmt.Errorf("%w: %d bytes, the header alone is %d", ErrEnsembleTruncated, len(data), ensHeaderSize)
	}
	le := binary.LittleEndian
	version, members := le.Uint16(data[8:]), le.Uint32(data[12:])
	rawLen, zLen, crc := le.Uint32(data[16:]), le.Uint32(data[20:]), le.Uint32(data[24:])
	if version != ensVersion {
		return nil, fmt.Errorf("%w: file is version %d, this build reads version %d", ErrEnsembleVersion, version, ensVersion)
	}
	if le.Uint16(data[10:]) != 0 || le.Uint32(data[28:]) != 0 {
		return nil, fmt.Errorf("%w: reserved header fields must be 0 in version %d", ErrEnsembleVersion, ensVersion)
	}
	if have := uint64(len(data) - ensHeaderSize); have < uint64(zLen) {
		return nil, fmt.Errorf("%w: payload has %d of %d bytes", ErrEnsembleTruncated, have, zLen)
	} else if have > uint64(zLen) {
		return nil, fmt.Errorf("%w: %d bytes after the %d-byte payload", ErrEnsembleSize, have-uint64(zLen), zLen)
	}
	payload := data[ensHeaderSize:]
	if got := ensCRC(data, payload); got != crc {
		return nil, fmt.Errorf("%w: header says %08x, contents give %08x", ErrEnsembleChecksum, crc, got)
	}
	if members == 0 || members > MaxMembers {
		return nil, fmt.Errorf("%w: %d members, want 1 to %d", ErrEnsembleSize, members, MaxMembers)
	}
	if uint64(rawLen) > uint64(members)*uint64(maxMemberBytes()) {
		return nil, fmt.Errorf("%w: payload length %d is more than %d members can fill", ErrEnsembleSize, rawLen, members)
	}
	p := fsutil.Payload{Len: uint64(rawLen), Max: uint64(members) * uint64(maxMemberBytes()),
		TooLarge: ErrEnsembleSize, Truncated: ErrEnsembleCorrupt, Trailing: ErrEnsembleCorrupt, Corrupt: ErrEnsembleCorrupt}
	raw, err := p.Decompress(payload)
	if err != nil {
		return nil, err
	}
	e := &Ensemble{}
	for i := range int(members) {
		if len(raw) < 4 {
			return nil, fmt.Errorf("%w: member %d of %d: payload ends in its header", ErrEnsembleSize, i, members)
		}
		arch, labelLen := Arch(le.Uint16(raw)), int(le.Uint16(raw[2:]))
		if !arch.Valid() {
			return nil, fmt.Errorf("%w: member %d: unknown architecture id %d", ErrEnsembleValue, i, uint16(arch))
		}
		need := 4 + labelLen + 8 + 8*arch.NumParams()
		if labelLen > MaxLabel || len(raw) < need {
			return nil, fmt.Errorf("%w: member %d: needs %d bytes (label %d), %d left", ErrEnsembleSize, i, need, labelLen, len(raw))
		}
		label := string(raw[4 : 4+labelLen])
		p := raw[4+labelLen:]
		n := &Network{Arch: arch, K: math.Float64frombits(le.Uint64(p)), W: make([]float64, arch.NumParams())}
		for j := range n.W {
			n.W[j] = math.Float64frombits(le.Uint64(p[8+8*j:]))
		}
		if !utf8.ValidString(label) {
			return nil, fmt.Errorf("%w: member %d: label is not UTF-8", ErrEnsembleValue, i)
		}
		if err := n.Validate(); err != nil {
			return nil, fmt.Errorf("%w: member %d (%q): %v", ErrEnsembleValue, i, label, err)
		}
		e.Members = append(e.Members, Member{Label: label, Net: n})
		raw = raw[need:]
	}
	if len(raw) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the last member", ErrEnsembleSize, len(raw))
	}
	return e, nil
}

// IsEnsemble reports whether data starts like an ensemble file (so a tool
// given a path can tell ensembles from single weight files).
func IsEnsemble(data []byte) bool {
	return len(data) >= len(ensMagic) && string(data[:len(ensMagic)]) == ensMagic
}

// LoadEnsemble reads an ensemble file.
func LoadEnsemble(path string) (*Ensemble, error) { return fsutil.Load(path, UnmarshalEnsemble) }

// Save writes e to path atomically (temporary file, sync, rename).
func (e *Ensemble) Save(path string) error {
	data, err := e.Marshal()
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(path, data)
}
