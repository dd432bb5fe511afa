// line.go holds the game a page shows: a start position, the moves of the
// line (played ones and, after undo or a loaded PDN, the ones ahead that redo
// steps through) and a cursor. Every change is checked before anything is
// modified, so a bad request leaves the line as it was.
package gui

import (
	"fmt"

	"crown/engine/board"
)

// line is a game with a cursor. moves[:cur] are played; moves[cur:] can be
// redone. result, when set, ends the game at cur by agreement (resignation,
// accepted draw); any change of the cursor or the moves clears it.
type line struct {
	start  board.Position
	moves  []board.Move
	cur    int
	result board.Result
	reason string      // why result was set: "resigned", "draw agreed"
	tags   [][2]string // PDN tag pairs of a loaded game or ballot
	// pdnGame and pdnGames: which game of a loaded PDN text this is (1-based)
	// and how many the text holds; 0 when the line is not from a PDN.
	pdnGame, pdnGames int
}

func newLine(start board.Position) line { return line{start: start} }

// game returns the record up to the cursor (fresh, the caller may keep it).
func (l *line) game() *board.Game {
	return l.gameTo(l.cur)
}

// gameTo returns the record of the first n moves.
func (l *line) gameTo(n int) *board.Game {
	g := board.NewGame(l.start, board.Rules{})
	for _, m := range l.moves[:n] {
		g.Play(m) // checked when added to the line
	}
	return g
}

// position returns the position at the cursor.
func (l *line) position() board.Position {
	p := l.start
	for _, m := range l.moves[:l.cur] {
		p = p.Play(m)
	}
	return p
}

// status is the game's result at the cursor and a sentence saying why; Ongoing
// and "" while the game goes on.
func (l *line) status() (board.Result, string) {
	if l.result != board.Ongoing {
		return l.result, l.reason
	}
	g := l.game()
	r, why := g.Status()
	if r == board.Ongoing {
		return r, ""
	}
	switch why {
	case board.NoMoves:
		loser := g.Position().Side
		return r, fmt.Sprintf("%s has no legal move", colourName(loser))
	case board.Repetition:
		return r, "third repetition of the position"
	case board.FortyMoves:
		return r, "40 moves each without a capture or a man move"
	}
	return r, why.String()
}

// play resolves text (11-15, 15x22, 1x10x19, the Hub form) in the current
// position and plays it: the next move of the line if it is the same, else
// the line is cut at the cursor and the move appended.
func (l *line) play(text string) (board.Move, error) {
	if r, _ := l.status(); r != board.Ongoing {
		return board.Move{}, fmt.Errorf("the game is over")
	}
	p := l.position()
	m, err := p.ParseMove(text)
	if err != nil {
		return board.Move{}, err
	}
	l.playMove(m)
	return m, nil
}

// playMove plays m, a legal move of the current position.
func (l *line) playMove(m board.Move) {
	if l.cur < len(l.moves) && l.moves[l.cur].SamePosition(m) && l.moves[l.cur].Path == m.Path {
		l.cur++
	} else {
		l.moves = append(l.moves[:l.cur:l.cur], m)
		l.cur++
	}
	l.result, l.reason = board.Ongoing, ""
}

// seek moves the cursor to ply n of the line.
func (l *line) seek(n int) error {
	if n < 0 || n > len(l.moves) {
		return fmt.Errorf("ply %d is outside the line (0-%d)", n, len(l.moves))
	}
	l.cur = n
	l.result, l.reason = board.Ongoing, ""
	return nil
}

func colourName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}
