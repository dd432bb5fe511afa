// Package pdn reads and writes PDN 3.0 game files for English checkers: tag
// pairs (Event, Date, Black, White, Result, SetUp/FEN, GameType 21 ...; 25
// and 26 carry Russian and Brazilian draughts games, gametype.go),
// movetext with move numbers and comments, variations skipped, and the results
// 1-0, 0-1, 1/2-1/2, * plus the 2-0 / 0-2 / 1-1 forms. Results are read from
// the first mover's point of view, as PDN 3.0 and CheckerBoard do: 1-0 means
// Black (who moves first) won.
package pdn

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// Tag is one tag pair.
type Tag struct{ Name, Value string }

// Game is one game of a PDN file.
type Game struct {
	Tags     []Tag
	Start    board.Position
	Moves    []board.Move
	Comments []string // Comments[i] follows move i ("" for none); len = len(Moves)
	Intro    string   // comment before the first move
	Result   board.Result
}

// Tag returns the value of the named tag ("" if absent); names match case-insensitively.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// SetTag sets a tag, replacing an existing one of the same name.
func (g *Game) SetTag(name, value string) {
	for i, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{name, value})
}

// Record returns the game as a board.Game with the given rules.
func (g *Game) Record(rules board.Rules) *board.Game {
	r := board.NewGame(g.Start, rules)
	for _, m := range g.Moves {
		if err := r.Play(m); err != nil {
			break // moves were checked when the game was built
		}
	}
	return r
}

// FromRecord builds a PDN game from a game record and a result.
func FromRecord(r *board.Game, result board.Result, tags ...Tag) *Game {
	g := &Game{Tags: tags, Start: r.Start(), Result: result}
	g.Moves = append(g.Moves, r.Moves()...)
	g.Comments = make([]string, len(g.Moves))
	return g
}

// Positions returns the position before each move and the final one.
func (g *Game) Positions() []board.Position {
	out := make([]board.Position, 0, len(g.Moves)+1)
	p := g.Start
	out = append(out, p)
	for _, m := range g.Moves {
		p = p.Play(m)
		out = append(out, p)
	}
	return out
}

// ResultText is the PDN text of a result: 1-0 (Black, the first mover, won),
// 0-1, 1/2-1/2 or *.
func ResultText(r board.Result) string {
	switch r {
	case board.BlackWins:
		return "1-0"
	case board.WhiteWins:
		return "0-1"
	case board.Draw:
		return "1/2-1/2"
	}
	return "*"
}

// parseResult maps a result token; ok is false if tok is not a result.
func parseResult(tok string) (board.Result, bool) {
	switch tok {
	case "1-0", "2-0":
		return board.BlackWins, true
	case "0-1", "0-2":
		return board.WhiteWins, true
	case "1/2-1/2", "1-1", "½-½":
		return board.Draw, true
	case "*", "0-0":
		return board.Ongoing, true
	}
	return board.Ongoing, false
}

// Error is a parse error with its place in the input.
type Error struct {
	Game int // 1-based game number in the file
	Line int // 1-based line
	Msg  string
}

func (e *Error) Error() string {
	return fmt.Sprintf("pdn: game %d, line %d: %s", e.Game, e.Line, e.Msg)
}
