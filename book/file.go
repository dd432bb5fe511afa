// file.go reads and writes book files.
//
// Format (little-endian), version 1:
//
//	magic    [8]byte  "CRWNBOOK"
//	version  uint16   1
//	reserved uint16   0
//	startKey uint64   board.Start().Hash: books are keyed by the Zobrist hash, so a
//	                  book written with other hash keys is refused, not misread
//	entries  uint32   number of entries
//	names    uint32   number of names
//	rawLen   uint32   length of the uncompressed payload
//	crc      uint32   CRC-32C of the uncompressed payload
//	payload           zstd: names (uint16 length + bytes each), then entries sorted
//	                  by key: key u64, from u8, to u8, captured u32, score i16,
//	                  wins u32, draws u32, losses u32, name u16 (30 bytes)
//
// The header's counts are checked against each other, against maxEntries
// and against the compressed size before anything is allocated
// (fsutil.Payload), so a damaged or hostile header cannot make the reader
// reserve gigabytes.
package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/klauspost/compress/zstd"

	"crown/engine/board"
	"crown/engine/fsutil"
)

const (
	magic      = "CRWNBOOK"
	version    = 1
	headerSize = 8 + 2 + 2 + 8 + 4 + 4 + 4 + 4
	entrySize  = 30
	// maxEntries bounds a book file: 16 Mi entries (480 MiB unpacked),
	// 4,000 times the largest book grown so far (4,236 entries in 828
	// positions; docs/book.md).
	maxEntries = 1 << 24
	// maxNameBytes bounds the opening names: 16 MiB, 8,000 times the
	// default book's (176 names in 1,914 bytes).
	maxNameBytes = 1 << 24
	// maxPayload is the most a book's payload may unpack to.
	maxPayload = maxEntries*entrySize + maxNameBytes
)

// Errors returned by Read, one per kind of bad file.
var (
	ErrNotBook   = errors.New("not a crown book file")
	ErrVersion   = errors.New("unsupported book version")
	ErrTruncated = errors.New("book file truncated")
	ErrChecksum  = errors.New("book checksum mismatch")
	ErrHashKeys  = errors.New("book was written with different position hash keys")
	ErrCorrupt   = errors.New("book payload corrupt")
	ErrTrailing  = errors.New("book file has data after its payload")
	ErrTooLarge  = errors.New("book file declares more than a book may hold")
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Marshal encodes the book.
func (b *Book) Marshal() []byte {
	var raw bytes.Buffer
	for _, n := range b.names {
		binary.Write(&raw, binary.LittleEndian, uint16(len(n)))
		raw.WriteString(n)
	}
	var rec [entrySize]byte
	for _, e := range b.entries {
		binary.LittleEndian.PutUint64(rec[0:], e.Key)
		rec[8], rec[9] = byte(e.From), byte(e.To)
		binary.LittleEndian.PutUint32(rec[10:], e.Captured)
		binary.LittleEndian.PutUint16(rec[14:], uint16(e.Score))
		binary.LittleEndian.PutUint32(rec[16:], e.Wins)
		binary.LittleEndian.PutUint32(rec[20:], e.Draws)
		binary.LittleEndian.PutUint32(rec[24:], e.Losses)
		binary.LittleEndian.PutUint16(rec[28:], e.Name)
		raw.Write(rec[:])
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression))
	payload := enc.EncodeAll(raw.Bytes(), nil)
	enc.Close()
	h := make([]byte, headerSize, headerSize+len(payload))
	copy(h, magic)
	binary.LittleEndian.PutUint16(h[8:], version)
	binary.LittleEndian.PutUint64(h[12:], board.Start().Hash)
	binary.LittleEndian.PutUint32(h[20:], uint32(len(b.entries)))
	binary.LittleEndian.PutUint32(h[24:], uint32(len(b.names)))
	binary.LittleEndian.PutUint32(h[28:], uint32(raw.Len()))
	binary.LittleEndian.PutUint32(h[32:], crc32.Checksum(raw.Bytes(), crcTable))
	return append(h, payload...)
}

