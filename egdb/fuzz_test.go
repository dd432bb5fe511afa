// fuzz_test.go fuzzes the slice file reader.
package egdb

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzOpenSlice feeds arbitrary bytes to the slice file reader: it must
// return an error or a file whose every block reads (or fails) cleanly,
// never panic.
func FuzzOpenSlice(f *testing.F) {
	for _, name := range []string{"0101.egdb", "1111.egdb", "0211.egdb"} {
		if data, err := os.ReadFile(filepath.Join("data4", name)); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(fileMagic))
	dec, err := newDecoder()
	if err != nil {
		f.Fatal(err)
	}
	defer dec.Close()
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := openSlice(bytes.NewReader(data), int64(len(data)), "fuzz")
		if err != nil {
			return
		}
		sf.checkWhole()
		for b := range min(sf.blocks, 64) {
			sf.readBlock(dec, b, nil)
		}
	})
}
