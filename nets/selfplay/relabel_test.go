package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"crown/engine/eval"
	"crown/engine/search"
)

// testRelabeller searches with material and the embedded database.
func testRelabeller(t *testing.T, workers int) *Relabeller {
	t.Helper()
	db := testDB(t)
	return &Relabeller{
		RelabelConfig: RelabelConfig{Player: "material", Nodes: 3000, MinPieces: 7, MaxPieces: 16, DBPieces: db.MaxPieces()},
		NewSearcher: func() (*search.Searcher, error) {
			return search.New(search.Options{Eval: eval.NewMaterial, HashMB: 1, Tablebase: db, EGDB: search.EGDBAlways})
		},
		Workers: workers,
		Log:     zerolog.Nop(),
	}
}

// TestRelabel: the chosen samples get the deeper search's score, the
// others and every result stay as they were, and a run interrupted and
// resumed with another number of workers writes the same file as one
// worker straight through.
func TestRelabel(t *testing.T) {
	dir := t.TempDir()
	in, err := testGenerator(t, 2).Run(context.Background(), filepath.Join(dir, "in.smp"), 6)
	if err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(dir, "a.smp")
	fa, err := testRelabeller(t, 1).Run(context.Background(), in, a)
	if err != nil {
		t.Fatal(err)
	}
	chosen, changed := 0, 0
	s, _ := testRelabeller(t, 1).NewSearcher()
	for i := range in.Samples {
		was, now := &in.Samples[i], &fa.Samples[i]
		if was.Black != now.Black || was.W != now.W || was.D != now.D || was.L != now.L || was.Ply != now.Ply {
			t.Fatalf("sample %d: position or results changed", i)
		}
		n := was.Pieces()
		if n < 7 || n > 16 {
			if *was != *now {
				t.Fatalf("sample %d of %d pieces changed", i, n)
			}
			continue
		}
		chosen++
		if now.Score != was.Score {
			changed++
		}
		if chosen%25 == 1 { // the score is the search's, checked on a few
			s.Clear()
			res := s.Search(context.Background(), search.Limits{Nodes: 3000}, was.Position(), nil, nil)
			if int(now.Score) != clampScore(res.Score) || now.ScoreRest != 0 {
				t.Fatalf("sample %d: score %d rest %d, the search says %d", i, now.Score, now.ScoreRest, res.Score)
			}
		}
	}
	if chosen < 50 || changed == 0 {
		t.Fatalf("%d samples chosen, %d changed: the test needs more", chosen, changed)
	}
	if want := "; relabel player=material nodes=3000 pieces=7-16 db-pieces=4 done="; !strings.Contains(fa.Config, want) ||
		!strings.HasSuffix(fa.Config, "done="+strconv.Itoa(chosen)+"/"+strconv.Itoa(chosen)) {
		t.Fatalf("settings %q", fa.Config)
	}

	// Interrupted after a few searches, resumed with two workers.
	b := filepath.Join(dir, "b.smp")
	ctx, cancel := context.WithCancel(context.Background())
	r := testRelabeller(t, 2)
	r.Progress = func(done, total int) {
		if done >= 10 {
			cancel()
		}
	}
	if _, err := r.Run(ctx, in, b); err != context.Canceled {
		t.Fatalf("interrupted run: %v", err)
	}
	part, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(part.Config, "done="+strconv.Itoa(chosen)+"/"+strconv.Itoa(chosen)) {
		t.Fatal("the interrupted run finished")
	}
	fb, err := testRelabeller(t, 2).Run(context.Background(), in, b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fa, fb) {
		t.Fatal("the resumed two-worker run differs from the straight one-worker run")
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if string(da) != string(db) {
		t.Fatal("files differ")
	}

	// A finished file is resumed as finished; other settings are refused.
	if _, err := testRelabeller(t, 1).Run(context.Background(), in, a); err != nil {
		t.Fatal(err)
	}
	other := testRelabeller(t, 1)
	other.Nodes = 2000
	if _, err := other.Run(context.Background(), in, a); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Fatalf("other settings: %v", err)
	}
	if _, err := testRelabeller(t, 1).Run(context.Background(), fa, a); err == nil {
		t.Fatal("a file relabelled from another input was resumed")
	}
}

// FuzzRelabelStatus: any settings text read back from a file either
// parses into a progress within its total or is refused with an error,
// never a panic; what the relabeller writes reads back as written.
func FuzzRelabelStatus(f *testing.F) {
	r := &Relabeller{RelabelConfig: RelabelConfig{Player: "nnue", Nodes: 20000, MinPieces: 7, MaxPieces: 16, DBPieces: 6}}
	in := "player=nnue nodes=5000"
	f.Add(r.settings(in, relabelStatus{3, 9}))
	f.Add(r.settings(in, relabelStatus{0, 0}) + "x")
	f.Add(in + "; relabel player=nnue nodes=20000 pieces=7-16 db-pieces=6 done=-1/4")
	for _, st := range []relabelStatus{{0, 0}, {3, 9}, {9, 9}} {
		if got, err := r.parseStatus(in, r.settings(in, st)); err != nil || got != st {
			f.Fatalf("%v reads back as %v, %v", st, got, err)
		}
	}
	f.Fuzz(func(t *testing.T, out string) {
		st, err := r.parseStatus(in, out)
		if err == nil && (st.done < 0 || st.done > st.total) {
			t.Fatalf("%q: progress %d/%d accepted", out, st.done, st.total)
		}
	})
}
