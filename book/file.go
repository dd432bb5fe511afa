// file.go reads and writes book files: fsutil's container (magic
// "CRWNBOOK", version 2, length, CRC-32C, zstd) around the book.
//
// Payload, version 2 (little-endian):
//
//	startKey u64  board.Start().Hash: books are keyed by the Zobrist hash, so a
//	              book written with other hash keys is refused, not misread
//	entries  u32  number of entries
//	names    u32  number of names
//	names         uint16 length + bytes each
//	entries       sorted by key: key u64, from u8, to u8, captured u32,
//	              score i16, wins u32, draws u32, losses u32, name u16 (30 bytes)
//
// The container holds the payload to maxPayload before decompressing it
// (fsutil.Payload), and the counts are checked against the payload's
// length before the entries are allocated, so a damaged or hostile file
// cannot make the reader reserve gigabytes.
//
// Version 1 (before the container) kept the counts in a header of its own;
// such books still load (filev1.go).
package book

import (
	"encoding/binary"
	"errors"

	"crown/engine/board"
	"crown/engine/fsutil"
)

const (
	magic   = "CRWNBOOK"
	version = 2
	// payloadHeader is the start key and the two counts.
	payloadHeader = 8 + 4 + 4
	entrySize     = 30
	// maxEntries bounds a book file: 16 Mi entries (480 MiB unpacked),
	// 4,000 times the largest book grown so far (4,236 entries in 828
	// positions; docs/book.md).
	maxEntries = 1 << 24
	// maxNameBytes bounds the opening names: 16 MiB, 8,000 times the
	// default book's (176 names in 1,914 bytes).
	maxNameBytes = 1 << 24
	// maxPayload is the most a book's payload may unpack to.
	maxPayload = payloadHeader + maxEntries*entrySize + maxNameBytes
)

// ErrHashKeys is returned for a book written with other position hash
// keys. A bad book file is otherwise one of the container's errors
// (fsutil.ErrMagic, ErrVersion, ErrTruncated, ErrTrailing, ErrChecksum,
// ErrCorrupt, ErrTooLarge), its message starting "book file: ".
var ErrHashKeys = errors.New("book was written with different position hash keys")

// format is the book file in the container.
var format = fsutil.Format{Magic: magic, Name: "book file", Max: maxPayload, Reads: []uint32{1, version}}

// Marshal encodes the book.
func (b *Book) Marshal() []byte {
	le := binary.LittleEndian
	raw := make([]byte, 0, payloadHeader+entrySize*len(b.entries))
	raw = le.AppendUint64(raw, board.Start().Hash)
	raw = le.AppendUint32(raw, uint32(len(b.entries)))
	raw = le.AppendUint32(raw, uint32(len(b.names)))
	for _, n := range b.names {
		raw = le.AppendUint16(raw, uint16(len(n)))
		raw = append(raw, n...)
	}
	for _, e := range b.entries {
		raw = le.AppendUint64(raw, e.Key)
		raw = append(raw, byte(e.From), byte(e.To))
		raw = le.AppendUint32(raw, e.Captured)
		raw = le.AppendUint16(raw, uint16(e.Score))
		raw = le.AppendUint32(raw, e.Wins)
		raw = le.AppendUint32(raw, e.Draws)
		raw = le.AppendUint32(raw, e.Losses)
		raw = le.AppendUint16(raw, e.Name)
	}
	return format.Seal(version, raw, fsutil.ZstdBetter)
}

// Unmarshal decodes a book file's bytes.
func Unmarshal(data []byte) (*Book, error) {
	v, err := format.Version(data)
	if err != nil {
		return nil, err
	}
	if v == 1 {
		return unmarshalV1(data)
	}
	raw, err := format.Open(data, version)
	if err != nil {
		return nil, err
	}
	if len(raw) < payloadHeader {
		return nil, format.Errorf(fsutil.ErrCorrupt, "payload of %d bytes, its header alone is %d", len(raw), payloadHeader)
	}
	le := binary.LittleEndian
	c := counts{key: le.Uint64(raw), entries: le.Uint32(raw[8:]), names: le.Uint32(raw[12:]), bytes: uint64(len(raw) - payloadHeader)}
	if err := c.check(); err != nil {
		return nil, err
	}
	return decode(raw[payloadHeader:], c)
}

// counts are what a book declares about its payload: the hash keys it was
// written with, the entries and names it holds, and the bytes they fill.
type counts struct {
	key            uint64
	entries, names uint32
	bytes          uint64
}

// check refuses counts that do not fit each other, the hash keys of
// another build, and more entries than a book may hold.
func (c counts) check() error {
	if c.key != board.Start().Hash {
		return ErrHashKeys
	}
	if c.names > NoName || c.bytes < uint64(c.entries)*entrySize+2*uint64(c.names) ||
		c.bytes > uint64(c.entries)*entrySize+uint64(c.names)*(2+0xFFFF) {
		return format.Errorf(fsutil.ErrCorrupt, "sizes inconsistent (%d entries, %d names, %d bytes)", c.entries, c.names, c.bytes)
	}
	if c.entries > maxEntries {
		return format.Errorf(fsutil.ErrTooLarge, "%d entries, the limit is %d", c.entries, maxEntries)
	}
	return nil
}

// decode reads the names and entries (c.bytes of them, checked) of r.
func decode(r []byte, c counts) (*Book, error) {
	b := New()
	for range c.names {
		if len(r) < 2 || len(r) < 2+int(binary.LittleEndian.Uint16(r)) {
			return nil, format.Errorf(fsutil.ErrCorrupt, "names run past the payload")
		}
		n := int(binary.LittleEndian.Uint16(r))
		b.nameID(string(r[2 : 2+n]))
		r = r[2+n:]
	}
	if len(b.names) != int(c.names) {
		return nil, format.Errorf(fsutil.ErrCorrupt, "duplicate opening names")
	}
	if len(r) != int(c.entries)*entrySize {
		return nil, format.Errorf(fsutil.ErrCorrupt, "%d bytes of entries for %d entries", len(r), c.entries)
	}
	b.entries = make([]Entry, c.entries)
	le := binary.LittleEndian
	for i := range b.entries {
		rec := r[i*entrySize:]
		e := Entry{
			Key: le.Uint64(rec), From: board.Square(rec[8]), To: board.Square(rec[9]),
			Captured: le.Uint32(rec[10:]), Score: int16(le.Uint16(rec[14:])),
			Wins: le.Uint32(rec[16:]), Draws: le.Uint32(rec[20:]), Losses: le.Uint32(rec[24:]),
			Name: le.Uint16(rec[28:]),
		}
		if e.From > 31 || e.To > 31 || (e.Name != NoName && int(e.Name) >= len(b.names)) {
			return nil, format.Errorf(fsutil.ErrCorrupt, "entry %d out of range", i)
		}
		if i > 0 && entryLess(&b.entries[i-1], &e) >= 0 {
			return nil, format.Errorf(fsutil.ErrCorrupt, "entries not sorted at %d", i)
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
