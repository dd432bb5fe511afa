// reductions.go holds the ways the search spends less on moves and nodes
// that are unlikely to matter. Each was kept or dropped by a match at equal
// effort with the trained network (docs/search-tuning.md).
//
//   - Late move reductions, Scan 2.0's rule (kept): quiet moves searched
//     late lose one or two plies, and are searched again in full when they
//     beat alpha.
//   - ProbCut, Scan 2.0's form (kept): a non-PV node whose shallow search
//     beats beta by a margin returns at once; not more than 16 plies from
//     the horizon (kept for the tactics sheet).
//   - Evaluator-margin pruning (on trial, off): at a non-PV quiet node one
//     or two plies from the horizon whose static score is beyond the window
//     by a man a ply, the node returns that score. Checkers has zugzwang, so
//     there is no null move; this relies on the evaluator alone.
package search

import (
	"fmt"
	"strconv"
	"strings"

	"crown/engine/board"
)

// lmrMinDepth: moves are reduced from this depth on.
const lmrMinDepth = 3

// iirMinDepth: with Options.IIR, a node of this depth or more without a
// table move loses a ply (a common floor in chess engines; not tuned).
const iirMinDepth = 4

// crowns reports whether m, a move of the node f that led to child, crowns a man.
func crowns(f *frame, m *board.Move, child *board.Position) bool {
	return f.pos.Kings&(1<<m.From) == 0 && child.Kings&(1<<m.To) != 0
}

// threatened reports whether the opponent of the side to move in p would
// have a capture if it were its turn.
func threatened(p *board.Position) bool {
	q := *p
	q.Side = q.Side.Other()
	return q.HasCapture()
}

// futilityMargin is the margin per remaining ply, a man.
const futilityMargin = ManValue

// reduction returns how many plies to take off the i-th move of a quiet
// node at depth, whose child the move has already made; 0 for none. The
// rule is Scan 2.0's (Fabien Letouzey's draughts engine, whose search is
// public): from depth 3, every quiet move after the first (after the third
// at a PV node) that does not crown loses a ply, and at a non-PV node from
// the seventh move on, two. No exception for killers, threats or offered
// captures: the re-search at full depth when the reduced one beats alpha is
// the safety net.
func reduction(f *frame, i, depth int, child *board.Position, pvNode bool) int {
	first := 1
	if pvNode {
		first = 3
	}
	if depth < lmrMinDepth || i < first {
		return 0
	}
	m := &f.moves.Moves[i]
	if crowns(f, m, child) {
		return 0 // a man crowns
	}
	r := 1
	if !pvNode && i >= 6 {
		r = 2
	}
	return min(r, depth-2)
}

// ProbCut (Scan 2.0's form): at a non-PV node of depth >= probCutMinDepth,
// a search of 40 % of depth (at least 1 ply) against beta + margin·depth that
// still fails high is taken as proof that the full search would: the node
// returns that score less the margin (fail-soft). The shallow search itself
// and everything below it run without ProbCut. The margin per ply and the
// depth ratio are Scan's (5 centi-men, 40 %), kept with the reductions by
// a 400-game match (+117 Elo [+94, +141], docs/search-tuning.md); not tuned
// for crown yet.
const (
	probCutMinDepth = 3
	probCutMargin   = 5
	probCutPercent  = 40
)

// probCutMaxDepth: no ProbCut at a node more than this many plies from the
// horizon. Such nodes are the few next to the root of a deep search, where
// a 40 % search cannot see a sacrifice's return: with generation 3 at 40 M
// nodes a position, caps of 8, 10, 12, 16 and 20 each solve 11 of the 16
// problems of the tactics sheet, no cap 7; the depth-18 tree of the start
// position is the same size with a cap of 16 (2,549,513 nodes against
// 2,550,955). Against no cap at 0.1 s a move, 400 games: +11 [-4, +27]
// (docs/search-tuning.md). pcmax=N of SetTrial sets it; pcmax=100 is no cap.
const probCutMaxDepth = 16

// probCut runs the shallow search of the node at ply (before its moves are
// generated: the frame is reused) and reports whether it cuts.
func (t *thread) probCut(ply, depth, beta int) (int, bool) {
	nb := beta + t.pcMargin*depth
	t.inProbCut = true
	v := t.search(ply, max(depth*t.pcPercent/100, 1), nb-1, nb, false)
	t.inProbCut = false
	if t.stopped || v < nb {
		return 0, false
	}
	return v - t.pcMargin*depth, true
}

// probCutAllowed applies the trial exemptions (Options.ProbCutThreat,
// ProbCutFlux, ProbCutQuiet) to the node at ply.
func (t *thread) probCutAllowed(ply int) bool {
	p := &t.stack[ply].pos
	if t.pcQuiet && p.HasCapture() {
		return false // a capture is pending
	}
	if t.pcFlux && ply > 0 && t.stack[ply-1].pos.Total() != p.Total() {
		return false // the move into this node captured
	}
	if t.pcThreat && threatened(p) {
		return false // the opponent threatens a capture
	}
	return true
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

// SetTrial switches the search features named in spec, "+"-separated:
// noreduce, noprobcut and noasp switch crown's defaults off; futility,
// the ProbCut variants (pc...), counter, malus, iir, crownext and threatext switch
// features on trial on; "" changes nothing. It is how match specs
// (crown:search=...), analyze --search and bench --search name them.
func (o *Options) SetTrial(spec string) error {
	if spec == "" {
		return nil
	}
	for _, f := range strings.Split(spec, "+") {
		switch f {
		case "noreduce":
			o.NoReductions = true
		case "noprobcut":
			o.NoProbCut = true
		case "noasp":
			o.NoAspiration = true
		case "futility":
			o.Futility = true
		case "pcthreat":
			o.ProbCutThreat = true
		case "pcflux":
			o.ProbCutFlux = true
		case "pcquiet":
			o.ProbCutQuiet = true
		case "counter":
			o.CounterMoves = true
		case "malus":
			o.HistoryMalus = true
		case "iir":
			o.IIR = true
		case "crownext":
			o.CrownExtension = true
		case "threatext":
			o.ThreatExtension = true
		default:
			if v, ok := strings.CutPrefix(f, "pcmargin="); ok {
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 || n > 100 {
					return fmt.Errorf("search feature %q: want pcmargin=N, N from 1 to 100 (centi-men a ply)", f)
				}
				o.ProbCutMargin = n
				continue
			}
			if v, ok := strings.CutPrefix(f, "pcmax="); ok {
				n, err := strconv.Atoi(v)
				if err != nil || n < probCutMinDepth || n > MaxDepth {
					return fmt.Errorf("search feature %q: want pcmax=N, N from %d to %d (plies from the horizon)", f, probCutMinDepth, MaxDepth)
				}
				o.ProbCutMaxDepth = n
				continue
			}
			if v, ok := strings.CutPrefix(f, "pcdepth="); ok {
				n, err := strconv.Atoi(v)
				if err != nil || n < 10 || n > 90 {
					return fmt.Errorf("search feature %q: want pcdepth=N, N from 10 to 90 (percent of the depth)", f)
				}
				o.ProbCutPercent = n
				continue
			}
			return fmt.Errorf("search feature %q: want noreduce, noprobcut, noasp, futility, pcthreat, pcflux, pcquiet, counter, malus, iir, crownext, threatext, pcmargin=N, pcdepth=N or pcmax=N", f)
		}
	}
	return nil
}
