package fsutil

import (
	"encoding/binary"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/fsutil/fsutiltest"
)

func TestSealed(t *testing.T) {
	raw := []byte("some state worth keeping")
	good := Seal("CRWNTEST", 3, raw)
	got, err := Open(good, "CRWNTEST", 3, 1<<20)
	if err != nil || string(got) != string(raw) {
		t.Fatalf("open: %q %v", got, err)
	}
	flip := func(i int) []byte { d := append([]byte(nil), good...); d[i] ^= 1; return d }
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"magic":     {flip(0), ErrMagic},
		"short":     {good[:10], ErrMagic},
		"version":   {flip(8), ErrVersion},
		"length":    {flip(12), ErrCorrupt},
		"truncated": {good[:len(good)-3], ErrCorrupt},
		"checksum":  {flip(16), ErrChecksum},
	} {
		if _, err := Open(c.data, "CRWNTEST", 3, 1<<20); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v want %v", name, err, c.want)
		}
	}
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

// TestSealedSaysWhatIsWrong: a sealed file cut short is "truncated", one
// with bytes appended has "trailing data", and one declaring more than the
// caller's limit is refused as too large; all but the last are ErrCorrupt.
func TestSealedSaysWhatIsWrong(t *testing.T) {
	good := Seal("CRWNTEST", 1, []byte(strings.Repeat("state ", 100)))
	for name, c := range map[string]struct {
		data  []byte
		limit uint64
		want  error
		text  string
	}{
		"truncated": {good[:len(good)-3], 1 << 20, ErrCorrupt, "truncated"},
		"appended":  {append(append([]byte{}, good...), 0, 0, 0, 0, 0), 1 << 20, ErrCorrupt, "trailing data: 5 bytes"},
		"limit":     {good, 599, ErrTooLarge, "limit is 599"},
	} {
		_, err := Open(c.data, "CRWNTEST", 1, c.limit)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s: got %v, want %v mentioning %q", name, err, c.want, c.text)
		}
	}
}

// TestSealedBomb: a 32 KB sealed file whose header and zstd frame both say
// 1 GiB (of zeros) is refused without allocating more than a few MiB.
func TestSealedBomb(t *testing.T) {
	const gib = 1 << 30
	bomb := make([]byte, 20)
	copy(bomb, "CRWNTEST")
	binary.LittleEndian.PutUint32(bomb[8:], 1)
	binary.LittleEndian.PutUint32(bomb[12:], gib)
	bomb = append(bomb, fsutiltest.ZeroFrame(gib, true)...)
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = Open(bomb, "CRWNTEST", 1, MaxState) })
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("bomb: got %v, want ErrTooLarge", err)
	}
	if alloc > 8<<20 {
		t.Errorf("refusing a %d-byte bomb allocated %d MiB", len(bomb), alloc>>20)
	}
}

// FuzzOpen: any bytes open to a payload of exactly the declared length
// within the limit, or to an error; never a panic.
func FuzzOpen(f *testing.F) {
	good := Seal("CRWNTEST", 1, []byte("some state worth keeping, some state"))
	f.Add(good)
	f.Add(good[:22])
	f.Add(append(append([]byte{}, good...), 1, 2, 3))
	f.Fuzz(func(t *testing.T, data []byte) {
		raw, err := Open(data, "CRWNTEST", 1, 1<<16)
		if err != nil {
			return
		}
		if n := binary.LittleEndian.Uint32(data[12:]); uint32(len(raw)) != n || n > 1<<16 {
			t.Fatalf("opened %d bytes, header declares %d (limit %d)", len(raw), n, 1<<16)
		}
	})
}
