package egdb

import (
	"context"
	"testing"

	"github.com/rs/zerolog"
)

func buildDir(t testing.TB, dir string, n int) *BuildReport {
	rep, err := Build(context.Background(), BuildOptions{Dir: dir, Pieces: n, Log: zerolog.Nop()})
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
