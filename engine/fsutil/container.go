// container.go is crown's one file container: every binary file crown
// writes (books, seed weight files, ensembles, trained networks, heuristic
// weights, endgame database slices, self-play samples, checkpoints; not the
// text ones: PDN, JSON, CSV, SVG) is a Format's Seal, written with
// WriteAtomic, and read back through Open or
// OpenAt, which check in turn the magic, the version, the declared length
// (against the format's limit, and against the file before anything is
// allocated), the payload (bounded zstd: Payload) and the checksum, and
// say which failed. Their errors are the container's own (ErrMagic,
// ErrVersion, ...), the same for every format, and their messages start
// with the format's name ("book file: checksum mismatch: ..."), so that
// errors.Is needs one set of sentinels and a user still reads which kind
// of file is bad and how; a format reports its own checks of the payload
// with them too (Errorf) where they are the same failure.
//
// Layout (little-endian):
//
//	offset size
//	 0     8   magic    the format's name: "CRWNBOOK", "CROWNNET", ...
//	 8     4   version  the format's version: what its payload holds
//	12     4   length   the payload's length, uncompressed
//	16     4   crc      CRC-32C of the uncompressed payload
//	20         payload, either
//	             a zstd frame (it starts with zstd's magic number,
//	             28 B5 2F FD) that decompresses to length bytes and ends
//	             the file, or
//	             "STOR" and the length bytes as they are; the container
//	             ends there, and a format may keep data after it that it
//	             reads in place (an endgame slice's compressed blocks).
//
// The compressed form is byte for byte the "sealed" layout crown's state
// files, trained networks and sample files already had, so those files
// read unchanged; the other formats moved into the container with a
// version bump and read their own earlier layouts in a small legacy branch.
package fsutil

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"

	"github.com/klauspost/compress/zstd"
)

const (
	magicLen = 8
	fixedLen = 20 // magic, version, length, crc
	// HeaderLen is the container's header with the payload's 4-byte tag:
	// the bytes OpenAt reads first.
	HeaderLen = fixedLen + 4
	storedTag = "STOR"
	zstdTag   = "\x28\xb5\x2f\xfd"
)

// The container's errors, one per way a file can be bad, for every
// format. ErrTruncated and ErrTrailing say how a file is damaged; both are
// ErrCorrupt to errors.Is.
var (
	ErrMagic     = errors.New("wrong kind of file")
	ErrVersion   = errors.New("unsupported file version")
	ErrCorrupt   = errors.New("file damaged")
	ErrChecksum  = errors.New("checksum mismatch")
	ErrTooLarge  = errors.New("file declares more data than it can hold")
	ErrTruncated = fmt.Errorf("%w: truncated", ErrCorrupt)
	ErrTrailing  = fmt.Errorf("%w: trailing data", ErrCorrupt)
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Checksum returns the CRC-32C of parts one after another: the container's
// checksum, also what formats keep for data they read in place.
func Checksum(parts ...[]byte) uint32 {
	var c uint32
	for _, p := range parts {
		c = crc32.Update(c, castagnoli, p)
	}
	return c
}

// Packing says how Seal keeps a payload.
type Packing uint8

const (
	// Zstd compresses at zstd's default level.
	Zstd Packing = iota
	// ZstdBetter compresses at a slower level, for files written once and
	// read often (the default book: 3 % smaller).
	ZstdBetter
	// Stored keeps the payload as it is: for data read in place (an
	// endgame slice's block index, followed by its blocks) or that does not
	// compress.
	Stored
)

// Kind returns which of the container's errors err is: the most specific
// one errors.Is finds (ErrTruncated or ErrTrailing before ErrCorrupt), or
// nil when err is none of them.
func Kind(err error) error {
	for _, k := range []error{ErrMagic, ErrVersion, ErrTruncated, ErrTrailing, ErrChecksum, ErrTooLarge, ErrCorrupt} {
		if errors.Is(err, k) {
			return k
		}
	}
	return nil
}

// Format is one kind of file kept in the container.
type Format struct {
	Magic string   // 8 bytes
	Name  string   // what the file is, for messages: "book file"
	Max   uint64   // the most a payload may hold
	Reads []uint32 // the versions this build reads, oldest first (for messages)
}

// name is what messages call f's files: its Name, or its magic.
func (f Format) name() string {
	if f.Name == "" {
		return f.Magic + " file"
	}
	return f.Name
}

// Errorf returns an error of kind (one of the container's errors) about
// one of f's files: "book file: file damaged: entry 3 out of range". The
// container reports its own checks with it, and a format the checks of
// its payload that are the same failure (a count over its limit is
// ErrTooLarge, entries out of order ErrCorrupt).
func (f Format) Errorf(kind error, format string, args ...any) error {
	return named(f.name(), kind, fmt.Sprintf(format, args...))
}

// named returns kind with msg, after name when there is one.
func named(name string, kind error, msg string) error {
	if name == "" {
		return fmt.Errorf("%w: %s", kind, msg)
	}
	return fmt.Errorf("%s: %w: %s", name, kind, msg)
}

// Seal returns raw in the container as version of f, packed as p.
func (f Format) Seal(version uint32, raw []byte, p Packing) []byte {
	out := make([]byte, fixedLen, HeaderLen+len(raw))
	copy(out, f.Magic)
	binary.LittleEndian.PutUint32(out[8:], version)
	binary.LittleEndian.PutUint32(out[12:], uint32(len(raw)))
	binary.LittleEndian.PutUint32(out[16:], Checksum(raw))
	if p == Stored {
		return append(append(out, storedTag...), raw...)
	}
	level := zstd.SpeedDefault
	if p == ZstdBetter {
		level = zstd.SpeedBetterCompression
	}
	enc, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(level), zstd.WithEncoderConcurrency(1))
	defer enc.Close()
	return enc.EncodeAll(raw, out)
}

