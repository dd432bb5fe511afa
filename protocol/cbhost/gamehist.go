// gamehist.go writes the game history CheckerBoard sends before every
// getmove (`set gamehist <FEN> [move ...]`): the position after the last
// capture or man move, then the reversible king moves since, so the
// engine can see repetitions. Earlier moves cannot recur and are left out.
package cbhost

import (
	"strings"

	"crown/engine/board"
)

// gamehist is the argument of `set gamehist` for g's current position.
func gamehist(g *board.Game) string {
	p := g.Start()
	base := p
	var quiet []string
	for _, m := range g.Moves() {
		reversible := p.Reversible(m)
		if reversible {
			quiet = append(quiet, p.Notation(m))
		}
		p = p.Play(m)
		if !reversible {
			base, quiet = p, quiet[:0]
		}
	}
	return strings.Join(append([]string{base.FEN()}, quiet...), " ")
}
