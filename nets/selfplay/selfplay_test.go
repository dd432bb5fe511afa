package selfplay

import (
	"context"
	"encoding/binary"
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
	"crown/nets/nnue"
)

// testEngines plays with the material evaluator and the embedded database.
type testEngines struct{ db *egdb.DB }

func (e testEngines) Searcher(_ context.Context, en Engine, dbPieces int) (*search.Searcher, func(), error) {
	var ev search.NewEvaluator
	switch en.Eval {
	case "material":
		ev = eval.NewMaterial
	case "nnue": // the embedded trained network: scores finer than material's
		q, err := nnue.Default()
		if err != nil {
			return nil, nil, err
		}
		ev = nnue.Factory(nnue.Compile(q))
	default:
		return nil, nil, fmt.Errorf("test engines: evaluator %q", en.Eval)
	}
	opts := search.Options{Eval: ev, HashMB: en.HashMB}
	if e.db != nil && dbPieces > 0 { // none in a variant's games
		opts.Tablebase, opts.EGDB = e.db, search.EGDBAlways
	}
	s, err := search.New(opts)
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

// testDB opens the embedded endgame database for the test.
func testDB(t *testing.T) *egdb.DB {
	t.Helper()
	db, err := egdb.OpenOrDefault("", 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func testGenerator(t *testing.T, workers int) *Generator {
	t.Helper()
	db := testDB(t)
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

// TestInterruptedRunIsTheSameFile: a run with two workers cancelled three
// times (the games in progress then are lost and replayed) and resumed
// makes the same bytes as a run straight through. What can tell the two
// apart is a position that several games reach, with different scores,
// before an interruption and more after it: its mean score must survive
// the file. With these settings (the trained network's fine-grained
// scores, six random plies) games 4, 6, 10, 20 and 24 reach one position
// scoring -91 and -98, whose mean rounds differently at each stop.
func TestInterruptedRunIsTheSameFile(t *testing.T) {
	const games = 25
	gen := func(workers int) *Generator {
		g := testGenerator(t, workers)
		g.Engine.Eval, g.Player = "nnue", "nnue"
		g.RandomPlies = 6
		return g
	}
	dir := t.TempDir()
	straight := filepath.Join(dir, "straight.smp")
	if _, err := gen(1).Run(context.Background(), straight, games); err != nil {
		t.Fatal(err)
	}
	resumed := filepath.Join(dir, "resumed.smp")
	for _, stopAt := range []int{7, 11, 21} {
		ctx, cancel := context.WithCancel(context.Background())
		g := gen(2)
		g.Progress = func(done, _, _ int) {
			if done >= stopAt {
				cancel()
			}
		}
		_, err := g.Run(ctx, resumed, games)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("run stopped at %d games: %v, want cancelled", stopAt, err)
		}
		f, err := Load(resumed)
		if err != nil {
			t.Fatal(err)
		}
		if f.Games < stopAt || f.Games >= games {
			t.Fatalf("interrupted file holds %d games, want %d to %d", f.Games, stopAt, games-1)
		}
	}
	if _, err := gen(2).Run(context.Background(), resumed, games); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(straight)
	b, _ := os.ReadFile(resumed)
	if string(a) != string(b) {
		fa, _ := Load(straight)
		fb, _ := Load(resumed)
		diff := 0
		for i := range min(len(fa.Samples), len(fb.Samples)) {
			if fa.Samples[i] != fb.Samples[i] {
				diff++
			}
		}
		t.Fatalf("interrupted and resumed file differs from the straight run: %d and %d samples, %d records differ", len(fa.Samples), len(fb.Samples), diff)
	}
}

// TestSetSurvivesFile: merging samples, saving and loading them, then
// merging more gives the mean a set that never went through a file gives.
// Scores 10 and 21 average 15.5, saved as 16; with a third game scoring 0
// the mean is 31/3 = 10.3, which reads 10, not 32/3 = 10.7.
func TestSetSurvivesFile(t *testing.T) {
	a := Sample{Black: 1, White: 1 << 31, Score: 10, W: 1}
	b := Sample{Black: 1, White: 1 << 31, Score: 21, L: 1}
	c := Sample{Black: 1, White: 1 << 31, Score: 0, D: 1}
	straight := NewSet()
	for _, s := range []Sample{a, b, c} {
		straight.Add(s)
	}
	first := NewSet()
	first.Add(a)
	first.Add(b)
	path := filepath.Join(t.TempDir(), "part.smp")
	if err := (&File{Games: 2, Config: "x", Samples: first.Samples()}).Save(path); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	resumed := NewSet()
	for _, s := range f.Samples {
		resumed.Add(s)
	}
	resumed.Add(c)
	want, got := straight.Samples(), resumed.Samples()
	if !reflect.DeepEqual(got, want) || want[0].Score != 10 {
		t.Fatalf("merged through a file %+v, straight %+v (score 10)", got, want)
	}
}

// TestReadsVersion1: a file written before the score remainder was kept
// (30-byte records) still loads, its remainders 0.
func TestReadsVersion1(t *testing.T) {
	s := Sample{Black: 1, White: 1 << 31, Ply: 3, Score: -7, W: 2, L: 1}
	raw := binary.LittleEndian.AppendUint32(nil, 3)
	raw = binary.LittleEndian.AppendUint16(raw, 1)
	raw = append(raw, 'c')
	raw = binary.LittleEndian.AppendUint32(raw, 1)
	raw = appendRecord(raw, &s)
	f, err := Unmarshal(format.Seal(1, raw, fsutil.Zstd))
	if err != nil || f.Games != 3 || f.Config != "c" || len(f.Samples) != 1 || f.Samples[0] != s {
		t.Fatalf("version 1 file read as %+v, %v", f, err)
	}
	bad := &File{Games: 1, Config: "x", Samples: []Sample{{Black: 1, White: 1 << 31, W: 2, ScoreRest: 2}}}
	if _, err := Unmarshal(bad.Marshal()); !errors.Is(err, ErrRecord) {
		t.Errorf("remainder 2 for 2 games accepted: %v", err)
	}
}
