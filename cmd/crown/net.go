// net.go implements `crown net`: inspect weight files (info, package
// nets/netinfo), convert them to and from JSON (export, import), make a
// generation-0 network (random; package nets) and measure evaluation speed
// (bench, nets/netinfo.Bench).
package main

import (
	"os"
	"time"

	"crown/nets"
	"crown/nets/netinfo"
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

type netInfoCmd struct {
	netFile
	Evolved bool `help:"Without a file: show the embedded evolved seed network instead of the trained default."`
}

func (c *netInfoCmd) Run() error { return netinfo.Show(os.Stdout, c.File, c.Evolved) }

type netExportCmd struct {
	netFile
	Out string `required:"" help:"JSON file to write."`
}

func (c *netExportCmd) Run() error { return nets.ExportJSON(c.File, c.Out) }

type netImportCmd struct {
	JSON string `arg:"" type:"existingfile" help:"JSON network (as written by export, or by hand)."`
	Out  string `required:"" help:"Weight file to write."`
}

func (c *netImportCmd) Run() error { return nets.ImportJSON(c.JSON, c.Out) }

type netRandomCmd struct {
	Arch  string `default:"spatial" enum:"plain,spatial" help:"Architecture: plain (seed 000) or spatial (seed 001)."`
	Seed  uint64 `default:"1" help:"Seed of the PCG stream the weights are drawn from."`
	Sigma bool   `help:"Include the self-adaptive step sizes (all 0.05)."`
	Out   string `required:"" help:"Weight file to write."`
}

func (c *netRandomCmd) Run() error { return nets.WriteRandom(c.Arch, c.Seed, c.Sigma, c.Out) }

type netBenchCmd struct {
	Time      time.Duration `default:"1s" help:"Duration of each measurement."`
	Positions int           `default:"4096" help:"Positions from random games to evaluate, cycled."`
	NNUE      string        `name:"nnue" type:"existingfile" help:"Trained network file to measure (default: the embedded one)."`
}

// Run measures evaluation speed (netinfo.Bench).
func (c *netBenchCmd) Run() error {
	return netinfo.Bench(os.Stdout, netinfo.BenchOptions{Time: c.Time, Positions: c.Positions, NNUE: c.NNUE})
}
