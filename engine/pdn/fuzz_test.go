package pdn

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRead checks that no input panics the reader and that whatever it
// accepts survives a write/read round trip unchanged.
func FuzzRead(f *testing.F) {
	f.Add(sample)
	f.Add("[FEN \"W:W18,K27:B14,15\"]\n1... 18x11 *")
	f.Add("1. 11-15 {c} (2. 9-14) 23-19 $3 1/2-1/2")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ReadAll(strings.NewReader(text))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteAll(&buf, games); err != nil {
			t.Fatal(err)
		}
		back, err := ReadAll(&buf)
		if err != nil {
			t.Fatalf("re-reading written PDN: %v\n%s", err, buf.String())
		}
		if len(back) != len(games) {
			t.Fatalf("wrote %d games, read %d", len(games), len(back))
		}
		for i := range games {
			if back[i].Start != games[i].Start || len(back[i].Moves) != len(games[i].Moves) || back[i].Result != games[i].Result {
				t.Fatalf("game %d changed in round trip", i)
			}
		}
	})
}
