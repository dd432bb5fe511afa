// net.go implements `crown net`: inspect weight files (info), convert them
// to and from JSON (export, import), make a generation-0 network (random)
// and measure evaluation speed (bench).
package main

import (
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"text/tabwriter"
	"time"

	"crown/engine/board"
	"crown/engine/cputime"
	"crown/engine/fsutil"
	"crown/nets"
	"crown/nets/fast"
	"crown/nets/nnue"
)

type netCmd struct {
	Info   netInfoCmd   `cmd:"" help:"Print a weight file's architecture, K, weight statistics and checksum (default: the embedded network)."`
	Export netExportCmd `cmd:"" help:"Write a weight file as JSON."`
	Import netImportCmd `cmd:"" help:"Write a JSON network as a weight file."`
	Random netRandomCmd `cmd:"" help:"Write a network initialised as the seeds' generation 0 (U[-0.2,0.2], K=2)."`
	Bench  netBenchCmd  `cmd:"" help:"Measure evaluations per second of each architecture: reference, fast from scratch, fast incremental."`
}

// netFile is an optional weight file argument; empty means the embedded one.
type netFile struct {
	File string `arg:"" optional:"" type:"existingfile" help:"Weight file (default: the embedded network)."`
}

func (f netFile) read() (data []byte, name string, err error) {
	if f.File == "" {
		return nets.DefaultBytes(), "embedded default", nil
	}
	data, err = os.ReadFile(f.File)
	return data, f.File, err
}

func (f netFile) load() (*nets.Network, []byte, string, error) {
	data, name, err := f.read()
	if err != nil {
		return nil, nil, "", err
	}
	n, err := nets.Unmarshal(data)
	if err != nil {
		return nil, nil, "", fmt.Errorf("%s: %w", name, err)
	}
	return n, data, name, nil
}

type netInfoCmd struct {
	netFile
	Evolved bool `help:"Without a file: show the embedded evolved seed network instead of the trained default."`
}

func (c *netInfoCmd) Run() error {
	if c.File == "" && !c.Evolved {
		return nnueInfo("embedded default (trained)", nnue.DefaultBytes())
	}
	if c.File != "" {
		if data, err := os.ReadFile(c.File); err == nil && nnue.IsV2(data) {
			return nnueInfo(c.File, data)
		}
	}
	n, data, name, err := c.load()
	if err != nil {
		return err
	}
	h, _ := nets.ReadHeader(data)
	out := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintf(out, "file\t%s (%d bytes, format version %d)\n", name, len(data), h.Version)
	fmt.Fprintf(out, "architecture\t%s: %s\n", n.Arch, n.Arch.Description())
	fmt.Fprintf(out, "parameters\t%d weights and biases", len(n.W))
	if n.Sigma != nil {
		fmt.Fprintf(out, " + %d step sizes", len(n.Sigma))
	}
	fmt.Fprintf(out, "\nK\t%g\n", n.K)
	fmt.Fprintf(out, "checksum\tcrc32c %08x (header); crc32c of the parameters %08x\n", h.CRC, paramsCRC(n))
	if c, err := fast.Compile(n); err == nil {
		fmt.Fprintf(out, "fast path\t%s\n", c.Describe())
	} else {
		fmt.Fprintf(out, "fast path\tunavailable: %v\n", err)
	}
	out.Flush()
	fmt.Println()
	out = tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(out, "layer\tnodes\twhat\tcount\tmin\tmax\tmean\trms\t")
	for l, layer := range n.Arch.Layers() {
		var w, b []float64
		for j := range layer.Out {
			w = append(w, n.Weights(l, j)...)
			b = append(b, n.Bias(l, j))
		}
		for _, part := range []struct {
			what string
			v    []float64
		}{{"weights", w}, {"biases", b}} {
			s := stats(part.v)
			fmt.Fprintf(out, "%s\t%d\t%s\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t\n", layer.Name, layer.Out, part.what, len(part.v), s.min, s.max, s.mean, s.rms)
		}
	}
	if n.Sigma != nil {
		s := stats(n.Sigma)
		fmt.Fprintf(out, "all\t\tstep sizes\t%d\t%.4f\t%.4f\t%.4f\t%.4f\t\n", len(n.Sigma), s.min, s.max, s.mean, s.rms)
	}
	return out.Flush()
}

// paramsCRC identifies a network by its contents (K, weights, step sizes),
// whatever file or JSON it came from.
func paramsCRC(n *nets.Network) uint32 {
	t := crc32.MakeTable(crc32.Castagnoli)
	var buf [8]byte
	c := uint32(0)
	add := func(v float64) {
		b := math.Float64bits(v)
		for i := range buf {
			buf[i] = byte(b >> (8 * i))
		}
		c = crc32.Update(c, t, buf[:])
	}
	add(n.K)
	for _, v := range n.W {
		add(v)
	}
	for _, v := range n.Sigma {
		add(v)
	}
	return c
}

type summary struct{ min, max, mean, rms float64 }

func stats(v []float64) summary {
	s := summary{min: math.Inf(1), max: math.Inf(-1)}
	for _, x := range v {
		s.min, s.max = min(s.min, x), max(s.max, x)
		s.mean += x
		s.rms += x * x
	}
	if len(v) > 0 {
		s.mean /= float64(len(v))
		s.rms = math.Sqrt(s.rms / float64(len(v)))
	}
	return s
}

