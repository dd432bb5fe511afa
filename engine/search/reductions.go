// reductions.go holds the ways the search spends less on moves and nodes
// that are unlikely to matter, each kept by a match at equal effort with
// the trained network (docs/search-tuning.md, which also records the
// variants and other features that lost their matches and were deleted):
//
//   - Late move reductions, Scan 2.0's rule: quiet moves searched late lose
//     one or two plies, and are searched again in full when they beat
//     alpha.
//   - ProbCut, Scan 2.0's form: a non-PV node whose shallow search beats
//     beta by a margin returns at once; not more than 16 plies from the
//     horizon (kept for the tactics sheet).
//
// Checkers has zugzwang, so there is no null move.
package search

import (
	"fmt"
	"strconv"
	"strings"

	"crown/engine/board"
)

// lmrMinDepth: moves are reduced from this depth on.
const lmrMinDepth = 3

// crowns reports whether m, a move of the node f that led to child, crowns a man.
func crowns(f *frame, m *board.Move, child *board.Position) bool {
	return f.pos.Kings&(1<<m.From) == 0 && child.Kings&(1<<m.To) != 0
}

// reduction returns how many plies to take off the i-th move of a quiet
// node at depth, whose child the move has already made; 0 for none. The
// rule is Scan 2.0's (Fabien Letouzey's draughts engine, whose search is
// public): from depth 3, every quiet move after the first (after the third
// at a PV node) that does not crown loses a ply, and at a non-PV node from
// the seventh move on, two. No exception for killers, threats or offered
// captures: the re-search at full depth when the reduced one beats alpha is
// the safety net.
func reduction(tn *[nTune]int, f *frame, i, depth int, child *board.Position, pvNode bool) int {
	first := tn[tuneLMRFirst]
	if pvNode {
		first = tn[tuneLMRPV]
	}
	if depth < tn[tuneLMRMin] || i < first {
		return 0
	}
	m := &f.moves.Moves[i]
	if crowns(f, m, child) {
		return 0 // a man crowns
	}
	r := 1
	if !pvNode && i >= tn[tuneLMRLate] {
		r = 2
		if i >= tn[tuneLMR3] && depth >= 8 {
			r = 3
		}
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
// (docs/search-tuning.md).
const probCutMaxDepth = 16

// probCut runs the shallow search of the node at ply (before its moves are
// generated: the frame is reused) and reports whether it cuts.
func (t *thread) probCut(ply, depth, beta int) (int, bool) {
	nb := beta + t.pcMargin*depth
	t.inProbCut = true
	v := t.search(ply, max(depth*t.tune[tunePCPct]/100, 1), nb-1, nb, false)
	t.inProbCut = false
	if t.stopped || v < nb {
		return 0, false
	}
	return v - t.pcMargin*depth, true
}

// SetTrial switches the search features named in spec, "+"-separated:
// noreduce, noprobcut, noasp and nosingular switch crown's defaults off (the matches
// that kept them compare against these), pcmargin=N sets ProbCut's margin
// (its tuning by match is still to come); "" changes nothing. It is how
// match specs (crown:search=...), analyze --search and bench --search name
// them.
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
		case "nosingular":
			o.NoSingular = true
		default:
			name, v, _ := strings.Cut(f, "=")
			found := false
			for k, e := range tuneTable {
				if e.name != name {
					continue
				}
				n, err := strconv.Atoi(v)
				if err != nil || n < e.lo || n > e.hi {
					return fmt.Errorf("search feature %q: want %s=N, N from %d to %d", f, name, e.lo, e.hi)
				}
				o.Tune[k] = n
				if k == tunePCMargin {
					o.ProbCutMargin = n
				}
				found = true
			}
			if found {
				continue
			}
			return fmt.Errorf("search feature %q: want noreduce, noprobcut, noasp, nosingular or pcmargin=N", f)
		}
	}
	return nil
}
