// label.go settles the positions' verdicts by deep searches with the endgame
// database: every position is searched at each of a list of node budgets
// (each search from a cleared table, so a label does not depend on the order
// of the positions or on the number of workers), the scores are kept, and
// the label comes from the largest budget's score through the thresholds
// below. The budgets' agreement says how stable the labels are. The work is
// saved every SaveEvery and when interrupted; a rerun on the saved set
// searches only what is missing. With KeepScores a record's score at a
// budget it was already searched at is kept, so adding a budget searches
// only that one; it is for a set labelled with the same evaluator and
// database, which the set file does not record per score.
package judge

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"crown/engine/board"
	"crown/engine/search"
)

// Label thresholds on a deep search's score, in centi-men (search.ManValue a
// man) from the side to move's view. A database win or loss scores
// search.TablebaseWin (19,500) give or take the material, a found win far
// more, so those are labelled whatever the threshold; the thresholds matter
// only where the deep search ends on evaluations. One man ahead (100) is a
// win: generation 3's calibration makes a man 2.36 logits, an expected
// score of 0.91 (docs/training.md), and an endgame a man up is won far more
// often than not. Within 0.4 men (expected score at most 0.72) it is a
// draw. Between the two the label is Unclear and the position is not
// measured: a set that claims to know what nobody knows would reward
// guessing.
const (
	WinScore  = 100
	DrawScore = 40
)

// VerdictScore is where a measured evaluator's score becomes a verdict: a
// score of at least VerdictScore is a win, at most -VerdictScore a loss,
// anything between a draw: midway between the labels' thresholds.
const VerdictScore = (WinScore + DrawScore) / 2

// LabelOf is the label of a deep search's score.
func LabelOf(score int) Label {
	switch {
	case score >= WinScore:
		return Win
	case score <= -WinScore:
		return Loss
	case score >= -DrawScore && score <= DrawScore:
		return Draw
	}
	return Unclear
}

// VerdictOf is a measured evaluator's verdict on its score (centi-men).
func VerdictOf(score, threshold int) Label {
	switch {
	case score >= threshold:
		return Win
	case score <= -threshold:
		return Loss
	}
	return Draw
}

// Searchers makes one searcher per worker, and the scale of its scores to
// centi-men.
type Searchers struct {
	New func() (*search.Searcher, error)
	Men func(int) int // nil: the scores are centi-men already
}

func (s Searchers) men(v int) int {
	if s.Men == nil {
		return v
	}
	return s.Men(v)
}

// LabelConfig says how to label.
type LabelConfig struct {
	Searchers
	Budgets []uint64 // node budgets, increasing; the last one labels
	Workers int      // searches at once; 0 means 1
	// KeepScores keeps a record's scores at budgets it already has instead
	// of searching them again (see above).
	KeepScores bool
	SaveEvery  time.Duration
	Save       func(*Set) error                         // called with the set under a lock; nil: never
	Progress   func(done, total int, eta time.Duration) // after each position; nil: none
	Log        *zerolog.Logger
}

// Stability counts how often the budgets' labels agree.
type Stability struct {
	Positions int
	Agree     int               // every budget gives the same label
	ByBucket  map[string][2]int // bucket: agree, positions
	Decided   int               // the last budget's score is a database win or loss or a found win (a database draw scores 0, like an even evaluation)
}

// Labelled reports whether r holds a score for every budget.
func Labelled(r *Record, budgets []uint64) bool {
	if len(r.Scores) != len(budgets) {
		return false
	}
	for i, s := range r.Scores {
		if s.Nodes != budgets[i] {
			return false
		}
	}
	return true
}

// LabelSet searches every record of set not yet labelled at cfg.Budgets
// and labels it. On ctx's end it saves what is done and returns ctx's
// error.
func LabelSet(ctx context.Context, set *Set, cfg LabelConfig) error {
	if len(cfg.Budgets) == 0 || !slices.IsSorted(cfg.Budgets) || cfg.Budgets[0] == 0 {
		return fmt.Errorf("label budgets %v: want one or more, increasing, above 0", cfg.Budgets)
	}
	workers := max(cfg.Workers, 1)
	var todo []int
	for i := range set.Records {
		if !Labelled(&set.Records[i], cfg.Budgets) {
			todo = append(todo, i)
		}
	}
	total, done := len(todo), 0
	if cfg.Log != nil {
		cfg.Log.Info().Int("positions", len(set.Records)).Int("to_search", total).Uints64("budgets", cfg.Budgets).Int("workers", workers).Msg("labelling")
	}
	var mu sync.Mutex
	save := func() error {
		if cfg.Save == nil {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		return cfg.Save(set)
	}
	jobs := make(chan int)
	start := time.Now()
	var wg sync.WaitGroup
	for range workers {
		s, err := cfg.New()
		if err != nil {
			return err
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				mu.Lock()
				pos := set.Records[i].Pos
				have := map[uint64]int{}
				for _, sc := range set.Records[i].Scores {
					if cfg.KeepScores {
						have[sc.Nodes] = sc.Score
					}
				}
				mu.Unlock()
				scores := make([]Score, len(cfg.Budgets))
				for k, n := range cfg.Budgets {
					if v, ok := have[n]; ok { // searched before at this budget, with the same searcher
						scores[k] = Score{Nodes: n, Score: v}
						continue
					}
					s.Clear()
					res := s.Search(ctx, search.Limits{Nodes: n}, pos, nil, nil)
					if ctx.Err() != nil {
						return // a stopped search's score is not a label
					}
					scores[k] = Score{Nodes: n, Score: cfg.men(res.Score)}
				}
				mu.Lock()
				r := &set.Records[i]
				r.Scores = scores
				r.Label = LabelOf(scores[len(scores)-1].Score)
				done++
				d := done
				mu.Unlock()
				if cfg.Progress != nil {
					el := time.Since(start)
					cfg.Progress(d, total, time.Duration(float64(el)/float64(d)*float64(total-d)))
				}
			}
		}()
	}
	lastSave := time.Now()
	var err error
feed:
	for _, i := range todo {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
		if cfg.SaveEvery > 0 && time.Since(lastSave) >= cfg.SaveEvery {
			if err = save(); err != nil {
				break feed
			}
			lastSave = time.Now()
		}
	}
	close(jobs)
	wg.Wait()
	if serr := save(); err == nil {
		err = serr
	}
	if err != nil {
		return err
	}
	return ctx.Err()
}

// MeasureStability counts the agreement of the budgets' labels over the
// labelled records.
func MeasureStability(set *Set) Stability {
	st := Stability{ByBucket: map[string][2]int{}}
	for i := range set.Records {
		r := &set.Records[i]
		if len(r.Scores) == 0 {
			continue
		}
		st.Positions++
		last := r.Scores[len(r.Scores)-1].Score
		if r.Proven() {
			st.Decided++
		}
		agree := true
		for _, s := range r.Scores {
			agree = agree && LabelOf(s.Score) == LabelOf(last)
		}
		b := BucketOf(r.Pieces()).Name
		c := st.ByBucket[b]
		c[1]++
		if agree {
			st.Agree++
			c[0]++
		}
		st.ByBucket[b] = c
	}
	return st
}

// NewRecords makes unlabelled records of candidates.
func NewRecords(cands []Candidate) []Record {
	out := make([]Record, len(cands))
	for i, c := range cands {
		p := board.NewPosition(c.Pos.Black, c.Pos.White, c.Pos.Kings, c.Pos.Side)
		out[i] = Record{Pos: p, Source: c.Source}
	}
	return out
}
