package players

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"crown/engine/board"
	"crown/engine/eval/features"
	"crown/engine/search"
	"crown/nets"
	"crown/nets/fast"
)

// writeHeuristic saves a heuristic of kind k with weight 1 on every
// parameter and returns its path.
func writeHeuristic(t *testing.T, k features.Kind) string {
	t.Helper()
	h := features.New(k)
	for i := range h.Weights {
		h.Weights[i] = 0.01
	}
	path := filepath.Join(t.TempDir(), k.String()+".heur")
	if err := h.Save(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEvalNamesAllLoad(t *testing.T) {
	p := board.Start()
	for _, name := range EvalNames() {
		e := Eval{Name: name}
		if strings.HasPrefix(name, FeaturesPrefix) || name == Heuristic {
			k := features.E3Ph
			if name != Heuristic {
				var err error
				if k, err = features.ParseKind(name[len(FeaturesPrefix):]); err != nil {
					t.Fatal(err)
				}
			}
			e.Weights = writeHeuristic(t, k)
		}
		f, err := e.Factory()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ev := f()
		if inc, ok := ev.(search.Incremental); ok {
			inc.Reset(&p)
		}
		if s := ev.Evaluate(&p); s <= -search.EvalLimit || s >= search.EvalLimit {
			t.Errorf("%s: start position scores %d, outside the evaluation range", name, s)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk")
	if err := os.WriteFile(junk, []byte("not a weight file at all, really"), 0o644); err != nil {
		t.Fatal(err)
	}
	f10 := writeHeuristic(t, features.F10)
	cases := []struct {
		e    Eval
		want string
	}{
		{Eval{Name: "stockfish"}, "unknown evaluator"},
		{Eval{Name: "features:9F"}, "unknown evaluator"},
		{Eval{Name: "heuristic"}, "needs a weight file"},
		{Eval{Name: "features:E3Ph", Weights: f10}, "holds a 10F heuristic"},
		{Eval{Name: "features:8F", Weights: junk}, "heuristic weight file: wrong kind of file"},
		{Eval{Name: "nn", Net: junk}, "evaluator nn"},
		{Eval{Name: "nn", Net: filepath.Join(dir, "missing.net")}, "no such file"},
		{Eval{Name: "material", Net: junk}, "only for evaluators nn and nnue"},
		{Eval{Name: "nn", Weights: f10}, "only for features"},
	}
	for _, c := range cases {
		_, err := c.e.Factory()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want one containing %q", c.e, err, c.want)
		}
	}
}

func TestEvalNetFile(t *testing.T) {
	n := nets.Random(nets.Spatial, rand.New(rand.NewPCG(7, 7)))
	path := filepath.Join(t.TempDir(), "x.net")
	if err := n.Save(path); err != nil {
		t.Fatal(err)
	}
	f, err := Eval{Name: "nn", Net: path}.Factory()
	if err != nil {
		t.Fatal(err)
	}
	p := board.Start()
	m, err := p.ParseMove("11-15")
	if err != nil {
		t.Fatal(err)
	}
	p.Apply(&m)
	ev := f()
	ev.(search.Incremental).Reset(&p)
	want := fast.NewEvaluator(fast.MustCompile(n), fast.SideToMove)
	want.Reset(&p)
	if got, w := ev.Evaluate(&p), want.Evaluate(&p); got != w {
		t.Errorf("network from file scores %d, the same network compiled directly %d", got, w)
	}
}

// guarded wraps the neural evaluator and records any call on a position
// whose side to move has no legal move (lost by the rules: the search must
// score it, not the net).
type guarded struct {
	*fast.Evaluator
	bad *board.Position
}

func (g *guarded) Evaluate(p *board.Position) int {
	if !p.HasMoves() && g.bad == nil {
		c := *p
		g.bad = &c
	}
	return g.Evaluator.Evaluate(p)
}

// TestLostByRulesNotByNet: with the neural evaluator, capturing the last
// piece is a win in one ply whatever the net says, with and without the
// endgame database, and the net is never asked about a position without
// moves (random positions searched to depth 5).
func TestLostByRulesNotByNet(t *testing.T) {
	dn, err := nets.Default()
	if err != nil {
		t.Fatal(err)
	}
	net := fast.MustCompile(dn)
	var evs []*guarded
	newEval := func() search.Evaluator {
		g := &guarded{Evaluator: fast.NewEvaluator(net, fast.SideToMove)}
		evs = append(evs, g)
		return g
	}
	eg, err := EGDB{Policy: search.EGDBAlways}.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer eg.Close()
	plain, err := search.New(search.Options{Eval: newEval, HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	withDB, err := search.New(search.Options{Eval: newEval, HashMB: 1, Tablebase: eg, EGDB: search.EGDBAlways})
	if err != nil {
		t.Fatal(err)
	}
	last, err := board.ParseFEN("B:W18:B14,K1")
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*search.Searcher{"no database": plain, "database": withDB} {
		r := s.Search(nil, search.Limits{Depth: 6}, last, nil, nil)
		if r.Score != search.Win-1 {
			t.Errorf("%s: capturing the last piece scores %d, want a win in 1 (%d)", name, r.Score, search.Win-1)
		}
	}
	rng := rand.New(rand.NewPCG(4, 4))
	for range 60 {
		p := board.Start()
		var ml board.MoveList
		for ply := rng.IntN(80); ply > 0; ply-- {
			p.Generate(&ml)
			if ml.N == 0 {
				break
			}
			p.Apply(&ml.Moves[rng.IntN(ml.N)])
		}
		if !p.HasMoves() {
			continue
		}
		plain.Clear()
		plain.Search(nil, search.Limits{Depth: 5}, p, nil, nil)
		withDB.Search(nil, search.Limits{Depth: 5}, p, nil, nil)
	}
	for _, g := range evs {
		if g.bad != nil {
			t.Fatalf("the net was asked about %s, which has no legal move", g.bad.FEN())
		}
	}
}

// TestEmbeddedHeuristics: every features:KIND works without a file, with
// the embedded weights, which are byte for byte the shipped files.
func TestEmbeddedHeuristics(t *testing.T) {
	for k := features.F8; k <= features.E3Ph; k++ {
		f, err := Eval{Name: FeaturesPrefix + k.String()}.Factory()
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		shipped, err := features.Load(filepath.Join("..", "..", "engine", "eval", "features", "weights", k.String()+".weights"))
		if err != nil {
			t.Fatal(err)
		}
		p := board.Start()
		q, _ := board.ParseFEN("W:W18,21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,14")
		for _, pos := range []board.Position{p, q} {
			if got, want := f().Evaluate(&pos), shipped.Evaluate(&pos); got != want {
				t.Errorf("%s: embedded weights score %d, the shipped file %d", k, got, want)
			}
		}
	}
}
