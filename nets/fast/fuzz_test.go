package fast

import (
	"testing"

	"crown/engine/board"
	"crown/nets"
)

// FuzzPushPop drives an evaluator with an arbitrary sequence of Push, Pop,
// Reset and Evaluate calls (each input byte picks one) from an arbitrary
// FEN, and checks every evaluation against a from-scratch evaluation.
func FuzzPushPop(f *testing.F) {
	f.Add("B:W21-32:B1-12", []byte{1, 2, 3, 0xff, 4, 5, 0xfe, 6, 7, 8, 9, 0xff, 0xff, 10})
	f.Add("W:WK11,25,26,27:B1,3,6,7,14,15", []byte{0, 0, 0, 0xfd, 1, 1, 0xff, 2})
	f.Add("B:WK5:BK28", []byte{7, 7, 7, 7, 7, 7, 7, 7, 0xff, 0xff, 0xff})
	c := MustCompile(testNets(nets.Spatial)["wide"])
	f.Fuzz(func(t *testing.T, fen string, ops []byte) {
		root, err := board.ParseFEN(fen)
		if err != nil || root.Valid() != nil {
			return
		}
		inc, full := NewEvaluator(c, SideToMove), NewEvaluator(c, SideToMove)
		stack := []board.Position{root}
		inc.Reset(&root)
		var l board.MoveList
		for _, op := range ops {
			p := &stack[len(stack)-1]
			switch {
			case op == 0xff: // Pop
				if len(stack) > 1 {
					inc.Pop()
					stack = stack[:len(stack)-1]
				}
			case op == 0xfe: // Reset at the current position
				stack = []board.Position{*p}
				inc.Reset(&stack[0])
			case op == 0xfd: // Evaluate without a move
			default: // Push move op % N
				p.Generate(&l)
				if l.N == 0 || len(stack) > 300 {
					continue
				}
				m := l.Moves[int(op)%l.N]
				stack = append(stack, p.Play(m))
				inc.Push(p, m, &stack[len(stack)-1])
			}
			q := &stack[len(stack)-1]
			if got, want := inc.evalQ(q), full.evalQ(q); got != want {
				t.Fatalf("%s after %d plies: incremental %d, from scratch %d", q.FEN(), len(stack)-1, got, want)
			}
		}
	})
}
