// seed.go implements the seeds' evolution search (Chellapilla & Fogel 1999
// and 2001): plain fail-soft alpha-beta to a fixed depth d, moves in
// generation order, no table, no draw detection in the tree, with their
// forced-move extension:
//
//   - A node is forced when its side to move must capture or has a single
//     legal move (the papers' "(f)" moves: mandatory jumps or occasions where
//     only one move is available).
//   - A branch whose path holds f forced nodes, this node included, is
//     searched to d plus the smallest even number >= f; forced nodes met in
//     the extension extend it again the same way.
//   - A node at the horizon whose side to move must capture (the "active"
//     state) extends the branch by two more plies, again whenever it recurs,
//     so a position with a capture pending is never evaluated statically.
//
// Counting the node's own forcedness is our reading of "the number of forced
// moves that occurred along that branch": the forced move at the horizon is
// played. The search is deterministic and allocates nothing once its stack
// has grown to the deepest branch; use one Seed per goroutine.
package search

import "crown/engine/board"

// Seed is a reusable seed-mode searcher for one goroutine.
type Seed struct {
	eval   Evaluator
	inc    Incremental
	depth  int
	frames []*seedFrame // pointers, so growing the stack never moves a frame in use
	nodes  uint64

	poll     func() bool // optional: returns true to stop; called every pollInterval nodes
	nextPoll uint64
	stopped  bool
}

type seedFrame struct {
	pos   board.Position
	moves board.MoveList
}

// NewSeed returns a seed-mode searcher using e.
func NewSeed(e Evaluator) *Seed {
	s := &Seed{eval: e}
	s.grow(32)
	s.inc, _ = e.(Incremental)
	return s
}

// Nodes returns the nodes (moves applied) of the last search.
func (s *Seed) Nodes() uint64 { return s.nodes }

// Search searches p to nominal depth (the seeds' evolution used 4) and
// returns the best move (the first in generation order among equals) and
// its score from the side to move's view. ok is false when p has no legal
// move (score is then a loss).
func (s *Seed) Search(p *board.Position, depth int) (best board.Move, score int, ok bool) {
	s.nodes = 0
	s.nextPoll = pollInterval
	s.stopped = false
	s.depth = max(depth, 1)
	if s.inc != nil {
		s.inc.Reset(p)
	}
	root := s.frames[0]
	root.pos = *p
	root.pos.Generate(&root.moves)
	n := root.moves.N
	if n == 0 {
		return board.Move{}, -Win, false
	}
	fc := 0
	if n == 1 || root.moves.Moves[0].Jumps != 0 {
		fc = 1
	}
	alpha, beta := -Win, Win
	score = -Win - 1
	for i := range n {
		m := &root.moves.Moves[i]
		s.play(0, m)
		v := -s.node(1, fc, 0, -beta, -alpha)
		s.unplay()
		if s.stopped {
			break
		}
		if v > score {
			score, best = v, *m
			alpha = max(alpha, v)
		}
	}
	return best, score, score > -Win-1
}

func (s *Seed) play(ply int, m *board.Move) {
	if ply+1 >= len(s.frames) {
		s.grow(2 * len(s.frames))
	}
	f := s.frames[ply]
	c := s.frames[ply+1]
	c.pos = f.pos
	c.pos.Apply(m)
	s.nodes++
	if s.inc != nil {
		s.inc.Push(&f.pos, *m)
	}
}

func (s *Seed) grow(n int) {
	for len(s.frames) < n {
		s.frames = append(s.frames, new(seedFrame))
	}
}

func (s *Seed) unplay() {
	if s.inc != nil {
		s.inc.Pop()
	}
}

// node searches the position at ply; forced is the number of forced nodes
// above it on the path and extra the plies added by the active-state rule.
func (s *Seed) node(ply, forced, extra, alpha, beta int) int {
	if s.poll != nil && s.nodes >= s.nextPoll {
		s.nextPoll = s.nodes + pollInterval
		if s.poll() {
			s.stopped = true
		}
	}
	if s.stopped {
		return 0
	}
	f := s.frames[ply]
	p := &f.pos
	capture := p.HasCapture()
	// Leaf test first, without generating: only a forced node can extend.
	if ply >= s.depth+(forced+1)&^1+extra && !capture {
		n := p.CountMoves()
		if n == 0 {
			return -(Win - ply)
		}
		if n > 1 || ply >= s.depth+(forced+2)&^1+extra {
			return min(max(s.eval.Evaluate(p), -EvalLimit+1), EvalLimit-1)
		}
	}
	p.Generate(&f.moves)
	n := f.moves.N
	if n == 0 {
		return -(Win - ply)
	}
	fc := forced
	if capture || n == 1 {
		fc++
	}
	if ply >= s.depth+(fc+1)&^1+extra {
		extra += 2 // only reached with a capture pending: the active-state rule
	}
	best := -Win - 1
	for i := range n {
		m := &f.moves.Moves[i]
		s.play(ply, m)
		v := -s.node(ply+1, fc, extra, -beta, -alpha)
		s.unplay()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				if v >= beta {
					return v
				}
				alpha = v
			}
		}
	}
	return best
}
