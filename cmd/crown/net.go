// net.go implements `crown net`: inspect weight files (info, package
// nets/netinfo), convert them to and from JSON (export, import), make a
// generation-0 network (random) and measure evaluation speed (bench,
// nets/fast.Bench).
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"crown/engine/fsutil"
	"crown/nets"
	"crown/nets/fast"
	"crown/nets/netinfo"
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
	data, err = fsutil.ReadFile(f.File)
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
		return netinfo.NNUE(os.Stdout, "embedded default (trained)", nnue.DefaultBytes())
	}
	data, name, err := c.read()
	if err != nil {
		return err
	}
	return netinfo.Write(os.Stdout, name, data)
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
	data, err := fsutil.ReadFile(c.JSON)
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

// Run measures evaluation speed (fast.Bench).
func (c *netBenchCmd) Run() error {
	return fast.Bench(os.Stdout, fast.BenchOptions{Time: c.Time, Positions: c.Positions, NNUE: c.NNUE})
}
