// container_test.go tests the container: round trips of each packing, each
// kind of bad file with its own error and a message naming the format,
// stored payloads read in place, the earlier sealed layout read
// unchanged, and bombs refused in bounded memory.
package fsutil

import (
	"bytes"
	"encoding/binary"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"crown/engine/fsutil/fsutiltest"
)

var testFormat = Format{Magic: "CRWNTEST", Name: "test file", Max: 1 << 20, Reads: []uint32{2, 3}}

func TestContainerRoundTrip(t *testing.T) {
	for _, raw := range [][]byte{nil, []byte("x"), []byte(strings.Repeat("some state worth keeping ", 200))} {
		for _, p := range []Packing{Zstd, ZstdBetter, Stored} {
			data := testFormat.Seal(3, raw, p)
			got, err := testFormat.Open(data, 3)
			if err != nil || !bytes.Equal(got, raw) {
				t.Fatalf("packing %d, %d bytes: %v (got %d bytes)", p, len(raw), err, len(got))
			}
			if v, err := testFormat.Version(data); v != 3 || err != nil {
				t.Fatalf("Version: %d %v", v, err)
			}
		}
	}
}

// TestContainerSaysWhatIsWrong: each kind of damage has its own error and
// a message saying what was found.
func TestContainerSaysWhatIsWrong(t *testing.T) {
	raw := []byte(strings.Repeat("state ", 100))
	z, s := testFormat.Seal(3, raw, Zstd), testFormat.Seal(3, raw, Stored)
	flip := func(d []byte, i int) []byte { d = append([]byte(nil), d...); d[i] ^= 1; return d }
	for name, c := range map[string]struct {
		data []byte
		want error
		text string
	}{
		"empty":            {nil, ErrMagic, "0 bytes without"},
		"other file":       {[]byte("root:x:0:0:root:/root"), ErrMagic, "does not start with"},
		"other crown file": {append([]byte("CRWNBOOK"), z[8:]...), ErrMagic, `starts with "CRWNBOOK"`},
		"magic prefix":     {[]byte("CRWN"), ErrTruncated, "header alone"},
		"no version":       {z[:10], ErrTruncated, "header alone"},
		"old version":      {flip(z, 8), ErrVersion, "test file: unsupported file version 2; this build reads versions 2 and 3"},
		"newer version":    {flip(z, 9), ErrVersion, "version 259; this build reads versions 2 and 3 (a newer crown"},
		"header cut":       {z[:15], ErrTruncated, "header alone"},
		"tag cut":          {s[:22], ErrTruncated, "header alone"},
		"over the limit":   {flip(z, 15), ErrTooLarge, "the limit is"},
		"length":           {flip(z, 12), ErrCorrupt, "decompresses to"},
		"zstd cut":         {z[:len(z)-3], ErrTruncated, "cut short"},
		"zstd appended":    {append(append([]byte(nil), z...), 0, 0, 0, 0, 0), ErrTrailing, "5 bytes after"},
		"zstd checksum":    {flip(z, 16), ErrChecksum, "header says"},
		"stored cut":       {s[:len(s)-3], ErrTruncated, "payload has 597 of 600 bytes"},
		"stored appended":  {append(append([]byte(nil), s...), 1, 2), ErrTrailing, "2 bytes after"},
		"stored damaged":   {flip(s, 100), ErrChecksum, "payload gives"},
		"unknown tag":      {flip(s, 20), ErrCorrupt, "magic"},
	} {
		_, err := testFormat.Open(c.data, 3)
		if !errors.Is(err, c.want) || Kind(err) != c.want || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: got %v (kind %v), want %v mentioning %q", name, err, Kind(err), c.want, c.text)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "test file: ") {
			t.Errorf("%s: %q does not name the format", name, err)
		}
	}
}

// TestErrorfAndKind: a format's own report of a container failure is that
// failure to errors.Is and Kind and names the format; a format without a
// name is named by its magic; other errors are of no kind.
func TestErrorfAndKind(t *testing.T) {
	err := testFormat.Errorf(ErrTrailing, "%d bytes after the last entry", 3)
	if err.Error() != "test file: file damaged: trailing data: 3 bytes after the last entry" {
		t.Errorf("message: %q", err)
	}
	if !errors.Is(err, ErrTrailing) || !errors.Is(err, ErrCorrupt) || Kind(err) != ErrTrailing {
		t.Errorf("%v: kind %v, want ErrTrailing (and ErrCorrupt)", err, Kind(err))
	}
	if Kind(ErrCorrupt) != ErrCorrupt || Kind(errors.New("other")) != nil || Kind(nil) != nil {
		t.Error("Kind of the sentinels or of other errors")
	}
	state := StateFormat("CRWNTEST", 1)
	if _, err := state.Open([]byte("CRWN"), 1); err == nil || !strings.HasPrefix(err.Error(), "CRWNTEST file: ") {
		t.Errorf("unnamed format: %v", err)
	}
}

