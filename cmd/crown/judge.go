// judge.go implements `crown judge`: the endgame-phase judgement measurement
// of nets/judge. `collect` gathers quiet 7-16-piece positions from PDN
// games, `label` settles their verdicts by deep searches with the endgame
// database (resumable), `select` picks a balanced set, and `measure` (the
// default) scores an evaluator's static and short-search verdicts on a set.
// The flags live here; the work is nets/judge's.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/rs/zerolog"

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
	var all []judge.Candidate
	for _, f := range c.PDN {
		cs, err := judge.GamePositions(f)
		if err != nil {
			return err
		}
		log.Info().Str("file", f).Int("positions", len(cs)).Msg("quiet 7-16-piece positions")
		all = append(all, cs...)
	}
	picked := judge.Sample(all, c.PerBucket, c.Seed)
	set := &judge.Set{
		Comments: []string{fmt.Sprintf("collected by: crown judge collect --pdn %s --per-bucket %d --seed %d (%d quiet positions met, %d kept)",
			strings.Join(c.PDN, " --pdn "), c.PerBucket, c.Seed, len(all), len(picked))},
		Records: judge.NewRecords(picked),
	}
	if err := judge.WriteSet(c.Out, set); err != nil {
		return err
	}
	fmt.Printf("%d positions (of %d met) written to %s\n", len(picked), len(all), c.Out)
	return nil
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
	src := c.Set
	if _, err := os.Stat(c.Out); err == nil {
		src = c.Out
		log.Info().Str("file", c.Out).Msg("resuming")
	}
	set, err := judge.ReadSet(src)
	if err != nil {
		return err
	}
	_, eg, scale, err := c.searcher("always", "nnue")
	if err != nil {
		return err
	}
	maxDB := eg.MaxPieces()
	eg.Close()
	newSearcher := func() (*search.Searcher, error) {
		s, _, _, err := c.searcher("always", "nnue") // the database stays open for the searcher's life
		return s, err
	}
	note := fmt.Sprintf("labelled by: crown judge label --nodes %s --eval %s%s with the %d-piece database; label from the last budget: win >= %d, loss <= -%d, draw within +-%d centi-men, unclear between",
		joinUints(c.Nodes), c.choice("nnue").Name, netNote(c.Net), maxDB, judge.WinScore, judge.WinScore, judge.DrawScore)
	if len(set.Comments) == 0 || set.Comments[len(set.Comments)-1] != note {
		set.Comments = append(set.Comments, note)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress()
	lastLog := time.Now()
	err = judge.LabelSet(ctx, set, judge.LabelConfig{
		Searchers:  judge.Searchers{New: newSearcher, Men: scale.Men},
		Budgets:    c.Nodes,
		Workers:    c.Workers,
		KeepScores: c.Keep,
		SaveEvery:  time.Minute,
		Save:       func(s *judge.Set) error { return judge.WriteSet(c.Out, s) },
		Progress: func(done, total int, eta time.Duration) {
			bar.update(done, total, "eta "+eta.Round(time.Second).String())
			if time.Since(lastLog) >= 30*time.Second {
				lastLog = time.Now()
				log.Info().Int("done", done).Int("total", total).Dur("eta", eta).Msg("labelling")
			}
		},
		Log: log,
	})
	bar.clear()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted; the labels so far are in %s, run the same command to resume: %w", c.Out, err)
		}
		return err
	}
	st := judge.MeasureStability(set)
	counts := map[string]map[judge.Label]int{}
	for _, r := range set.Records {
		b := judge.BucketOf(r.Pieces()).Name
		if counts[b] == nil {
			counts[b] = map[judge.Label]int{}
		}
		counts[b][r.Label]++
	}
	fmt.Printf("%d positions labelled; all budgets agree on %d (%.1f %%); %d (%.1f %%) scored as database or found wins/losses at %d nodes\n",
		st.Positions, st.Agree, 100*float64(st.Agree)/float64(max(st.Positions, 1)), st.Decided, 100*float64(st.Decided)/float64(max(st.Positions, 1)), c.Nodes[len(c.Nodes)-1])
	for _, b := range append(append([]judge.Bucket{}, judge.Buckets...), judge.Other) {
		a := st.ByBucket[b.Name]
		if a[1] == 0 {
			continue
		}
		m := counts[b.Name]
		fmt.Printf("  %-6s %5d positions: agree %.1f %%; win %d draw %d loss %d unclear %d\n", b.Name, a[1], 100*float64(a[0])/float64(a[1]),
			m[judge.Win], m[judge.Draw], m[judge.Loss], m[judge.Unclear])
	}
	return nil
}

type judgeSelectCmd struct {
	Set     string `required:"" type:"existingfile" help:"Labelled set."`
	Out     string `required:"" type:"path" help:"Selected set to write."`
	PerCell int    `default:"200" help:"Positions kept per piece bucket and label, at random (0: all)."`
	Seed    uint64 `default:"1" help:"Seed of the random choice."`
	Note    string `help:"A comment line to add to the set's header."`
}

func (c *judgeSelectCmd) Run() error {
	set, err := judge.ReadSet(c.Set)
	if err != nil {
		return err
	}
	recs, counts := judge.Select(set, c.PerCell, c.Seed)
	var parts []string
	for _, b := range append(append([]judge.Bucket{}, judge.Buckets...), judge.Other) {
		if m := counts[b.Name]; m != nil {
			parts = append(parts, fmt.Sprintf("%s: win %d draw %d loss %d", b.Name, m[judge.Win], m[judge.Draw], m[judge.Loss]))
		}
	}
	out := &judge.Set{Comments: append([]string{}, set.Comments...), Records: recs}
	out.Comments = append(out.Comments, fmt.Sprintf("selected by: crown judge select --per-cell %d --seed %d: %d positions (%s)", c.PerCell, c.Seed, len(recs), strings.Join(parts, "; ")))
	if c.Note != "" {
		out.Comments = append(out.Comments, c.Note)
	}
	if err := judge.WriteSet(c.Out, out); err != nil {
		return err
	}
	fmt.Printf("%d positions written to %s (%s)\n", len(recs), c.Out, strings.Join(parts, "; "))
	return nil
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
	set, err := judge.ReadSet(c.Set)
	if err != nil {
		return err
	}
	ld, err := c.choice("nnue").Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	bar := newProgress()
	start := time.Now()
	res, err := judge.Measure(ctx, set, judge.MeasureConfig{
		Searchers: judge.Searchers{New: func() (*search.Searcher, error) {
			s, _, _, err := c.searcher("always", "nnue")
			return s, err
		}, Men: ld.Scale.Men},
		NewEval:   ld.New,
		Budgets:   c.Nodes,
		Threshold: c.Threshold,
		Progress:  func(done, total int) { bar.update(done, total, "") },
	})
	bar.clear()
	if err != nil {
		return err
	}
	name := c.Name
	if name == "" {
		name = c.choice("nnue").Name + netNote(c.Net)
	}
	for _, r := range res {
		log.Info().Str("method", r.Method.String()).Int("positions", r.All.Total()).Dur("elapsed", r.Time).Msg("measured")
	}
	fmt.Printf("set %s, threshold %d centi-men, database <= %d pieces, %.1f s\n", c.Set, c.Threshold, c.EGDBPieces, time.Since(start).Seconds())
	return judge.WriteTable(os.Stdout, name, res)
}

func joinUints(v []uint64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ",")
}

func netNote(net string) string {
	if net == "" {
		return ""
	}
	return " (" + net + ")"
}
