// gametype.go maps the PDN GameType tag to crown's rule sets. The numbers are
// the PDN standard's game types as lidraughts gives them to its variants
// (gameType = 21 for English in its American variant's PDN, 25 in
// variant/Russian.scala, 26 in variant/Brazilian.scala; read at
// https://github.com/notzmv/lidraughts/blob/1100d56b4677e975941f19dab6280fc03deb700c/modules/draughts/src/main/variant/Russian.scala),
// so a game read back is played under the rules it was written in.
package pdn

import (
	"strconv"
	"strings"

	"crown/engine/board"
)

// Game type numbers of the PDN standard (see above).
const (
	gameTypeEnglish   = 21 // English / American checkers
	gameTypeRussian   = 25 // Russian draughts
	gameTypeBrazilian = 26 // Brazilian draughts
)

// gameType returns v's GameType number.
func gameType(v board.Variant) int {
	switch v {
	case board.Russian:
		return gameTypeRussian
	case board.Brazilian:
		return gameTypeBrazilian
	}
	return gameTypeEnglish
}

// variantOf reads a GameType value ("25", or the long form "25,W,8,8,A0,0"):
// the variant, and false for a game type crown does not play.
func variantOf(tag string) (board.Variant, bool) {
	kind, _, _ := strings.Cut(tag, ",")
	n, err := strconv.Atoi(strings.TrimSpace(kind))
	if err != nil {
		return board.English, false
	}
	for _, v := range []board.Variant{board.English, board.Russian, board.Brazilian} {
		if gameType(v) == n {
			return v, true
		}
	}
	return board.English, false
}
