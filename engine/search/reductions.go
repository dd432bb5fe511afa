// reductions.go holds the two ways the search may spend less on moves and
// nodes that are unlikely to matter, both off unless Options ask for them
// (they are on trial: docs/search-tuning.md keeps a feature only when a
// match at equal time says it helps, and with a trained evaluator, not
// with piece counting).
//
//   - Late move reductions: at a quiet node (no capture pending) not under
//     a capture threat, a quiet move searched late, not the hash move or a
//     killer, that offers no capture, is searched one ply shallower (two
//     when very late with no history), and again at full depth if it
//     beats alpha.
//   - Evaluator-margin pruning: at a non-PV quiet node one or two plies
//     from the horizon whose static score is beyond the window by a margin
//     (a man a ply), the node returns that score. Checkers has zugzwang, so
//     there is no null move; this relies on the evaluator alone.
package search

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// lmrMinDepth and lmrMinMove: reduce from this depth and move index (the
// first moves are the hash move and killers, searched in full).
const (
	lmrMinDepth = 3
	lmrMinMove  = 3
)

// futilityMargin is the margin per remaining ply, a man.
const futilityMargin = ManValue

// threatened reports whether the opponent of p's side to move would have
// a capture if it were its turn: moves then may be answers to a threat.
func threatened(p *board.Position) bool {
	q := *p
	q.Side = q.Side.Other()
	return q.HasCapture()
}

// reduction returns how many plies to take off the i-th move of a quiet
// node at depth, whose child the move has already made; 0 for none.
func (t *thread) reduction(f *frame, i, depth int, child *board.Position, threat bool) int {
	if !t.lmr || depth < lmrMinDepth || i < lmrMinMove || threat || f.order[i] >= orderKiller1 || child.HasCapture() {
		return 0
	}
	r := 1
	if i >= 8 && depth >= 6 && f.order[i] <= 0 {
		r = 2
	}
	return min(r, depth-2)
}

// prune returns the static score of a non-PV quiet node near the horizon
// when it lies beyond the window by the margin, and whether it does.
func (t *thread) prune(p *board.Position, depth, alpha, beta int) (int, bool) {
	if !t.futility || depth > 2 || abs(beta) >= EvalLimit || abs(alpha) >= EvalLimit {
		return 0, false
	}
	e := clampEval(t.eval.Evaluate(p))
	m := futilityMargin * depth
	if e-m >= beta || e+m <= alpha {
		return e, true
	}
	return 0, false
}

// SetTrial switches on the search features named in spec, "+"-separated
// (lmr, futility, noasp); "" switches nothing. It is how match specs
// (crown:search=...), analyze --search and bench --search name them.
func (o *Options) SetTrial(spec string) error {
	if spec == "" {
		return nil
	}
	for _, f := range strings.Split(spec, "+") {
		switch f {
		case "lmr":
			o.LMR = true
		case "futility":
			o.Futility = true
		case "noasp":
			o.NoAspiration = true
		default:
			return fmt.Errorf("search feature %q: want lmr, futility or noasp", f)
		}
	}
	return nil
}
