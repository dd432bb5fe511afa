// pydraughts_test.go checks crown's Russian and Brazilian move generation
// against the real pydraughts (0.6.7, the library behind lidraughts-bot):
// legal move lists compared position by position, as sets of keys (from
// square, final square and captured squares in capture order: one key per
// capture path, see testdata/pydraughts/movelists.py).
//
// TestPydraughtsFixture reads move lists pydraughts wrote once (gzipped under
// testdata/pydraughts, made by movelists.py with --seed 1) and needs no
// python. TestPydraughtsLive runs movelists.py now with another seed; it
// finds the snapshot through $CROWN_PYDRAUGHTS (the folder holding the
// `draughts` package) or at ../shared/clients/pydraughts beside the
// repository, and skips without python3 or the snapshot unless
// CROWN_REQUIRE_PYDRAUGHTS=1.
package board

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"crown/engine/testenv"
)

// compareMoveLists replays movelists.py's output against crown and returns
// what it met.
func compareMoveLists(t *testing.T, v Variant, r io.Reader, name string) pydStats {
	t.Helper()
	var st pydStats
	var p Position
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		switch {
		case text == "" || text[0] == '#':
			continue
		case strings.HasPrefix(text, "g "):
			var err error
			if p, err = ParseVariantFEN(text[2:], v); err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			continue
		}
		list, played, _ := strings.Cut(text, "|")
		want := strings.Fields(list)
		got, byKey := crownKeys(t, &p)
		if !slices.Equal(got, want) {
			t.Fatalf("%s:%d: %s %s\ncrown only: %v\npydraughts only: %v", name, line, v, p.FEN(),
				minus(got, want), minus(want, got))
		}
		st.observe(&p)
		if played != "" {
			p = p.Play(byKey[played])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return st
}

func TestPydraughtsFixture(t *testing.T) {
	for _, v := range []Variant{Russian, Brazilian} {
		path := filepath.Join("testdata", "pydraughts", v.String()+".txt.gz")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		st := compareMoveLists(t, v, zr, path)
		f.Close()
		t.Logf("%s: %s", v, st)
		st.require(t, v, 10000)
	}
}

func TestPydraughtsLive(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: pydraughts not run")
	}
	pypath := testenv.Pydraughts(t)
	for _, v := range []Variant{Russian, Brazilian} {
		cmd := exec.Command("python3", "-W", "ignore", filepath.Join("testdata", "pydraughts", "movelists.py"),
			v.String(), "--positions", "400", "--seed", "20260501")
		cmd.Env = append(os.Environ(), "PYTHONPATH="+pypath)
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("movelists.py %s: %v\n%s", v, err, errOut.String())
		}
		st := compareMoveLists(t, v, &out, "live "+v.String())
		t.Logf("%s live: %s", v, st)
		if st.positions < 400 {
			t.Fatalf("%s: only %d positions compared", v, st.positions)
		}
	}
}
