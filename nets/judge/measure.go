// measure.go is the measurement: for one evaluator, the verdict of its static
// evaluation and of short searches (node budgets of the order a 0.1 s move
// gives each of the root's children) on every labelled position, against
// the label, counted in a confusion matrix per piece bucket. The figure
// that costs games is how often a lost position is judged drawn or better:
// that is how crown walks into lost endgames without knowing it.
package judge

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"crown/engine/search"
)

// Confusion counts positions by label (row) and verdict (column), both
// indexed as Verdicts: loss, draw, win.
type Confusion [3][3]int

func verdictIndex(l Label) int { return int(l - Loss) }

// Add counts one position.
func (c *Confusion) Add(label, verdict Label) { c[verdictIndex(label)][verdictIndex(verdict)]++ }

// Total is the number of positions counted.
func (c *Confusion) Total() int {
	n := 0
	for i := range c {
		for j := range c[i] {
			n += c[i][j]
		}
	}
	return n
}

// Correct is the number of positions whose verdict is their label.
func (c *Confusion) Correct() int { return c[0][0] + c[1][1] + c[2][2] }

// Row is the number of positions with a label.
func (c *Confusion) Row(l Label) int {
	r := c[verdictIndex(l)]
	return r[0] + r[1] + r[2]
}

// LostMissed is the number of lost positions judged drawn or won.
func (c *Confusion) LostMissed() int { return c[0][1] + c[0][2] }

// WonMissed is the number of won positions judged drawn or lost.
func (c *Confusion) WonMissed() int { return c[2][0] + c[2][1] }

// Method is one way of judging: the static evaluation (Nodes 0) or a
// search of Nodes nodes.
type Method struct{ Nodes uint64 }

func (m Method) String() string {
	if m.Nodes == 0 {
		return "static"
	}
	return fmt.Sprintf("search %d", m.Nodes)
}

// Result is one method's counts.
type Result struct {
	Method   Method
	ByBucket map[string]*Confusion
	All      Confusion
	// Proven counts the positions whose label rests on a database win or
	// loss, or a found win, at the labelling search's largest budget: the
	// verdicts no evaluator's opinion went into (Record.Proven).
	Proven Confusion
	Time   time.Duration
}

// Proven reports whether r's label rests on a database win or loss or a
// found win rather than on an evaluation (a database draw scores 0, like
// an even evaluation, and does not count).
func (r *Record) Proven() bool {
	if len(r.Scores) == 0 {
		return false
	}
	s := r.Scores[len(r.Scores)-1].Score
	return search.IsWin(s) || search.IsTablebaseScore(s)
}

// MeasureConfig says what to measure.
type MeasureConfig struct {
	Searchers
	NewEval   search.NewEvaluator // the evaluator the searchers use, for the static verdict
	Budgets   []uint64            // short searches; the static evaluation is always measured
	Threshold int                 // VerdictScore when 0
	Progress  func(done, total int)
}

// Measure judges every labelled (win, draw, loss) record of set.
func Measure(ctx context.Context, set *Set, cfg MeasureConfig) ([]Result, error) {
	th := cfg.Threshold
	if th == 0 {
		th = VerdictScore
	}
	if th < 0 {
		return nil, fmt.Errorf("verdict threshold %d: want 0 or more centi-men", th)
	}
	var recs []*Record
	for i := range set.Records {
		if l := set.Records[i].Label; l == Win || l == Draw || l == Loss {
			recs = append(recs, &set.Records[i])
		}
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("the set has no labelled positions (win, draw or loss)")
	}
	methods := []Method{{0}}
	for _, n := range cfg.Budgets {
		if n == 0 {
			return nil, fmt.Errorf("search budget 0: want 1 node or more")
		}
		methods = append(methods, Method{n})
	}
	var s *search.Searcher
	if len(cfg.Budgets) > 0 {
		var err error
		if s, err = cfg.New(); err != nil {
			return nil, err
		}
	}
	results := make([]Result, len(methods))
	total := len(recs) * len(methods)
	for mi, m := range methods {
		res := Result{Method: m, ByBucket: map[string]*Confusion{}}
		start := time.Now()
		ev := cfg.NewEval()
		inc, _ := ev.(search.Incremental)
		for ri, r := range recs {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			var score int
			if m.Nodes == 0 {
				p := r.Pos
				if inc != nil {
					inc.Reset(&p)
				}
				score = cfg.men(ev.Evaluate(&p))
			} else {
				s.Clear()
				out := s.Search(ctx, search.Limits{Nodes: m.Nodes}, r.Pos, nil, nil)
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				score = cfg.men(out.Score)
			}
			v := VerdictOf(score, th)
			b := BucketOf(r.Pieces()).Name
			if res.ByBucket[b] == nil {
				res.ByBucket[b] = &Confusion{}
			}
			res.ByBucket[b].Add(r.Label, v)
			res.All.Add(r.Label, v)
			if r.Proven() {
				res.Proven.Add(r.Label, v)
			}
			if cfg.Progress != nil {
				cfg.Progress(mi*len(recs)+ri+1, total)
			}
		}
		res.Time = time.Since(start)
		results[mi] = res
	}
	return results, nil
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", 100*float64(a)/float64(b))
}

// WriteTable writes the results as a Markdown table: per method, a row per
// bucket and one for all, with accuracy, the share of lost positions judged
// drawn or better, of won ones judged drawn or worse, and of drawn ones
// judged decided; then a row of the proven positions (Result.Proven), when
// there are any.
func WriteTable(w io.Writer, name string, results []Result) error {
	var b strings.Builder
	b.WriteString("| evaluator | judged by | pieces | positions | accuracy % | lost judged >= draw % | won judged <= draw % | drawn judged decided % |\n")
	b.WriteString("|---|---|---|---:|---:|---:|---:|---:|\n")
	for _, r := range results {
		rows := []string{}
		for _, bk := range append(append([]Bucket{}, Buckets...), Other) {
			if r.ByBucket[bk.Name] != nil {
				rows = append(rows, bk.Name)
			}
		}
		rows = append(rows, "all")
		if r.Proven.Total() > 0 {
			rows = append(rows, "proven")
		}
		for _, bn := range rows {
			c := &r.All
			switch bn {
			case "all":
			case "proven":
				c = &r.Proven
			default:
				c = r.ByBucket[bn]
			}
			drawn := c.Row(Draw)
			fmt.Fprintf(&b, "| %s | %s | %s | %d | %s | %s | %s | %s |\n", name, r.Method, bn, c.Total(),
				pct(c.Correct(), c.Total()), pct(c.LostMissed(), c.Row(Loss)), pct(c.WonMissed(), c.Row(Win)),
				pct(drawn-c[1][1], drawn))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
