// stats_test.go compares win/loss/draw counts per slice with the oracle files.
package egdb

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"crown/engine/board"
)

// wldOracle reads testdata/egdb-wld-stats-2to5.txt: per slice, the black- and
// white-to-move counts.
func wldOracle(t testing.TB) map[Material][2]Stats {
	return readWLD(t, "testdata/egdb-wld-stats-2to5.txt")
}

// readWLD reads a W/L/D statistics file (2to5 or 6-partial format).
func readWLD(t testing.TB, path string) map[Material][2]Stats {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[Material][2]Stats{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		parts := strings.Split(line, "|")
		head := strings.Fields(parts[0])
		num := func(s string) int { n, _ := strconv.Atoi(s); return n }
		m := Material{num(head[1]), num(head[2]), num(head[3]), num(head[4])}
		var st [2]Stats
		for side := range 2 {
			f := strings.Fields(parts[1+side])
			st[side] = Stats{uint64(num(f[0])), uint64(num(f[1])), uint64(num(f[2]))}
		}
		out[m] = st
	}
	return out
}

func checkStats(t *testing.T, n int) {
	_, stats := solveAll(t, n)
	oracle := wldOracle(t)
	checked := 0
	for m, want := range oracle {
		if m.Pieces() > n {
			continue
		}
		checked++
		if got := stats[m]; got != want[0] {
			t.Errorf("%v black to move: got %+v want %+v", m, got, want[0])
		}
		if got := stats[m.Mirror()]; got != want[1] {
			t.Errorf("%v white to move: got %+v want %+v", m, got, want[1])
		}
	}
	if checked == 0 {
		t.Fatal("no oracle lines")
	}
}

func TestStatsUpTo4(t *testing.T) { checkStats(t, 4) }

// TestStatsUpTo5 solves up to 5 pieces in memory (about 25 s on 2 idle
// cores, 50 s of CPU): opt in with CROWN_EGDB_SLOW=1. The same check on a
// built directory is TestStatsFromDir.
func TestStatsUpTo5(t *testing.T) {
	if testing.Short() || os.Getenv("CROWN_EGDB_SLOW") == "" {
		t.Skip("set CROWN_EGDB_SLOW=1 to solve 5 pieces in memory")
	}
	checkStats(t, 5)
}

// TestStatsFromDir compares the header statistics of a built database named
// by $CROWN_EGDB_DIR (for example the <=6 build) with both oracle files.
func TestStatsFromDir(t *testing.T) {
	dir := os.Getenv("CROWN_EGDB_DIR")
	if dir == "" {
		t.Skip("CROWN_EGDB_DIR not set")
	}
	infos, maxN, game, err := Describe(dir)
	if err != nil || game != board.English {
		t.Fatalf("%s: %v (%s)", dir, err, game)
	}
	got := map[Material]Stats{}
	for _, in := range infos {
		got[in.Material] = in.Stats
	}
	checked := 0
	for _, file := range []string{"testdata/egdb-wld-stats-2to5.txt", "testdata/egdb-wld-stats-6-partial.txt"} {
		for m, want := range readWLD(t, file) {
			if m.Pieces() > maxN || !m.valid() {
				continue // one-side-empty slices are not stored
			}
			checked++
			if got[m] != want[0] || got[m.Mirror()] != want[1] {
				t.Errorf("%v: got %+v / %+v want %+v", m, got[m], got[m.Mirror()], want)
			}
		}
	}
	t.Logf("%d slices up to %d pieces match the oracle files", checked, maxN)
}
