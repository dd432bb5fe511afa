package fast

import (
	"math"
	"math/rand/v2"
	"testing"

	"crown/engine/board"
	"crown/nets"
	"crown/nets/netbench"
	"crown/nets/simd"
)

// Tolerance of the fast path against the float64 reference, on the output y
// in [-1, 1] and on the score round(1000·y). The error grows with the
// weights, which amplify the int16 rounding of every activation (1/2^15), so
// there are two bounds: networks with the seeds' initial weights U[-0.2, 0.2]
// ("init"), and networks with weights five times wider and a random K
// ("wide"), standing in for evolved ones. Measured maxima over 10,000
// positions (go test -v -run Agrees): init 9.6e-5 (plain) and 8.9e-5
// (spatial), score ±1; wide 4.8e-4 and 1.6e-3, score ±2. The bounds leave
// about 2x margin.
var tolerance = map[string]struct {
	y     float64
	score int
}{
	"init": {2e-4, 1},
	"wide": {3e-3, 3},
}

// testNets returns networks to test: the seeds' initialisation, and wider
// weights with a random K standing in for evolved networks.
func testNets(a nets.Arch) map[string]*nets.Network {
	rng := rand.New(rand.NewPCG(uint64(a), 99))
	seedInit := nets.Random(a, rng)
	wide := nets.Random(a, rng)
	for i := range wide.W {
		wide.W[i] *= 5 // U[-1, 1]
	}
	wide.K = 1 + 2*rng.Float64()
	return map[string]*nets.Network{"init": seedInit, "wide": wide}
}

// TestAgreesWithReference compares the fast path with the reference on
// 10,000 positions from random games for each architecture and network, both
// from scratch and through long random Push/Pop walks, and checks that the
// incremental accumulators equal recomputed ones exactly.
func TestAgreesWithReference(t *testing.T) {
	positions := 10000
	if testing.Short() {
		positions = 2000
	}
	pos := netbench.Positions(rand.New(rand.NewPCG(1, 1)), positions)
	for _, a := range nets.Arches() {
		for name, n := range testNets(a) {
			c, err := Compile(n)
			if err != nil {
				t.Fatal(err)
			}
			e := NewEvaluator(c, SideToMove)
			var maxDY float64
			maxDS := 0
			for i := range pos {
				p := &pos[i]
				yq := e.evalQ(p)
				ref := n.Evaluate(p, p.Side)
				dy := math.Abs(float64(yq)/QA - ref)
				ds := abs(scoreOf(yq) - nets.Score(ref))
				maxDY, maxDS = max(maxDY, dy), max(maxDS, ds)
				if tol := tolerance[name]; dy > tol.y || ds > tol.score {
					t.Fatalf("%s/%s %s: fast %v (%d) reference %v (%d)", a, name, p.FEN(), float64(yq)/QA, scoreOf(yq), ref, nets.Score(ref))
				}
			}
			t.Logf("%s/%s: %d positions, max |dy| %.2e, max score difference %d", a, name, len(pos), maxDY, maxDS)
			walk(t, c, n, tolerance[name].y, rand.New(rand.NewPCG(uint64(a), 5)), 10000)
		}
	}
}

