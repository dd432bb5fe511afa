// hubpos.go converts positions to and from the Hub position string: the side
// to move ('W' or 'B') and one character per square 1-32 ('w' 'b' man,
// 'W' 'B' king, 'e' empty). It also reads PDN FEN in the same place, and
// pydraughts' rotated frame: pydraughts sends English positions with
// character i standing for square 33-i and the colours swapped, which is
// exactly the standard string of the colour-reversed position (board.Flip).
package protocol

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// Frame is how Hub position strings are read.
type Frame uint8

const (
	FrameStandard   Frame = iota // character i is square i, 'b'/'B' are Black (the first mover)
	FramePydraughts              // pydraughts' English frame: rotated 180 degrees, colours swapped
)

var frameNames = []string{"standard", "pydraughts"}

func (f Frame) String() string { return frameNames[f] }

// hubPosLen is the side character plus one character per square.
const hubPosLen = 33

// HubPosition returns p as a standard Hub position string.
func HubPosition(p *board.Position) string {
	var b [hubPosLen]byte
	b[0] = "BW"[p.Side]
	for s := range board.Square(32) {
		b[s+1] = "ebBwW"[p.At(s)]
	}
	return string(b[:])
}

// ParsePosition reads a Hub position string (in frame f) or a PDN FEN.
func ParsePosition(s string, f Frame) (board.Position, error) {
	if strings.Contains(s, ":") {
		return board.ParseFEN(s)
	}
	if len(s) != hubPosLen {
		return board.Position{}, fmt.Errorf("position %q: want a FEN or %d characters (side W/B, then w b W B e for squares 1-32), got %d", s, hubPosLen, len(s))
	}
	var black, white, kings uint32
	var side board.Color
	switch s[0] {
	case 'B':
		side = board.Black
	case 'W':
		side = board.White
	default:
		return board.Position{}, fmt.Errorf("position %q: side to move %q is not W or B", s, s[0])
	}
	for i := 1; i < hubPosLen; i++ {
		bit := uint32(1) << (i - 1)
		switch s[i] {
		case 'e':
		case 'b':
			black |= bit
		case 'B':
			black |= bit
			kings |= bit
		case 'w':
			white |= bit
		case 'W':
			white |= bit
			kings |= bit
		default:
			return board.Position{}, fmt.Errorf("position %q: square %d has %q, want one of w b W B e", s, i, s[i])
		}
	}
	p := board.NewPosition(black, white, kings, side)
	if f == FramePydraughts {
		p = p.Flip()
	}
	for c := range board.Color(2) {
		if n := p.Count(c); n > board.MaxPieces {
			return board.Position{}, fmt.Errorf("position %q: %s has %d pieces, at most %d allowed", s, c, n, board.MaxPieces)
		}
	}
	if err := p.Valid(); err != nil {
		return board.Position{}, fmt.Errorf("position %q (%s frame): %v", s, f, err)
	}
	return p, nil
}
