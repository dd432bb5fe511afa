// build_test.go tests Build: file headers against the oracle, verify, and a
// build under a tiny memory budget that is interrupted and resumed.
package egdb

import (
	"context"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/board"
)

func buildDir(t testing.TB, dir string, n int) *BuildReport {
	return buildVariantDir(t, dir, n, board.English)
}

func buildVariantDir(t testing.TB, dir string, n int, v board.Variant) *BuildReport {
	rep, err := Build(context.Background(), BuildOptions{Dir: dir, Pieces: n, Variant: v, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestBuildFiles(t *testing.T) {
	_, rep := db4Dir(t)
	oracle := wldOracle(t)
	for _, s := range rep.Slices {
		if !s.Built {
			t.Errorf("%v not built", s.Material)
		}
		if want := oracle[s.Material][0]; s.Stats != want {
			t.Errorf("%v header stats %+v want %+v", s.Material, s.Stats, want)
		}
	}
	t.Logf("<=4: %d slices, %d positions, %d bytes", len(rep.Slices), rep.Positions, rep.Bytes)
}

func TestVerify(t *testing.T) {
	dir, rep := db4Dir(t)
	vr, err := Verify(t.Context(), VerifyOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if vr.Slices != len(rep.Slices) || vr.Positions == 0 || vr.Positions >= rep.Positions {
		t.Fatalf("verified %d slices, %d positions (of %d)", vr.Slices, vr.Positions, rep.Positions)
	}
}

// TestBuildLowMemory builds up to 4 pieces with a 2 MiB budget, so finished
// slices are evicted and read back from their files (capture positions
// recomputed) for later pairs, and an interrupted build resumes; the
// results must still equal the oracle.
func TestBuildLowMemory(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Build(ctx, BuildOptions{Dir: dir, Pieces: 4, MemMiB: 2, Log: zerolog.Nop(),
		Progress: func(done, total uint64) {
			if done > total/3 {
				cancel()
			}
		}})
	if err == nil {
		t.Log("build finished before it could be interrupted")
	}
	rep, err := Build(context.Background(), BuildOptions{Dir: dir, Pieces: 4, MemMiB: 2, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	oracle := wldOracle(t)
	built := 0
	for _, s := range rep.Slices {
		if s.Built {
			built++
		}
		if s.Stats != oracle[s.Material][0] {
			t.Errorf("%v: %+v want %+v", s.Material, s.Stats, oracle[s.Material][0])
		}
	}
	if built == len(rep.Slices) {
		t.Errorf("the second run rebuilt every slice: nothing was resumed")
	}
	t.Logf("second run built %d of %d slices", built, len(rep.Slices))
	if _, err := Build(context.Background(), BuildOptions{Dir: t.TempDir(), Pieces: 4, MemMiB: 1, Log: zerolog.Nop()}); err == nil {
		t.Errorf("a 1 MiB budget should be too small for the 4-piece slices")
	}
}
