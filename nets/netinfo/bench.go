// bench.go is `crown net bench`: evaluations per second of each of the
// seeds' architectures, the float64 reference against the fast path
// (nets/fast) from scratch and along a search-like walk (Push, Evaluate,
// Pop per node), and the same three rows for the trained network.
package netinfo

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"text/tabwriter"
	"time"

	"crown/engine/board"
	"crown/nets"
	"crown/nets/fast"
	"crown/nets/netbench"
	"crown/nets/nnue"
	"crown/nets/simd"
)

// BenchOptions configure Bench.
type BenchOptions struct {
	Time      time.Duration // of each measurement
	Positions int           // positions from random games to evaluate, cycled
	NNUE      string        // trained network file; "" = the embedded one
}

// MaxBenchPositions bounds BenchOptions.Positions: the positions and the
// walk are held in memory (2e9 positions took 5 GB in 10 s and kept
// growing); a million is 250 times the default and far past any cache.
const MaxBenchPositions = 1 << 20

// Bench measures, for each architecture and the trained network: the
// float64 (trained: integer) reference, the fast path from scratch (every
// call recomputes the first layer), and the fast path along a search-like
// walk (Push, Evaluate, Pop per node). Rates are per wall second and per
// CPU second of the measuring thread; on a machine shared with other work
// the CPU-second figure is the reproducible one.
func Bench(w io.Writer, c BenchOptions) error {
	if c.Positions < 1 || c.Positions > MaxBenchPositions {
		return fmt.Errorf("--positions must be 1 to %d, got %d", MaxBenchPositions, c.Positions)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pos := netbench.Positions(rand.New(rand.NewPCG(2, 2)), c.Positions)
	root := board.Start()
	for i := len(pos) / 2; i < len(pos); i++ {
		if pos[i].HasMoves() {
			root = pos[i]
			break
		}
	}
	walk := netbench.Walk(root, c.Positions)
	if len(walk) == 0 {
		return fmt.Errorf("no position with legal moves to walk from")
	}
	out := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(out, "arch\tpath\tevals/s\tevals/cpu-s\tcpu-ns/eval\t\n")
	for _, a := range nets.Arches() {
		if err := benchArch(out, a, c.Time, pos, root, walk); err != nil {
			return err
		}
	}
	// The trained network (the embedded default, or --nnue FILE).
	if err := benchNNUE(out, c.NNUE, c.Time, pos, root, walk); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "kernels %s; one thread; incremental = Push+Evaluate+Pop per node of a random walk\n", simd.Kernels())
	return nil
}

// benchRow writes one measurement.
func benchRow(out io.Writer, name, path string, r netbench.Rate) {
	fmt.Fprintf(out, "%s\t%s\t%.0f\t%.0f\t%.1f\t\n", name, path, r.Wall, r.CPU, 1e9/r.CPU)
}

// benchArch measures a random network of architecture a.
func benchArch(out io.Writer, a nets.Arch, d time.Duration, pos []board.Position, root board.Position, walk []netbench.Step) error {
	n := nets.Random(a, rand.New(rand.NewPCG(1, 0)))
	net, err := fast.Compile(n)
	if err != nil {
		return err
	}
	e := fast.NewEvaluator(net, fast.SideToMove)
	sink := 0.0
	benchRow(out, a.String(), "reference", netbench.Measure(d, func(i int) {
		p := &pos[i%len(pos)]
		sink += n.Evaluate(p, p.Side)
	}))
	benchRow(out, a.String(), "fast full", netbench.Measure(d, func(i int) {
		sink += float64(e.Evaluate(&pos[i%len(pos)]))
	}))
	e.Reset(&root)
	step := 0
	benchRow(out, a.String(), "fast incremental", netbench.Measure(d, func(int) {
		// one call = one node: pops up to the next push, then Push,
		// Evaluate, and on to the next step.
		for !walk[step].Push {
			e.Pop()
			step = (step + 1) % len(walk)
		}
		s := &walk[step]
		e.Push(&s.Parent, s.Move, &s.Child)
		sink += float64(e.Evaluate(&s.Child))
		step = (step + 1) % len(walk)
	}))
	_ = sink
	return nil
}

// benchNNUE measures the trained network in file ("" = the embedded one).
func benchNNUE(out io.Writer, file string, d time.Duration, pos []board.Position, root board.Position, walk []netbench.Step) error {
	q, err := nnue.LoadOrDefault(file)
	if err != nil {
		return err
	}
	e := nnue.NewEvaluator(nnue.Compile(q))
	sink := 0
	name := "nnue " + fmt.Sprint(q.H1)
	feats := make([]int, 0, 24)
	benchRow(out, name, "reference", netbench.Measure(d, func(i int) {
		p := &pos[i%len(pos)]
		feats = nnue.Features(feats[:0], p, p.Side)
		sink += int(q.Logit(feats, q.Bucket(p.Total())))
	}))
	benchRow(out, name, "fast full", netbench.Measure(d, func(i int) {
		sink += e.Evaluate(&pos[i%len(pos)])
	}))
	e.Reset(&root)
	step := 0
	benchRow(out, name, "fast incremental", netbench.Measure(d, func(int) {
		for !walk[step].Push {
			e.Pop()
			step = (step + 1) % len(walk)
		}
		s := &walk[step]
		e.Push(&s.Parent, s.Move, &s.Child)
		sink += e.Evaluate(&s.Child)
		step = (step + 1) % len(walk)
	}))
	_ = sink
	return nil
}
