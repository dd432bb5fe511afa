// bomb_test.go tests that a sample file's declared length is held to its
// limits before the payload is decompressed.
package selfplay

import (
	"encoding/binary"
	"errors"
	"testing"

	"crown/engine/fsutil"
	"crown/engine/fsutil/fsutiltest"
)

// TestBombRefused: a 32 KB sample file whose payload unpacks to 1 GiB of
// zeros is refused before it is decompressed, and one declaring more than
// maxSamples' worth is refused whatever its size.
func TestBombRefused(t *testing.T) {
	sealed := func(n uint64) []byte {
		b := make([]byte, 20)
		copy(b, fileMagic)
		binary.LittleEndian.PutUint32(b[8:], fileVersion)
		binary.LittleEndian.PutUint32(b[12:], uint32(n))
		return append(b, fsutiltest.ZeroFrame(n, true)...)
	}
	const gib = 1 << 30
	bomb := sealed(gib)
	var err error
	alloc := fsutiltest.Allocated(func() { _, err = Unmarshal(bomb) })
	if !errors.Is(err, fsutil.ErrTooLarge) {
		t.Errorf("bomb: got %v, want ErrTooLarge", err)
	}
	if alloc > 8<<20 {
		t.Errorf("refusing the bomb allocated %d MiB", alloc>>20)
	}
	if _, err := Unmarshal(sealed(maxPayload + 1)); !errors.Is(err, fsutil.ErrTooLarge) {
		t.Errorf("over maxPayload: got %v, want ErrTooLarge", err)
	}
}
