// Package egdbtest makes endgame databases for tests in other packages: a
// copy of a database directory with one block damaged the way a disk error
// would damage it, so the database opens (its header and block table are
// intact) and only a probe of that block finds the checksum mismatch. It
// knows the slice file layout of egdb/format.go and imports nothing of
// egdb, so egdb's own tests can use it too.
package egdbtest

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
)

// Layout of a slice file (egdb/format.go, versions 2 and 3): fsutil's container,
// a 24-byte header whose bytes 8-11 hold the version and 12-15 the index's
// length, then the index, then the blocks' data.
const (
	versionAt   = 8
	oldest      = 2 // the versions this layout holds for
	newest      = 3
	lengthAt    = 12
	containerAt = 24
)

// DamagedCopy copies the slice files of src (e.g. egdb/data4, the embedded
// <=4-piece database) into a new temporary directory, flipping one byte of
// block 0's data in slice (a slice name such as "0101"), and returns the
// directory.
func DamagedCopy(t testing.TB, src, slice string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(src, "*.egdb"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no slice files in %s: %v", src, err)
	}
	dir := t.TempDir()
	damaged := false
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(f) == slice+".egdb" {
			if v := binary.LittleEndian.Uint32(data[versionAt:]); v < oldest || v > newest {
				t.Fatalf("%s: slice file version %d, DamagedCopy knows versions %d-%d", f, v, oldest, newest)
			}
			data[containerAt+binary.LittleEndian.Uint32(data[lengthAt:])+2] ^= 0xFF
			damaged = true
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !damaged {
		t.Fatalf("no slice %s in %s", slice, src)
	}
	return dir
}
