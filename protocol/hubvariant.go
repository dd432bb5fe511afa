// hubvariant.go reads and writes Hub positions and moves of Russian and
// Brazilian draughts as pydraughts (0.6.7), the client lidraughts-bot runs,
// sends and reads them. Its HubEngine.play sends `pos pos=<the game's
// initial Hub string> moves="<each move's hub_move>"` and looks the reply
// up among the legal moves by from, to and the captured squares sorted.
// Checked by running it (cmd/crown/pydraughts_test.go) and by reading
// core/game.py (get_fen, li_fen_to_hub_fen), core/variant.py (Board, whose
// moves are converted by convert.py's move_to_variant) and core/move.py:
//
//   - The position string is in the frame pydraughts keeps its board in for
//     these variants, which is crown's and lidraughts' own numbering:
//     character i is square i (1 = b8, 4 = h8, 29 = a1, 32 = g1), 'w' 'W'
//     are White's man and king, 'b' 'B' Black's, and the first character is
//     the side to move, 'W' for White, the first mover. The Russian start
//     is Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww: standard, nothing rotated or
//     swapped (unlike pydraughts' English strings, hubpos.go).
//   - Moves (moves=, and the done move= and ponder= it reads back) are in
//     the variants' own numbering, which counts from White's side: 1 = a1,
//     2 = c1, 4 = g1, 5 = b2, 32 = h8 (number 4*(rank-1) + file/2 + 1).
//     White's first moves from the start are 9-13 ... 12-16; a king on h2
//     taking d6 and landing on c7 is 8x26x22.
//
// So the two frames differ and neither depends on pos-frame, which is the
// English frame's setting. Moves may also be written in algebraic squares
// (c3-d4, c3xe5); a FEN is read with the variant's conventions
// (board.ParseVariantFEN). crown writes every move in the numbered form,
// captured squares in increasing order of their numbers.
package protocol

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"crown/engine/board"
)

// VariantNumber is square s's number in the Hub moves of Russian and
// Brazilian draughts: 1 = a1 ... 32 = h8.
func VariantNumber(s board.Square) int { return 4*(7-s.Row()) + int(s)%4 + 1 }

// variantSquare is the square numbered n (1..32) in the variants' Hub moves.
func variantSquare(n int) board.Square {
	return board.Square(4*(7-(n-1)/4) + (n-1)%4)
}

// VariantHubMove writes m in the variants' Hub form: from-to, or from x to x
// every captured square, the captured squares in increasing order.
func VariantHubMove(m board.Move) string {
	sep := "-"
	if m.Jumps != 0 {
		sep = "x"
	}
	text := strconv.Itoa(VariantNumber(m.From)) + sep + strconv.Itoa(VariantNumber(m.To))
	caps := make([]int, 0, m.Jumps)
	for c := m.Captured; c != 0; c &= c - 1 {
		caps = append(caps, VariantNumber(board.Square(bits.TrailingZeros32(c))))
	}
	slices.Sort(caps)
	for _, c := range caps {
		text += "x" + strconv.Itoa(c)
	}
	return text
}

// hubMoveWriter is how moves of variant v are written in Hub lines.
func hubMoveWriter(v board.Variant) func(board.Move) string {
	if v == board.English {
		return HubMove
	}
	return VariantHubMove
}

// ReadVariantGame reads a `pos` of variant v (not English): its position s
// (a Hub string in the standard frame, or a FEN) and its moves= list in the
// variant's Hub numbering, played from it.
func ReadVariantGame(s, moves string, v board.Variant) (*board.Game, error) {
	var p board.Position
	var err error
	if strings.Contains(s, ":") {
		p, err = board.ParseVariantFEN(s, v)
	} else {
		p, err = parseHubString(s, FrameStandard)
		p = p.WithVariant(v)
	}
	if err != nil {
		return nil, err
	}
	g := board.NewGame(p, board.Rules{})
	for i, t := range strings.Fields(moves) {
		pos := g.Position()
		m, err := ParseVariantMove(&pos, t)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, Quote(t), err)
		}
	}
	return g, nil
}

// variantStart is the FEN of v's start position, for `pos start`.
func variantStart(v board.Variant) string {
	p := board.StartOf(v)
	return p.FEN()
}

// ParseVariantMove resolves a Hub move of a Russian or Brazilian position:
// numbers in the variants' Hub numbering or algebraic squares, joined by
// '-', 'x' or ':'. Two squares name a move by from and to; more name from,
// to and every captured square (any order), as pydraughts matches them.
// Moves that differ only in their path (round a ring) are one move here;
// so, in theory, are two Russian captures that differ only in crowning the
// man on the way, which pydraughts' lookup cannot tell apart either (the
// first is taken).
func ParseVariantMove(p *board.Position, text string) (board.Move, error) {
	sq, err := variantMoveSquares(text)
	if err != nil {
		return board.Move{}, err
	}
	legal := p.LegalMoves()
	var found []board.Move
	for _, m := range legal {
		if variantMoveMatches(m, sq) {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		return board.Move{}, fmt.Errorf("illegal move %s (legal: %s)", Quote(text), variantMoveList(legal))
	}
	for _, m := range found[1:] {
		if m.From != found[0].From || m.To != found[0].To || m.Captured != found[0].Captured {
			return board.Move{}, fmt.Errorf("ambiguous move %s: matches %s", Quote(text), variantMoveList(found))
		}
	}
	return found[0], nil
}

// variantMoveSquares splits a move's text into squares.
func variantMoveSquares(text string) ([]board.Square, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool { return r == '-' || r == 'x' || r == 'X' || r == ':' })
	if len(fields) < 2 || len(fields) > 2+board.MaxPieces {
		return nil, fmt.Errorf("move %s: want 2 to %d squares joined by - or x, like 9-13 or 8x26x22", Quote(text), 2+board.MaxPieces)
	}
	out := make([]board.Square, len(fields))
	for i, f := range fields {
		if f[0] >= 'a' && f[0] <= 'z' || f[0] >= 'A' && f[0] <= 'Z' {
			s, err := board.ParseAlgebraic(f)
			if err != nil {
				return nil, fmt.Errorf("move %s: %v", Quote(text), err)
			}
			out[i] = s
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || f[0] == '+' || n < 1 || n > 32 {
			return nil, fmt.Errorf("move %s: %s is not a square 1-32 or a1-h8", Quote(text), Quote(f))
		}
		out[i] = variantSquare(n)
	}
	return out, nil
}

// variantMoveMatches reports whether m is the move sq names.
func variantMoveMatches(m board.Move, sq []board.Square) bool {
	if m.From != sq[0] || m.To != sq[1] {
		return false
	}
	if len(sq) == 2 {
		return true
	}
	var set uint32
	for _, s := range sq[2:] {
		set |= s.Bit()
	}
	return len(sq)-2 == int(m.Jumps) && set == m.Captured
}

// variantMoveList writes moves in the variants' Hub form for error messages.
func variantMoveList(ms []board.Move) string {
	if len(ms) == 0 {
		return "none"
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = VariantHubMove(m)
	}
	return strings.Join(parts, " ")
}
