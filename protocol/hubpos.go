// hubpos.go converts positions and moves to and from the Hub text forms: the
// position string (the side to move 'W' or 'B', then one character per
// square 1-32: 'w' 'b' man, 'W' 'B' king, 'e' empty; a PDN FEN is read in
// the same place) and move text.
//
// It also reads pydraughts' English position strings. pydraughts (0.6.7,
// core/game.py and convert.py) keeps an English board internally rotated
// 180 degrees with the colours swapped, and its HubEngine (engines/hub.py,
// play) sends that internal string as pos= (the start is
// Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww, the English first mover written as 'W'
// on the low squares), but it sends the moves= list in standard English
// numbering (each move's hub_move) and looks crown's replies up in standard
// numbering too (core/move.py). So a pydraughts string is board.Flip of its
// standard reading, while moves, `done` and `info pv=` are always standard,
// whichever frame the string was read in. (Checked against the real client:
// a board made from the FEN W:W21-32:B1-10,12,15 is sent as
// Bbbbbbbbbbbbbeeeeeweewewwwwwwwwww, and its legal moves as 24-20 ... 21-17.)
//
// Rotating the board and swapping the colours is a symmetry of the game, so
// both readings of a string are legal positions and only evidence can tell
// them apart. FrameAuto weighs it in this order (resolveFrame):
//  1. a FEN is standard;
//  2. a moves= list legal in exactly one reading picks that reading;
//  3. the start layout: with Black (the first mover) to move it is a
//     standard client's start, with White to move pydraughts' start;
//  4. the frame that rules 2, 3 and 5 last identified in this session (a
//     client does not change its frame);
//  5. when the searcher knows opening positions (protocol.Openings: crown's
//     book), pydraughts' frame if its reading's start or current position
//     is a known opening while the standard reading's is not (pydraughts'
//     ACF ballot games: all 174 ballots are in the book, none of their
//     flips). Only in that direction: the flip of an eleven-man ballot can
//     itself be a book position, and reading pydraughts' string of such a
//     ballot in the standard frame answered 29-25 for Black (KeyError in a
//     2,000-move run of scripts/movetime-usage.py);
//  6. otherwise pydraughts' frame: it is the client that sends English
//     position strings (crown's own Hub client sets pos-frame=standard, and
//     standard clients are recognised by rules 2-3 on their first game).
//
// pos-frame=standard or pos-frame=pydraughts skips the guessing.
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
	FramePydraughts              // pydraughts' English frame: rotated 180 degrees, colours swapped (moves stay standard)
	FrameAuto                    // decided per pos from the evidence (see the file comment)
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

// ParsePosition reads a Hub position string in frame f or a PDN FEN: the
// position of a `pos` without moves, read as ReadGame reads it (for
// FrameAuto, with no session and no book to go by).
func ParsePosition(s string, f Frame) (board.Position, error) {
	g, _, _, _, err := ReadGame(s, "", f, FrameAuto, nil)
	if err != nil {
		return board.Position{}, err
	}
	return g.Start(), nil
}

// Known tells whether a position is a known opening position (nil: none is).
type Known func(p *board.Position) bool

// PosArgument is the position string a pos line names: its pos= value,
// else its fen=, else the start position's FEN for the flag start; ok is
// false when it names none.
func PosArgument(l Line) (s string, ok bool) {
	if s, ok = l.Get("pos"); ok {
		return s, true
	}
	if s, ok = l.Get("fen"); ok {
		return s, true
	}
	if l.Has("start") {
		start := board.Start()
		return start.FEN(), true
	}
	return "", false
}