type netExportCmd struct {
	netFile
	Out string `required:"" help:"JSON file to write."`
}

func (c *netExportCmd) Run() error {
	n, _, _, err := c.load()
	if err != nil {
		return err
	}
	data, err := n.MarshalJSON()
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(c.Out, data)
}

type netImportCmd struct {
	JSON string `arg:"" type:"existingfile" help:"JSON network (as written by export, or by hand)."`
	Out  string `required:"" help:"Weight file to write."`
}

func (c *netImportCmd) Run() error {
	data, err := os.ReadFile(c.JSON)
	if err != nil {
		return err
	}
	n, err := nets.ParseJSON(data)
	if err != nil {
		return fmt.Errorf("%s: %w", c.JSON, err)
	}
	return n.Save(c.Out)
}

type netRandomCmd struct {
	Arch  string `default:"spatial" enum:"plain,spatial" help:"Architecture: plain (seed 000) or spatial (seed 001)."`
	Seed  uint64 `default:"1" help:"Seed of the PCG stream the weights are drawn from."`
	Sigma bool   `help:"Include the self-adaptive step sizes (all 0.05)."`
	Out   string `required:"" help:"Weight file to write."`
}

func (c *netRandomCmd) Run() error {
	a, err := nets.ParseArch(c.Arch)
	if err != nil {
		return err
	}
	n := nets.Random(a, rand.New(rand.NewPCG(c.Seed, 0)))
	if !c.Sigma {
		n.Sigma = nil
	}
	return n.Save(c.Out)
}

type netBenchCmd struct {
	Time      time.Duration `default:"1s" help:"Duration of each measurement."`
	Positions int           `default:"4096" help:"Positions from random games to evaluate, cycled."`
	NNUE      string        `name:"nnue" type:"existingfile" help:"Trained network file to measure (default: the embedded one)."`
}

// Run measures, for each architecture: the float64 reference, the fast path
// from scratch (every call recomputes the first layer), and the fast path
// along a search-like walk (Push, Evaluate, Pop per node). Rates are per
// wall second and per CPU second of the measuring thread; on a machine
// shared with other work the CPU-second figure is the reproducible one.
func (c *netBenchCmd) Run() error {
	if c.Positions < 1 {
		return fmt.Errorf("--positions must be at least 1")
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
	out := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(out, "arch\tpath\tevals/s\tevals/cpu-s\tcpu-ns/eval\t\n")
	for _, a := range nets.Arches() {
		n := nets.Random(a, rand.New(rand.NewPCG(1, 0)))
		net, err := fast.Compile(n)
		if err != nil {
			return err
		}
		e := fast.NewEvaluator(net, fast.SideToMove)
		sink := 0.0
		row := func(path string, r rate) {
			fmt.Fprintf(out, "%s\t%s\t%.0f\t%.0f\t%.1f\t\n", a, path, r.wall, r.cpu, 1e9/r.cpu)
		}
		row("reference", measure(c.Time, func(i int) {
			p := &pos[i%len(pos)]
			sink += n.Evaluate(p, p.Side)
		}))
		row("fast full", measure(c.Time, func(i int) {
			sink += float64(e.Evaluate(&pos[i%len(pos)]))
		}))
		e.Reset(&root)
		step := 0
		row("fast incremental", measure(c.Time, func(int) {
			// one call = one node: pops up to the next push, then Push,
			// Evaluate, and on to the next step.
			for !walk[step].push {
				e.Pop()
				step = (step + 1) % len(walk)
			}
			w := &walk[step]
			e.Push(&w.parent, w.move, &w.child)
			sink += float64(e.Evaluate(&w.child))
			step = (step + 1) % len(walk)
		}))
		_ = sink
	}
	// The trained network (the embedded default, or --nnue FILE).
	q, err := nnue.LoadOrDefault(c.NNUE)
	if err != nil {
		return err
	}
	qn := fast.CompileNNUE(q)
	e := fast.NewNNUEEvaluator(qn)
	sink := 0
	row := func(path string, r rate) {
		fmt.Fprintf(out, "%s\t%s\t%.0f\t%.0f\t%.1f\t\n", "nnue "+fmt.Sprint(q.H1), path, r.wall, r.cpu, 1e9/r.cpu)
	}
	feats := make([]int, 0, 24)
	row("reference", measure(c.Time, func(i int) {
		p := &pos[i%len(pos)]
		feats = nnue.Features(feats[:0], p, p.Side)
		sink += int(q.Logit(feats, q.Bucket(p.Total())))
	}))
	row("fast full", measure(c.Time, func(i int) {
		sink += e.Evaluate(&pos[i%len(pos)])
	}))
	e.Reset(&root)
	step := 0
	row("fast incremental", measure(c.Time, func(int) {
		for !walk[step].push {
			e.Pop()
			step = (step + 1) % len(walk)
		}
		w := &walk[step]
		e.Push(&w.parent, w.move, &w.child)
		sink += e.Evaluate(&w.child)
		step = (step + 1) % len(walk)
	}))
	_ = sink
	if err := out.Flush(); err != nil {
		return err
	}
	fmt.Printf("kernels %s; one thread; incremental = Push+Evaluate+Pop per node of a random walk\n", fast.Kernels())
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
	rng := rand.New(rand.NewPCG(2, 2))
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
