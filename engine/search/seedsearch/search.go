// Package seedsearch is the seeds' search, apart from crown's own
// (engine/search): the fixed-depth alpha-beta of the papers the project
// started from, which the evolution, the heuristics' tournaments and the
// seeds' experiments play with. crown's Searcher runs it under its limits
// when Options.FixedDepth is NewFixedDepth (engine/search/fixeddepth.go).
//
// search.go implements the seeds' evolution search (Chellapilla & Fogel 1999
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
// depend on the order, and the table (tt.go) stores only true bounds),
// so the move and score stay a pure function of the position, with far
// fewer nodes (measured: see BenchmarkSeedDepth4 and docs/search-tuning.md).
// It allocates nothing once its stack has grown to the deepest branch; use
// one Searcher per goroutine.
package seedsearch

import (
	"crown/engine/board"
	"crown/engine/search"
)

// Searcher is a reusable seed searcher for one goroutine.
type Searcher struct {
	eval    search.Evaluator
	inc     search.Incremental
	bounded search.Bounded
	depth   int
	frames  []*frame // pointers, so growing the stack never moves a frame in use
	nodes   uint64

	history [2][1024]int32
	tt      *table
	root    board.Color

	stop     func() bool // optional: returns true to stop; called every pollInterval nodes
	nextPoll uint64
	stopped  bool
}

// pollInterval is how many nodes pass between calls of the stop function.
const pollInterval = 1024

// Move ordering bands: the table's move, the two killers, then history
// scores, which stay below historyMax.
const (
	orderTable   = 1<<29 + 1
	orderKiller0 = 1 << 29
	orderKiller1 = 1<<29 - 1
	historyMax   = 1 << 28
)

// killerValid marks a stored killer (quietKey | killerValid).
const killerValid = 1 << 10

// quietKey indexes the history table: from<<5|to of a move.
func quietKey(m *board.Move) int { return int(m.From)<<5 | int(m.To) }

type frame struct {
	pos     board.Position
	moves   board.MoveList
	order   [board.MaxMoves]int32
	killers [2]uint32
}

// New returns a seed searcher using e.
func New(e search.Evaluator) *Searcher {
	s := &Searcher{eval: e, tt: newTable()}
	s.grow(32)
	s.inc, _ = e.(search.Incremental)
	s.bounded, _ = e.(search.Bounded)
	return s
}

// NewFixedDepth makes a seed searcher as crown's Searcher wants it
// (search.Options.FixedDepth).
func NewFixedDepth(e search.Evaluator) search.FixedDepth { return New(e) }

// Nodes returns the nodes (moves applied) of the search in progress or
// the last one.
func (s *Searcher) Nodes() uint64 { return s.nodes }

// Clear forgets the table (a new game, or another evaluator's bounds).
func (s *Searcher) Clear() { s.tt.clear() }

// Search searches p to nominal depth (the seeds' evolution used 4) and
// returns the best move (the first in generation order among equals) and
// its score from the side to move's view. ok is false when p has no legal
// move (score is then a loss).
func (s *Searcher) Search(p *board.Position, depth int) (best board.Move, score int, ok bool) {
	best, score, ok, _ = s.SearchDepth(p, depth, nil)
	return best, score, ok
}

// SearchDepth is Search with a stop function (nil: none), called every
// pollInterval nodes: when it returns true the search ends at once and
// stopped is true; best and score are then those of the root moves
// searched, and ok is false when none was.
func (s *Searcher) SearchDepth(p *board.Position, depth int, stop func() bool) (best board.Move, score int, ok, stopped bool) {
	s.stop = stop
	defer func() { s.stop = nil }()
	best, score, ok = s.search(p, depth)
	return best, score, ok, s.stopped
}

func (s *Searcher) search(p *board.Position, depth int) (best board.Move, score int, ok bool) {
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
		return board.Move{}, -search.Win, false
	}
	fc := 0
	if n == 1 {
		fc = 1
	}
	alpha, beta := -search.Win, search.Win
	score = -search.Win - 1
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
	return best, score, score > -search.Win-1
}

func (s *Searcher) play(ply int, m *board.Move) {
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

func (s *Searcher) grow(n int) {
	for len(s.frames) < n {
		s.frames = append(s.frames, new(frame))
	}
}

func (s *Searcher) unplay() {
	if s.inc != nil {
		s.inc.Pop()
	}
}

// node searches the position at ply; forced is the number of forced nodes
// above it on the path and extra the plies added by the active-state rule.
func (s *Searcher) node(ply, forced, extra, alpha, beta int) int {
	if s.stop != nil && s.nodes >= s.nextPoll {
		s.nextPoll = s.nodes + pollInterval
		if s.stop() {
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
			return -(search.Win - ply)
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
		key = tableKey(p, s.depth+(forced+1)&^1+extra-ply, forced&1, s.root)
		if v, bound, mv, ok := s.tt.probe(key, ply); ok {
			if bound == boundExact || bound == boundLower && v >= beta || bound == boundUpper && v <= alpha {
				return v
			}
			ttMove = mv
		}
	}
	p.Generate(&f.moves)
	n := f.moves.N
	if n == 0 {
		return -(search.Win - ply)
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
	best := -search.Win - 1
	for i := range n {
		if quiet {
			pick(f, i, n)
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
						s.tt.store(key, ply, v, boundLower, bestKey)
					}
					return v
				}
				alpha = v
			}
		}
	}
	bound := boundExact
	if best <= alpha0 {
		bound = boundUpper
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
func (s *Searcher) leaf(p *board.Position, alpha, beta int) int {
	if v, ok := search.BoundOutside(s.bounded, p, alpha, beta); ok {
		return v
	}
	return search.ClampEval(s.eval.Evaluate(p))
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
func (s *Searcher) child(ply, i, forced, extra, alpha, beta int) int {
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
func (s *Searcher) orderQuiet(f *frame, ttMove int) {
	hist := &s.history[f.pos.Side&1]
	for i := range f.moves.N {
		m := &f.moves.Moves[i]
		key := quietKey(m)
		if key == ttMove {
			f.order[i] = orderTable
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
func (s *Searcher) cutoff(f *frame, m *board.Move, bonus int32) {
	key := quietKey(m)
	if k := uint32(key) | killerValid; f.killers[0] != k {
		f.killers[1], f.killers[0] = f.killers[0], k
	}
	h := &s.history[f.pos.Side&1][key]
	if *h < historyMax {
		*h += bonus
	}
}

// pick moves the best-scored of moves[i:n] to i; ties keep generation
// order.
func pick(f *frame, i, n int) {
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
func (s *Searcher) prefetchChildren(f *frame, ply, forced, extra int) {
	h := s.depth + (forced+1)&^1 + extra - ply
	for i := range f.moves.N {
		c := f.pos
		c.Apply(&f.moves.Moves[i])
		s.tt.prefetch(tableKey(&c, h, forced&1, s.root))
	}
}