// TestSealedLayoutReads: a file in the sealed layout the state files,
// trained networks and sample files had before the container (magic,
// version, length, CRC-32C, a zstd frame of klauspost/compress's default
// encoder) opens unchanged.
func TestSealedLayoutReads(t *testing.T) {
	raw := []byte(strings.Repeat("sealed before the container ", 50))
	enc, _ := zstd.NewWriter(nil)
	z := enc.EncodeAll(raw, nil)
	enc.Close()
	old := make([]byte, 20)
	copy(old, "CRWNTEST")
	binary.LittleEndian.PutUint32(old[8:], 2)
	binary.LittleEndian.PutUint32(old[12:], uint32(len(raw)))
	binary.LittleEndian.PutUint32(old[16:], Checksum(raw))
	got, err := testFormat.Open(append(old, z...), 2)
	if err != nil || !bytes.Equal(got, raw) {
		t.Fatalf("sealed layout: %v", err)
	}
}

// TestOpenAt: a stored container followed by other data opens in place,
// saying where it ends; a compressed one, or one whose length runs past
// the file, is refused before its payload is allocated.
func TestOpenAt(t *testing.T) {
	raw := []byte("index of the blocks that follow")
	data := append(testFormat.Seal(3, raw, Stored), "BLOCKS"...)
	got, end, err := testFormat.OpenAt(bytes.NewReader(data), int64(len(data)), 3)
	if err != nil || !bytes.Equal(got, raw) || string(data[end:]) != "BLOCKS" {
		t.Fatalf("OpenAt: %q, end %d, %v", got, end, err)
	}
	z := testFormat.Seal(3, raw, Zstd)
	if _, _, err := testFormat.OpenAt(bytes.NewReader(z), int64(len(z)), 3); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "in place") {
		t.Errorf("compressed: %v", err)
	}
	huge := append([]byte(nil), data[:HeaderLen]...)
	binary.LittleEndian.PutUint32(huge[12:], 1<<20)
	var aerr error
	alloc := fsutiltest.Allocated(func() { _, _, aerr = testFormat.OpenAt(bytes.NewReader(huge), int64(len(huge)), 3) })
	if !errors.Is(aerr, ErrTruncated) || alloc > 64<<10 {
		t.Errorf("length past the file: %v, allocated %d bytes", aerr, alloc)
	}
	for _, n := range []int{0, 5, 12, 22} {
		if _, _, err := testFormat.OpenAt(bytes.NewReader(data[:n]), int64(n), 3); !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrMagic) {
			t.Errorf("%d bytes: %v", n, err)
		}
	}
}

func TestGob(t *testing.T) {
	type state struct {
		A int
		B []float64
	}
	path := filepath.Join(t.TempDir(), "s")
	if err := SaveGob(path, "CRWNTEST", 1, state{7, []float64{1.5}}); err != nil {
		t.Fatal(err)
	}
	var back state
	if err := LoadGob(path, "CRWNTEST", 1, &back); err != nil || back.A != 7 || back.B[0] != 1.5 {
		t.Fatalf("gob round trip: %+v %v", back, err)
	}
	if err := LoadGob(path, "CRWNTEST", 2, &back); !errors.Is(err, ErrVersion) {
		t.Fatalf("version check: %v", err)
	}
}

// TestContainerBomb: a 32 KB file whose header and zstd frame both say
// 1 GiB (of zeros) is refused without allocating more than a few MiB.
func TestContainerBomb(t *testing.T) {
	const gib = 1 << 30
	bomb := make([]byte, 20)
	copy(bomb, "CRWNTEST")
	binary.LittleEndian.PutUint32(bomb[8:], 1)
	binary.LittleEndian.PutUint32(bomb[12:], gib)
	bomb = append(bomb, fsutiltest.ZeroFrame(gib, true)...)
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = StateFormat("CRWNTEST", 1).Open(bomb, 1) })
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("bomb: got %v, want ErrTooLarge", err)
	}
	if alloc > 8<<20 {
		t.Errorf("refusing a %d-byte bomb allocated %d MiB", len(bomb), alloc>>20)
	}
}

// FuzzOpen: any bytes open (whole, or in place) to a payload of exactly
// the declared length within the limit, or to an error; never a panic.
func FuzzOpen(f *testing.F) {
	small := Format{Magic: "CRWNTEST", Max: 1 << 16, Reads: []uint32{1}}
	raw := []byte("some state worth keeping, some state")
	for _, p := range []Packing{Zstd, Stored} {
		good := small.Seal(1, raw, p)
		f.Add(good)
		f.Add(good[:22])
		f.Add(append(append([]byte{}, good...), 1, 2, 3))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if raw, err := small.Open(data, 1); err == nil {
			if n := binary.LittleEndian.Uint32(data[12:]); uint32(len(raw)) != n || n > 1<<16 {
				t.Fatalf("opened %d bytes, header declares %d (limit %d)", len(raw), n, 1<<16)
			}
		}
		if raw, end, err := small.OpenAt(bytes.NewReader(data), int64(len(data)), 1); err == nil {
			if n := binary.LittleEndian.Uint32(data[12:]); uint32(len(raw)) != n || end != int64(HeaderLen)+int64(n) || end > int64(len(data)) {
				t.Fatalf("opened %d bytes in place ending at %d, header declares %d", len(raw), end, n)
			}
		}
	})
}