// Unmarshal decodes a book file's bytes.
func Unmarshal(data []byte) (*Book, error) {
	if len(data) < len(magic) || string(data[:len(magic)]) != magic {
		return nil, ErrNotBook
	}
	if len(data) < headerSize {
		return nil, fmt.Errorf("%w: header is %d bytes, want %d", ErrTruncated, len(data), headerSize)
	}
	if v := binary.LittleEndian.Uint16(data[8:]); v != version {
		return nil, fmt.Errorf("%w: %d (this build reads %d)", ErrVersion, v, version)
	}
	if k := binary.LittleEndian.Uint64(data[12:]); k != board.Start().Hash {
		return nil, ErrHashKeys
	}
	nEntries := binary.LittleEndian.Uint32(data[20:])
	nNames := binary.LittleEndian.Uint32(data[24:])
	rawLen := binary.LittleEndian.Uint32(data[28:])
	sum := binary.LittleEndian.Uint32(data[32:])
	if nNames > NoName || uint64(rawLen) < uint64(nEntries)*entrySize+2*uint64(nNames) ||
		uint64(rawLen) > uint64(nEntries)*entrySize+uint64(nNames)*(2+0xFFFF) {
		return nil, fmt.Errorf("%w: header sizes inconsistent (%d entries, %d names, %d bytes)", ErrCorrupt, nEntries, nNames, rawLen)
	}
	if nEntries > maxEntries {
		return nil, fmt.Errorf("%w: %d entries, the limit is %d", ErrTooLarge, nEntries, maxEntries)
	}
	p := fsutil.Payload{Len: uint64(rawLen), Max: maxPayload,
		TooLarge: ErrTooLarge, Truncated: ErrTruncated, Trailing: ErrTrailing, Corrupt: ErrCorrupt}
	raw, err := p.Decompress(data[headerSize:])
	if err != nil {
		return nil, err
	}
	if crc32.Checksum(raw, crcTable) != sum {
		return nil, ErrChecksum
	}
	b := New()
	r := raw
	for range nNames {
		if len(r) < 2 {
			return nil, fmt.Errorf("%w: names run past the payload", ErrCorrupt)
		}
		n := int(binary.LittleEndian.Uint16(r))
		if len(r) < 2+n {
			return nil, fmt.Errorf("%w: names run past the payload", ErrCorrupt)
		}
		b.nameID(string(r[2 : 2+n]))
		r = r[2+n:]
	}
	if len(b.names) != int(nNames) {
		return nil, fmt.Errorf("%w: duplicate opening names", ErrCorrupt)
	}
	if len(r) != int(nEntries)*entrySize {
		return nil, fmt.Errorf("%w: %d bytes of entries for %d entries", ErrCorrupt, len(r), nEntries)
	}
	b.entries = make([]Entry, nEntries)
	for i := range b.entries {
		rec := r[i*entrySize:]
		e := Entry{
			Key:      binary.LittleEndian.Uint64(rec),
			From:     board.Square(rec[8]),
			To:       board.Square(rec[9]),
			Captured: binary.LittleEndian.Uint32(rec[10:]),
			Score:    int16(binary.LittleEndian.Uint16(rec[14:])),
			Wins:     binary.LittleEndian.Uint32(rec[16:]),
			Draws:    binary.LittleEndian.Uint32(rec[20:]),
			Losses:   binary.LittleEndian.Uint32(rec[24:]),
			Name:     binary.LittleEndian.Uint16(rec[28:]),
		}
		if e.From > 31 || e.To > 31 || (e.Name != NoName && int(e.Name) >= len(b.names)) {
			return nil, fmt.Errorf("%w: entry %d out of range", ErrCorrupt, i)
		}
		if i > 0 && entryLess(&b.entries[i-1], &e) >= 0 {
			return nil, fmt.Errorf("%w: entries not sorted at %d", ErrCorrupt, i)
		}
		b.entries[i] = e
	}
	return b, nil
}

// Load reads a book file.
func Load(path string) (*Book, error) { return fsutil.Load(path, Unmarshal) }

// Save writes the book atomically: a temporary file in the same directory,
// synced, then renamed over path.
func (b *Book) Save(path string) error {
	return fsutil.WriteAtomic(path, b.Marshal())
}
