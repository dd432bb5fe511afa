// ensemble.go reads and writes ensemble files: several networks in one file,
// each with a label, for the voting coalition of Kim & Cho (seed 002), in
// fsutil's container (magic "CROWNENS", version 2, length, CRC-32C), stored
// as it is: the members' float64 weights do not compress. Like weight files,
// every kind of bad file has its own error (the container's, or
// ErrEnsembleSize and ErrEnsembleValue for the members); the payload is
// held to what MaxMembers members can fill. Step sizes are not stored: an ensemble is
// for playing, not for further evolution.
//
// Payload, version 2 (little-endian):
//
//	members u32  number of networks, 1..MaxMembers
//	then for each member in order: arch u16, labelLen u16, label (UTF-8,
//	at most MaxLabel bytes), K float64, Arch.NumParams() float64s
//
// Version 1 (before the container) still loads (ensemblev1.go).
package nets

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"

	"crown/engine/fsutil"
)

const (
	ensMagic   = "CROWNENS"
	ensVersion = 2
	// MaxMembers bounds an ensemble: seed 002's fixed coalition has 20
	// players and DBSCAN rarely finds more clusters in a population of 100.
	MaxMembers = 256
	// MaxLabel bounds a member's label in bytes.
	MaxLabel = 255
)

// Errors returned when an ensemble file's members are not what it says. A
// bad ensemble file is otherwise one of the container's errors
// (fsutil.ErrMagic, ErrVersion, ErrTruncated, ErrTrailing, ErrChecksum,
// ErrCorrupt, ErrTooLarge), its message starting "ensemble file: ".
var (
	ErrEnsembleSize  = errors.New("ensemble file sizes wrong")
	ErrEnsembleValue = errors.New("ensemble file holds an invalid network")
)

// ensFormat is the ensemble file in the container.
var ensFormat = fsutil.Format{Magic: ensMagic, Name: "ensemble file", Max: 4 + MaxMembers*uint64(maxMemberBytes()), Reads: []uint32{1, ensVersion}}

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
	raw := le.AppendUint32(nil, uint32(len(e.Members)))
	for _, m := range e.Members {
		raw = le.AppendUint16(raw, uint16(m.Net.Arch))
		raw = le.AppendUint16(raw, uint16(len(m.Label)))
		raw = append(raw, m.Label...)
		raw = le.AppendUint64(raw, math.Float64bits(m.Net.K))
		raw = appendFloats(raw, m.Net.W)
	}
	return ensFormat.Seal(ensVersion, raw, fsutil.Stored), nil
}

// maxMemberBytes is the largest encoded member: header fields, the longest
// label and the largest architecture's parameters.
func maxMemberBytes() int { return 4 + MaxLabel + 8 + 8*maxParams() }

// UnmarshalEnsemble decodes an ensemble file.
func UnmarshalEnsemble(data []byte) (*Ensemble, error) {
	v, err := ensFormat.Version(data)
	if err != nil {
		return nil, err
	}
	if uint16(v) == 1 {
		return unmarshalEnsembleV1(data)
	}
	raw, err := ensFormat.Open(data, ensVersion)
	if err != nil {
		return nil, err
	}
	if len(raw) < 4 {
		return nil, fmt.Errorf("%w: payload of %d bytes has no member count", ErrEnsembleSize, len(raw))
	}
	members := binary.LittleEndian.Uint32(raw)
	if members == 0 || members > MaxMembers {
		return nil, fmt.Errorf("%w: %d members, want 1 to %d", ErrEnsembleSize, members, MaxMembers)
	}
	return decodeMembers(raw[4:], int(members))
}

// decodeMembers reads n members from raw, which they must fill exactly.
func decodeMembers(raw []byte, n int) (*Ensemble, error) {
	le := binary.LittleEndian
	e := &Ensemble{}
	for i := range n {
		if len(raw) < 4 {
			return nil, fmt.Errorf("%w: member %d of %d: payload ends in its header", ErrEnsembleSize, i, n)
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
		net := &Network{Arch: arch, K: math.Float64frombits(le.Uint64(p)), W: make([]float64, arch.NumParams())}
		for j := range net.W {
			net.W[j] = math.Float64frombits(le.Uint64(p[8+8*j:]))
		}
		if !utf8.ValidString(label) {
			return nil, fmt.Errorf("%w: member %d: label is not UTF-8", ErrEnsembleValue, i)
		}
		if err := net.Validate(); err != nil {
			return nil, fmt.Errorf("%w: member %d (%q): %v", ErrEnsembleValue, i, label, err)
		}
		e.Members = append(e.Members, Member{Label: label, Net: net})
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
func (e *Ensemble) Save(path string) error { return fsutil.Save(path, e.Marshal) }
