package egdb

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// wldOracle reads testdata/egdb-wld-stats-2to5.txt: per slice, the black- and
// white-to-move counts.
func wldOracle(t testing.TB) map[Material][2]Stats {
	f, err := os.Open("testdata/egdb-wld-stats-2to5.txt")
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

func TestStatsUpTo5(t *testing.T) {
	if testing.Short() {
		t.Skip("5-piece solve takes tens of seconds")
	}
	checkStats(t, 5)
}
