// filedamage_test.go tests that a damaged heuristic weight file's error
// says what is wrong: trailing data, corrupt (or a checksum mismatch), or
// truncated.
package features

import (
	"os"
	"strings"
	"testing"

	"crown/engine/fsutil"
)

// TestWeightFileDamageNamed: bytes appended to a weight file are reported
// as trailing data and a damaged payload as corrupt, or as a checksum
// mismatch where it is stored as it is; only a payload cut short is
// "truncated". In version 2 files, stored or compressed, and version 1.
func TestWeightFileDamageNamed(t *testing.T) {
	stored := sampleHeuristic().Marshal()
	raw, err := format.Open(stored, fileVersion)
	if err != nil {
		t.Fatal(err)
	}
	compressed := format.Seal(fileVersion, raw, fsutil.Zstd)
	v1, err := os.ReadFile("weights/E3Ph.weights")
	if err != nil {
		t.Fatal(err)
	}
	for file, c := range map[string]struct {
		good    []byte
		at      int // where the payload starts
		garbled error
	}{
		"stored":     {stored, fsutil.HeaderLen, fsutil.ErrChecksum},
		"compressed": {compressed, 20, fsutil.ErrCorrupt},
		"version 1":  {v1, v1Header, fsutil.ErrCorrupt},
	} {
		garbled := append([]byte(nil), c.good...)
		for i := c.at + 12; i < len(garbled)-2; i++ { // a block's content, not its header
			garbled[i] ^= 0x5A
		}
		for name, d := range map[string]struct {
			data []byte
			want error
		}{
			"appended":  {append(append([]byte(nil), c.good...), 1, 2, 3), fsutil.ErrTrailing},
			"twice":     {append(append([]byte(nil), c.good...), c.good[c.at:]...), fsutil.ErrTrailing},
			"garbled":   {garbled, c.garbled},
			"truncated": {c.good[:len(c.good)-5], fsutil.ErrTruncated},
		} {
			_, err := Unmarshal(d.data)
			if fsutil.Kind(err) != d.want || !strings.HasPrefix(err.Error(), "heuristic weight file: ") {
				t.Errorf("%s, %s: got %v, want %v", file, name, err, d.want)
			}
		}
	}
}
