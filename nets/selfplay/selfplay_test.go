package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/eval"
	"crown/engine/fsutil"
	"crown/engine/search"
)

// testEngines plays with the material evaluator and the embedded database.
type testEngines struct{ db *egdb.DB }

func (e testEngines) Searcher(_ context.Context, en Engine, dbPieces int) (*search.Searcher, func(), error) {
	if en.Eval != "material" {
		return nil, nil, fmt.Errorf("test engines: evaluator %q", en.Eval)
	}
	s, err := search.New(search.Options{Eval: eval.NewMaterial, HashMB: en.HashMB, Tablebase: e.db, EGDB: search.EGDBAlways})
	return s, func() {}, err
}

func (e testEngines) Oracle(pieces int) (Oracle, error) { return e.db, nil }

// testRunner plays chunks on workers goroutines through the job encoding
// (PlayJob, UnmarshalGames), as a worker would.
type testRunner struct {
	eng     Engines
	workers int
}

func (r testRunner) RunChunks(ctx context.Context, batch string, chunks []*Chunk, done func([]Game) error) error {
	var mu sync.Mutex
	var wg sync.WaitGroup
	var first error
	next := make(chan *Chunk)
	for range max(r.workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				out, err := PlayJob(ctx, r.eng, c.Marshal())
				var games []Game
				if err == nil {
					games, err = UnmarshalGames(out)
				}
				mu.Lock()
				if err == nil && first == nil {
					err = done(games)
				}
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	for _, c := range chunks {
		next <- c
	}
	close(next)
	wg.Wait()
	return first
}

func testGenerator(t *testing.T, workers int) *Generator {
	t.Helper()
	db, err := egdb.OpenOrDefault("", 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	start := board.Start()
	b1, _ := board.ParseFEN("W:W21-32:B1-8,10-12,14")
	return &Generator{
		Config:   Config{Player: "material", Nodes: 300, Openings: "test", RandomPlies: 2, Seed: 5, DBPieces: db.MaxPieces(), MoveCap: 60},
		Engine:   Engine{Eval: "material", HashMB: 1},
		Openings: []board.Position{start, b1},
		Runner:   testRunner{eng: testEngines{db}, workers: workers},
		Log:      zerolog.Nop(),
	}
}

// TestRunIsDeterministicAndResumes: one worker straight through, and two
// workers interrupted half way and resumed with chunks of three games,
// make the same file.
func TestRunIsDeterministicAndResumes(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.smp")
	fa, err := testGenerator(t, 1).Run(context.Background(), a, 8)
	if err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(dir, "b.smp")
	if _, err := testGenerator(t, 2).Run(context.Background(), b, 4); err != nil {
		t.Fatal(err)
	}
	g3 := testGenerator(t, 2)
	g3.Chunk = 3 // games 4-5, 6-7: chunks of another size make the same file
	fb, err := g3.Run(context.Background(), b, 8)
	if err != nil {
		t.Fatal(err)
	}
	if fa.Games != 8 || fb.Games != 8 || len(fa.Samples) < 100 {
		t.Fatalf("games %d/%d, samples %d", fa.Games, fb.Games, len(fa.Samples))
	}
	if !reflect.DeepEqual(fa.Samples, fb.Samples) {
		t.Fatal("resumed two-worker run differs from the straight one-worker run")
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if string(da) != string(db) {
		t.Fatal("files differ")
	}
	for _, s := range fa.Samples {
		p := s.Position()
		if p.HasCapture() {
			t.Fatalf("sample %s has a capture pending", p.FEN())
		}
	}
	// A different setting refuses to resume.
	g := testGenerator(t, 1)
	g.Nodes++
	if _, err := g.Run(context.Background(), a, 9); err == nil {
		t.Fatal("resumed a file made with other settings")
	}
}

// TestSetMerges adds a position twice and checks counts and mean score.
func TestSetMerges(t *testing.T) {
	s := NewSet()
	s.Add(Sample{Black: 1, White: 1 << 31, Score: 10, W: 1})
	s.Add(Sample{Black: 1, White: 1 << 31, Score: 21, L: 1})
	s.Add(Sample{Black: 2, White: 1 << 31, Score: -5, D: 1})
	out := s.Samples()
	if len(out) != 2 || out[0].W != 1 || out[0].L != 1 || out[0].Score != 16 || out[1].Score != -5 {
		t.Fatalf("merged %+v", out)
	}
	if got := out[0].Target(); got != 0.5 {
		t.Fatalf("target %v", got)
	}
}

// TestFileErrors checks the errors of damaged sample files.
func TestFileErrors(t *testing.T) {
	f := &File{Games: 1, Config: "x", Samples: []Sample{{Black: 1, White: 1 << 31, W: 1}}}
	good := f.Marshal()
	if g, err := Unmarshal(good); err != nil || !reflect.DeepEqual(g, f) {
		t.Fatalf("round trip: %v", err)
	}
	bad := &File{Games: 1, Samples: []Sample{{Black: 1, White: 1, W: 1}}}
	if _, err := Unmarshal(bad.Marshal()); !errors.Is(err, ErrRecord) {
		t.Errorf("overlapping colours: %v", err)
	}
	if _, err := Unmarshal(good[:len(good)-3]); !errors.Is(err, fsutil.ErrCorrupt) {
		t.Errorf("truncated: %v", err)
	}
	if _, err := Unmarshal([]byte("nonsense")); !errors.Is(err, fsutil.ErrMagic) {
		t.Errorf("not a sample file: %v", err)
	}
}

// FuzzUnmarshal: never a panic; accepted records are valid samples.
func FuzzUnmarshal(f *testing.F) {
	good := (&File{Games: 2, Config: "c", Samples: []Sample{{Black: 1, White: 1 << 31, D: 2}}}).Marshal()
	f.Add(good)
	f.Add(good[:25])
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Unmarshal(data)
		if err != nil {
			return
		}
		for i := range g.Samples {
			if err := checkSample(&g.Samples[i]); err != nil {
				t.Fatal(err)
			}
		}
	})
}
