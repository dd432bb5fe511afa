// Package tempsearch is a TEMPORARY searcher that lets the crown binary and
// the CheckerBoard library work end to end before engine/search is merged.
// It is a plain material alpha-beta with iterative deepening and forced
// captures searched to the end; it knows nothing of repetition, books or
// databases. Delete it once the adapter over engine/search exists.
package tempsearch

import (
	"context"
	"fmt"
	"math/bits"
	"time"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
)

// maxPly bounds the search stack: the nominal depth plus capture chains.
const maxPly = 96

// kingValue: a king is worth about 1.3 men, the usual rule of thumb in
// checkers literature; good enough for a stand-in.
const kingValue = 130

// Searcher is the temporary material searcher.
type Searcher struct {
	opts protocol.Options
}

// New returns a searcher.
func New() *Searcher { return &Searcher{opts: protocol.DefaultOptions()} }

// Evaluators lists the only evaluator this stand-in has.
func (s *Searcher) Evaluators() []string { return []string{"material"} }

// NewGame does nothing: there is no hash table.
func (s *Searcher) NewGame() {}

// Configure accepts the options; only the evaluator name is checked.
func (s *Searcher) Configure(o protocol.Options) error {
	if o.Evaluator != "" && o.Evaluator != "material" {
		return fmt.Errorf("evaluator %q: the temporary searcher has only material", o.Evaluator)
	}
	s.opts = o
	return nil
}

// worker is the state of one search.
type worker struct {
	ctx     context.Context
	nodes   uint64
	stopped bool
	lists   [maxPly]board.MoveList
	pv      [maxPly][maxPly]board.Move
	pvLen   [maxPly]int
}

// Search implements protocol.Searcher.
func (s *Searcher) Search(ctx context.Context, req protocol.Request, info func(protocol.Info)) protocol.Result {
	root := req.Game.Position()
	w := &worker{ctx: ctx}
	start := time.Now()
	clockOn := req.Mode != protocol.Ponder
	lim := req.Limits
	var res protocol.Result
	legal := root.LegalMoves()
	res.PV = []board.Move{legal[0]}
	maxDepth := maxPly / 2
	if lim.Depth > 0 && !lim.Infinite {
		maxDepth = min(lim.Depth, maxDepth)
	}
	for depth := 1; depth <= maxDepth; depth++ {
		score := w.negamax(&root, depth, 0, -search.Win-1, search.Win+1)
		if w.stopped {
			break
		}
		res.PV = append(res.PV[:0], w.pv[0][:w.pvLen[0]]...)
		res.Score, res.Depth, res.Nodes = score, depth, w.nodes
		info(protocol.Info{Depth: depth, Score: score, Nodes: w.nodes, Time: time.Since(start), PV: res.PV})
		if !clockOn {
			select {
			case <-req.PonderHit:
				clockOn, start = true, time.Now()
			default:
			}
		}
		switch {
		case lim.Infinite:
		case lim.Nodes > 0 && w.nodes >= lim.Nodes:
			return res
		case clockOn && lim.Soft > 0 && time.Since(start) >= lim.Soft:
			return res
		case len(legal) == 1 && req.Mode == protocol.Think:
			return res
		case score >= search.WinLimit || score <= -search.WinLimit:
			if !lim.Infinite && req.Mode != protocol.Ponder {
				return res
			}
		}
	}
	// Depth exhausted: an infinite search waits to be stopped, a pondering
	// one for the stop or the ponder-hit.
	switch {
	case lim.Infinite:
		<-ctx.Done()
	case !clockOn:
		select {
		case <-ctx.Done():
		case <-req.PonderHit:
		}
	}
	return res
}

func (w *worker) negamax(p *board.Position, depth, ply, alpha, beta int) int {
	w.pvLen[ply] = 0
	w.nodes++
	if w.nodes&1023 == 0 {
		select {
		case <-w.ctx.Done():
			w.stopped = true
		default:
		}
	}
	if w.stopped {
		return 0
	}
	l := &w.lists[ply]
	p.Generate(l)
	if l.N == 0 {
		return -(search.Win - ply)
	}
	if (depth <= 0 && !l.Moves[0].IsCapture()) || ply >= maxPly-1 {
		return material(p)
	}
	for i := range l.N {
		m := &l.Moves[i]
		child := *p
		child.Apply(m)
		score := -w.negamax(&child, depth-1, ply+1, -beta, -alpha)
		if w.stopped {
			return 0
		}
		if score > alpha {
			alpha = score
			w.pv[ply][0] = *m
			n := copy(w.pv[ply][1:], w.pv[ply+1][:w.pvLen[ply+1]])
			w.pvLen[ply] = n + 1
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// material is the side to move's material balance.
func material(p *board.Position) int {
	us, them := p.Side, p.Side.Other()
	return search.ManValue*(bits.OnesCount32(p.Men(us))-bits.OnesCount32(p.Men(them))) +
		kingValue*(bits.OnesCount32(p.KingsOf(us))-bits.OnesCount32(p.KingsOf(them)))
}
