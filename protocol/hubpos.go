// hubpos.go converts positions and moves to and from the Hub text forms: the
// position string (the side to move 'W' or 'B', then one character per
// square 1-32: 'w' 'b' man, 'W' 'B' king, 'e' empty; a PDN FEN is read in
// the same place) and move text.
//
// It also handles pydraughts' English frame. pydraughts (its convert.py,
// notation 1 for English, and core/game.py) keeps English games internally
// rotated 180 degrees with the colours swapped, so that the first mover is
// "white" on squares 21-32 as in international draughts, and its HubEngine
// (engines/hub.py) sends that internal frame unchanged: the position string
// (the start is Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww), the moves= list and the
// moves it reads back are all internal squares, square s standing for
// English square 33-s. A position read in that frame is board.Flip of the
// standard reading, and every square of every move, both ways, is 33-s.
//
// Because rotating the board and swapping the colours is a symmetry of the
// game, reading a pydraughts session in the standard frame is also legal
// play (the mirror game, in pydraughts' own numbering): the frame only
// decides whether crown sees the true English position (its opening book
// knows it) or the mirror image. The position, the moves and the answers
// of one `pos` are always read and written in the same frame, so a wrong
// guess never produces a wrong move. FrameAuto, the default, picks the
// pydraughts frame for the start layout with White to move (a standard
// client sends the start with Black to move; pydraughts sends it with its
// internal White, the English first mover, to move), and, when the
// searcher knows opening positions (protocol.Openings: crown's book), for a
// string whose pydraughts reading leads to a known opening position while
// its standard reading does not (pydraughts' ballot games: all 174 ACF
// ballot positions are in the book, none of their flips is). Everything
// else is ambiguous and read in the standard frame.
package protocol

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"crown/engine/board"
)

// Frame is how Hub position strings are read.
type Frame uint8

const (
	FrameStandard   Frame = iota // character i is square i, 'b'/'B' are Black (the first mover)
	FramePydraughts              // pydraughts' English frame: rotated 180 degrees, colours swapped, moves too
	FrameAuto                    // pydraughts' frame for its start position, else standard
)

var frameNames = []string{"standard", "pydraughts", "auto"}

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
	p, _, err := ReadPosition(s, f)
	return p, err
}

// ReadPosition reads a Hub position string or a PDN FEN and says in which
// frame it was read: FrameAuto resolves to FramePydraughts or FrameStandard
// (see the file comment); a FEN is always standard.
func ReadPosition(s string, f Frame) (board.Position, Frame, error) {
	if strings.Contains(s, ":") {
		p, err := board.ParseFEN(s)
		return p, FrameStandard, err
	}
	if f == FrameAuto {
		f = FrameStandard
		if p, err := parseHubString(s, FrameStandard); err == nil && isPydraughtsStart(&p) {
			f = FramePydraughts
		}
	}
	p, err := parseHubString(s, f)
	return p, f, err
}

// isPydraughtsStart reports whether p, read in the standard frame, is the
// start layout with White to move: pydraughts' start position.
func isPydraughtsStart(p *board.Position) bool {
	return p.Flip() == board.Start()
}

// parseHubString reads a 33-character position string in frame f
// (FrameStandard or FramePydraughts).
func parseHubString(s string, f Frame) (board.Position, error) {
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

// flipSquareNumber maps a square number between the standard and the
// pydraughts frame (the map is its own inverse).
func flipSquareNumber(n int) int { return 33 - n }

// MoveText turns a client's move text in frame f into standard numbering:
// in the pydraughts frame every square number becomes 33-n, the separators
// stay. Text that is not squares joined by '-' or 'x' is returned as it is,
// for the move parser to reject with its own message.
func MoveText(t string, f Frame) string {
	if f != FramePydraughts {
		return t
	}
	var b strings.Builder
	num := -1
	flush := func() {
		if num >= 0 {
			b.WriteString(strconv.Itoa(flipSquareNumber(num)))
			num = -1
		}
	}
	for _, r := range t {
		if r >= '0' && r <= '9' {
			if num < 0 {
				num = 0
			}
			num = num*10 + int(r-'0')
			if num > 99 {
				return t // not a square; let the parser say so
			}
			continue
		}
		flush()
		b.WriteRune(r)
	}
	flush()
	return b.String()
}

// HubMove writes m in Hub form in frame f: from-to, or from x to x every
// captured square in increasing order of the frame's numbers. The Hub
// protocol allows the captured squares in any order; pydraughts finds a
// reply by from, to and the captured squares sorted (core/move.py), so
// sorted is the order every client reads.
func HubMove(m board.Move, f Frame) string {
	sq := func(s board.Square) int {
		n := int(s) + 1
		if f == FramePydraughts {
			n = flipSquareNumber(n)
		}
		return n
	}
	if m.Jumps == 0 {
		return strconv.Itoa(sq(m.From)) + "-" + strconv.Itoa(sq(m.To))
	}
	caps := make([]int, 0, m.Jumps)
	for c := m.Captured; c != 0; c &= c - 1 {
		caps = append(caps, sq(board.Square(bits.TrailingZeros32(c))))
	}
	slices.Sort(caps)
	var b strings.Builder
	b.WriteString(strconv.Itoa(sq(m.From)))
	b.WriteByte('x')
	b.WriteString(strconv.Itoa(sq(m.To)))
	for _, c := range caps {
		b.WriteByte('x')
		b.WriteString(strconv.Itoa(c))
	}
	return b.String()
}
