// report.go holds what the conversion check found, game by game, and its
// table: per piece count and defender, how many won positions were won
// and how the others ended.
package convert

import (
	"fmt"
	"io"

	"crown/egdb"
	"crown/engine/board"
	"crown/engine/referee"
)

// Defender is the side that starts lost.
type Defender int

const (
	DefendDatabase Defender = iota // crown with the database: its most stubborn move
	DefendSearch                   // crown's search without the database
	NumDefenders
)

func (d Defender) String() string {
	if d == DefendDatabase {
		return "database"
	}
	return "search"
}

// Game is one won position played out against one defender.
type Game struct {
	Start       board.Position
	Defender    Defender
	Result      board.Result
	Termination referee.Termination
	Err         error // a player's failure, if the game ended by one
	Plies       int
	Moves       []board.Move
	Final       board.Position
	DBMoves     int // moves the winning side took from the database (RootMove)
	Played      bool
}

// Won reports whether the side to move at the start won.
func (g Game) Won() bool { return g.Played && g.Result == board.WinFor(g.Start.Side) }

// Material is the start's material seen from the winning side: its men and
// kings, then the loser's (e.g. 2111: two men and a king against a man and
// a king).
func (g Game) Material() egdb.Material {
	m := egdb.MaterialOf(g.Start.Black, g.Start.White, g.Start.Kings)
	if g.Start.Side == board.White {
		m = m.Mirror()
	}
	return m
}

// Outcome names how the game ended for the table and the list.
func (g Game) Outcome() string {
	switch {
	case !g.Played:
		return "unfinished"
	case g.Won():
		return "won"
	case g.Result == board.Draw:
		return "draw (" + g.Termination.String() + ")"
	case g.Err != nil:
		return "lost (" + g.Err.Error() + ")"
	}
	return "lost (" + g.Termination.String() + ")"
}

// Report is what Run found: Games[2*i+d] is position i against defender d.
type Report struct {
	Dir       string // "" for the embedded database
	MaxPieces int
	Games     []Game
}

// row totals the games of one piece count and defender.
type row struct {
	games, won, repetition, forty, plyCap, lost, other int
	plies, maxPlies                                    int // of the games won
}

func (r *row) add(g Game) {
	r.games++
	switch {
	case g.Won():
		r.won++
		r.plies += g.Plies
		r.maxPlies = max(r.maxPlies, g.Plies)
	case !g.Played:
		r.other++
	case g.Result == board.Draw && g.Termination == referee.Repetition:
		r.repetition++
	case g.Result == board.Draw && g.Termination == referee.FortyMoves:
		r.forty++
	case g.Result == board.Draw && g.Termination == referee.MoveCap:
		r.plyCap++
	case g.Result == board.WinFor(g.Start.Side.Other()):
		r.lost++
	default:
		r.other++
	}
}

// Print writes the table per piece count and defender and lists every
// game not won; it returns how many were not won.
func (rep *Report) Print(w io.Writer, pieces []int) int {
	fmt.Fprintf(w, "%-6s %-9s %6s %9s %10s %8s %8s %5s %6s %10s %9s\n",
		"pieces", "defender", "games", "converted", "repetition", "40-move", "ply-cap", "lost", "other", "mean plies", "max plies")
	line := func(label string, d string, r row) {
		mean := "-"
		if r.won > 0 {
			mean = fmt.Sprintf("%.1f", float64(r.plies)/float64(r.won))
		}
		fmt.Fprintf(w, "%-6s %-9s %6d %9d %10d %8d %8d %5d %6d %10s %9d\n",
			label, d, r.games, r.won, r.repetition, r.forty, r.plyCap, r.lost, r.other, mean, r.maxPlies)
	}
	var total row
	for _, n := range pieces {
		for d := range NumDefenders {
			var r row
			for _, g := range rep.Games {
				if g.Start.Total() == n && g.Defender == d {
					r.add(g)
					total.add(g)
				}
			}
			line(fmt.Sprint(n), d.String(), r)
		}
	}
	line("all", "both", total)
	failed := total.games - total.won
	if failed == 0 {
		fmt.Fprintf(w, "not converted: none (%d won positions, %d games)\n", total.games/int(NumDefenders), total.games)
		return 0
	}
	fmt.Fprintf(w, "not converted (%d of %d games):\n", failed, total.games)
	for _, g := range rep.Games {
		if !g.Won() && g.Start.Total() > 0 { // a game never dealt (interrupted) has no start
			fmt.Fprintf(w, "  %-30s %s %-8s %-28s plies %3d, final %s\n", g.Start.FEN(), g.Material().Name(), g.Defender, g.Outcome(), g.Plies, g.Final.FEN())
		}
	}
	return failed
}

// MovesText lists moves as PDN move text without numbers.
func MovesText(ms []board.Move) string {
	b := make([]byte, 0, 6*len(ms))
	for i, m := range ms {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, m.String()...)
	}
	return string(b)
}
