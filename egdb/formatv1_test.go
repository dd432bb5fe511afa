// formatv1_test.go tests that slice files of version 1 (testdata/v1: three
// of the embedded slices as they were before the container) read as the
// same index and blocks as the embedded version 2 files, and that damage
// and unknown versions are reported.
package egdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"crown/engine/fsutil"
)

// openBytes opens a slice file held in memory.
func openBytes(data []byte, name string) (*sliceFile, error) {
	return openSlice(bytes.NewReader(data), int64(len(data)), name)
}

func TestReadsVersion1(t *testing.T) {
	dec, err := newDecoder()
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	for _, name := range []string{"0101.egdb", "0111.egdb", "1111.egdb"} {
		old, err := os.ReadFile(filepath.Join("testdata", "v1", name))
		if err != nil {
			t.Fatal(err)
		}
		cur, err := embedded.ReadFile("data4/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if len(old) != len(cur) {
			t.Errorf("%s: version 1 is %d bytes, version 2 %d", name, len(old), len(cur))
		}
		a, err := openBytes(old, name)
		if err != nil {
			t.Fatal(err)
		}
		b, err := openBytes(cur, name)
		if err != nil {
			t.Fatal(err)
		}
		if a.header != b.header || !slices.Equal(a.offsets, b.offsets) || !slices.Equal(a.crcs, b.crcs) {
			t.Fatalf("%s: version 1 index %+v differs from version 2's %+v", name, a.header, b.header)
		}
		for _, f := range []*sliceFile{a, b} {
			if err := f.checkWhole(); err != nil {
				t.Fatal(err)
			}
		}
		for blk := range a.blocks {
			x, errA := a.readBlock(dec, blk, nil)
			y, errB := b.readBlock(dec, blk, nil)
			if errA != nil || errB != nil || !bytes.Equal(x, y) {
				t.Fatalf("%s block %d differs: %v %v", name, blk, errA, errB)
			}
		}
	}
}

// TestSliceFileErrors: damage of either version is ErrCorrupt; a version
// this build does not read is not, and says so.
func TestSliceFileErrors(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "v1", "1111.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	v2, err := embedded.ReadFile("data4/1111.egdb")
	if err != nil {
		t.Fatal(err)
	}
	flip := func(d []byte, i int) []byte { d = append([]byte(nil), d...); d[i] ^= 1; return d }
	for name, data := range map[string][]byte{
		"v1 header":     flip(v1, 20),
		"v1 table":      flip(v1, v1HeaderSize+3),
		"v1 cut":        v1[:len(v1)/2],
		"v1 short":      v1[:70],
		"v1 appended":   append(append([]byte(nil), v1...), 0),
		"v2 magic":      flip(v2, 0),
		"v2 index":      flip(v2, fsutil.HeaderLen+30),
		"v2 length":     flip(v2, 13),
		"v2 tag":        flip(v2, 21),
		"v2 cut":        v2[:len(v2)/2],
		"v2 index cut":  v2[:fsutil.HeaderLen+40],
		"v2 appended":   append(append([]byte(nil), v2...), 0),
		"v2 header cut": v2[:15],
	} {
		if _, err := openBytes(data, name); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: got %v, want ErrCorrupt", name, err)
		}
	}
	v3 := append([]byte(nil), v2...)
	binary.LittleEndian.PutUint32(v3[8:], 3)
	if _, err := openBytes(v3, "v3"); !errors.Is(err, fsutil.ErrVersion) || errors.Is(err, ErrCorrupt) {
		t.Errorf("version 3: got %v, want ErrVersion", err)
	}
	// A damaged block opens (the index is sound) and fails checkWhole.
	f, err := openBytes(flip(v2, len(v2)-3), "v2 block")
	if err != nil {
		t.Fatal(err)
	}
	if err := f.checkWhole(); !errors.Is(err, ErrCorrupt) {
		t.Errorf("damaged block: checkWhole %v", err)
	}
}
