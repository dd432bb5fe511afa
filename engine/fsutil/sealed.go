// sealed.go is the container for crown's state files (training checkpoints):
// a magic string, a version, the payload's length and CRC-32C, and the payload
// compressed with zstd. Opening checks each in turn and says which failed;
// the declared length is checked against the caller's limit and the
// compressed size before anything is allocated (Payload.Decompress).
package fsutil

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/klauspost/compress/zstd"
)

// Errors of sealed files.
var (
	ErrMagic    = errors.New("wrong kind of file")
	ErrVersion  = errors.New("unsupported file version")
	ErrCorrupt  = errors.New("file damaged")
	ErrChecksum = errors.New("checksum mismatch")
	ErrTooLarge = errors.New("file declares more data than it can hold")
	// errTruncated and errTrailing say how a file is damaged; both are
	// ErrCorrupt to errors.Is.
	errTruncated = fmt.Errorf("%w: truncated", ErrCorrupt)
	errTrailing  = fmt.Errorf("%w: trailing data", ErrCorrupt)
)

// MaxState is the limit on the payload of a state file (gob checkpoints:
// training, evolution, tournaments): 1 GiB, about 12 times the largest
// state crown saves, a training checkpoint of the largest trained-network
// shape (nets/nnue: 3.2 M parameters at 256-256-256 with 24 buckets, three
// float32 slices of them, at most 9 gob bytes each: 86 MiB).
const MaxState = 1 << 30

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Seal wraps raw in the container. magic must be 8 bytes.
func Seal(magic string, version uint32, raw []byte) []byte {
	enc, _ := zstd.NewWriter(nil)
	payload := enc.EncodeAll(raw, nil)
	enc.Close()
	out := make([]byte, 20, 20+len(payload))
	copy(out, magic)
	binary.LittleEndian.PutUint32(out[8:], version)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(raw)))
	binary.LittleEndian.PutUint32(out[16:], crc32.Checksum(raw, castagnoli))
	return append(out, payload...)
}

// Open checks and unwraps a sealed file's bytes; the payload may be at most
// limit bytes (the format's stated limit).
func Open(data []byte, magic string, version uint32, limit uint64) ([]byte, error) {
	if len(data) < 20 || string(data[:8]) != magic {
		return nil, fmt.Errorf("%w: not a %s file", ErrMagic, magic)
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != version {
		return nil, fmt.Errorf("%w: %d (this build reads %d)", ErrVersion, v, version)
	}
	n := binary.LittleEndian.Uint32(data[12:])
	p := Payload{Len: uint64(n), Max: limit, TooLarge: ErrTooLarge, Truncated: errTruncated, Trailing: errTrailing, Corrupt: ErrCorrupt}
	raw, err := p.Decompress(data[20:])
	if err != nil {
		return nil, err
	}
	if crc32.Checksum(raw, castagnoli) != binary.LittleEndian.Uint32(data[16:]) {
		return nil, ErrChecksum
	}
	return raw, nil
}

// SaveGob gob-encodes v, seals it and writes it atomically to path.
func SaveGob(path, magic string, version uint32, v any) error {
	var raw bytes.Buffer
	if err := gob.NewEncoder(&raw).Encode(v); err != nil {
		return err
	}
	return WriteAtomic(path, Seal(magic, version, raw.Bytes()))
}

// LoadGob reads a file written by SaveGob into v; its payload may be at
// most MaxState bytes, and the file a regular one (ReadFile).
func LoadGob(path, magic string, version uint32, v any) error {
	data, err := ReadFile(path)
	if err != nil {
		return err
	}
	raw, err := Open(data, magic, version, MaxState)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := gob.NewDecoder(bytes.NewReader(raw)).Decode(v); err != nil {
		return fmt.Errorf("%s: %w: %v", path, ErrCorrupt, err)
	}
	return nil
}
