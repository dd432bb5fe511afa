// Command crown is a checkers engine. With no subcommand it speaks the Hub
// protocol (and CheckerBoard-style commands) on stdin/stdout; subcommands run
// perft, benchmarks, analysis, matches, training and database builds.
package main

import (
	"os"
	"strings"

	"github.com/alecthomas/kong"

	"crown/protocol"
	"crown/protocol/players"
)

// cli lists every subcommand; each lives in its own file.
type cli struct {
	Log logFlags `embed:""`

	Engine   engineCmd   `cmd:"" default:"withargs" help:"Engine mode (the default): Hub protocol and CheckerBoard commands on stdin/stdout."`
	Hub      hubCmd      `cmd:"" passthrough:"" help:"Engine mode as lidraughts-bot starts it: crown hub --name=value ... sets Hub parameters first."`
	GUI      guiCmd      `cmd:"" name:"gui" help:"Serve the browser board: play, analyse, set up positions, step through PDN games, watch matches."`
	Play     playCmd     `cmd:"" help:"Play a game against crown in the terminal."`
	Perft    perftCmd    `cmd:"" help:"Count leaf nodes of the move tree (move generator test and speed)."`
	Bench    benchCmd    `cmd:"" help:"Search the fixed bench positions; prints total nodes and nodes/s."`
	Analyze  analyzeCmd  `cmd:"" help:"Analyse positions (a FEN, a PDN file's games, or FENs on stdin)."`
	Book     bookCmd     `cmd:"" help:"Opening book: show, stats, import, build, merge, match."`
	Evolve   evolveCmd   `cmd:"" help:"Training: evolution of networks and heuristics."`
	Net      netCmd      `cmd:"" help:"Neural networks: info, export, import, random, bench."`
	Egdb     egdbCmd     `cmd:"" help:"Endgame databases: build, probe, verify, info, match, convert."`
	Match    matchCmd    `cmd:"" help:"Play a match between two players (crown configurations, Hub engines or CheckerBoard libraries) from ballots."`
	Species  speciesCmd  `cmd:"" help:"Species of an evolved population (seed 002): cluster, info, versus."`
	Selfplay selfplayCmd `cmd:"" help:"Training data: self-play games into a sample file; info."`
	Train    trainCmd    `cmd:"" help:"Fit the trained network to self-play samples; writes a CROWNNET version 2 file."`
	Serve    serveCmd    `cmd:"" help:"Run a cluster coordinator: job queue and results on disk, for crown worker processes and --cluster submitters."`
	Worker   workerCmd   `cmd:"" help:"Run a coordinator's jobs on this machine's cores."`
	CBHost   cbhostCmd   `cmd:"" name:"cbhost" hidden:"" help:"Serve a CheckerBoard engine library as a Hub engine on stdin/stdout (what crown match runs for a cb: player)."`
	Judge    judgeCmd    `cmd:"" help:"Endgame-phase judgement: verdicts of an evaluator on labelled 7-16-piece positions (collect, label, select, measure)."`
	Docs     docsCmd     `cmd:"" hidden:"" help:"Write documentation generated from this binary (docs/commands.md)."`
}

// argError is a command-line error. It exits with status 1, as every
// failing command does (docs/commands.md), where kong would use 80.
type argError struct{ error }

func (e argError) Unwrap() error { return e.error }

// ExitCode implements kong.ExitCoder.
func (argError) ExitCode() int { return 1 }

// newParser is crown's command line over c: the parser main runs, and the
// model `crown docs commands` describes.
func newParser(c *cli) (*kong.Kong, error) {
	return kong.New(c, append(sizeMappers(), variantOption(),
		kong.Name("crown"),
		kong.Description("crown: an English/American checkers engine."),
		kong.UsageOnError(),
		// Help texts name the evaluators from the registry.
		kong.Vars{"evaluators": strings.Join(players.EvalNames(), ", "), "default_eval": players.DefaultEval,
			"options": strings.Join(protocol.MachineTable(nil).Names(), " ")},
	)...)
}

func main() {
	var c cli
	parser, err := newParser(&c)
	if err != nil {
		panic(err) // the cli struct's tags are wrong: a bug, not a user's error
	}
	ctx, err := parser.Parse(os.Args[1:])
	if err != nil {
		parser.FatalIfErrorf(argError{err})
	}
	// Engine mode and the CheckerBoard host speak a protocol on stdout
	// and log quietly.
	cmd := ctx.Command()
	logger := c.Log.logger(cmd == "engine" || strings.HasPrefix(cmd, "hub") || strings.HasPrefix(cmd, "cbhost"))
	if err := ctx.Run(&logger); err != nil {
		c.Log.reportFailure(os.Stderr, err)
		os.Exit(1)
	}
}
