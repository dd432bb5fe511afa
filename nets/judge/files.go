// files.go holds the four steps as `crown judge` runs them, from files to
// files and a report: CollectFiles gathers an unlabelled set from PDN
// games, LabelFile labels a set (resuming its output), SelectFile picks a
// balanced set, MeasureFile scores an evaluator on one. Each records how
// the set was made in its header comments.
package judge

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/progress"
)

// evalNote names an evaluator and its weight file, for headers and tables.
func evalNote(eval, net string) string {
	if net == "" {
		return eval
	}
	return eval + " (" + net + ")"
}

// allBuckets are the buckets of the reports, Other last.
func allBuckets() []Bucket { return append(append([]Bucket{}, Buckets...), Other) }

// CollectOptions configure CollectFiles.
type CollectOptions struct {
	PDN       []string // game files
	Out       string   // the set to write
	PerBucket int      // positions kept per piece bucket, at random; 0: all
	Seed      uint64
	Log       zerolog.Logger
	Report    io.Writer
}

// CollectFiles gathers the quiet 7-16-piece positions of the games into
// an unlabelled set.
func CollectFiles(o CollectOptions) error {
	var all []Candidate
	for _, f := range o.PDN {
		cs, err := GamePositions(f)
		if err != nil {
			return err
		}
		o.Log.Info().Str("file", f).Int("positions", len(cs)).Msg("quiet 7-16-piece positions")
		all = append(all, cs...)
	}
	picked := Sample(all, o.PerBucket, o.Seed)
	set := &Set{
		Comments: []string{fmt.Sprintf("collected by: crown judge collect --pdn %s --per-bucket %d --seed %d (%d quiet positions met, %d kept)",
			strings.Join(o.PDN, " --pdn "), o.PerBucket, o.Seed, len(all), len(picked))},
		Records: NewRecords(picked),
	}
	if err := WriteSet(o.Out, set); err != nil {
		return err
	}
	fmt.Fprintf(o.Report, "%d positions (of %d met) written to %s\n", len(picked), len(all), o.Out)
	return nil
}

// LabelOptions configure LabelFile: LabelConfig's searchers, budgets,
// workers and KeepScores; the rest LabelFile fills in.
type LabelOptions struct {
	LabelConfig
	Set       string // the set to label
	Out       string // the labelled set; if it exists it is resumed
	Eval, Net string // the searchers' evaluator and weight file, for the header
	DBPieces  int    // the searchers' database, for the header
	Bar       progress.Bar
	Report    io.Writer
}

// LabelFile labels the set (LabelSet), saving it to o.Out every minute,
// and reports how stable the labels are.
func LabelFile(ctx context.Context, o LabelOptions) error {
	if o.Log == nil {
		nop := zerolog.Nop()
		o.Log = &nop
	}
	set, err := o.read()
	if err != nil {
		return err
	}
	bar, lastLog, log := progress.Or(o.Bar), time.Now(), o.Log
	o.SaveEvery = time.Minute
	o.Save = func(s *Set) error { return WriteSet(o.Out, s) }
	o.Progress = func(done, total int, eta time.Duration) {
		bar.Update(done, total, "eta "+eta.Round(time.Second).String())
		if time.Since(lastLog) >= 30*time.Second {
			lastLog = time.Now()
			log.Info().Int("done", done).Int("total", total).Dur("eta", eta).Msg("labelling")
		}
	}
	err = LabelSet(ctx, set, o.LabelConfig)
	bar.Clear()
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("interrupted; the labels so far are in %s, run the same command to resume: %w", o.Out, err)
		}
		return err
	}
	o.report(set)
	return nil
}

// read reads the output to resume it if it exists, else the set, and
// adds the labelling's note to its header.
func (o *LabelOptions) read() (*Set, error) {
	src := o.Set
	if _, err := os.Stat(o.Out); err == nil {
		src = o.Out
		o.Log.Info().Str("file", o.Out).Msg("resuming")
	}
	set, err := ReadSet(src)
	if err != nil {
		return nil, err
	}
	budgets := make([]string, len(o.Budgets))
	for i, b := range o.Budgets {
		budgets[i] = fmt.Sprint(b)
	}
	note := fmt.Sprintf("labelled by: crown judge label --nodes %s --eval %s with the %d-piece database; label from the last budget: win >= %d, loss <= -%d, draw within +-%d centi-men, unclear between",
		strings.Join(budgets, ","), evalNote(o.Eval, o.Net), o.DBPieces, WinScore, WinScore, DrawScore)
	if len(set.Comments) == 0 || set.Comments[len(set.Comments)-1] != note {
		set.Comments = append(set.Comments, note)
	}
	return set, nil
}

