// limit_test.go tests that a book header's counts are not trusted (no
// allocation of what it declares) and that errors name the real damage.
package book

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/engine/fsutil/fsutiltest"
)

// bookHeader is a valid header declaring entries entries and no names,
// followed by payload.
func bookHeader(entries uint32, payload []byte) []byte {
	h := make([]byte, headerSize)
	copy(h, magic)
	binary.LittleEndian.PutUint16(h[8:], version)
	binary.LittleEndian.PutUint64(h[12:], board.Start().Hash)
	binary.LittleEndian.PutUint32(h[20:], entries)
	binary.LittleEndian.PutUint32(h[28:], entries*entrySize)
	binary.LittleEndian.PutUint32(h[32:], crc32.Checksum(nil, crcTable))
	return append(h, payload...)
}

// TestHeaderCountsNotTrusted: a 36-byte header declaring 2^27 entries (3.75
// GiB unpacked) is refused without allocating what it declares.
func TestHeaderCountsNotTrusted(t *testing.T) {
	data := bookHeader(1<<27, nil)
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = Unmarshal(data) })
	if err == nil {
		t.Fatal("accepted a header-only book of 2^27 entries")
	}
	if alloc > 1<<20 {
		t.Errorf("refusing it allocated %d MiB", alloc>>20)
	}
}

// TestBombRefused: a 32 KB book whose payload unpacks to 1 GiB of zeros
// (as its header declares) is refused before it is decompressed.
func TestBombRefused(t *testing.T) {
	const entries = (1 << 30) / entrySize
	bomb := bookHeader(entries, fsutiltest.ZeroFrame(entries*entrySize, true))
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = Unmarshal(bomb) })
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("got %v, want ErrTooLarge", err)
	}
	if alloc > 8<<20 {
		t.Errorf("refusing the %d-byte bomb allocated %d MiB", len(bomb), alloc>>20)
	}
}

// TestErrorsSayWhatIsWrong: data appended to a book is reported as
// trailing data and a damaged payload as corrupt, not as truncation; a
// book cut short is still truncated.
func TestErrorsSayWhatIsWrong(t *testing.T) {
	good := sampleBook(t).Marshal()
	garbled := append([]byte(nil), good...)
	for i := headerSize + 12; i < len(garbled)-8; i++ {
		garbled[i] ^= 0x5A
	}
	for _, c := range []struct {
		name string
		data []byte
		want error
		text string
	}{
		{"appended", append(append([]byte(nil), good...), "more"...), ErrTrailing, "4 bytes after"},
		{"appended book", append(append([]byte(nil), good...), good...), ErrTrailing, "bytes after"},
		{"garbled payload", garbled, ErrCorrupt, ""},
		{"cut short", good[:len(good)-3], ErrTruncated, "cut short"},
	} {
		_, err := Unmarshal(c.data)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: got %v, want %v mentioning %q", c.name, err, c.want, c.text)
		}
		if c.want != ErrTruncated && errors.Is(err, ErrTruncated) {
			t.Errorf("%s: reported as truncated: %v", c.name, err)
		}
	}
}
