// start.go finds the position a game starts from: the initial position,
// an ACF 3-move ballot by its number, or a FEN a person typed (in English
// checkers or, with StartIn, Russian or Brazilian draughts), with the
// words that name it in the messages and the saved game.
package terminal

import (
	"fmt"
	"strings"

	"crown/engine/board"
	"crown/protocol/match"
	"crown/protocol/userfen"
)

// Start is the position to play from and its description: fen when not
// empty, else ballot when not 0, else the initial position. Giving both
// is an error.
func Start(fen string, ballot int) (board.Position, string, error) {
	return StartIn(board.English, fen, ballot)
}

// StartIn is Start in variant v: Russian and Brazilian draughts start from
// their initial position or a FEN of theirs (algebraic squares, as
// lidraughts and pydraughts write them, or numbers); the ACF ballots are
// English checkers'.
func StartIn(v board.Variant, fen string, ballot int) (board.Position, string, error) {
	if v != board.English {
		switch {
		case ballot != 0:
			return board.Position{}, "", fmt.Errorf("--ballot: the ACF ballots are English checkers' openings, not %s draughts'", v)
		case fen != "":
			p, err := board.ParseVariantFEN(fen, v)
			if err != nil {
				return p, "", fmt.Errorf("--fen: %w", err)
			}
			return p, "position " + p.FEN(), nil
		}
		return board.StartOf(v), v.String() + " start position", nil
	}
	switch {
	case fen != "" && ballot != 0:
		return board.Position{}, "", fmt.Errorf("give --fen or --ballot, not both")
	case fen != "":
		p, err := userfen.Parse(fen)
		if err != nil {
			return p, "", fmt.Errorf("--fen: %w", err)
		}
		return p, "position " + p.FEN(), nil
	case ballot != 0:
		ops, err := match.LoadOpenings(match.SetACF)
		if err != nil {
			return board.Position{}, "", err
		}
		// Names are "ACF 5 Dreaded Edinburgh: 9-13 22-18 6-9" or "ACF 1: ...".
		prefix := fmt.Sprintf("ACF %d", ballot)
		for _, o := range ops {
			if rest, ok := strings.CutPrefix(o.Name, prefix); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, ":")) {
				return o.Position(), "ballot " + o.Name, nil
			}
		}
		return board.Position{}, "", fmt.Errorf("--ballot %d: not one of the 156 ACF 3-move ballots in use (1-174, barred ones left out)", ballot)
	}
	return board.Start(), "start position", nil
}