// report writes the labels' stability and counts, overall and by bucket.
func (o *LabelOptions) report(set *Set) {
	st := MeasureStability(set)
	counts := map[string]map[Label]int{}
	for _, r := range set.Records {
		b := BucketOf(r.Pieces()).Name
		if counts[b] == nil {
			counts[b] = map[Label]int{}
		}
		counts[b][r.Label]++
	}
	share := func(n int) float64 { return 100 * float64(n) / float64(max(st.Positions, 1)) }
	fmt.Fprintf(o.Report, "%d positions labelled; all budgets agree on %d (%.1f %%); %d (%.1f %%) scored as database or found wins/losses at %d nodes\n",
		st.Positions, st.Agree, share(st.Agree), st.Decided, share(st.Decided), o.Budgets[len(o.Budgets)-1])
	for _, b := range allBuckets() {
		a := st.ByBucket[b.Name]
		if a[1] == 0 {
			continue
		}
		m := counts[b.Name]
		fmt.Fprintf(o.Report, "  %-6s %5d positions: agree %.1f %%; win %d draw %d loss %d unclear %d\n", b.Name, a[1], 100*float64(a[0])/float64(a[1]),
			m[Win], m[Draw], m[Loss], m[Unclear])
	}
}

// SelectOptions configure SelectFile.
type SelectOptions struct {
	Set     string // the labelled set
	Out     string // the selected set to write
	PerCell int    // positions kept per bucket and label; 0: all
	Seed    uint64
	Note    string // a comment line to add; "": none
	Report  io.Writer
}

// SelectFile writes the balanced selection (Select) of a labelled set.
func SelectFile(o SelectOptions) error {
	set, err := ReadSet(o.Set)
	if err != nil {
		return err
	}
	recs, counts := Select(set, o.PerCell, o.Seed)
	var parts []string
	for _, b := range allBuckets() {
		if m := counts[b.Name]; m != nil {
			parts = append(parts, fmt.Sprintf("%s: win %d draw %d loss %d", b.Name, m[Win], m[Draw], m[Loss]))
		}
	}
	out := &Set{Comments: append([]string{}, set.Comments...), Records: recs}
	out.Comments = append(out.Comments, fmt.Sprintf("selected by: crown judge select --per-cell %d --seed %d: %d positions (%s)", o.PerCell, o.Seed, len(recs), strings.Join(parts, "; ")))
	if o.Note != "" {
		out.Comments = append(out.Comments, o.Note)
	}
	if err := WriteSet(o.Out, out); err != nil {
		return err
	}
	fmt.Fprintf(o.Report, "%d positions written to %s (%s)\n", len(recs), o.Out, strings.Join(parts, "; "))
	return nil
}

// MeasureOptions configure MeasureFile: MeasureConfig's searchers,
// evaluator, budgets and threshold; the progress MeasureFile fills in.
type MeasureOptions struct {
	MeasureConfig
	Set       string // the labelled set
	Name      string // the evaluator's name in the table; "": Eval and Net
	Eval, Net string
	DBPieces  int // the searchers' database, for the report
	Bar       progress.Bar
	Log       zerolog.Logger
	Report    io.Writer
}

// MeasureFile measures the evaluator on the set (Measure) and writes the
// table.
func MeasureFile(ctx context.Context, o MeasureOptions) error {
	set, err := ReadSet(o.Set)
	if err != nil {
		return err
	}
	bar := progress.Or(o.Bar)
	o.Progress = func(done, total int) { bar.Update(done, total, "") }
	start := time.Now()
	res, err := Measure(ctx, set, o.MeasureConfig)
	bar.Clear()
	if err != nil {
		return err
	}
	name := o.Name
	if name == "" {
		name = evalNote(o.Eval, o.Net)
	}
	for _, r := range res {
		o.Log.Info().Str("method", r.Method.String()).Int("positions", r.All.Total()).Dur("elapsed", r.Time).Msg("measured")
	}
	fmt.Fprintf(o.Report, "set %s, threshold %d centi-men, database <= %d pieces, %.1f s\n", o.Set, o.Threshold, o.DBPieces, time.Since(start).Seconds())
	return WriteTable(o.Report, name, res)
}
