// cbboard.go converts between positions and CheckerBoard's Board8x8
// (int board[8][8], indexed board[x][y]) and describes a move as
// CheckerBoard's CBmove. For English checkers square n (1-32) sits at
// y = (n-1)/4, x = 2*(3-(n-1)%4), plus 1 on odd rows: square 1 is (6,0),
// 4 is (0,0), 5 is (7,1), 32 is (1,7); Black's men start on rows 0-2.
package protocol

import (
	"fmt"

	"crown/engine/board"
)

// CBBoard is CheckerBoard's board, b[x][y]; C's int is 32 bits on every
// platform CheckerBoard engines are built for.
type CBBoard [8][8]int32

// Piece codes on a CBBoard and CheckerBoard's colour numbers.
const (
	CBWhite = 1
	CBBlack = 2
	cbMan   = 4
	cbKing  = 8
)

// CBCoords returns the board coordinates of a square.
func CBCoords(s board.Square) (x, y int) {
	n := int(s)
	y = n / 4
	x = 2 * (3 - n%4)
	if y%2 == 1 {
		x++
	}
	return x, y
}

// cbPiece is the CheckerBoard code of a piece.
func cbPiece(pc board.Piece) int32 {
	switch pc {
	case board.BlackMan:
		return CBBlack | cbMan
	case board.BlackKing:
		return CBBlack | cbKing
	case board.WhiteMan:
		return CBWhite | cbMan
	case board.WhiteKing:
		return CBWhite | cbKing
	}
	return 0
}

// CBColor returns CheckerBoard's colour number of c.
func CBColor(c board.Color) int {
	if c == board.Black {
		return CBBlack
	}
	return CBWhite
}

// PositionFromCB reads a CheckerBoard board with color to move (CBWhite or
// CBBlack). Light squares carry no meaning and are not read.
func PositionFromCB(b *CBBoard, color int) (board.Position, error) {
	var side board.Color
	switch color {
	case CBBlack:
		side = board.Black
	case CBWhite:
		side = board.White
	default:
		return board.Position{}, fmt.Errorf("colour %d: want %d (white) or %d (black)", color, CBWhite, CBBlack)
	}
	var black, white, kings uint32
	for s := range board.Square(32) {
		x, y := CBCoords(s)
		bit := s.Bit()
		switch v := b[x][y]; v {
		case 0:
		case CBBlack | cbMan:
			black |= bit
		case CBBlack | cbKing:
			black |= bit
			kings |= bit
		case CBWhite | cbMan:
			white |= bit
		case CBWhite | cbKing:
			white |= bit
			kings |= bit
		default:
			return board.Position{}, fmt.Errorf("square %d (board[%d][%d]) holds %d, not a piece code", s+1, x, y, v)
		}
	}
	p := board.NewPosition(black, white, kings, side)
	for c := range board.Color(2) {
		if n := p.Count(c); n > board.MaxPieces {
			return board.Position{}, fmt.Errorf("%s has %d pieces, at most %d allowed", c, n, board.MaxPieces)
		}
	}
	if err := p.Valid(); err != nil {
		return board.Position{}, err
	}
	return p, nil
}

// PositionToCB writes p onto b (every square, light ones as 0).
func PositionToCB(p *board.Position, b *CBBoard) {
	*b = CBBoard{}
	for s := range board.Square(32) {
		x, y := CBCoords(s)
		b[x][y] = cbPiece(p.At(s))
	}
}

// CBMove mirrors CheckerBoard's struct CBmove: coordinates are {x, y};
// Path[1..Jumps-1] are the intermediate landing squares (Path[0] is the
// from square), Del the captured squares in jump order.
type CBMove struct {
	Jumps    int32
	NewPiece int32
	OldPiece int32
	From, To [2]int32
	Path     [12][2]int32
	Del      [12][2]int32
	DelPiece [12]int32
}

// MakeCBMove describes m, a legal move of p, as a CBmove.
func MakeCBMove(p *board.Position, m board.Move) CBMove {
	var c CBMove
	coords := func(s board.Square) [2]int32 {
		x, y := CBCoords(s)
		return [2]int32{int32(x), int32(y)}
	}
	after := p.Play(m)
	c.Jumps = int32(m.Jumps)
	c.OldPiece = cbPiece(p.At(m.From))
	c.NewPiece = cbPiece(after.At(m.To))
	c.From, c.To = coords(m.From), coords(m.To)
	c.Path[0] = c.From
	for i := 1; i < int(m.Jumps) && i < len(c.Path); i++ {
		c.Path[i] = coords(m.Landing(i - 1))
	}
	for i, s := range m.CapturedInOrder() {
		if i < len(c.Del) {
			c.Del[i] = coords(s)
			c.DelPiece[i] = cbPiece(p.At(s))
		}
	}
	return c
}
