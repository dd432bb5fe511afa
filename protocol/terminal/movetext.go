// movetext.go reads the move a player types: the notation board.ParseMove
// accepts, or a unique prefix of a legal move's notation, and checks a
// search's first move against the legal moves.
package terminal

import (
	"fmt"
	"strings"

	"crown/engine/board"
)

// resolveMove reads the player's move text: anything ParseMove accepts,
// or a unique prefix of a legal move's notation (a square number typed in
// full, so "1" never means 11).
func resolveMove(p *board.Position, text string) (board.Move, error) {
	t := strings.ToLower(strings.ReplaceAll(text, " ", ""))
	if t == "" {
		return board.Move{}, fmt.Errorf("no move given")
	}
	if m, err := p.ParseMove(t); err == nil {
		return m, nil
	}
	var found []board.Move
	for _, m := range p.LegalMoves() {
		for _, form := range []string{p.Notation(m), m.PathString(), m.HubString()} {
			if strings.HasPrefix(form, t) && (len(form) == len(t) || !isDigit(form[len(t)]) || !isDigit(t[len(t)-1])) {
				found = append(found, m)
				break
			}
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		var list []string
		for _, m := range found {
			list = append(list, p.Notation(m))
		}
		return board.Move{}, fmt.Errorf("%q could be %s: type more", text, strings.Join(list, " or "))
	}
	return board.Move{}, fmt.Errorf("%q is not a legal move here", text)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// legalFirst is pv's first move when it is legal in p.
func legalFirst(p *board.Position, pv []board.Move) (board.Move, bool) {
	if len(pv) == 0 {
		return board.Move{}, false
	}
	for _, m := range p.LegalMoves() {
		if m == pv[0] {
			return m, true
		}
	}
	return board.Move{}, false
}
