// tbprobe.go turns endgame database answers into search scores, for the two
// policies of egdb.go.
package search

import (
	"math/bits"

	"crown/engine/board"
)

// tbWin is the score of a database win before the material term: midway
// between the evaluation range and the range of found wins, so a database
// win beats any evaluation but never looks like a win the search proved.
const tbWin = (EvalLimit + WinLimit) / 2

// tbScore scores a database result for the side to move of p. A win is
// tbWin plus the material balance (men 100, kings 150, at most 1,800 either
// way), so among won positions the search prefers those where it is further
// ahead, which makes it trade down and crown instead of shuffling; a loss is
// the mirror image, and a draw is 0.
func tbScore(wld int, p *board.Position) int {
	if wld == 0 {
		return 0
	}
	us, them := p.Black, p.White
	if p.Side == board.White {
		us, them = them, us
	}
	k := p.Kings
	m := 100*(bits.OnesCount32(us&^k)-bits.OnesCount32(them&^k)) +
		150*(bits.OnesCount32(us&k)-bits.OnesCount32(them&k))
	if wld > 0 {
		return tbWin + m
	}
	return -tbWin + m
}

// kimCho applies seed 002's rule to a static score s of p: when the value is
// uncertain (FScale/4 < |s| < 3*FScale/4) and the database covers p, the
// score becomes +FScale, 0 or -FScale.
func (t *thread) kimCho(p *board.Position, s int) int {
	a := abs(s)
	if a <= FScale/4 || a >= 3*FScale/4 || p.Total() > t.tbMax {
		return s
	}
	if wld, ok := t.s.opts.Tablebase.Probe(p); ok {
		return wld * FScale
	}
	return s
}

// TablebaseScore is the score the search gives a database value wld (+1,
// 0, -1 for the side to move of p): for protocols and commands that report
// a database result found outside the search (a root move from the
// database) on the same scale as the search's own.
func TablebaseScore(wld int, p *board.Position) int { return tbScore(wld, p) }

// IsTablebaseScore reports whether a score is a database win or loss
// (between EvalLimit and WinLimit in absolute value).
func IsTablebaseScore(score int) bool { a := abs(score); return a >= EvalLimit && a < WinLimit }

// TablebaseWin is the score of a database win with level material; a
// database score is ±TablebaseWin plus the material balance (±1,800 at most).
const TablebaseWin = tbWin
