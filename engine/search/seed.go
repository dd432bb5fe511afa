// seed.go implements the seeds' evolution search (Chellapilla & Fogel 1999
// and 2001): fail-soft alpha-beta (null windows after the first move
// below the root) to a fixed depth d, no draw
// detection in the tree, with their
// forced-move extension:
//
//   - A node is forced when its side to move has a single legal move (in
//     checkers mostly a forced jump): 1999 extends "when forced moves were
//     involved ... because in these situations the player has no real
//     decision to make", 2001 "any time a forced jump move was encountered
//     because in these situations no real decision is available".
//   - A branch whose path holds f forced nodes, this node included, is
//     searched to d plus the smallest even number >= f; forced nodes met in
//     the extension extend it again the same way.
//   - A node at the horizon whose side to move must capture (the "active"
//     state, where the capture is still a choice) extends the branch by two
//     more plies, again whenever it recurs, so a position with a capture
//     pending is never evaluated statically.
//
// Counting the node's own forcedness is our reading of "the number of forced
// moves that occurred along that branch": the forced move at the horizon is
// played. Counting every capture position as forced (the papers' "(f)"
// annotation also marks jumps with a choice) was tried first and made depth 4
// search 513,049 nodes from the start position instead of about 1,500 to
// 5,000: far from the few thousand evaluations per move the 1999 run could
// afford.
//
// Root moves are searched in generation order and the first best one is
// played, so the move and value are those of plain minimax. Below the root,
// moves (captures too) are ordered by a transposition table's move (at nodes
// without a capture pending), killers and a history table: the value is unchanged (alpha-beta's value does not
// depend on the order, and the table (seedtt.go) stores only true bounds),
// so the move and score stay a pure function of the position, with far
// fewer nodes (measured: see BenchmarkSeedDepth4 and docs/search-tuning.md).
// It allocates nothing once its stack has grown to the deepest branch; use
// one Seed per goroutine.
package search

import "crown/engine/board"

// Seed is a reusable seed-mode searcher for one goroutine.
type Seed struct {
	eval    Evaluator
	inc     Incremental
	bounded Bounded
	depth   int
	frames  []*seedFrame // pointers, so growing the stack never moves a frame in use
	nodes   uint64

	history [2][1024]int32
	tt      *seedTT
	root    board.Color

	poll     func() bool // optional: returns true to stop; called every pollInterval nodes
	nextPoll uint64
	stopped  bool
}

type seedFrame struct {
	pos     board.Position
	moves   board.MoveList
	order   [board.MaxMoves]int32
	killers [2]uint32
}

// NewSeed returns a seed-mode searcher using e.
func NewSeed(e Evaluator) *Seed {
	s := &Seed{eval: e, tt: newSeedTT()}
	s.grow(32)
	s.inc, _ = e.(Incremental)
	s.bounded, _ = e.(Bounded)
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
	s.history = [2][1024]int32{}
	for _, f := range s.frames {
		f.killers = [2]uint32{}
	}
	if s.inc != nil {
		s.inc.Reset(p)
	}
	s.root = p.Side
	root := s.frames[0]
	root.pos = *p
	root.pos.Generate(&root.moves)
	n := root.moves.N
	if n == 0 {
		return board.Move{}, -Win, false
	}
	fc := 0
	if n == 1 {
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
		s.inc.Push(&f.pos, *m, &c.pos)
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
			return s.leaf(p, alpha, beta)
		}
	}
	// The table serves quiet nodes only. Measured over six games of the
	// committed generation-112 population: capture nodes made 53% of the
	// probes but 15% of the hits (a capture position rarely recurs at the
	// same horizon), and every probe is a likely cache miss; leaving them
	// out cut the probes by half and the nodes by 1.6% (less pollution).
	useTT := !capture
	var key uint64
	ttMove := -1
	if useTT {
		key = seedKey(p, s.depth+(forced+1)&^1+extra-ply, forced&1, s.root)
		if v, bound, mv, ok := s.tt.probe(key, ply); ok {
			if bound == seedExact || bound == seedLower && v >= beta || bound == seedUpper && v <= alpha {
				return v
			}
			ttMove = mv
		}
	}
	p.Generate(&f.moves)
	n := f.moves.N
	if n == 0 {
		return -(Win - ply)
	}
	fc := forced
	if n == 1 {
		fc++
	}
	if ply >= s.depth+(fc+1)&^1+extra {
		extra += 2 // only reached with a capture pending: the active-state rule
	}
	quiet := n > 1
	if quiet {
		s.orderQuiet(f, ttMove)
	}
	if quiet && ply+1 < s.depth+(fc+1)&^1+extra {
		s.prefetchChildren(f, ply+1, fc, extra)
	}
	alpha0, bestKey := alpha, 0
	best := -Win - 1
	for i := range n {
		if quiet {
			pickSeed(f, i, n)
		}
		m := &f.moves.Moves[i]
		s.play(ply, m)
		v := s.child(ply, i, fc, extra, alpha, beta)
		s.unplay()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestKey = v, quietKey(m)
			if v > alpha {
				if v >= beta {
					if quiet {
						h := s.depth + (fc+1)&^1 + extra - ply
						s.cutoff(f, m, int32(h*h))
					}
					if useTT {
						s.tt.store(key, ply, v, seedLower, bestKey)
					}
					return v
				}
				alpha = v
			}
		}
	}
	bound := seedExact
	if best <= alpha0 {
		bound = seedUpper
	}
	if useTT {
		s.tt.store(key, ply, best, bound, bestKey)
	}
	return best
}

