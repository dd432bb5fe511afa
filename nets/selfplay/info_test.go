// info_test.go checks the summary of a sample file: its counts, results
// and the histogram's rows.
package selfplay

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
)

func TestWriteInfo(t *testing.T) {
	start := board.Start()
	kings := Sample{Black: 1, White: 1 << 31, Kings: 1, Side: board.White, Ply: 40, L: 1}
	f := &File{Games: 2, Config: "test settings", Samples: []Sample{
		{Black: start.Black, White: start.White, Ply: 0, W: 1, D: 1}, kings,
	}}
	path := filepath.Join(t.TempDir(), "s.smp")
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	if err := WriteInfo(&w, path); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"settings  test settings\n", "games     2\n", "samples   2 distinct positions, 3 visits\n",
		"results   W 1 (33.3%)  D 1 (33.3%)  L 1 (33.3%)", "plies     0-40\n", "kings     50.0% of samples",
		"    24           1 " + strings.Repeat("#", 60) + "\n", "     2           1 #"} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, w.String())
		}
	}
	if err := WriteInfo(&w, filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("a missing file was summarised")
	}
}
