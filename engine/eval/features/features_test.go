package features

import (
	"math/rand/v2"
	"testing"

	"crown/engine/board"
)

func pos(t *testing.T, fen string) board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Each case: a position, a side, a feature and its value worked out by hand.
func TestFeatures(t *testing.T) {
	B, W := board.Black, board.White
	cases := []struct {
		fen     string
		side    board.Color
		feature int
		want    int
	}{
		{"B:W21,22,K30:B1,K5,K9", B, Men, 1},
		{"B:W21,22,K30:B1,K5,K9", B, Kings, 2},
		{"B:W21,22,K30:B1,K5,K9", W, Men, 2},
		{"B:W21,22,K30:B1,K5,K9", W, Kings, 1},
		{"B:W30:B5,13,10,K12,K15", B, SafeMen, 2},   // 5 and 13 on the a-file, 10 inside
		{"B:W30:B5,13,10,K12,K15", B, SafeKings, 1}, // 12 on the h-file, 15 inside
		{"B:W30:B5,13,10,K12,K15", W, SafeMen, 1},   // 30 on the first row
		{"B:W5,6,10:B1,3", B, MovableMen, 1},        // 1 is blocked by 5 and 6, 3 can go to 7 or 8
		{"B:W5,6,10:B1,3", W, MovableMen, 2},        // 5 blocked by 1; 6 to 2, 10 to 7
		{"W:WK29:B25,K22", W, MovableKings, 0},      // 29's only neighbour 25 is taken
		{"W:WK29:B25,K22", B, MovableKings, 1},
		{"B:W25,5:B1,9", B, PromotionDist, 12},                 // 1 is 7 rows from 29-32, 9 is 5
		{"B:W25,5:B1,9", W, PromotionDist, 7},                  // 25 is 6 rows from 1-4, 5 is 1
		{"B:W30:B1", B, PromotionEmpty, 3},                     // 29, 31, 32 empty
		{"B:W30:B1", W, PromotionEmpty, 3},                     // 2, 3, 4 empty
		{"B:W25,29,K32,21:B1,K8,9,22", B, Defenders, 2},        // 1 and K8 on rows 1-2
		{"B:W25,29,K32,21:B1,K8,9,22", W, Defenders, 3},        // 25, 29, K32
		{"B:W25,29,K32,21,12:B1,K8,9,22,K23", B, Attackers, 1}, // man 22; K23 is a king
		{"B:W25,29,K32,21,12:B1,K8,9,22,K23", W, Attackers, 1}, // man 12
		{"B:W10,K11,14,30:B15,K18,19,K23,2", W, CentralMen, 2},
		{"B:W10,K11,14,30:B15,K18,19,K23,2", W, CentralKings, 1},
		{"B:W10,K11,14,30:B15,K18,19,K23,2", B, CentralMen, 2},
		{"B:W10,K11,14,30:B15,K18,19,K23,2", B, CentralKings, 2},
		{"B:W29,25,K22,13:B4,8,K11,K15,16", B, DiagonalMen, 2},
		{"B:W29,25,K22,13:B4,8,K11,K15,16", B, DiagonalKings, 2},
		{"B:W29,25,K22,13:B4,8,K11,K15,16", W, DiagonalMen, 2},
		{"B:W29,25,K22,13:B4,8,K11,K15,16", W, DiagonalKings, 1},
		{"B:W32,27,K23,K28,26:B1,5,K14,3", W, DoubleDiagMen, 2},   // 32, 27
		{"B:W32,27,K23,K28,26:B1,5,K14,3", W, DoubleDiagKings, 2}, // K23, K28
		{"B:W32,27,K23,K28,26:B1,5,K14,3", B, DoubleDiagMen, 2},   // 1, 5
		{"B:W32,27,K23,K28,26:B1,5,K14,3", B, DoubleDiagKings, 1},
		{"B:W32,27,K18:B1,6,K12", W, LonerMen, 0},   // 32 and 27 touch
		{"B:W32,27,K18:B1,6,K12", W, LonerKings, 1}, // 18 alone
		{"B:W32,27,K18:B1,6,K12", B, LonerMen, 0},   // 1 and 6 touch
		{"B:W32,27,K18:B1,6,K12", B, LonerKings, 1},
		{"B:W32,27,18:B1", W, LonerMen, 1}, // 18 alone, 32 and 27 touch
		{"B:W32,27,18:B1", B, LonerMen, 1}, // 1 alone
		{"B:W18:B14,23", W, LonerMen, 0},   // touched by opposing men
		{"B:W18:BK14", B, LonerKings, 0},   // touched by an opposing man
		{"B:W17,18,25:B1", W, Holes, 1},    // 22 is empty next to 17, 18, 25
		{"B:WK17,18,25:B1", W, Holes, 1},   // kings count as pieces
		{"B:W17,18:B25", W, Holes, 0},      // 25 is not White's
		{"B:W17,18,22,25:B1", W, Holes, 0}, // 22 is occupied; no other square has three
		{"B:W17,18,25:B1", B, Holes, 0},
		{"B:W27,31,32:B1", W, Triangle, 1},
		{"B:W27,31:B1", W, Triangle, 0},
		{"W:W30:B1,2,6", B, Triangle, 1},
		{"B:W26,30,31:B1", W, Oreo, 1},
		{"W:W30:B2,3,7", B, Oreo, 1},
		{"B:W30,32:B1", W, Bridge, 1},
		{"W:W30:B1,3", B, Bridge, 1},
		{"B:W32:B28", W, Dog, 1},
		{"B:W32:BK28", W, Dog, 0}, // the pattern needs a man on 28
		{"W:W5:B1", B, Dog, 1},
		{"B:W29:B1", W, CornerMan, 1},
		{"W:W30:B4", B, CornerMan, 1},
		{"B:WK4:B1", W, CornerKing, 1},
		{"B:W8:B1", W, CornerKing, 0},
		{"W:W30:BK29", B, CornerKing, 1},
	}
	for _, c := range cases {
		p, err := board.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Compute(&p, c.side)[c.feature]; got != c.want {
			t.Errorf("%s %v %s: got %d want %d", c.fen, c.side, Names[c.feature], got, c.want)
		}
	}
}

func TestColourSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var l board.MoveList
	n := 0
	for range 50 {
		p := board.Start()
		for range 120 {
			p.Generate(&l)
			if l.N == 0 {
				break
			}
			f := p.Flip()
			for _, c := range []board.Color{board.Black, board.White} {
				if Compute(&p, c) != Compute(&f, c.Other()) {
					t.Fatalf("%s: features of %v differ from the flipped position's", p.FEN(), c)
				}
			}
			n++
			p = p.Play(l.Moves[rng.IntN(l.N)])
		}
	}
	if n < 2000 {
		t.Fatalf("only %d positions", n)
	}
}

func TestStages(t *testing.T) {
	for fen, want := range map[string]Stage{
		"B:W21-32:B1-12":                     Beginning,
		"B:W21,22,23,24:B1,2,3,4":            Beginning,  // 4 men each, no kings
		"B:W21,22,23:B1,2,3,4":               Ending,     // White has 3
		"B:W21,22,23,K24:B1,2,3,4":           KingsStage, // both above 3 pieces, a king
		"B:W21,22,23,K24:B1,2,3":             Ending,     // Black has 3, kings or not
		"B:WK21,K22,K23,K24:BK1,K2,K3,K4,K5": KingsStage,
		"W:W21:B1":                           Ending,
	} {
		p := pos(t, fen)
		if got := StageOf(&p); got != want {
			t.Errorf("%s: stage %d want %d", fen, got, want)
		}
	}
}

func TestLayouts(t *testing.T) {
	want := map[Kind]int{F8: 8, F10: 10, F15: 15, F19: 19, F25: 25, Ph3: 24, E3Ph: 30}
	for k, n := range want {
		if k.NumWeights() != n {
			t.Errorf("%v: %d weights, want %d", k, k.NumWeights(), n)
		}
		if got, err := ParseKind(k.String()); err != nil || got != k {
			t.Errorf("ParseKind(%s) = %v %v", k, got, err)
		}
	}
	if _, err := ParseKind("9F"); err == nil {
		t.Error("ParseKind accepted 9F")
	}
}

// TestStageWeights checks that 3Ph and E3Ph use the weight block of the
// position's stage: block s weighs its first parameter by s+1 and nothing else.
func TestStageWeights(t *testing.T) {
	for _, c := range []struct {
		kind  Kind
		fen   string
		stage Stage
		x     int // the first parameter from the side to move's view
	}{
		{Ph3, "B:W21,22,23,24,25:B1,2,3,4", Beginning, -1},  // men 4 - 5
		{Ph3, "B:W21,22,23,K25:B1,2,3,4,5", KingsStage, 2},  // men 5 - 3
		{Ph3, "W:W21,22,23,K25:B1,2,3,4,5", KingsStage, -2}, // White to move
		{Ph3, "B:W21,22:B1,2,3", Ending, 1},                 // men 3 - 2
		{E3Ph, "B:W21,22,23,24,28:B1,2,3,4", Beginning, 2},  // safe men 4 (back row) - 2 (21, 28)
		{E3Ph, "B:W21,22,23,K24:B5,6,7,8", KingsStage, 0},   // safe men 5 - 21
		{E3Ph, "B:W21,22,23,K24:B5,6,13,8", KingsStage, 1},  // safe men 5, 13 - 21
		{E3Ph, "W:W21,29:B5,13", Ending, 0},                 // 21, 29 - 5, 13
		{E3Ph, "W:W21,29:B5,14", Ending, 1},                 // 21, 29 - 5
	} {
		p := pos(t, c.fen)
		if got := StageOf(&p); got != c.stage {
			t.Fatalf("%s: stage %d want %d", c.fen, got, c.stage)
		}
		h := New(c.kind)
		for s := range 3 {
			h.Weights[s*c.kind.Params()] = float64(s + 1)
		}
		if got, want := h.Value(&p), float64(c.x*(int(c.stage)+1)); got != want {
			t.Errorf("%v %s: value %v want %v", c.kind, c.fen, got, want)
		}
	}
}

func TestHeuristicValue(t *testing.T) {
	// 8F with weight 1 on men only is the man difference from the side to move.
	h := New(F8)
	h.Weights[0] = 1
	p := pos(t, "W:W21,22:B1,2,3")
	if v := h.Value(&p); v != -1 {
		t.Fatalf("White to move, 2 men against 3: got %v", v)
	}
	if s := h.Evaluate(&p); s != -1000 {
		t.Fatalf("score %d", s)
	}
	// E3Ph uses the weights of the position's stage.
	e := New(E3Ph)
	for i := range e.Weights {
		e.Weights[i] = float64(i / e.Kind.Params()) // 0 in stage 0, 1 in stage 1, 2 in stage 2
	}
	end := pos(t, "B:W30,32:B1") // Ending; White has a bridge: 1 for White
	if v := e.Value(&end); v >= 0 {
		t.Fatalf("ending value %v: Black to move faces White's bridge and safe men", v)
	}
}
