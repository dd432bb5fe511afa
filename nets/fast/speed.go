// speed.go measures evaluations per second of each architecture, the
// float64 reference against the fast path from scratch and along a
// search-like walk (Push, Evaluate, Pop per node), and of the trained
// network: `crown net bench`.
package fast

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"text/tabwriter"
	"time"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/nets"
	"crown/nets/nnue"
	"crown/nets/simd"
)

// BenchOptions configure Bench.
type BenchOptions struct {
	Time      time.Duration // of each measurement
	Positions int           // positions from random games to evaluate, cycled
	NNUE      string        // trained network file; "" = the embedded one
}

// Bench measures, for each architecture: the float64 reference, the fast path
// from scratch (every call recomputes the first layer), and the fast path
// along a search-like walk (Push, Evaluate, Pop per node). Rates are per
// wall second and per CPU second of the measuring thread; on a machine
// shared with other work the CPU-second figure is the reproducible one.
// MaxBenchPositions bounds BenchOptions.Positions: the positions and the
// walk are held in memory (2e9 positions took 5 GB in 10 s and kept
// growing); a million is 250 times the default and far past any cache.
const MaxBenchPositions = 1 << 20

func Bench(w io.Writer, c BenchOptions) error {
	if c.Positions < 1 || c.Positions > MaxBenchPositions {
		return fmt.Errorf("--positions must be 1 to %d, got %d", MaxBenchPositions, c.Positions)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	pos := benchPositions(c.Positions)
	root := board.Start()
	for i := len(pos) / 2; i < len(pos); i++ {
		if pos[i].HasMoves() {
			root = pos[i]
			break
		}
	}
	walk := benchWalk(root, c.Positions)
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
func benchRow(out io.Writer, name, path string, r rate) {
	fmt.Fprintf(out, "%s\t%s\t%.0f\t%.0f\t%.1f\t\n", name, path, r.wall, r.cpu, 1e9/r.cpu)
}

// benchArch measures a random network of architecture a.
func benchArch(out io.Writer, a nets.Arch, d time.Duration, pos []board.Position, root board.Position, walk []walkStep) error {
	n := nets.Random(a, rand.New(rand.NewPCG(1, 0)))
	net, err := Compile(n)
	if err != nil {
		return err
	}
	e := NewEvaluator(net, SideToMove)
	sink := 0.0
	benchRow(out, a.String(), "reference", measure(d, func(i int) {
		p := &pos[i%len(pos)]
		sink += n.Evaluate(p, p.Side)
	}))
	benchRow(out, a.String(), "fast full", measure(d, func(i int) {
		sink += float64(e.Evaluate(&pos[i%len(pos)]))
	}))
	e.Reset(&root)
	step := 0
	benchRow(out, a.String(), "fast incremental", measure(d, func(int) {
		// one call = one node: pops up to the next push, then Push,
		// Evaluate, and on to the next step.
		for !walk[step].push {
			e.Pop()
			step = (step + 1) % len(walk)
		}
		s := &walk[step]
		e.Push(&s.parent, s.move, &s.child)
		sink += float64(e.Evaluate(&s.child))
		step = (step + 1) % len(walk)
	}))
	_ = sink
	return nil
}

// benchNNUE measures the trained network in file ("" = the embedded one).
func benchNNUE(out io.Writer, file string, d time.Duration, pos []board.Position, root board.Position, walk []walkStep) error {
	q, err := nnue.LoadOrDefault(file)
	if err != nil {
		return err
	}
	e := NewNNUEEvaluator(CompileNNUE(q))
	sink := 0
	name := "nnue " + fmt.Sprint(q.H1)
	feats := make([]int, 0, 24)
	benchRow(out, name, "reference", measure(d, func(i int) {
		p := &pos[i%len(pos)]
		feats = nnue.Features(feats[:0], p, p.Side)
		sink += int(q.Logit(feats, q.Bucket(p.Total())))
	}))
	benchRow(out, name, "fast full", measure(d, func(i int) {
		sink += e.Evaluate(&pos[i%len(pos)])
	}))
	e.Reset(&root)
	step := 0
	benchRow(out, name, "fast incremental", measure(d, func(int) {
		for !walk[step].push {
			e.Pop()
			step = (step + 1) % len(walk)
		}
		s := &walk[step]
		e.Push(&s.parent, s.move, &s.child)
		sink += e.Evaluate(&s.child)
		step = (step + 1) % len(walk)
	}))
	_ = sink
	return nil
}

type rate struct{ wall, cpu float64 }

// measure calls f(0), f(1), ... in batches until d has passed.
func measure(d time.Duration, f func(i int)) rate {
	start, cpu0 := time.Now(), cputime.Thread()
	n := 0
	for time.Since(start) < d {
		for range 256 {
			f(n)
			n++
		}
	}
	wall, cpu := time.Since(start), cputime.Thread()-cpu0
	if cpu <= 0 {
		cpu = wall // no thread clock on this platform
	}
	return rate{float64(n) / wall.Seconds(), float64(n) / cpu.Seconds()}
}

// benchPositions returns n positions from random games (fixed seed).
func benchPositions(n int) []board.Position {
	return randomPositions(rand.New(rand.NewPCG(2, 2)), n)
}

// randomPositions plays random games from the start and returns every
// position reached (games end at no legal move or at 200 plies).
func randomPositions(rng *rand.Rand, n int) []board.Position {
	var out []board.Position
	var l board.MoveList
	for len(out) < n {
		p := board.Start()
		for ply := 0; ply < 200 && len(out) < n; ply++ {
			out = append(out, p)
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
	return out
}

type walkStep struct {
	push          bool
	parent, child board.Position
	move          board.Move
}

// benchWalk records a random walk from root, at most 10 plies deep, that
// pushes nodes moves (each child evaluated) and pops back to the root.
func benchWalk(root board.Position, nodes int) []walkStep {
	rng := rand.New(rand.NewPCG(3, 3))
	stack := []board.Position{root}
	var steps []walkStep
	var l board.MoveList
	for pushed := 0; pushed < nodes; {
		p := stack[len(stack)-1]
		p.Generate(&l)
		if l.N > 0 && (len(stack) == 1 || len(stack) <= 10 && rng.IntN(3) != 0) {
			m := l.Moves[rng.IntN(l.N)]
			ch := p.Play(m)
			steps = append(steps, walkStep{push: true, parent: p, child: ch, move: m})
			stack = append(stack, ch)
			pushed++
		} else if len(stack) > 1 {
			steps = append(steps, walkStep{})
			stack = stack[:len(stack)-1]
		} else {
			break // a root without moves: nothing to walk
		}
	}
	for len(stack) > 1 {
		steps = append(steps, walkStep{})
		stack = stack[:len(stack)-1]
	}
	return steps
}