// walk pushes and pops random moves for steps steps (netbench.RandomWalk,
// lines up to 80 positions), comparing each incremental evaluation
// with a from-scratch one (exactly) and the reference (within tolerance).
func walk(t *testing.T, c *Net, n *nets.Network, tolY float64, rng *rand.Rand, steps int) {
	t.Helper()
	inc := NewEvaluator(c, SideToMove)
	full := NewEvaluator(c, SideToMove)
	start := board.Start()
	inc.Reset(&start)
	maxDepth := netbench.RandomWalk(rng, inc, steps, 80, func(q *board.Position, plies int) {
		got := inc.evalQ(q)
		want := full.evalQ(q) // plain Evaluate: recomputed from scratch
		if got != want {
			t.Fatalf("%s: incremental %d, from scratch %d after %d plies", q.FEN(), got, want, plies)
		}
		if ref := n.Evaluate(q, q.Side); math.Abs(float64(got)/QA-ref) > tolY {
			t.Fatalf("%s: fast %v reference %v", q.FEN(), float64(got)/QA, ref)
		}
	})
	if maxDepth < 40 {
		t.Errorf("walk reached only %d plies", maxDepth)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestPushFromAnotherParent checks the evaluator's robustness: a Push whose
// parent is not the top of the stack, or that never had a Reset, still
// evaluates the child exactly as a recomputation does.
func TestPushFromAnotherParent(t *testing.T) {
	c := MustCompile(testNets(nets.Spatial)["wide"])
	full := NewEvaluator(c, SideToMove)
	root := board.Start()
	var l board.MoveList
	root.Generate(&l)
	other := root.Play(l.Moves[0])
	other.Generate(&l)
	m := l.Moves[l.N-1]
	child := other.Play(m)
	for _, reset := range []bool{true, false} {
		e := NewEvaluator(c, SideToMove)
		if reset {
			e.Reset(&root) // the stack holds root, Push claims other
		}
		e.Push(&other, m, &child)
		if got, want := e.evalQ(&child), full.evalQ(&child); got != want {
			t.Errorf("reset %v: got %d, want %d", reset, got, want)
		}
	}
}

// TestRootView checks the seeds' minimax view: the root side's network value,
// negated when the other side is to move.
func TestRootView(t *testing.T) {
	n := testNets(nets.Spatial)["wide"]
	c := MustCompile(n)
	e := NewEvaluator(c, RootSide)
	root := board.Start()
	e.Reset(&root)
	var l board.MoveList
	root.Generate(&l)
	child := root.Play(l.Moves[0])
	e.Push(&root, l.Moves[0], &child)
	got := e.Value(&child)
	want := -n.Evaluate(&child, board.Black)
	if math.Abs(got-want) > tolerance["wide"].y {
		t.Errorf("root view %v, want %v", got, want)
	}
	if side := n.Evaluate(&child, board.White); math.Abs(got-side) < 1e-3 {
		t.Errorf("root view equals side-to-move view %v: test position does not discriminate", side)
	}
}

// TestScoreRounding checks scoreOf against nets.Score at the rounding edges.
func TestScoreRounding(t *testing.T) {
	for y := int32(-QA); y <= QA; y++ {
		if got, want := scoreOf(y), nets.Score(float64(y)/QA); got != want {
			t.Fatalf("y=%d: %d, want %d", y, got, want)
		}
	}
}

// TestTanhq checks the fixed-point tanh against math.Tanh over the whole
// range at several input scales: within 1.5/QA (interpolation error plus
// rounding).
func TestTanhq(t *testing.T) {
	for _, e := range []int{minScaleBits, 12, 20, 27} {
		a := newAct(e)
		s := math.Ldexp(1, e)
		worst := 0.0
		for x := -10.0; x <= 10; x += 0.0007 {
			q := int32(math.Floor(x * s))
			want := math.Tanh(float64(q) / s)
			worst = max(worst, math.Abs(float64(a.tanhq(q))/QA-want))
		}
		if worst > 1.5/QA {
			t.Errorf("scale 2^%d: max error %.2e", e, worst)
		}
	}
	a := newAct(20)
	if a.tanhq(math.MaxInt32) != QA || a.tanhq(math.MinInt32) != -QA || a.tanhq(0) != 0 {
		t.Errorf("tanhq extremes: %d %d %d", a.tanhq(math.MaxInt32), a.tanhq(math.MinInt32), a.tanhq(0))
	}
}

// TestScales checks the quantisation of the embedded-style network: scales
// as documented in compile.go.
func TestScales(t *testing.T) {
	c := MustCompile(nets.GenerationZero())
	if c.e1 != maxFirstBits || c.hidden[0].e != 16 || c.n1 != 91 || c.p1 != 96 {
		t.Errorf("scales: first 2^%d, hidden 2^%d, n1 %d p1 %d", c.e1, c.hidden[0].e, c.n1, c.p1)
	}
	big := nets.GenerationZero()
	for i := range big.W {
		big.W[i] *= 1000 / nets.InitRange
	}
	if _, err := Compile(big); err != nil {
		t.Errorf("weights at MaxAbsWeight: %v", err)
	}
	// Tiny weights with large biases: the scale must fit the biases too.
	p := board.Start()
	for _, a := range nets.Arches() {
		n := nets.New(a)
		for l, layer := range a.Layers() {
			for j := range layer.Out {
				n.W[layer.BiasOffset+j] = 0.4 * float64(1+j%3) * float64(1-2*(l%2))
			}
		}
		n.Weights(1, 0)[0] = 1e-3
		c, err := Compile(n)
		if err != nil {
			t.Fatalf("%s, large biases: %v", a, err)
		}
		got, want := NewEvaluator(c, SideToMove).Value(&p), n.Evaluate(&p, board.Black)
		if math.Abs(got-want) > tolerance["init"].y {
			t.Errorf("%s, large biases: fast %v, reference %v", a, got, want)
		}
	}
}

// TestSignature sums the fast evaluations of 5,000 random-game positions for
// both architectures. The value was recorded from this code; it must be the
// same in every build (AVX2 assembly, -tags purego, other architectures),
// which is what makes search node counts reproducible across machines.
func TestSignature(t *testing.T) {
	pos := netbench.Positions(rand.New(rand.NewPCG(6, 6)), 5000)
	want := map[nets.Arch]int64{nets.Plain: signaturePlain, nets.Spatial: signatureSpatial}
	for _, a := range nets.Arches() {
		e := NewEvaluator(MustCompile(testNets(a)["wide"]), SideToMove)
		var sum int64
		for i := range pos {
			sum = sum*31 + int64(e.evalQ(&pos[i]))
		}
		if sum != want[a] {
			t.Errorf("%s: signature %d, want %d (kernels %s)", a, sum, want[a], simd.Kernels())
		}
	}
}

const (
	signaturePlain   = 7257881352290378668
	signatureSpatial = -8527841788179968212
)

// TestLoadFactory checks the --net loader: the embedded network by default,
// a file when named, and the file's error when it is bad.
func TestLoadFactory(t *testing.T) {
	f, err := LoadFactory("")
	if err != nil {
		t.Fatal(err)
	}
	p := board.Start()
	def, err := nets.Default()
	if err != nil {
		t.Fatal(err)
	}
	want := nets.Score(def.Evaluate(&p, board.Black))
	if got := f().Evaluate(&p); abs(got-want) > 1 {
		t.Errorf("default network scores the start %d, reference %d", got, want)
	}
	path := t.TempDir() + "/x.net"
	n := testNets(nets.Plain)["wide"]
	if err := n.Save(path); err != nil {
		t.Fatal(err)
	}
	if f, err = LoadFactory(path); err != nil {
		t.Fatal(err)
	}
	if got, want := f().Evaluate(&p), nets.Score(n.Evaluate(&p, board.Black)); abs(got-want) > tolerance["wide"].score {
		t.Errorf("loaded network scores the start %d, reference %d", got, want)
	}
	if _, err := LoadFactory(t.TempDir() + "/missing.net"); err == nil {
		t.Error("missing file accepted")
	}
}

// TestConcurrentEvaluators runs four evaluators sharing one Net in parallel
// (run with -race): each must give the same scores as a lone evaluator.
func TestConcurrentEvaluators(t *testing.T) {
	c := MustCompile(testNets(nets.Spatial)["init"])
	pos := netbench.Positions(rand.New(rand.NewPCG(5, 5)), 1000)
	want := make([]int, len(pos))
	e := NewEvaluator(c, SideToMove)
	for i := range pos {
		want[i] = e.Evaluate(&pos[i])
	}
	f := Factory(c)
	errs := make(chan string, 4)
	for range 4 {
		go func() {
			ev := f()
			for i := range pos {
				if got := ev.Evaluate(&pos[i]); got != want[i] {
					errs <- pos[i].FEN()
					return
				}
			}
			errs <- ""
		}()
	}
	for range 4 {
		if fen := <-errs; fen != "" {
			t.Errorf("concurrent evaluator differs at %s", fen)
		}
	}
}
