// drawrules.go holds the move-count draw rules of Russian and Brazilian
// draughts exactly as lidraughts applies them to both variants (its Brazilian
// variant delegates to the Russian one): the Russian federation's rules 7.2.4
// to 7.2.8 as lidraughts' scaladraughts implements them in
// variant/Russian.scala (drawingMoves, updatePositionHashes, finalizeBoard)
// and Board.autoDraw, read at
// https://github.com/notzmv/lidraughts/blob/1100d56b4677e975941f19dab6280fc03deb700c/modules/draughts/src/main/variant/Russian.scala
// (the rule texts it quotes are https://fmjd64.org/rules-of-the-game/).
//
// lidraughts keeps one ply counter (its halfMoveClock: the positions recorded
// since the last reset) and, per colour, a count of the plies that ended with
// that colour's lone king alone on the long diagonal against three pieces.
// After every move the position's piece configuration picks a limit in plies;
// the game is drawn once the counter reaches it. Whether a move resets the
// counter depends on the configuration after it. Threefold repetition (7.2.3)
// stays Game.Repetitions, the same as in English checkers.
package board

import "math/bits"

// drawRule is the configuration of pieces that decides which move-count rule
// applies after a move, named by the rule's number in the Russian rules.
type drawRule uint8

const (
	noDrawRule  drawRule = iota // no count runs; every move resets the counter
	rule724                     // three kings or more against a lone king
	rule725                     // both sides have kings, 8 pieces or more: kings only
	rule726Four                 // both sides have kings, 4 or 5 pieces on the board
	rule726Six                  // both sides have kings, 6 or 7 pieces on the board
	rule727                     // lone king alone on the long diagonal against 3 pieces
	rule728                     // lone king against 2 pieces or fewer
)

// Limits in plies, as lidraughts' drawingMoves gives them (a rule's "moves"
// are moves of each side, so twice as many plies).
const (
	// russian15Moves: 7.2.4 "his 15th move", 7.2.5 "within 15 moves", and
	// 7.2.7 while its five moves on the diagonal are not yet made.
	russian15Moves = 30
	// russian30Moves: 7.2.6 "4- and 5-pieces endings - 30 moves".
	russian30Moves = 60
	// russian60Moves: 7.2.6 "6- and 7-pieces endings - 60 moves".
	russian60Moves = 120
	// russian5Moves: 7.2.7 and 7.2.8 "his 5th move".
	russian5Moves = 10
)

// longDiagonal is a1-h8, crown's (and lidraughts') squares 4, 8, 11, 15, 18,
// 22, 25 and 29 (0-based bits 3, 7, 10, 14, 17, 21, 24, 28), lidraughts'
// Actor.onLongDiagonal on the 8x8 board.
const longDiagonal uint32 = 1<<3 | 1<<7 | 1<<10 | 1<<14 | 1<<17 | 1<<21 | 1<<24 | 1<<28

// loneKing reports the colour with a lone king facing a side with at least
// one king (White first, as lidraughts tests it), and whether there is one.
func loneKing(p *Position) (Color, bool) {
	if p.White&p.Kings == p.White && bits.OnesCount32(p.White) == 1 && p.Black&p.Kings != 0 {
		return White, true
	}
	if p.Black&p.Kings == p.Black && bits.OnesCount32(p.Black) == 1 && p.White&p.Kings != 0 {
		return Black, true
	}
	return Black, false
}

// onDiagonalAlone reports lidraughts' 7.2.7 configuration: weak's lone king
// on the long diagonal, the only piece there, against three pieces.
func onDiagonalAlone(p *Position, weak Color) bool {
	strong := p.Pieces(weak.Other())
	all := p.Black | p.White
	return bits.OnesCount32(strong) == 3 && p.Pieces(weak)&longDiagonal != 0 &&
		bits.OnesCount32(all&longDiagonal) == 1
}

// drawRuleOf classifies p as lidraughts' drawingMoves does.
func drawRuleOf(p *Position) drawRule {
	if weak, ok := loneKing(p); ok {
		strong := p.Pieces(weak.Other())
		n := bits.OnesCount32(strong)
		switch {
		case n <= 2:
			return rule728
		case onDiagonalAlone(p, weak):
			return rule727
		case strong&p.Kings == strong:
			return rule724
		}
	}
	if p.White&p.Kings == 0 || p.Black&p.Kings == 0 {
		return noDrawRule
	}
	switch bits.OnesCount32(p.Black | p.White) {
	case 6, 7:
		return rule726Six
	case 4, 5:
		return rule726Four
	}
	return rule725
}

// limit is the number of plies after which rule r draws; diag is the lone
// king's count of plies ended alone on the long diagonal (7.2.7).
func (r drawRule) limit(diag int) int {
	switch r {
	case rule724, rule725:
		return russian15Moves
	case rule726Four:
		return russian30Moves
	case rule726Six:
		return russian60Moves
	case rule727:
		if diag >= russian5Moves {
			return russian5Moves
		}
		return russian15Moves
	case rule728:
		return russian5Moves
	}
	return 0
}

// reason is the Reason a draw by r reports.
func (r drawRule) reason() Reason {
	return [...]Reason{NotOver, KingsAgainstLoneKing, KingsOnly, NoMaterialChange,
		NoMaterialChange, LoneKingDiagonal, LoneKingMoves}[r]
}

// CountLimit is the number of reversible plies (king moves without a
// capture) after which the move-count rules draw a game in p's
// configuration: FortyMovePlies in English checkers; in Russian and
// Brazilian draughts the limit of the rule p's pieces fall under
// (drawRuleOf), 7.2.7 read at its 15-move limit (the diagonal count is the
// game's, not the position's), and 0 when no count runs. The search uses it
// to score such draws; Game applies the exact rules.
func (p *Position) CountLimit() int {
	if p.Variant == English {
		return FortyMovePlies
	}
	return drawRuleOf(p).limit(0)
}