// Save seals raw (Seal) and writes it to path atomically (WriteAtomic).
func (f Format) Save(path string, version uint32, raw []byte, p Packing) error {
	return WriteAtomic(path, f.Seal(version, raw, p))
}

// Version checks that data starts with f's magic and returns the version
// it declares (the 4 bytes after the magic), so that a format can send an
// earlier layout of its own to its legacy reader.
func (f Format) Version(data []byte) (uint32, error) {
	if len(data) < magicLen || string(data[:magicLen]) != f.Magic {
		if len(data) > 0 && len(data) < magicLen && strings.HasPrefix(f.Magic, string(data)) {
			return 0, f.short(len(data))
		}
		return 0, f.Errorf(ErrMagic, "%s", f.wrongMagic(data))
	}
	if len(data) < magicLen+4 {
		return 0, f.short(len(data))
	}
	return binary.LittleEndian.Uint32(data[magicLen:]), nil
}

// wrongMagic says that data does not start with f's magic. Another crown
// file's magic (capitals, such as CRWNBOOK) is named; other bytes are not
// quoted: the message can reach engine mode's client, and the file may be
// anything the user can read (net-file=/etc/passwd).
func (f Format) wrongMagic(data []byte) string {
	head := data[:min(len(data), magicLen)]
	if len(head) < magicLen {
		return fmt.Sprintf("%d bytes without the %q magic", len(data), f.Magic)
	}
	for _, c := range head {
		if c < 'A' || c > 'Z' {
			return fmt.Sprintf("does not start with %q", f.Magic)
		}
	}
	return fmt.Sprintf("starts with %q, not %q", head, f.Magic)
}

// short says that a file of n bytes ends in the container's header.
func (f Format) short(n int) error {
	return f.Errorf(ErrTruncated, "%d bytes, the header alone is %d", n, HeaderLen)
}

// header checks the magic and that the header (without the payload's tag)
// is there and declares version, and returns the declared length and CRC.
func (f Format) header(data []byte, version uint32) (length, crc uint32, err error) {
	v, err := f.Version(data)
	if err != nil {
		return 0, 0, err
	}
	if v != version {
		return 0, 0, f.versionError(v)
	}
	if len(data) < fixedLen {
		return 0, 0, f.short(len(data))
	}
	length, crc = binary.LittleEndian.Uint32(data[12:]), binary.LittleEndian.Uint32(data[16:])
	if uint64(length) > f.Max {
		return 0, 0, f.Errorf(ErrTooLarge, "header declares %d uncompressed bytes, the limit is %d", length, f.Max)
	}
	return length, crc, nil
}

