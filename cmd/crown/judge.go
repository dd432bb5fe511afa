// judge.go implements `crown judge`: the endgame-phase judgement
// measurement of nets/judge. `collect` gathers quiet 7-16-piece positions
// from PDN games, `label` settles their verdicts by deep searches with the
// endgame database (resumable), `select` picks a balanced set, and
// `measure` (the default) scores an evaluator's static and short-search
// verdicts on a set. The flags and the searchers live here; the work is
// nets/judge's.
package main

import (
	"errors"
	"os"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
	"crown/nets/judge"
)

type judgeCmd struct {
	Measure judgeMeasureCmd `cmd:"" default:"withargs" help:"Measure an evaluator's verdicts (static and short searches) on a labelled set (the default)."`
	Collect judgeCollectCmd `cmd:"" help:"Gather quiet 7-16-piece positions from PDN games into an unlabelled set."`
	Label   judgeLabelCmd   `cmd:"" help:"Label a set's positions by deep searches with the endgame database (resumable)."`
	Select  judgeSelectCmd  `cmd:"" help:"Pick a balanced set (per piece bucket and label) from a labelled one."`
}

type judgeCollectCmd struct {
	PDN       []string `name:"pdn" required:"" type:"existingfile" help:"PDN game files (repeat the flag)."`
	Out       string   `required:"" type:"path" help:"Set file to write."`
	PerBucket int      `default:"1000" help:"Positions kept per piece bucket (7-8, 9-10, 11-12, 13-16), at random; 0: all."`
	Seed      uint64   `default:"1" help:"Seed of the random choice."`
}

func (c *judgeCollectCmd) Run(log *zerolog.Logger) error {
	return judge.CollectFiles(judge.CollectOptions{PDN: c.PDN, Out: c.Out, PerBucket: c.PerBucket, Seed: c.Seed,
		Log: *log, Report: os.Stdout})
}

type judgeLabelCmd struct {
	Set     string   `required:"" type:"existingfile" help:"Set to label."`
	Out     string   `required:"" type:"path" help:"Labelled set to write; if it exists it is resumed (the positions it has labelled at the same budgets are kept)."`
	Nodes   []uint64 `default:"2000000,4000000" sep:"," help:"Node budgets, increasing; the last labels, the others measure stability."`
	Workers int      `default:"1" help:"Positions searched at once (one thread each)."`
	Keep    bool     `name:"keep-scores" help:"Keep the scores the set already has at a budget (to add a budget); only for a set labelled with the same evaluator and database."`
	searchFlags
}

func (c *judgeLabelCmd) Run(log *zerolog.Logger) error {
	if c.EGDBDir == "" {
		return errors.New("give --egdb-dir: the labels rest on the endgame database (crown egdb build --pieces 6)")
	}
	if c.Threads != 1 {
		return errors.New("--threads: labels are searched with one thread each (exact node counts); use --workers")
	}
	_, eg, scale, err := c.searcher(board.English, "always", "nnue")
	if err != nil {
		return err
	}
	maxDB := eg.MaxPieces()
	eg.Close()
	ctx, stop := interruptible()
	defer stop()
	return judge.LabelFile(ctx, judge.LabelOptions{
		LabelConfig: judge.LabelConfig{Searchers: judge.Searchers{New: c.judgeSearcher, Men: scale.Men},
			Budgets: c.Nodes, Workers: c.Workers, KeepScores: c.Keep, Log: log},
		Set: c.Set, Out: c.Out, Eval: c.choice("nnue").Name, Net: c.Net, DBPieces: maxDB, Bar: newBar(), Report: os.Stdout})
}

// judgeSearcher is a searcher of the flags with the database always on
// (it stays open for the searcher's life).
func (f searchFlags) judgeSearcher() (*search.Searcher, error) {
	s, _, _, err := f.searcher(board.English, "always", "nnue")
	return s, err
}

type judgeSelectCmd struct {
	Set     string `required:"" type:"existingfile" help:"Labelled set."`
	Out     string `required:"" type:"path" help:"Selected set to write."`
	PerCell int    `default:"200" help:"Positions kept per piece bucket and label, at random (0: all)."`
	Seed    uint64 `default:"1" help:"Seed of the random choice."`
	Note    string `help:"A comment line to add to the set's header."`
}

func (c *judgeSelectCmd) Run() error {
	return judge.SelectFile(judge.SelectOptions{Set: c.Set, Out: c.Out, PerCell: c.PerCell, Seed: c.Seed, Note: c.Note,
		Report: os.Stdout})
}

type judgeMeasureCmd struct {
	Set       string   `required:"" type:"existingfile" help:"Labelled set (e.g. nets/judge/testdata/endgame-set.txt)."`
	Nodes     []uint64 `default:"1000,10000" sep:"," help:"Short searches' node budgets (the static evaluation is always measured)."`
	Threshold int      `default:"70" help:"Verdict threshold in centi-men: a score of at least this is a win, at most minus this a loss."`
	Name      string   `help:"Evaluator's name in the table (default: --eval)."`
	searchFlags
}

func (c *judgeMeasureCmd) Run(log *zerolog.Logger) error {
	if c.EGDBPieces == 0 {
		c.EGDBPieces = 4 // what crown plays with by default (the embedded database), whatever is installed
	}
	ld, err := c.choice("nnue").Load()
	if err != nil {
		return err
	}
	ctx, stop := interruptible()
	defer stop()
	return judge.MeasureFile(ctx, judge.MeasureOptions{
		MeasureConfig: judge.MeasureConfig{Searchers: judge.Searchers{New: c.judgeSearcher, Men: ld.Scale.Men},
			NewEval: ld.New, Budgets: c.Nodes, Threshold: c.Threshold},
		Set: c.Set, Name: c.Name, Eval: c.choice("nnue").Name, Net: c.Net, DBPieces: c.EGDBPieces, Bar: newBar(),
		Log: *log, Report: os.Stdout})
}