// ReadGame reads a `pos` command: its position s (a Hub string or a PDN FEN)
// and its moves= list, in standard numbering, played from it. f is the
// pos-frame parameter; for FrameAuto, hint is the frame this session last
// identified (FrameAuto: none yet) and known the searcher's opening
// positions. It returns the game, the frame s was read in, and why that
// frame (for FrameAuto: the rule of the file comment that decided; the
// caller remembers the frame as the session's hint when identified is true).
func ReadGame(s, moves string, f Frame, hint Frame, known Known) (g *board.Game, chosen Frame, identified bool, why string, err error) {
	if strings.Contains(s, ":") {
		p, err := board.ParseFEN(s)
		if err != nil {
			return nil, FrameStandard, false, "", err
		}
		g, err := playMoves(p, moves)
		return g, FrameStandard, false, "FEN", err
	}
	if f != FrameAuto {
		p, err := parseHubString(s, f)
		if err != nil {
			return nil, f, false, "", err
		}
		g, err := playMoves(p, moves)
		return g, f, false, "pos-frame", err
	}
	var games [2]*board.Game
	var errs [2]error
	var starts [2]board.Position
	for fr := range FrameAuto {
		if starts[fr], errs[fr] = parseHubString(s, fr); errs[fr] == nil {
			games[fr], errs[fr] = playMoves(starts[fr], moves)
		}
	}
	pick := func(fr Frame, ident bool, why string) (*board.Game, Frame, bool, string, error) {
		return games[fr], fr, ident, why, errs[fr]
	}
	switch {
	case errs[FrameStandard] == nil && errs[FramePydraughts] != nil && moves != "":
		return pick(FrameStandard, true, "moves legal only in the standard reading")
	case errs[FramePydraughts] == nil && errs[FrameStandard] != nil && moves != "":
		return pick(FramePydraughts, true, "moves legal only in the pydraughts reading")
	case starts[FrameStandard] == board.Start():
		return pick(FrameStandard, true, "standard start")
	case starts[FramePydraughts] == board.Start():
		return pick(FramePydraughts, true, "pydraughts' start")
	}
	if hint == FrameStandard || hint == FramePydraughts {
		return pick(hint, false, "the session's frame")
	}
	if known != nil && errs[FrameStandard] == nil && errs[FramePydraughts] == nil {
		std, pyd := games[FrameStandard], games[FramePydraughts]
		for _, pair := range [][2]board.Position{{pyd.Start(), std.Start()}, {pyd.Position(), std.Position()}} {
			if a, b := pair[0], pair[1]; known(&a) && !known(&b) {
				return pick(FramePydraughts, true, "known opening in the pydraughts reading")
			}
		}
	}
	return pick(FramePydraughts, false, "no evidence: pydraughts, the client that sends English position strings")
}

// parseHubString reads a 33-character position string in frame f
// (FrameStandard or FramePydraughts).
func parseHubString(s string, f Frame) (board.Position, error) {
	if len(s) != hubPosLen {
		return board.Position{}, fmt.Errorf("position %s: want a FEN or %d characters (side W/B, then w b W B e for squares 1-32), got %d", Quote(s), hubPosLen, len(s))
	}
	var black, white, kings uint32
	var side board.Color
	switch s[0] {
	case 'B':
		side = board.Black
	case 'W':
		side = board.White
	default:
		return board.Position{}, fmt.Errorf("position %s: side to move %s is not W or B", Quote(s), Quote(s[:1]))
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
			return board.Position{}, fmt.Errorf("position %s: square %d has %s, want one of w b W B e", Quote(s), i, Quote(s[i:i+1]))
		}
	}
	p := board.NewPosition(black, white, kings, side)
	if f == FramePydraughts {
		p = p.Flip()
	}
	for c := range board.Color(2) {
		if n := p.Count(c); n > board.MaxPieces {
			return board.Position{}, fmt.Errorf("position %s: %s has %d pieces, at most %d allowed", Quote(s), c, n, board.MaxPieces)
		}
	}
	if err := p.Valid(); err != nil {
		return board.Position{}, fmt.Errorf("position %s (%s frame): %v", Quote(s), f, err)
	}
	return p, nil
}

// playMoves plays the moves text (standard numbering) from p.
func playMoves(p board.Position, moves string) (*board.Game, error) {
	g := board.NewGame(p, board.Rules{})
	for i, t := range strings.Fields(moves) {
		if _, err := g.PlayText(t); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, Quote(t), err)
		}
	}
	return g, nil
}

// HubMove writes m in Hub form: from-to, or from x to x every captured
// square in increasing order. The Hub protocol allows the captured squares
// in any order; pydraughts finds a reply by from, to and the captured
// squares sorted (core/move.py), so sorted is the order every client reads.
func HubMove(m board.Move) string {
	sq := func(s board.Square) int { return int(s) + 1 }
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