// versionError says that this build does not read version v of f, naming
// what it reads and what to do.
func (f Format) versionError(v uint32) error {
	reads := make([]string, len(f.Reads))
	for i, r := range f.Reads {
		reads[i] = fmt.Sprint(r)
	}
	plural := "version"
	if len(reads) > 1 {
		plural += "s"
	}
	newer := ""
	if n := len(f.Reads); n > 0 && v > f.Reads[n-1] && v < 1<<16 {
		newer = " (a newer crown wrote it: read it with that one)"
	}
	return fmt.Errorf("%s: %w %d; this build reads %s %s%s", f.name(), ErrVersion, v, plural, strings.Join(reads, " and "), newer)
}

// Open checks data, a whole file of f's version, and returns its payload
// (a part of data when stored).
func (f Format) Open(data []byte, version uint32) ([]byte, error) {
	length, crc, err := f.header(data, version)
	if err != nil {
		return nil, err
	}
	body := data[fixedLen:]
	var raw []byte
	switch {
	case len(body) > 0 && len(body) < len(storedTag) && strings.HasPrefix(storedTag, string(body)):
		return nil, f.short(len(data))
	case strings.HasPrefix(string(body), storedTag):
		if raw, err = f.stored(body[len(storedTag):], length, true); err != nil {
			return nil, err
		}
	default:
		p := f.Payload(uint64(length))
		if raw, err = p.Decompress(body); err != nil {
			return nil, err
		}
	}
	if err := f.Check(raw, crc); err != nil {
		return nil, err
	}
	return raw, nil
}

// stored returns the length bytes of a stored payload at the start of
// body; whole: nothing may follow them.
func (f Format) stored(body []byte, length uint32, whole bool) ([]byte, error) {
	switch have := uint64(len(body)); {
	case have < uint64(length):
		return nil, f.Errorf(ErrTruncated, "payload has %d of %d bytes", have, length)
	case whole && have > uint64(length):
		return nil, f.Errorf(ErrTrailing, "%d bytes after the %d-byte payload", have-uint64(length), length)
	}
	return body[:length], nil
}

// OpenAt checks the container at the start of r (size bytes in all),
// which must hold f's version with a stored payload, and returns the
// payload and the offset where the container ends; the rest of r is the
// format's. Nothing is allocated for the payload before its length is
// checked against the limit and against size.
func (f Format) OpenAt(r io.ReaderAt, size int64, version uint32) ([]byte, int64, error) {
	head := make([]byte, min(max(size, 0), HeaderLen))
	if n, err := r.ReadAt(head, 0); n < len(head) {
		return nil, 0, err
	}
	length, crc, err := f.header(head, version)
	if err != nil {
		return nil, 0, err
	}
	if len(head) < HeaderLen {
		return nil, 0, f.short(len(head))
	}
	if string(head[fixedLen:]) != storedTag {
		return nil, 0, f.Errorf(ErrCorrupt, "the payload is not stored as it is (this format reads it in place)")
	}
	end := int64(HeaderLen) + int64(length)
	if end > size {
		return nil, 0, f.Errorf(ErrTruncated, "payload has %d of %d bytes", size-HeaderLen, length)
	}
	raw := make([]byte, length)
	if n, err := r.ReadAt(raw, HeaderLen); n < len(raw) {
		return nil, 0, err
	}
	if err := f.Check(raw, crc); err != nil {
		return nil, 0, err
	}
	return raw, end, nil
}

// Payload describes a compressed payload of length bytes with f's limit
// and name, for Open and for the legacy readers of formats whose earlier
// layouts held a zstd frame of their own.
func (f Format) Payload(length uint64) Payload {
	return Payload{Len: length, Max: f.Max, Name: f.name()}
}

// Check compares raw's checksum with the one a header declares.
func (f Format) Check(raw []byte, want uint32) error {
	if got := Checksum(raw); got != want {
		return f.Errorf(ErrChecksum, "header says %08x, the payload gives %08x", want, got)
	}
	return nil
}
