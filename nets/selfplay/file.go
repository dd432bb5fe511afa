// file.go reads and writes sample files: fsutil's container (magic
// "CROWNSMP", version, length, CRC-32C, zstd) around a small header that
// records how the samples were made (so a resumed run can refuse a file made
// with other settings) and fixed-size little-endian records. The declared
// length is held to maxSamples' worth before anything is allocated.
//
// Payload, version 2 (little-endian):
//
//	u32 games     games played (game indices 0..games-1 are in the file)
//	u16 cfgLen    then cfgLen bytes: the generator's Config as text
//	u32 n         samples, then n records of 34 bytes:
//	              u32 black, u32 white, u32 kings, u8 side, u8 0,
//	              u16 ply, i16 score, u32 w, u32 d, u32 l, i32 score rest
//
// Version 1 records are the first 30 bytes, without the score's rounding
// remainder; such files are still read (remainder 0), but a run resumed
// from one can differ from a run straight through by one unit in the mean
// score of a position reached both before and after the interruption,
// which is why version 2 keeps the remainder.
package selfplay

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"

	"crown/engine/board"
	"crown/engine/fsutil"
)

const (
	fileMagic   = "CROWNSMP"
	fileVersion = 2
	recordSize  = 30 // a game's sample (chunk.go) and a version 1 file's record
	restSize    = 4  // version 2 adds the score's rounding remainder
	// maxSamples bounds a sample file, checked before its payload is
	// decompressed: 64 Mi samples (2.1 GiB of version 2 records), 60 times
	// the largest file made so far (gen0.smp, 1,099,543 distinct
	// positions; docs/training.md).
	maxSamples = 1 << 26
	// maxPayload is the payload of maxSamples version 2 records with the
	// longest settings text: games u32, cfgLen u16, the text, n u32, the
	// records.
	maxPayload = 4 + 2 + 0xFFFF + 4 + maxSamples*(recordSize+restSize)
)

// format is the sample file in the container.
var format = fsutil.Format{Magic: fileMagic, Name: "sample file", Max: maxPayload, Reads: []uint32{1, fileVersion}}

// ErrRecord is returned for a sample file whose records are malformed.
var ErrRecord = errors.New("sample file record invalid")

// File is the content of a sample file.
type File struct {
	Games   int    // games played into it
	Config  string // the generator's settings (Config.String)
	Samples []Sample
}

// Marshal encodes f.
func (f *File) Marshal() []byte {
	raw := make([]byte, 0, 10+len(f.Config)+(recordSize+restSize)*len(f.Samples))
	le := binary.LittleEndian
	raw = le.AppendUint32(raw, uint32(f.Games))
	raw = le.AppendUint16(raw, uint16(len(f.Config)))
	raw = append(raw, f.Config...)
	raw = le.AppendUint32(raw, uint32(len(f.Samples)))
	for i := range f.Samples {
		raw = appendRecord(raw, &f.Samples[i])
		raw = le.AppendUint32(raw, uint32(f.Samples[i].ScoreRest))
	}
	return format.Seal(fileVersion, raw, fsutil.Zstd)
}

// appendRecord appends s's 30-byte record (without ScoreRest).
func appendRecord(raw []byte, s *Sample) []byte {
	le := binary.LittleEndian
	raw = le.AppendUint32(raw, s.Black)
	raw = le.AppendUint32(raw, s.White)
	raw = le.AppendUint32(raw, s.Kings)
	raw = append(raw, byte(s.Side), 0)
	raw = le.AppendUint16(raw, s.Ply)
	raw = le.AppendUint16(raw, uint16(s.Score))
	raw = le.AppendUint32(raw, s.W)
	raw = le.AppendUint32(raw, s.D)
	return le.AppendUint32(raw, s.L)
}

// readRecord decodes and checks the record at the start of r (at least
// recordSize bytes; withRest: recordSize+restSize bytes, ScoreRest last).
func readRecord(r []byte, withRest bool) (Sample, error) {
	le := binary.LittleEndian
	s := Sample{
		Black: le.Uint32(r), White: le.Uint32(r[4:]), Kings: le.Uint32(r[8:]),
		Side: board.Color(r[12]), Ply: le.Uint16(r[14:]), Score: int16(le.Uint16(r[16:])),
		W: le.Uint32(r[18:]), D: le.Uint32(r[22:]), L: le.Uint32(r[26:]),
	}
	if withRest {
		s.ScoreRest = int32(le.Uint32(r[recordSize:]))
	}
	return s, checkSample(&s)
}

// Unmarshal decodes a sample file (version 2, or 1), checking every record.
func Unmarshal(data []byte) (*File, error) {
	version := uint32(fileVersion)
	if v, err := format.Version(data); err == nil && v == 1 {
		version = 1
	}
	raw, err := format.Open(data, version)
	if err != nil {
		return nil, err
	}
	size := recordSize
	if version >= 2 {
		size += restSize
	}
	le := binary.LittleEndian
	if len(raw) < 6 {
		return nil, fmt.Errorf("%w: payload of %d bytes has no header", ErrRecord, len(raw))
	}
	f := &File{Games: int(le.Uint32(raw))}
	cl := int(le.Uint16(raw[4:]))
	raw = raw[6:]
	if len(raw) < cl+4 {
		return nil, fmt.Errorf("%w: header cut short", ErrRecord)
	}
	f.Config = string(raw[:cl])
	n := int(le.Uint32(raw[cl:]))
	raw = raw[cl+4:]
	if len(raw) != n*size {
		return nil, fmt.Errorf("%w: %d bytes for %d records of %d", ErrRecord, len(raw), n, size)
	}
	f.Samples = make([]Sample, n)
	for i := range f.Samples {
		s, err := readRecord(raw[i*size:], version >= 2)
		if err != nil {
			return nil, fmt.Errorf("%w: record %d: %v", ErrRecord, i, err)
		}
		f.Samples[i] = s
	}
	return f, nil
}

// checkSample rejects records that are not positions crown could train on.
func checkSample(s *Sample) error {
	switch {
	case s.Side > board.White:
		return fmt.Errorf("side %d", s.Side)
	case s.Black&s.White != 0:
		return errors.New("a square holds both colours")
	case s.Kings&^(s.Black|s.White) != 0:
		return errors.New("a king on an empty square")
	case bits.OnesCount32(s.Black) > 12 || bits.OnesCount32(s.White) > 12:
		return errors.New("more than 12 pieces a side")
	case s.Games() == 0:
		return errors.New("no game counted")
	case 2*abs(s.ScoreRest) > int64(s.Games()):
		return fmt.Errorf("score remainder %d for %d games", s.ScoreRest, s.Games())
	}
	p := s.Position()
	if err := p.Valid(); err != nil {
		return err
	}
	return nil
}

func abs(v int32) int64 {
	if v < 0 {
		return -int64(v)
	}
	return int64(v)
}

// Load reads a sample file.
func Load(path string) (*File, error) {
	return fsutil.Load(path, Unmarshal)
}

// Save writes f to path atomically.
func (f *File) Save(path string) error {
	return fsutil.WriteAtomic(path, f.Marshal())
}

// exists reports whether path names an existing file.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
