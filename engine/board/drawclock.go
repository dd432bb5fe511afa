// drawclock.go advances the Russian and Brazilian draw-rule counters by one
// move, following lidraughts' Russian.updatePositionHashes (when a move resets
// the count) and Russian.finalizeBoard (the 7.2.7 count of plies a lone king
// spends alone on the long diagonal), the source named in drawrules.go.
package board

import "math/bits"

// drawClock is the draw-rule state after a ply.
type drawClock struct {
	plies int32    // lidraughts' halfMoveClock: plies since the count last reset
	diag  [2]int32 // per colour: plies ended with its lone king in rule727's configuration; never reset
}

// next returns the state after m, played in p, leads to q.
func (c drawClock) next(p *Position, m Move, q *Position) drawClock {
	rule := drawRuleOf(q)
	weak, _ := loneKing(q)
	if c.resets(p, m, q, rule, rule.limit(int(c.diag[weak]))) {
		c.plies = 0
	} else {
		c.plies++
	}
	if rule == rule727 {
		c.diag[weak]++
	}
	return c
}

// resets reports whether m, played in p and leading to q of configuration
// rule with limit d, starts the count again. lidraughts decides it from d (the
// limit before this ply's diagonal count) and the rule's flags: 7.2.5 resets
// on any man move, 7.2.7 and 7.2.8 do not reset on a promotion except the one
// that gives the mover its first king, and 7.2.8 resets only on the capture
// that brings the board down to three pieces.
func (c drawClock) resets(p *Position, m Move, q *Position, rule drawRule, d int) bool {
	if rule == noDrawRule {
		return true
	}
	us := p.Side
	captures := m.Jumps > 0
	manMove := p.Kings&m.From.Bit() == 0
	promotes := manMove && q.Kings&m.To.Bit() != 0
	allowPromotion := rule == rule727 || rule == rule728
	firstPromotion := allowPromotion && promotes && bits.OnesCount32(q.Pieces(us)&q.Kings) == 1
	switch {
	case d == russian15Moves && (captures || !allowPromotion && promotes || rule == rule725 && manMove):
		return true
	case firstPromotion, d >= russian30Moves && (captures || promotes):
		return true
	case d == russian5Moves && captures:
		return bits.OnesCount32(q.Black|q.White) <= 3 && bits.OnesCount32(p.Black|p.White) > 3
	}
	return false
}
