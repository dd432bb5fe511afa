// selfplay.go implements `crown selfplay`: training data for the trained
// network (nets/selfplay) from games of crown against itself, played as
// jobs on all cores here or, with --cluster, on a coordinator's workers
// (protocol/selfplayjob), in English checkers or (--variant) Russian or
// Brazilian draughts, `crown selfplay info` to summarise a sample file, and
// `crown selfplay relabel` to rescore one by deeper searches.
package main

import (
	"cmp"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets/selfplay"
	"crown/protocol/players"
	"crown/protocol/selfplayjob"
)

type selfplayCmd struct {
	Play    selfplayPlayCmd    `cmd:"" default:"withargs" help:"Play self-play games into a sample file (resumes an existing one)."`
	Info    selfplayInfoCmd    `cmd:"" help:"Summarise a sample file: samples, W/D/L, piece-count histogram."`
	Relabel selfplayRelabelCmd `cmd:"" help:"Replace the search scores of a sample file's positions in a piece range by deeper searches with the endgame database (score distillation; resumable)."`
}

type selfplayPlayCmd struct {
	Out         string        `required:"" type:"path" help:"Sample file; an existing one is resumed (same settings required)."`
	Games       int           `default:"1000" help:"Games the file should hold when done."`
	Nodes       uint64        `default:"10000" help:"Node budget per move (0: none)."`
	Depth       int           `help:"Depth limit per move (0: none)."`
	MoveTime    time.Duration `name:"movetime" help:"Time per move (0: none; makes the data depend on the machine)."`
	Variant     board.Variant `default:"english" help:"Rules of the games: english, russian or brazilian (a variant: no endgame database, the variant's network unless --eval, --openings start)."`
	Openings    string        `help:"Openings: acf, eleven, acf+eleven, start, plies:N, random:N, or a FEN/PDN file (default: acf+eleven; start in a variant, whose games cannot use the English ballots)."`
	RandomPlies int           `name:"random-plies" default:"3" help:"Up to this many uniformly random plies after each opening."`
	Seed        uint64        `default:"1" help:"Seed of the random plies."`
	MoveCap     int           `name:"move-cap" default:"150" help:"Moves per side before a game is drawn."`
	Workers     int           `type:"workers" help:"Games played at once (0: all cores)."`
	Hash        int           `type:"hash" default:"16" help:"Transposition table per worker, MiB."`
	EGDBDir     string        `name:"egdb-dir" type:"path" help:"Endgame database directory (crown egdb build); default: the per-user one if built (e.g. ~/.local/share/crown/egdb), else the embedded <=4-piece database."`
	NoEGDB      bool          `name:"no-egdb" help:"No database: games end by the rules only."`
	SaveEvery   time.Duration `name:"save-every" default:"1m" help:"Save the file this often."`
	Chunk       int           `help:"Games per job (0: 1 here, 8 with --cluster, where each job costs a round trip)."`
	evalFlags
	clusterFlags
}

func (c *selfplayPlayCmd) Run(log *zerolog.Logger) error {
	openings := c.Openings
	if openings == "" {
		openings = "acf+eleven"
		if c.Variant != board.English {
			openings = "start"
		}
	}
	ctx, stop := interruptible()
	defer stop()
	return selfplayjob.Command(ctx, selfplayjob.CommandOptions{
		Config: selfplay.Config{Nodes: c.Nodes, Depth: c.Depth, MoveTime: c.MoveTime, Openings: openings,
			RandomPlies: c.RandomPlies, Seed: c.Seed, MoveCap: c.MoveCap, Variant: c.Variant},
		Eval: c.choice(players.DefaultEvalFor(c.Variant)), HashMB: c.Hash, Out: c.Out, Games: c.Games, Workers: c.Workers, Chunk: c.Chunk,
		SaveEvery: c.SaveEvery, EGDBDir: c.EGDBDir, NoEGDB: c.NoEGDB, Cluster: c.connectOptions(*log),
		Bar: newBar(), Stdout: os.Stdout, Log: *log})
}

type selfplayInfoCmd struct {
	File string `arg:"" type:"existingfile" help:"Sample file."`
}

func (c *selfplayInfoCmd) Run() error { return selfplay.WriteInfo(os.Stdout, c.File) }

type selfplayRelabelCmd struct {
	In        string        `arg:"" type:"existingfile" help:"Sample file to relabel."`
	Out       string        `required:"" type:"path" help:"Relabelled sample file to write; an existing one is resumed (same input and settings required)."`
	Nodes     uint64        `default:"50000" help:"Node budget of each search (one thread, a cleared table)."`
	Pieces    string        `default:"7-16" help:"Relabel the samples with this many pieces, MIN-MAX."`
	Workers   int           `type:"workers" help:"Searches at once (0: all cores)."`
	SaveEvery time.Duration `name:"save-every" default:"1m" help:"Save the file this often."`
	Hash      int           `type:"hash" default:"4" help:"Transposition table per search, MiB (cleared before each one)."`
	evalFlags
	egdbFlags
}

func (c *selfplayRelabelCmd) Run(log *zerolog.Logger) error {
	lo, hi, err := parseRange(c.Pieces)
	if err != nil {
		return fmt.Errorf("--pieces: %w", err)
	}
	in, err := selfplay.Load(c.In)
	if err != nil {
		return err
	}
	v, err := in.Variant()
	if err != nil {
		return err
	}
	ev := c.choice(players.DefaultEvalFor(v))
	sf := searchFlags{evalFlags: c.evalFlags, egdbFlags: c.egdbFlags, Threads: 1, Hash: c.Hash, Mode: "full"}
	newSearcher := func() (*search.Searcher, error) {
		s, _, _, err := sf.searcher(v, "always", ev.Name)
		return s, err
	}
	_, eg, _, err := sf.searcher(v, "always", ev.Name)
	if err != nil {
		return err
	}
	dbPieces := eg.MaxPieces()
	eg.Close()
	player, err := selfplayjob.PlayerID(ev)
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	return selfplay.RelabelFile(ctx, selfplay.RelabelOptions{
		Relabeller: selfplay.Relabeller{
			RelabelConfig: selfplay.RelabelConfig{Player: player, Nodes: c.Nodes, MinPieces: lo, MaxPieces: hi, DBPieces: dbPieces},
			NewSearcher:   newSearcher, Workers: cmp.Or(c.Workers, runtime.NumCPU()), SaveEvery: c.SaveEvery, Log: *log},
		In: c.In, Out: c.Out, Bar: newBar(), Report: os.Stdout})
}

// parseRange reads "MIN-MAX" (or one number).
func parseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || lo < 1 || hi < lo {
		return 0, 0, fmt.Errorf("%q: want MIN-MAX, 1 <= MIN <= MAX", s)
	}
	return lo, hi, nil
}
