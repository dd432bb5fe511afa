// Package userfen reads a position a person typed (--fen, a line of FENs
// on stdin, play's start position) with errors that say what is wrong: an
// empty string, a malformed FEN, or a position whose side to move has no
// pieces, which is not a position to analyse but a game already over.
package userfen

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// Parse reads a PDN FEN of English checkers for a command that plays or
// analyses it.
func Parse(s string) (board.Position, error) { return ParseVariant(s, board.English) }

// ParseVariant reads a FEN of variant v (its conventions: board.ParseVariantFEN).
func ParseVariant(s string, v board.Variant) (board.Position, error) {
	if strings.TrimSpace(s) == "" {
		start := board.StartOf(v)
		return board.Position{}, fmt.Errorf("empty position: give a PDN FEN such as %s", start.FEN())
	}
	p, err := board.ParseVariantFEN(strings.TrimSpace(s), v)
	if err != nil {
		return board.Position{}, err
	}
	if p.Count(p.Side) == 0 {
		return board.Position{}, fmt.Errorf("position %s: %s, to move, has no pieces: the game is already over (%s has won)", p.FEN(), p.Side, p.Side.Other())
	}
	return p, nil
}
