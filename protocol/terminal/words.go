// words.go is what the game says in words: a search result's note
// (book, database, score or a forced end), colour names and results.
package terminal

import (
	"fmt"

	"crown/engine/board"
	"crown/engine/search"
	"crown/protocol"
)

// describe is a search result's note: book, database, or score in men and
// depth, from the point of view of the side it is for ("for crown").
func describe(r protocol.Result, forWhom string) string {
	switch r.Source {
	case protocol.SourceBook:
		return " (opening book)"
	case protocol.SourceEGDB:
		return " (endgame database, score " + protocol.MenScore(r.Score) + " " + forWhom + ")"
	}
	if search.IsWin(r.Score) {
		if r.Score > 0 {
			return fmt.Sprintf(" (a win in %d plies %s)", search.WinIn(r.Score), forWhom)
		}
		return fmt.Sprintf(" (a loss in %d plies %s)", -search.WinIn(r.Score), forWhom)
	}
	return fmt.Sprintf(" (score %+.2f men %s, depth %d)", float64(r.Score)/search.ManValue, forWhom, r.Depth)
}

func colourName(c board.Color) string {
	if c == board.Black {
		return "Black"
	}
	return "White"
}

func resultText(r board.Result) string {
	switch r {
	case board.BlackWins:
		return "Black wins"
	case board.WhiteWins:
		return "White wins"
	}
	return "draw"
}
