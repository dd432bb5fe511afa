// grow.go grows the book by drop-out expansion (Lincke 2001). The book is a
// tree of positions; an expanded position has a scored entry for every legal
// move, each score the negamax value of the move (a deep search at the leaves,
// propagated through expanded children). Each round picks the leaves with the
// lowest expansion priority — the depth times a weight plus the value each side
// gives up along the path by not playing its best move — and expands them by
// searching all their moves. Good lines grow deep, dubious ones stay short.
//
// The book file is the whole state: the builder saves it after every round and
// a restart continues from it.
package book

import (
	"container/heap"
	"context"
	"sync"

	"crown/engine/board"
)

// Scorer scores a position by search, from the side to move's point of view.
// It stops when ctx is done and then reports ok false: the score is not
// final and Grow does not keep it. (A Scorer without the context held an
// interrupted build until its searches finished: at a high depth, never.)
type Scorer interface {
	Score(ctx context.Context, p *board.Position) (score int, ok bool)
}

// GrowOptions configure Grow.
type GrowOptions struct {
	NewScorer   func() Scorer // one scorer per worker
	Threads     int           // workers; searches of one round run in parallel
	Batch       int           // leaves expanded per round
	DepthWeight int           // priority cost of one ply, in score units
	MaxPly      int           // leaves deeper than this are not expanded; 0 = no limit
	MaxRounds   int           // 0 = until ctx is done
	Progress    func(GrowStatus)
	Save        func(*Book) error // called after every round
}

// GrowStatus reports progress after a round.
type GrowStatus struct {
	Round, Expanded, Searched int
	Positions, Entries        int
	Leaves                    int
	NextPriority              int
	RootScore                 int
}

// expanded reports whether every legal move of p has a scored entry.
func (b *Book) expanded(p *board.Position) ([]Move, bool) {
	moves := b.Lookup(p)
	legal := p.LegalMoves()
	if len(moves) == 0 || len(legal) == 0 {
		return moves, false
	}
	for _, m := range moves {
		if m.Entry.Score == NoScore {
			return moves, false
		}
	}
	// Duplicate capture paths share an entry: count distinct successors.
	var distinct int
	for i, m := range legal {
		dup := false
		for _, o := range legal[:i] {
			dup = dup || o.SamePosition(m)
		}
		if !dup {
			distinct++
		}
	}
	return moves, len(moves) >= distinct
}

type leaf struct {
	pos      board.Position
	priority int
	ply      int
}

// propagate recomputes the value of every expanded position from the root,
// writes each expanded child's value into its parent's entry, and returns the
// root value and the unexpanded leaves with their priorities.
func (b *Book) propagate(opt *GrowOptions) (int, []leaf) {
	value := map[uint64]int{}
	onPath := map[uint64]bool{}
	var visit func(p board.Position) (int, bool)
	visit = func(p board.Position) (int, bool) {
		if v, ok := value[p.Hash]; ok {
			return v, true
		}
		moves, ok := b.expanded(&p)
		if !ok || onPath[p.Hash] {
			return 0, false
		}
		onPath[p.Hash] = true
		best := -1 << 30
		for _, m := range moves {
			c := p.Play(m.Move)
			if v, ok := visit(c); ok {
				b.Upsert(&p, m.Move).Score = clamp16(-v)
				m.Entry.Score = clamp16(-v)
			}
			best = max(best, int(m.Entry.Score))
		}
		onPath[p.Hash] = false
		value[p.Hash] = best
		return best, true
	}
	root := board.Start()
	rootValue, _ := visit(root)

	// Priorities: best-first from the root (Dijkstra), so every position is
	// settled at its lowest priority and leaves come out in priority order.
	done := map[uint64]bool{}
	var leaves []leaf
	q := &leafQueue{{root, 0, 0}}
	for q.Len() > 0 {
		it := heap.Pop(q).(leaf)
		if done[it.pos.Hash] {
			continue
		}
		done[it.pos.Hash] = true
		moves, ok := b.expanded(&it.pos)
		if !ok {
			if it.pos.HasMoves() && (opt.MaxPly == 0 || it.ply < opt.MaxPly) {
				leaves = append(leaves, it)
			}
			continue
		}
		best := value[it.pos.Hash]
		for _, m := range moves {
			heap.Push(q, leaf{it.pos.Play(m.Move), it.priority + (best - int(m.Entry.Score)) + opt.DepthWeight, it.ply + 1})
		}
	}
	return rootValue, leaves
}

// leafQueue is a min-heap of positions by priority.
type leafQueue []leaf

func (q leafQueue) Len() int           { return len(q) }
func (q leafQueue) Less(i, j int) bool { return q[i].priority < q[j].priority }
func (q leafQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *leafQueue) Push(x any)        { *q = append(*q, x.(leaf)) }
func (q *leafQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

func clamp16(v int) int16 { return int16(max(-32767, min(32767, v))) }

// Grow expands the book round by round until ctx is done or MaxRounds is
// reached, saving after every round.
func (b *Book) Grow(ctx context.Context, opt GrowOptions) error {
	opt.Threads = max(1, opt.Threads)
	opt.Batch = max(1, opt.Batch)
	scorers := make([]Scorer, opt.Threads)
	for i := range scorers {
		scorers[i] = opt.NewScorer()
	}
	var st GrowStatus
	for round := 1; opt.MaxRounds == 0 || round <= opt.MaxRounds; round++ {
		if ctx.Err() != nil {
			return nil
		}
		_, leaves := b.propagate(&opt)
		if len(leaves) == 0 {
			break
		}
		batch := leaves[:min(len(leaves), opt.Batch)]
		// Every move of every leaf in the batch not scored yet is one search
		// job (duplicate capture paths once).
		type job struct {
			parent board.Position
			move   board.Move
			score  int
			done   bool
		}
		var jobs []job
		for _, l := range batch {
			scored := b.Lookup(&l.pos)
		moves:
			for _, m := range l.pos.LegalMoves() {
				for _, s := range scored {
					if s.Move.SamePosition(m) && s.Entry.Score != NoScore {
						continue moves
					}
				}
				for _, j := range jobs {
					if j.parent == l.pos && j.move.SamePosition(m) {
						continue moves
					}
				}
				jobs = append(jobs, job{parent: l.pos, move: m})
			}
		}
		next := make(chan int)
		var wg sync.WaitGroup
		for w := range opt.Threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					c := jobs[i].parent.Play(jobs[i].move)
					s, ok := scorers[w].Score(ctx, &c)
					jobs[i].score, jobs[i].done = -s, ok
				}
			}()
		}
	feed:
		for i := range jobs {
			if ctx.Err() != nil {
				break // checked first: select picks at random among ready cases
			}
			select {
			case next <- i:
			case <-ctx.Done():
				break feed // interrupted: keep what finished, save, stop
			}
		}
		close(next)
		wg.Wait()
		for _, j := range jobs {
			if j.done {
				b.Upsert(&j.parent, j.move).Score = clamp16(j.score)
			}
		}
		if ctx.Err() != nil {
			if opt.Save != nil {
				return opt.Save(b)
			}
			return nil
		}
		st.Round = round
		st.Expanded += len(batch)
		st.Searched += len(jobs)
		rootValue, rest := b.propagate(&opt)
		st.Positions, st.Entries, st.Leaves, st.RootScore = b.Positions(), b.Len(), len(rest), rootValue
		if len(rest) > 0 {
			st.NextPriority = rest[0].priority
		}
		if opt.Save != nil {
			if err := opt.Save(b); err != nil {
				return err
			}
		}
		if opt.Progress != nil {
			opt.Progress(st)
		}
	}
	return nil
}