// leaf returns the static value of p, or a bound of it that already fails
// low (at most alpha) or high (at least beta) when the evaluator has cheap
// bounds. Fail-soft alpha-beta needs no more from a leaf outside its window,
// so the search's value and moves stay those of the exact evaluation.
// Measured with the network over six games of the committed population:
// 86% of the leaves (4.04 M of 4.72 M) were decided by the piece term
// alone; the same moves in 15 further games.
func (s *Seed) leaf(p *board.Position, alpha, beta int) int {
	if v, ok := boundOutside(s.bounded, p, alpha, beta); ok {
		return v
	}
	return clampEval(s.eval.Evaluate(p))
}

// child searches the child just played at ply, the i-th move of its node:
// the first with the full window, later ones with a null window (principal
// variation search), again with the full window only if that fails high
// inside it. Alpha-beta's value does not depend on the windows tried, so
// the node's value, the table's bounds and every move played stay those of
// plain alpha-beta. Measured over six games of the committed generation-112
// population: nodes 13.25 M -> 11.27 M, evaluations 5.48 M -> 4.61 M; the
// same moves in 15 further games. At the root it saved 0.2% of the nodes
// and cost 0.2% more evaluations, so the root keeps the full window.
func (s *Seed) child(ply, i, forced, extra, alpha, beta int) int {
	if i == 0 || beta == alpha+1 {
		return -s.node(ply+1, forced, extra, -beta, -alpha)
	}
	v := -s.node(ply+1, forced, extra, -alpha-1, -alpha)
	if v > alpha && v < beta && !s.stopped {
		v = -s.node(ply+1, forced, extra, -beta, -alpha)
	}
	return v
}

// orderQuiet scores the quiet moves of f: killers first, then history.
func (s *Seed) orderQuiet(f *seedFrame, ttMove int) {
	hist := &s.history[f.pos.Side&1]
	for i := range f.moves.N {
		m := &f.moves.Moves[i]
		key := quietKey(m)
		if key == ttMove {
			f.order[i] = orderKiller0 + 1
			continue
		}
		switch uint32(key) | killerValid {
		case f.killers[0]:
			f.order[i] = orderKiller0
		case f.killers[1]:
			f.order[i] = orderKiller1
		default:
			f.order[i] = hist[key]
		}
	}
}

// cutoff records a quiet move that refuted the node.
// The history bonus is the square of the plies left below the node: a
// refutation high in the tree counts for more. Measured over six games of
// the committed population: 1.4% fewer nodes and 1.3% fewer evaluations
// than a bonus of 1 (and the same as 4^plies).
func (s *Seed) cutoff(f *seedFrame, m *board.Move, bonus int32) {
	key := quietKey(m)
	if k := uint32(key) | killerValid; f.killers[0] != k {
		f.killers[1], f.killers[0] = f.killers[0], k
	}
	h := &s.history[f.pos.Side&1][key]
	if *h < historyMax {
		*h += bonus
	}
}

// pickSeed moves the best-scored of moves[i:n] to i; ties keep generation
// order.
func pickSeed(f *seedFrame, i, n int) {
	best := i
	for j := i + 1; j < n; j++ {
		if f.order[j] > f.order[best] {
			best = j
		}
	}
	if best != i {
		f.moves.Moves[i], f.moves.Moves[best] = f.moves.Moves[best], f.moves.Moves[i]
		f.order[i], f.order[best] = f.order[best], f.order[i]
	}
}

// prefetchChildren starts loading the table entries of f's children, which
// are above the horizon and so will probe the table unless a capture is
// pending there. Measured on the evolution's games: the probes fell from
// 9-11% to 6-7% of the profile, for 1% spent here.
func (s *Seed) prefetchChildren(f *seedFrame, ply, forced, extra int) {
	h := s.depth + (forced+1)&^1 + extra - ply
	for i := range f.moves.N {
		c := f.pos
		c.Apply(&f.moves.Moves[i])
		s.tt.prefetch(seedKey(&c, h, forced&1, s.root))
	}
}
