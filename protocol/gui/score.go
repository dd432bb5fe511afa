// score.go turns search scores (side to move's view, search.ManValue per
// man, wins in plies, database results) into what the page shows: a text
// from Black's point of view (positive: Black is better) and a number for
// the evaluation bar and graph, in men, capped for wins.
package gui

import (
	"fmt"

	"crown/engine/board"
	"crown/engine/search"
)

// Caps of the bar value for results: a database win counts as 50 men, a
// forced win as 99, so the page can tell them from evaluations.
const (
	dbWinMen     = 50
	forcedWinMen = 99
)

// scoreView is a score as the page shows it.
type scoreView struct {
	Text  string  `json:"text"`  // "+0.35", "Black wins in 7", "White wins (database)"
	Black float64 `json:"black"` // men from Black's view; ±50 database win, ±99 forced win
}

// viewScore converts score, from the view of side (the side to move).
func viewScore(score int, side board.Color) scoreView {
	sign := 1
	if side == board.White {
		sign = -1
	}
	switch {
	case search.IsWin(score):
		n := search.WinIn(score)
		winner := side
		if n < 0 {
			winner, n = side.Other(), -n
		}
		v := float64(forcedWinMen)
		if winner == board.White {
			v = -v
		}
		return scoreView{Text: fmt.Sprintf("%s wins in %d ply", colourName(winner), n), Black: v}
	case search.IsTablebaseScore(score):
		winner := side
		if score < 0 {
			winner = side.Other()
		}
		v := float64(dbWinMen)
		if winner == board.White {
			v = -v
		}
		return scoreView{Text: colourName(winner) + " wins (database)", Black: v}
	}
	men := float64(sign*score) / search.ManValue
	return scoreView{Text: fmt.Sprintf("%+.2f", men), Black: men}
}
