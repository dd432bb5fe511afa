package protocol

import (
	"math/rand/v2"
	"testing"
	"time"

	"crown/engine/board"
)

func TestCBBoardMapping(t *testing.T) {
	for _, c := range []struct{ sq, x, y int }{{1, 6, 0}, {4, 0, 0}, {5, 7, 1}, {32, 1, 7}} {
		if x, y := CBCoords(board.Square(c.sq - 1)); x != c.x || y != c.y {
			t.Errorf("square %d at (%d,%d), want (%d,%d)", c.sq, x, y, c.x, c.y)
		}
	}
	start := board.Start()
	var b CBBoard
	PositionToCB(&start, &b)
	if b[6][0] != CBBlack|cbMan || b[1][7] != CBWhite|cbMan || b[0][1] != 0 {
		t.Fatalf("start board wrong: %v", b)
	}
	// Round trip over positions from random games.
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		p := board.Start()
		for range rng.IntN(60) {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			p = p.Play(ms[rng.IntN(len(ms))])
		}
		PositionToCB(&p, &b)
		q, err := PositionFromCB(&b, CBColor(p.Side))
		if err != nil || q != p {
			t.Fatalf("round trip %s -> %s %v", p.FEN(), q.FEN(), err)
		}
	}
	PositionToCB(&start, &b)
	b[0][1] = 7 // a light square: carries no meaning
	if q, err := PositionFromCB(&b, CBBlack); err != nil || q != start {
		t.Fatalf("light squares should be ignored: %v", err)
	}
}

func TestCBBoardErrors(t *testing.T) {
	var b CBBoard
	b[6][0] = 3 // not a piece code
	if _, err := PositionFromCB(&b, CBBlack); err == nil {
		t.Fatal("bad piece code accepted")
	}
	b = CBBoard{}
	if _, err := PositionFromCB(&b, 3); err == nil {
		t.Fatal("bad colour accepted")
	}
	b[1][7] = CBBlack | cbMan // black man on its crowning row (square 32)
	if _, err := PositionFromCB(&b, CBBlack); err == nil {
		t.Fatal("uncrowned man on the last row accepted")
	}
}

func TestMakeCBMove(t *testing.T) {
	// Find multi-jumps in random games and check each against the move.
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for found < 20 {
		p := board.Start()
		for range 150 {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			if m.Jumps >= 2 {
				checkCBMove(t, p, m)
				found++
			}
			p = p.Play(m)
		}
	}
}

func checkCBMove(t *testing.T, p board.Position, m board.Move) {
	t.Helper()
	c := MakeCBMove(&p, m)
	if int(c.Jumps) != int(m.Jumps) || c.OldPiece != cbPiece(p.At(m.From)) {
		t.Fatalf("CBmove %+v", c)
	}
	x, y := CBCoords(m.From)
	if c.From != [2]int32{int32(x), int32(y)} || c.Path[0] != c.From {
		t.Fatalf("from %v path0 %v", c.From, c.Path[0])
	}
	for i := 1; i < int(m.Jumps); i++ {
		x, y := CBCoords(m.Landing(i - 1))
		if c.Path[i] != [2]int32{int32(x), int32(y)} {
			t.Fatalf("path[%d] = %v", i, c.Path[i])
		}
	}
	for i, s := range m.CapturedInOrder() {
		x, y := CBCoords(s)
		if c.Del[i] != [2]int32{int32(x), int32(y)} || c.DelPiece[i] != cbPiece(p.At(s)) || c.DelPiece[i] == 0 {
			t.Fatalf("del[%d] = %v %d", i, c.Del[i], c.DelPiece[i])
		}
	}
	after := p.Play(m)
	if want := cbPiece(after.At(m.To)); c.NewPiece != want {
		t.Fatalf("newpiece %d want %d", c.NewPiece, want)
	}
}

func TestCBLimits(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		maxtime        float64
		info, moreinfo int
		want           Limits
	}{
		{1, 0, 0, Limits{MoveTime: 1000 * ms}},
		{1, 2, 0, Limits{MoveTime: 1000 * ms}}, // the exact-time bit
		// Mode 1 (0.001 s): 3000 units left, 100 increment.
		{1, 1 << cbIncrTimeShift, 3000<<16 | 100, Limits{MoveTime: 1000 * ms, Time: 3000 * ms, Inc: 100 * ms}},
		// Mode 3 (0.1 s): 10 units = 1 s left, 1 unit increment.
		{2, 3 << cbIncrTimeShift, 10<<16 | 1, Limits{MoveTime: 2000 * ms, Time: 1000 * ms, Inc: 100 * ms}},
		// Mode 2 (0.01 s) with the remaining time above 0x7fff: moreinfo is negative as a C int.
		{1, 2 << cbIncrTimeShift, -0xffff + 4 /* 0xffff0005 */, Limits{MoveTime: 1000 * ms, Time: 655350 * ms, Inc: 50 * ms}},
		// pydraughts sets bits 3-4 instead of 2-3: its "0.001 s" mode reads as disabled.
		{1, 1 << 4, 3000<<16 | 100, Limits{MoveTime: 1000 * ms}},
		{0, 0, 0, Limits{MoveTime: minThink}},
	} {
		if l := CBLimits(c.maxtime, c.info, c.moreinfo, 0); l != c.want {
			t.Errorf("CBLimits(%v, %d, %#x) = %+v, want %+v", c.maxtime, c.info, c.moreinfo, l, c.want)
		}
	}
}

// FuzzPositionFromCB checks that any board and colour either fail with an
// error or give a valid position that converts back to the same board.
func FuzzPositionFromCB(f *testing.F) {
	start := board.Start()
	var b CBBoard
	PositionToCB(&start, &b)
	f.Add(cbBytes(&b), 2)
	f.Add(make([]byte, 64), 1)
	f.Fuzz(func(t *testing.T, raw []byte, color int) {
		var b CBBoard
		for i := 0; i < 64 && i < len(raw); i++ {
			b[i/8][i%8] = int32(int8(raw[i]))
		}
		p, err := PositionFromCB(&b, color)
		if err != nil {
			return
		}
		if p.Valid() != nil || p.Hash != p.ComputeHash() {
			t.Fatalf("invalid position accepted: %s", p.FEN())
		}
		var back CBBoard
		PositionToCB(&p, &back)
		for s := range board.Square(32) {
			x, y := CBCoords(s)
			if back[x][y] != b[x][y] {
				t.Fatalf("square %d: %d -> %d", s+1, b[x][y], back[x][y])
			}
		}
	})
}

func cbBytes(b *CBBoard) []byte {
	out := make([]byte, 64)
	for i := range out {
		out[i] = byte(b[i/8][i%8])
	}
	return out
}
