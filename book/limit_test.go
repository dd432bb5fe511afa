// limit_test.go tests that a book's counts are not trusted (no allocation
// of what they declare, in version 2's payload or version 1's header) and
// that errors name the real damage.
package book

import (
	"encoding/binary"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/engine/fsutil"
	"crown/engine/fsutil/fsutiltest"
)

// bookPayload is a version 2 payload declaring entries entries and no
// names, followed by rest.
func bookPayload(entries uint32, rest []byte) []byte {
	raw := binary.LittleEndian.AppendUint64(nil, board.Start().Hash)
	raw = binary.LittleEndian.AppendUint32(raw, entries)
	raw = binary.LittleEndian.AppendUint32(raw, 0)
	return append(raw, rest...)
}

// bookHeaderV1 is a valid version 1 header declaring entries entries and
// no names, followed by payload.
func bookHeaderV1(entries uint32, payload []byte) []byte {
	h := make([]byte, v1HeaderSize)
	copy(h, magic)
	binary.LittleEndian.PutUint16(h[8:], 1)
	binary.LittleEndian.PutUint64(h[12:], board.Start().Hash)
	binary.LittleEndian.PutUint32(h[20:], entries)
	binary.LittleEndian.PutUint32(h[28:], entries*entrySize)
	binary.LittleEndian.PutUint32(h[32:], fsutil.Checksum(nil))
	return append(h, payload...)
}

// TestCountsNotTrusted: a book declaring 2^27 entries (3.75 GiB unpacked)
// without holding them is refused without allocating what it declares.
func TestCountsNotTrusted(t *testing.T) {
	for name, data := range map[string][]byte{
		"version 2": format.Seal(version, bookPayload(1<<27, nil), fsutil.Stored),
		"version 1": bookHeaderV1(1<<27, nil),
	} {
		var err error
		alloc := fsutiltest.Allocated(func() { _, err = Unmarshal(data) })
		if err == nil {
			t.Fatalf("%s: accepted a book of 2^27 entries holding none", name)
		}
		if alloc > 1<<20 {
			t.Errorf("%s: refusing it allocated %d MiB", name, alloc>>20)
		}
	}
}

// TestBombRefused: a 32 KB book whose payload unpacks to 1 GiB of zeros
// (as its header declares) is refused before it is decompressed.
func TestBombRefused(t *testing.T) {
	const entries = (1 << 30) / entrySize
	v2 := make([]byte, 20)
	copy(v2, magic)
	binary.LittleEndian.PutUint32(v2[8:], version)
	binary.LittleEndian.PutUint32(v2[12:], payloadHeader+entries*entrySize)
	for name, bomb := range map[string][]byte{
		"version 2": append(v2, fsutiltest.ZeroFrame(payloadHeader+entries*entrySize, true)...),
		"version 1": bookHeaderV1(entries, fsutiltest.ZeroFrame(entries*entrySize, true)),
	} {
		var err error
		alloc := fsutiltest.Allocated(func() { _, err = Unmarshal(bomb) })
		if !isOnly(err, fsutil.ErrTooLarge) {
			t.Errorf("%s: got %v, want fsutil.ErrTooLarge", name, err)
		}
		if alloc > 8<<20 {
			t.Errorf("%s: refusing the %d-byte bomb allocated %d MiB", name, len(bomb), alloc>>20)
		}
	}
}

// TestErrorsSayWhatIsWrong: data appended to a book is reported as
// trailing data and a damaged payload as corrupt, not as truncation; a
// book cut short is still truncated.
func TestErrorsSayWhatIsWrong(t *testing.T) {
	good := sampleBook(t).Marshal()
	garbled := append([]byte(nil), good...)
	for i := 20 + 12; i < len(garbled)-8; i++ {
		garbled[i] ^= 0x5A
	}
	for _, c := range []struct {
		name string
		data []byte
		want error
		text string
	}{
		{"appended", append(append([]byte(nil), good...), "more"...), fsutil.ErrTrailing, "4 bytes after"},
		{"appended book", append(append([]byte(nil), good...), good...), fsutil.ErrTrailing, "bytes after"},
		{"garbled payload", garbled, fsutil.ErrCorrupt, ""},
		{"cut short", good[:len(good)-3], fsutil.ErrTruncated, "cut short"},
	} {
		_, err := Unmarshal(c.data)
		if !isOnly(err, c.want) || !strings.Contains(err.Error(), c.text) || !strings.HasPrefix(err.Error(), "book file: ") {
			t.Errorf("%s: got %v, want %v mentioning %q after the format's name", c.name, err, c.want, c.text)
		}
	}
}
