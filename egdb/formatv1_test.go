// formatv1_test.go tests that slice files of version 1 (testdata/v1: three
// of the embedded slices as they were before the container) and version 2
// (testdata/v2: the same before the rules field) read as the same English
// index and blocks as the embedded version 3 files, and that damage and
// unknown versions are reported.
package egdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"crown/engine/board"
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
		v1, err := os.ReadFile(filepath.Join("testdata", "v1", name))
		if err != nil {
			t.Fatal(err)
		}
		v2, err := os.ReadFile(filepath.Join("testdata", "v2", name))
		if err != nil {
			t.Fatal(err)
		}
		cur, err := embedded.ReadFile("data4/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if len(v1) != len(v2) || len(cur) != len(v2)+rulesBytes {
			t.Errorf("%s: versions 1, 2, 3 are %d, %d, %d bytes", name, len(v1), len(v2), len(cur))
		}
		b, err := openBytes(cur, name)
		if err != nil {
			t.Fatal(err)
		}
		if b.variant != board.English {
			t.Fatalf("%s: embedded slice of %s", name, b.variant)
		}
		for _, old := range [][]byte{v1, v2} {
			a, err := openBytes(old, name)
			if err != nil {
				t.Fatal(err)
			}
			if a.header != b.header || !slices.Equal(a.offsets, b.offsets) || !slices.Equal(a.crcs, b.crcs) {
				t.Fatalf("%s: old index %+v differs from version 3's %+v", name, a.header, b.header)
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
}

// TestRulesField: a version 3 file records its variant; an unknown one,
// or stray bits beside it, is ErrCorrupt.
func TestRulesField(t *testing.T) {
	data, err := embedded.ReadFile("data4/russian/1111.egdb")
	if err != nil {
		t.Fatal(err)
	}
	f, err := openBytes(data, "russian")
	if err != nil || f.variant != board.Russian {
		t.Fatalf("russian slice: %v, variant %v", err, f.variant)
	}
	index, end, err := sliceFormat.OpenAt(bytes.NewReader(data), int64(len(data)), formatVersion)
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][rulesBytes]byte{{board.NumVariants}, {9}, {1, 1}, {0, 0, 0, 4}} {
		x := append([]byte(nil), index...)
		copy(x[indexHeader:], bad[:])
		file := append(sliceFormat.Seal(formatVersion, x, fsutil.Stored), data[end:]...)
		if _, err := openBytes(file, "bad rules"); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "rules") {
			t.Errorf("rules field % x: got %v, want ErrCorrupt about the rules", bad, err)
		}
	}
}

// TestSliceFileErrors: damage of either version is ErrCorrupt, and the
// container's kind of damage where the container or the version 1 header
// finds it (nil: the index's own checks); a version this build does not
// read is not ErrCorrupt, and says so.
func TestSliceFileErrors(t *testing.T) {
	v1, err := os.ReadFile(filepath.Join("testdata", "v1", "1111.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	v2, err := os.ReadFile(filepath.Join("testdata", "v2", "1111.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	v3, err := embedded.ReadFile("data4/1111.egdb")
	if err != nil {
		t.Fatal(err)
	}
	flip := func(d []byte, i int) []byte { d = append([]byte(nil), d...); d[i] ^= 1; return d }
	for name, c := range map[string]struct {
		data []byte
		kind error
	}{
		"v1 header":     {flip(v1, 20), fsutil.ErrChecksum},
		"v1 table":      {flip(v1, v1HeaderSize+3), fsutil.ErrChecksum},
		"v1 cut":        {v1[:len(v1)/2], nil},
		"v1 short":      {v1[:70], fsutil.ErrTruncated},
		"v1 appended":   {append(append([]byte(nil), v1...), 0), nil},
		"v2 magic":      {flip(v2, 0), fsutil.ErrMagic},
		"v2 index":      {flip(v2, fsutil.HeaderLen+30), fsutil.ErrChecksum},
		"v2 length":     {flip(v2, 13), fsutil.ErrChecksum},
		"v2 tag":        {flip(v2, 21), fsutil.ErrCorrupt},
		"v2 cut":        {v2[:len(v2)/2], nil},
		"v2 index cut":  {v2[:fsutil.HeaderLen+40], fsutil.ErrTruncated},
		"v2 appended":   {append(append([]byte(nil), v2...), 0), nil},
		"v2 header cut": {v2[:15], fsutil.ErrTruncated},
		"v3 index":      {flip(v3, fsutil.HeaderLen+30), fsutil.ErrChecksum},
		"v3 rules":      {flip(v3, fsutil.HeaderLen+indexHeader), fsutil.ErrChecksum},
		"v3 index cut":  {v3[:fsutil.HeaderLen+46], fsutil.ErrTruncated},
		"v3 appended":   {append(append([]byte(nil), v3...), 0), nil},
	} {
		if _, err := openBytes(c.data, name); !errors.Is(err, ErrCorrupt) || fsutil.Kind(err) != c.kind {
			t.Errorf("%s: got %v (kind %v), want ErrCorrupt of kind %v", name, err, fsutil.Kind(err), c.kind)
		}
	}
	v4 := append([]byte(nil), v3...)
	binary.LittleEndian.PutUint32(v4[8:], 4)
	if _, err := openBytes(v4, "v4"); !errors.Is(err, fsutil.ErrVersion) || errors.Is(err, ErrCorrupt) {
		t.Errorf("version 4: got %v, want ErrVersion", err)
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
