// elo.go summarises a match: wins, draws, losses, the score and the Elo
// difference it implies, with a 95% confidence interval from the per-game
// score variance (normal approximation, trinomial outcomes).
package referee

import "math"

// Summary is a match result from the first player's point of view.
type Summary struct {
	Games, Wins, Draws, Losses int
	Score                      float64 // (wins + draws/2) / games
	Elo, EloLow, EloHigh       float64 // difference and its 95% interval; ±Inf at 0% or 100%
}

// Summarise computes a Summary from counts.
func Summarise(wins, draws, losses int) Summary {
	s := Summary{Wins: wins, Draws: draws, Losses: losses, Games: wins + draws + losses}
	if s.Games == 0 {
		return s
	}
	n := float64(s.Games)
	p := (float64(wins) + float64(draws)/2) / n
	s.Score = p
	v := (float64(wins)*(1-p)*(1-p) + float64(draws)*(0.5-p)*(0.5-p) + float64(losses)*p*p) / n
	se := math.Sqrt(v / n)
	s.Elo = eloOf(p)
	s.EloLow = eloOf(p - 1.959964*se)
	s.EloHigh = eloOf(p + 1.959964*se)
	return s
}

// eloOf converts a score fraction to an Elo difference.
func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}
