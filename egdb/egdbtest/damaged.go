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

// Layout of a slice file (egdb/format.go): a 64-byte header whose bytes
// 28-31 hold the block count, then per block an 8-byte offset and a 4-byte
// checksum, then an 8-byte end offset, then the blocks' data.
const (
	headerSize      = 64
	blockCountAt    = 28
	blockTableEntry = 12
	endOffsetSize   = 8
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
			blocks := binary.LittleEndian.Uint32(data[blockCountAt:])
			data[headerSize+blockTableEntry*blocks+endOffsetSize+2] ^= 0xFF
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
