// limit_test.go tests the limit on a version 2 file's payload: exactly the
// largest network's, and a zip bomb refused before decompressing.
package nnue

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"crown/engine/fsutil"
	"crown/engine/fsutil/fsutiltest"
)

// TestMaxPayload: the limit is exactly the payload of the largest network
// a file can hold, and largestArch is the largest shape Validate accepts.
func TestMaxPayload(t *testing.T) {
	if err := largestArch.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, a := range []Arch{{272, 256, 256, 24}, {256, 272, 256, 24}, {256, 256, 272, 24}, {256, 256, 256, 25}} {
		if a.Validate() == nil {
			t.Errorf("%v is valid: largestArch is not the largest shape", a)
		}
	}
	q := Quantize(NewModel(largestArch, 1), 100, strings.Repeat("m", 65535))
	data, err := q.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if n := uint64(binary.LittleEndian.Uint32(data[12:])); n != maxPayload() {
		t.Fatalf("the largest network's payload is %d bytes, maxPayload says %d", n, maxPayload())
	}
	if _, err := Unmarshal(data); err != nil {
		t.Fatalf("the largest network does not load: %v", err)
	}
}

// TestBombRefused: a 32 KB version 2 file declaring 1 GiB (zeros) is
// refused before it is decompressed.
func TestBombRefused(t *testing.T) {
	const gib = 1 << 30
	bomb := make([]byte, 20)
	copy(bomb, fileMagic)
	binary.LittleEndian.PutUint32(bomb[8:], fileVersion)
	binary.LittleEndian.PutUint32(bomb[12:], gib)
	bomb = append(bomb, fsutiltest.ZeroFrame(gib, true)...)
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = Unmarshal(bomb) })
	if !errors.Is(err, fsutil.ErrTooLarge) {
		t.Errorf("got %v, want ErrTooLarge", err)
	}
	if alloc > 8<<20 {
		t.Errorf("refusing the bomb allocated %d MiB", alloc>>20)
	}
}
