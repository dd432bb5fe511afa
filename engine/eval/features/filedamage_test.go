// filedamage_test.go tests that a damaged heuristic weight file's error
// says what is wrong: trailing data, corrupt, or truncated.
package features

import (
	"errors"
	"testing"
)

// TestWeightFileDamageNamed: bytes appended to a weight file are reported
// as trailing data and a damaged payload as corrupt; only a payload cut
// short is "truncated".
func TestWeightFileDamageNamed(t *testing.T) {
	good := sampleHeuristic().Marshal()
	garbled := append([]byte(nil), good...)
	for i := fileHeader + 12; i < len(garbled)-2; i++ { // the block's content, not its header
		garbled[i] ^= 0x5A
	}
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"appended":  {append(append([]byte(nil), good...), 1, 2, 3), ErrTrailing},
		"twice":     {append(append([]byte(nil), good...), good[fileHeader:]...), ErrTrailing},
		"garbled":   {garbled, ErrCorrupt},
		"truncated": {good[:len(good)-5], ErrTruncated},
	} {
		_, err := Unmarshal(c.data)
		if !errors.Is(err, c.want) || (c.want != ErrTruncated && errors.Is(err, ErrTruncated)) {
			t.Errorf("%s: got %v, want %v", name, err, c.want)
		}
	}
}
