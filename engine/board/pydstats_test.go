// pydstats_test.go counts what the pydraughts comparison met, so that the
// test shows it reached the rules that differ from English checkers: long and
// flying king captures, Russian crowning during a capture, Brazilian men
// passing the last row and Brazilian majority captures.
package board

import (
	"fmt"
	"testing"
)

// pydStats counts positions compared, and among them those where some legal
// move shows each rule.
type pydStats struct {
	positions int
	captures  int // the side to move must capture
	kingLong  int // a king capture taking three pieces or more
	flying    int // a capture jumping from a distance or landing beyond the square behind
	crownGoOn int // Russian: a man crowned during a capture goes on as a king
	passRow   int // Brazilian: a man passes the last row and goes on as a man
	majority  int // Brazilian: the majority rule removed a shorter capture
}

func (s pydStats) String() string {
	return fmt.Sprintf("%d positions compared: %d with captures, %d long king captures (3+ pieces), "+
		"%d flying captures, %d crownings during a capture, %d men passing the last row, %d majority cuts",
		s.positions, s.captures, s.kingLong, s.flying, s.crownGoOn, s.passRow, s.majority)
}

// observe counts p.
func (s *pydStats) observe(p *Position) {
	s.positions++
	moves := p.LegalMoves()
	if len(moves) == 0 || moves[0].Jumps == 0 {
		return
	}
	s.captures++
	var long, fly, goOn, pass bool
	for _, m := range moves {
		king := p.Kings&m.From.Bit() != 0
		long = long || king && m.Jumps >= 3
		at := m.From
		for i := range int(m.Jumps) {
			next := m.Landing(i)
			fly = fly || next.Row()-at.Row() > 2 || at.Row()-next.Row() > 2
			if !king && i < int(m.Jumps)-1 && next.Bit()&PromotionRow(p.Side) != 0 {
				goOn = goOn || m.Crowns
				pass = pass || !m.Crowns
			}
			at = next
		}
	}
	s.kingLong += b2i(long)
	s.flying += b2i(fly)
	s.crownGoOn += b2i(goOn)
	s.passRow += b2i(pass)
	s.majority += b2i(p.Variant == Brazilian && majorityCuts(p))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// majorityCuts reports whether p has captures of different lengths before
// Brazilian's majority rule keeps the longest.
func majorityCuts(p *Position) bool {
	var l MoveList
	men, kings, opp, empty := p.flySides()
	capMen, _ := flyCapturers(men, kings, opp, empty)
	g := flyGen{l: &l, opp: opp, crown: padCrown[p.Side&1]}
	g.run(capMen, kings, empty)
	for _, m := range l.Slice() {
		if m.Jumps != l.Moves[0].Jumps {
			return true
		}
	}
	return false
}

// require fails unless the comparison covered at least min positions and
// every rule of v a fair number of times.
func (s pydStats) require(t *testing.T, v Variant, min int) {
	t.Helper()
	if s.positions < min {
		t.Errorf("%s: %d positions compared, want at least %d", v, s.positions, min)
	}
	const few = 20
	checks := map[string]int{"captures": s.captures, "long king captures": s.kingLong, "flying captures": s.flying}
	if v == Russian {
		checks["crownings during a capture"] = s.crownGoOn
	} else {
		checks["men passing the last row"] = s.passRow
		checks["majority cuts"] = s.majority
	}
	for what, n := range checks {
		if n < few {
			t.Errorf("%s: only %d positions with %s", v, n, what)
		}
	}
}
