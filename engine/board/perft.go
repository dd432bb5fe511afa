// perft.go counts the leaves of the legal-move tree to a fixed depth, the
// standard correctness and speed test of a move generator. The last ply is
// bulk-counted: a node one ply above the leaves counts its moves instead of
// playing them. Two conventions: every capture path counted (the published
// tables), or duplicate paths merged (distinct successor positions).
package board

// frame is one ply of perft's explicit stack: the moves of the node and the
// slot its children are played into.
type frame struct {
	moves MoveList
	child Position
}

// Perft counts leaf nodes depth plies below p.
func Perft(p *Position, depth int, distinct bool) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]frame, depth)
	if distinct {
		return perftDistinct(p, depth, stack)
	}
	return perft(p, depth, stack)
}

func perft(p *Position, depth int, stack []frame) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	f := &stack[0]
	p.Generate(&f.moves)
	var n uint64
	for i := 0; i < f.moves.N; i++ {
		f.child = *p
		f.child.Apply(&f.moves.Moves[i])
		n += perft(&f.child, depth-1, stack[1:])
	}
	return n
}

func perftDistinct(p *Position, depth int, stack []frame) uint64 {
	f := &stack[0]
	p.Generate(&f.moves)
	f.moves.Dedup()
	if depth == 1 {
		return uint64(f.moves.N)
	}
	var n uint64
	for i := 0; i < f.moves.N; i++ {
		f.child = *p
		f.child.Apply(&f.moves.Moves[i])
		n += perftDistinct(&f.child, depth-1, stack[1:])
	}
	return n
}

// DivideEntry is one root move and the leaves below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count below each root move.
func Divide(p *Position, depth int, distinct bool) []DivideEntry {
	var l MoveList
	p.Generate(&l)
	if distinct {
		l.Dedup()
	}
	out := make([]DivideEntry, l.N)
	for i, m := range l.Slice() {
		c := p.Play(m)
		out[i] = DivideEntry{Move: m, Nodes: Perft(&c, depth-1, distinct)}
	}
	return out
}
