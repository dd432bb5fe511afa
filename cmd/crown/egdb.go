// egdb.go implements `crown egdb`: build (protocol/egdbjob), probe,
// verify and info (package crown/egdb) of the endgame databases; convert
// is in egdb_convert.go, match (an alias of crown match) in egdb_match.go.
package main

import (
	"os"

	"github.com/rs/zerolog"

	"crown/egdb"
	"crown/engine/board"
	"crown/protocol/egdbjob"
	"crown/protocol/userfen"
)

type egdbCmd struct {
	Build   egdbBuildCmd   `cmd:"" help:"Build win/loss/draw databases by retrograde analysis (resumable)."`
	Probe   egdbProbeCmd   `cmd:"" help:"Look a position up, with the value of every move."`
	Verify  egdbVerifyCmd  `cmd:"" help:"Check every stored value against its successors, and the checksums."`
	Info    egdbInfoCmd    `cmd:"" help:"List the slices of a database with sizes and win/loss/draw counts."`
	Match   egdbMatchCmd   `cmd:"" help:"Play crown against itself with two database policies at equal time."`
	Convert egdbConvertCmd `cmd:"" help:"Check that crown wins won database positions in play, against itself and without the database (non-zero exit if not)."`
}

type egdbBuildCmd struct {
	Pieces  int           `default:"5" help:"Largest total number of pieces (2-8)."`
	Variant board.Variant `default:"english" help:"The game: english, russian or brazilian (flying kings: docs/variants.md)."`
	Dir     string        `type:"path" help:"Directory for the slice files (created if missing; default: the per-user directory that engine mode, analyze, match and selfplay find without a flag, e.g. ~/.local/share/crown/egdb, with a russian or brazilian subdirectory for a variant)."`
	Mem     int           `default:"2048" help:"Memory budget in MiB."`
	Threads int           `type:"workers" default:"0" help:"Worker threads (0: all cores)."`
	Profile string        `type:"path" name:"cpu-profile" help:"Write a CPU profile of the build to this file."`
	clusterFlags
}

func (c *egdbBuildCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return egdbjob.Build(ctx, egdbjob.BuildOptions{Variant: c.Variant, Dir: c.Dir, Pieces: c.Pieces, MemMiB: c.Mem, Threads: c.Threads,
		Profile: c.Profile, Cluster: c.connectOptions(*log), Bar: newBar(), Out: os.Stdout, Log: *log})
}

type egdbProbeCmd struct {
	FEN     string        `required:"" help:"Position as PDN FEN (the variant's conventions: W:WKa1,Kc1,Ke1:BKb8 in Russian)."`
	Variant board.Variant `default:"english" help:"The game of the FEN, whose database is probed."`
	Dir     string        `type:"path" help:"Database directory (default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database)."`
	Cache   int           `type:"cache" default:"64" help:"Block cache in MiB."`
}

func (c *egdbProbeCmd) Run() error {
	p, err := userfen.ParseVariant(c.FEN, c.Variant)
	if err != nil {
		return err
	}
	return egdb.WriteProbe(os.Stdout, &p, c.Dir, c.Cache)
}

type egdbVerifyCmd struct {
	Dir     string `required:"" type:"path" help:"Database directory."`
	Mem     int    `default:"2048" help:"Memory budget in MiB."`
	Threads int    `type:"workers" default:"0" help:"Worker threads (0: all cores)."`
}

func (c *egdbVerifyCmd) Run(log *zerolog.Logger) error {
	ctx, stop := interruptible()
	defer stop()
	return egdb.VerifyCommand(ctx, os.Stdout, egdb.VerifyOptions{Dir: c.Dir, MemMiB: c.Mem, Threads: c.Threads, Log: *log}, newBar())
}

type egdbInfoCmd struct {
	Dir     string        `type:"path" help:"Database directory (default: the embedded <=4-piece database of --variant)."`
	Variant board.Variant `default:"english" help:"The game whose embedded database is listed when no --dir is given (a directory's files name their game)."`
}

func (c *egdbInfoCmd) Run() error {
	return egdb.WriteInfo(os.Stdout, c.Variant, c.Dir)
}
