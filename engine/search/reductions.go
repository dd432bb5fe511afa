// reductions.go holds the ways the search may spend less on moves and
// nodes that are unlikely to matter, all off unless Options ask for them
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
//   - Scan's late move reductions (lmr2) and ProbCut: the rules of Scan
//     2.0, the strongest open draughts engine, tried here for checkers.
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
func (t *thread) reduction(f *frame, i, depth int, child *board.Position, threat, pvNode bool) int {
	if t.lmr2 {
		return reductionScan(f, i, depth, child, pvNode)
	}
	if !t.lmr || depth < lmrMinDepth || i < lmrMinMove || threat || f.order[i] >= orderKiller1 || child.HasCapture() {
		return 0
	}
	r := 1
	if i >= 8 && depth >= 6 && f.order[i] <= 0 {
		r = 2
	}
	return min(r, depth-2)
}

// reductionScan is the rule of Scan 2.0 (Fabien Letouzey's draughts
// engine, whose search is public): from depth 3, every quiet move after
// the first (after the third at a PV node) that does not crown loses a
// ply, and at a non-PV node from the seventh move on, two. No exception for
// killers, threats or offered captures: the re-search at full depth when
// the reduced one beats alpha is the safety net.
func reductionScan(f *frame, i, depth int, child *board.Position, pvNode bool) int {
	first := 1
	if pvNode {
		first = 3
	}
	if depth < lmrMinDepth || i < first {
		return 0
	}
	m := &f.moves.Moves[i]
	if f.pos.Kings&(1<<m.From) == 0 && child.Kings&(1<<m.To) != 0 {
		return 0 // a man crowns
	}
	r := 1
	if !pvNode && i >= 6 {
		r = 2
	}
	return min(r, depth-2)
}

// ProbCut (Scan 2.0's form): at a non-PV node of depth >= probCutMinDepth,
// a search of probCutDepth(depth) plies against beta + margin·depth that
// still fails high is taken as proof that the full search would: the node
// returns that score less the margin (fail-soft). The shallow search itself
// and everything below it run without ProbCut. The margin per ply is
// Scan's (5 centi-men); unmeasured for crown until its match.
const (
	probCutMinDepth = 3
	probCutMargin   = 5
)

// probCutDepth is 40 % of depth (Scan's ratio), at least 1.
func probCutDepth(depth int) int { return max(depth*40/100, 1) }

// probCut runs the shallow search of the node at ply (before its moves are
// generated: the frame is reused) and reports whether it cuts.
func (t *thread) probCut(ply, depth, beta int) (int, bool) {
	nb := beta + probCutMargin*depth
	t.inProbCut = true
	v := t.search(ply, probCutDepth(depth), nb-1, nb, false)
	t.inProbCut = false
	if t.stopped || v < nb {
		return 0, false
	}
	return v - probCutMargin*depth, true
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
// (lmr, lmr2, futility, probcut, noasp); "" switches nothing. It is how match specs
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
		case "lmr2":
			o.LMR2 = true
		case "probcut":
			o.ProbCut = true
		default:
			return fmt.Errorf("search feature %q: want lmr, lmr2, futility, probcut or noasp", f)
		}
	}
	return nil
}
